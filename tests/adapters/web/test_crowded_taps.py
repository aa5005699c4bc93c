"""The crowded centre of the Underground on a phone, in a real headless Chromium: the
stations offered as start stations lie close together there, yet no two of their rings
overlap, and tapping each ring answers with that very station."""

import math
import re
from itertools import combinations

import aiohttp
import fakeredis
import pytest

from adapters.console.session import Console
from adapters.console.web import ConsoleWeb
from bot.chat.router import Router
from bot.weblinks import slug
from tests.fixtures.web import PHONE, chromium, seat_views

pytestmark = pytest.mark.slow  # a browser: a few seconds
TABLE = slug("console", "group")
LINK = re.compile(r"^\[dm:(?P<user>\w+)\] .*#s=(?P<token>\S+)$")
RING = 7  # board units: a ring where there is room (adapters/web/static/page.js)
RINGS = """() => [...document.querySelectorAll("#board circle.target")].map(c => ({
  place: c.getAttribute("data-place"), x: Number(c.getAttribute("cx")),
  y: Number(c.getAttribute("cy")), r: Number(c.getAttribute("r")),
  stroke: parseFloat(getComputedStyle(c).strokeWidth),
  svg: [...document.querySelectorAll("#board svg")].indexOf(c.ownerSVGElement) }))"""


async def test_every_offered_station_in_the_crowded_centre_is_tapped_as_itself():
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    printed: list[str] = []
    console = Console(Router(redis), printed.append)
    served = ConsoleWeb(console, 0)
    await served.start()
    try:
        for line in ("alice: /new tube", "bob: /join", "alice: /start"):
            await console.line(line)
        await served.announce()
        tokens = {m["user"]: m["token"] for line in printed if (m := LINK.match(line))}
        async with aiohttp.ClientSession(served.url) as http:
            views = await seat_views(http, TABLE, tokens)
        (asked,) = [u for u, v in views.items() if v["questions"][0].get("answers")]
        offered = {a["place"]: a["data"] for a in views[asked]["questions"][0]["answers"]}
        assert len(offered) > 20 and None not in offered

        async with chromium() as browser:
            phone = await browser.new_context(viewport=PHONE)
            page = await phone.new_page()
            posted: list[str] = []

            async def answered(route):  # (the game stays where it is: every tap is seen)
                posted.append(route.request.post_data_json["data"])
                await route.fulfill(json={"ok": True, "error": ""})

            await page.route("**/api/answer*", answered)
            await page.goto(f"{served.url}/t/{TABLE}#s={tokens[asked]}")
            await page.wait_for_selector("#board circle.target")
            rings = await page.evaluate(RINGS)
            assert {r["place"] for r in rings} == set(offered)

            def apart(a, b):
                return math.hypot(a["x"] - b["x"], a["y"] - b["y"])

            # No two rings of different stations touch, outlines included.
            for a, b in combinations(rings, 2):
                if a["svg"] == b["svg"] and a["place"] != b["place"]:
                    assert apart(a, b) >= a["r"] + b["r"] + (a["stroke"] + b["stroke"]) / 2, (a, b)
            # The centre is crowded: there, full rings would overlap.
            crowded = [
                i
                for i, a in enumerate(rings)
                if any(
                    apart(a, b) < 2 * RING
                    for b in rings
                    if b["svg"] == a["svg"] and b["place"] != a["place"]
                )
            ]
            assert len(crowded) >= 8, len(crowded)
            for i in crowded:
                ring = page.locator("#board circle.target").nth(i)
                assert await ring.get_attribute("data-place") == rings[i]["place"]
                before = len(posted)
                await ring.click()  # at its centre, where nothing else may cover it
                for _ in range(100):
                    if len(posted) > before:
                        break
                    await page.wait_for_timeout(20)
                assert posted[before:] == [offered[rings[i]["place"]]], rings[i]["place"]
                await page.wait_for_selector("#board circle.target")  # (drawn again)
    finally:
        await served.stop()
        await redis.aclose()
