"""The page through a seat's signed link on Discord, in a real headless Chromium: the link
comes privately with /hand, a seat's page holds its own hand and never another's, a tap
is played in the thread (the fake Discord), and a link altered or of a game since ended
is refused; the finished game replays step by step."""

import re

import pytest

from rules import registry
from tests.fixtures.web import PHONE, chromium, running_web

ALICE, BOB = 11, 22
pytestmark = pytest.mark.slow  # a browser and a whole game: a few seconds


def said_to(world, payload) -> str:
    """Everything the interaction's answers showed whoever sent it."""
    return "\n".join(str(c.body) for c in world.fake.answers(payload))


async def seat_link(world, thread: int, user: int, name: str) -> str:
    hand = world.fake.command("hand", user, name, channel=thread, thread=True)
    await world.feed(hand)
    (link,) = set(re.findall(r"http://127\.0\.0\.1:\d+/t/[\w-]+#s=[\w.]+", said_to(world, hand)))
    return link


async def test_a_seat_link_shows_its_own_hand_plays_in_the_thread_and_replays(world, tmp_path):
    fake = world.fake
    async with running_web(world.redis) as (_base, web), chromium() as browser:
        world.bot.adapter.router.web = web.links  # the operator runs the web process
        new = fake.command("new", ALICE, "Alice", {"game": "einsistkeins_karten"})
        await world.feed(new)
        (thread,) = fake.threads
        await world.feed(fake.command("join", BOB, "Bob", channel=thread, thread=True))
        await world.feed(fake.command("start", ALICE, "Alice", channel=thread, thread=True))
        links = {ALICE: await seat_link(world, thread, ALICE, "Alice")}
        links[BOB] = await seat_link(world, thread, BOB, "Bob")
        assert "#s=" not in fake.text_of(thread)  # never in the group

        table = await world.bot.adapter.router.table("discord", str(thread))
        spec = registry.get("einsistkeins_karten")
        hands = {s: v["hand"] for s, v in spec.secrets(table.game_state(spec.state)).items()}
        phone = await browser.new_context(viewport=PHONE)
        pages = {}
        for user in (ALICE, BOB):
            pages[user] = await phone.new_page()
            await pages[user].goto(links[user])
            await pages[user].wait_for_selector("#hand svg")
        for seat, user in enumerate((ALICE, BOB)):
            other = hands[1 - seat]
            html = await pages[user].content()
            assert all(card in html for card in hands[seat])  # (so the check can fail)
            assert not any(card in html for card in other), f"seat {seat} sees another hand"

        # An altered link, and a link of another table, are refused.
        user, expires, mac = links[ALICE].split("#s=")[1].split(".")
        for bad in (f"{BOB}.{expires}.{mac}", f"{user}.{int(expires) + 1}.{mac}"):
            forged = await phone.new_page()
            await forged.goto(links[ALICE].split("#s=")[0] + "#s=" + bad)
            await forged.wait_for_selector("#notice:not([hidden])")
            assert await forged.locator("#hand svg").count() == 0
            shown = await forged.content()
            assert not any(card in shown for card in hands[0])

        # Whoever is asked taps a card: the thread is told.
        counts = {u: await pages[u].locator("#questions button").count() for u in (ALICE, BOB)}
        (asked,) = [u for u, count in counts.items() if count]
        seat_of = {ALICE: 0, BOB: 1}
        before = fake.text_of(thread)
        await pages[asked].locator("#questions button").first.click()
        await pages[asked].wait_for_selector("#notice.ok")
        name = "Alice" if asked == ALICE else "Bob"
        for _ in range(100):
            await world.bot.adapter.sender.courier.sweep()
            if f"{name}: 0 in hand" in fake.text_of(thread):
                break
            await pages[asked].wait_for_timeout(50)
        assert f"{name}: 1 in hand" in before and f"{name}: 0 in hand" in fake.text_of(thread)
        # (docs/web.py draws the docs' pictures; a test writes into no tracked file)
        shot = await pages[asked].screenshot(path=tmp_path / "karten.png")
        assert shot[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(shot[16:20], "big") == 360

        # The host ends the game: the link ends with it, and the game replays (an aborted
        # one as far as it went, as /verify replays it), public views only.
        await world.feed(fake.command("abort", ALICE, "Alice", channel=thread, thread=True))
        stale = await phone.new_page()
        await stale.goto(links[ALICE])
        await stale.wait_for_selector("#notice:not([hidden])")
        assert await stale.locator("#hand svg").count() == 0
        replay = await phone.new_page()
        await replay.goto(links[ALICE].split("#")[0].replace("/t/", "/r/"))
        await replay.wait_for_selector("body[data-step='0'] #board svg")
        assert await replay.get_attribute("#slider", "max") == "1"  # the one card played
        shown_first = await replay.inner_text("#board")
        await replay.locator("#slider").fill("1")
        await replay.wait_for_selector("body[data-step='1']")
        assert "Move 1 of 1" in await replay.inner_text("#caption")
        assert await replay.inner_text("#board") != shown_first
        replayed = await replay.content()
        assert not any(card in replayed for card in hands[1 - seat_of[asked]])  # still secret
