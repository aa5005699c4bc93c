"""`python -m adapters.console`: a terminal group chat with the bot, or a script run.

Interactive: type `alice: /new tube` to speak as alice in the group, `alice> /hand`
to speak to the bot privately. Script: `--script FILE` reads such lines and prints
the transcript (see adapters/console/session.py for the format). Interactive with
`--web PORT`: the table's page is served on 127.0.0.1:PORT too (adapters/console/web.py).
"""

import argparse
import asyncio
import contextlib
import logging
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from adapters.console.session import PLATFORM, Console, ScriptClock
from adapters.console.web import ConsoleWeb
from bot.app import make_router
from bot.chat.router import Router
from bot.i18n import LANGUAGES, t
from bot.store.connection import embedded
from bot.store.scheduler import run_ticker
from rules.core.rng import Rng


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m adapters.console", description=__doc__)
    parser.add_argument("--script", help="read lines from FILE (- for stdin) and print replies")
    parser.add_argument("--seed", type=int, help="seed the dice and games (reproducible runs)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument("--admin", action="append", default=[], help="a user who is chat admin")
    parser.add_argument("--images", type=Path, help="write board pictures (PNG) into this folder")
    parser.add_argument(
        "--web", type=int, metavar="PORT", help="serve the table's page on 127.0.0.1:PORT too"
    )
    args = parser.parse_args(argv)
    if args.web is not None and (args.script or not 0 <= args.web <= 65535):
        # (a script's clock stands still, and a seat link expires by the real one)
        parser.error("--web takes a port (0: a free one) and is for the interactive console")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    options = {"seed": args.seed, "lang": args.lang, "admins": args.admin, "images": args.images}
    if args.script:
        lines = sys.stdin if args.script == "-" else open(args.script, encoding="utf-8")  # noqa: SIM115
        with lines:
            asyncio.run(run_script(list(lines), **options))
        return 0
    asyncio.run(interactive(**options, web=args.web))
    return 0


def _entropy(seed: int | None) -> dict[str, Callable[[], Any]]:
    if seed is None:
        return {}
    rng, dice = Rng.from_seed(seed), Rng.from_seed(seed)
    # `/roll` draws from a copy of its own: a roll never moves a game's seed, and a seeded
    # script's rolls and games each stay what they were when they shared one stream.
    # A stream of its own for the games' seeds' unguessable part: the dice and the games
    # of a seeded script stay what they were before games had it.
    nonces = Rng.from_seed(~seed)
    return {
        "entropy": lambda: rng.next64() >> 1,
        "dice": lambda: dice.next64() >> 1,
        "nonce": lambda: b"".join(nonces.next64().to_bytes(8, "big") for _ in range(3)),
    }


async def run_script(
    lines: list[str],
    *,
    seed: int | None = None,
    lang: str = "en",
    admins: list[str] | None = None,
    images: Path | None = None,
    write: Callable[[str], None] = print,
    redis: Any = None,
) -> None:
    """Play `lines` on a fresh embedded store with a script clock; print the transcript."""
    redis = redis or embedded()
    router = Router(redis, clock=ScriptClock(), **_entropy(seed))
    console = Console(router, write, lang=lang, admins=frozenset(admins or ()), images=images)
    for line in lines:
        await console.line(line)


async def interactive(
    *,
    seed: int | None,
    lang: str,
    admins: list[str],
    images: Path | None,
    web: int | None = None,
) -> None:
    router = make_router(clock=time.time, **_entropy(seed))
    console = Console(router, print, lang=lang, admins=frozenset(admins), images=images)
    page = ConsoleWeb(console, web) if web is not None else None

    async def fire(member: str) -> None:
        _, _, replies = await router.fire(member)
        await console.show(replies)

    print(t(lang, "console.welcome"))
    if page is not None:
        await page.start()
    ticker = asyncio.create_task(run_ticker(router.deadlines(PLATFORM), fire, time.time))
    try:
        while True:
            try:
                raw = await asyncio.to_thread(input, "> ")
            except EOFError:
                break
            if raw.strip() in ("/quit", "/exit"):
                break
            await console.line(raw)
            if page is not None:
                await page.announce()
    finally:
        if page is not None:
            await page.stop()
        ticker.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await ticker


if __name__ == "__main__":
    sys.exit(main())
