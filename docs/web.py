"""The pictures of the web page in docs/ (docs/web-<game>.png): each game's page as a seated
player sees it on a phone (360 px wide), a few answers into a seeded game.

    .venv/bin/python docs/web.py        # rewrites docs/web-*.png

Each game is played on the console's embedded store with its page served as
`python -m adapters.console --web` serves it; the answers are posted as the page posts
them (the first answer offered, to whoever is asked), and Debian's Chromium
(/usr/bin/chromium, driven by Playwright) takes the picture of the asked player's page.
It needs Debian's `fonts-noto-color-emoji` (`apt-get install fonts-noto-color-emoji`):
without it the page's emoji are drawn as empty boxes. The test suite needs neither.
"""

import asyncio
import re
import sys
from pathlib import Path
from typing import Any

import aiohttp

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))

from adapters.console.session import GROUP, PLATFORM, Console  # noqa: E402
from adapters.console.web import ConsoleWeb  # noqa: E402
from bot.chat.router import Router  # noqa: E402
from bot.store.connection import embedded  # noqa: E402
from bot.weblinks import slug  # noqa: E402
from rules.core.rng import Rng  # noqa: E402
from tests.fixtures.web import ARGS, CHROMIUM, PHONE  # noqa: E402

EMOJI_FONT = Path("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
NAMES = ["anna", "ben", "cem", "dora"]
# (game, players, language, answers played before the picture, seed)
PAGES = (
    ("aufruhr", 4, "en", 4, 1),
    ("bohei", 3, "de", 3, 1),
    ("einsistkeins", 2, "de", 3, 1),
    ("einsistkeins_karten", 3, "en", 3, 1),
    ("heinzel", 2, "de", 3, 1),
    ("tube", 3, "en", 3, 1),
)
LINK = re.compile(r"^\[dm:(?P<user>\w+)\] .*#s=(?P<token>\S+)$")
TABLE = slug(PLATFORM, GROUP)


def seeded_router(seed: int) -> Router:
    games, nonces = Rng.from_seed(seed), Rng.from_seed(~seed)
    return Router(
        embedded(),
        entropy=lambda: games.next64() >> 1,
        dice=lambda: games.next64() >> 1,
        nonce=lambda: b"".join(nonces.next64().to_bytes(8, "big") for _ in range(3)),
    )


async def view(http: aiohttp.ClientSession, token: str) -> dict[str, Any]:
    headers = {"Authorization": f"seat {token}"}
    async with http.get(f"/api/view?t={TABLE}", headers=headers) as response:
        return await response.json()


async def answer_one(http: aiohttp.ClientSession, base: str, tokens: dict[str, str]) -> bool:
    """The first answer offered to the first seat asked, posted as its page posts it."""
    for user, token in tokens.items():
        seen = await view(http, token)
        for question in seen.get("questions", []):
            answers, typed = question.get("answers") or [], question.get("input")
            if answers:
                body = {"data": answers[0]["data"], "text": ""}
            elif typed is not None and typed["kind"] == "number":
                body = {"data": typed["data"], "text": str(typed["min"] or 0)}
            else:
                continue
            body |= {"tap": f"docs-{user}-{seen['version']}", "page": seen["page"]}
            headers = {"Authorization": f"seat {token}", "Origin": base}
            async with http.post(f"/api/answer?t={TABLE}", json=body, headers=headers) as r:
                return bool((await r.json())["ok"])
    return False


async def asked_first(http: aiohttp.ClientSession, tokens: dict[str, str]) -> str:
    """A seat that is asked something now (its page shows the most), else the first."""
    for user, token in tokens.items():
        if any(q.get("answers") or q.get("input") for q in (await view(http, token))["questions"]):
            return user
    return next(iter(tokens))


async def page(browser: Any, game: str, players: int, lang: str, moves: int, seed: int) -> None:
    printed: list[str] = []
    console = Console(seeded_router(seed), printed.append, lang=lang)
    served = ConsoleWeb(console, 0)
    await served.start()
    try:
        for line in [f"{NAMES[0]}: /new {game}"]:
            await console.line(line)
        for name in NAMES[1:players]:
            await console.line(f"{name}: /join")
        await console.line(f"{NAMES[0]}: /start")
        await served.announce()
        tokens = {m["user"]: m["token"] for line in printed if (m := LINK.match(line))}
        assert len(tokens) == players, printed[-20:]
        async with aiohttp.ClientSession(served.url) as http:
            for _ in range(moves):
                if not await answer_one(http, served.url, tokens):
                    break
            who = await asked_first(http, tokens)
        context = await browser.new_context(viewport=PHONE)
        tab = await context.new_page()
        await tab.goto(f"{served.url}/t/{TABLE}#s={tokens[who]}")
        await tab.wait_for_selector("#board svg, #board-text:not([hidden])")
        await tab.wait_for_timeout(500)  # (the board's picture is laid out)
        await tab.screenshot(path=DOCS / f"web-{game}.png")
        await context.close()
        print(f"docs/web-{game}.png: {who}'s page")
    finally:
        await served.stop()


async def main() -> None:
    if not EMOJI_FONT.exists():
        sys.exit("install fonts-noto-color-emoji first: the emoji would be empty boxes")
    from playwright.async_api import async_playwright

    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for game, players, lang, moves, seed in PAGES:
                await page(browser, game, players, lang, moves, seed)
        finally:
            await browser.close()


if __name__ == "__main__":
    asyncio.run(main())
