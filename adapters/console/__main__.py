"""`python -m adapters.console`: a terminal group chat with the bot, or a script run.

Interactive: type `alice: /new auktion` to speak as alice in the group, `alice> 30`
to speak to the bot privately. Script: `--script FILE` reads such lines and prints
the transcript (see adapters/console/session.py for the format).
"""

import argparse
import asyncio
import contextlib
import logging
import sys
import time

from adapters.console.session import Console, ScriptClock
from bot.app import make_router
from bot.i18n import LANGUAGES, t
from bot.router import Router
from bot.scheduler import run_ticker
from rules.core.rng import Rng


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m adapters.console", description=__doc__)
    parser.add_argument("--script", help="read lines from FILE (- for stdin) and print replies")
    parser.add_argument("--seed", type=int, help="seed the dice and games (reproducible runs)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en")
    parser.add_argument("--admin", action="append", default=[], help="a user who is chat admin")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if args.script:
        lines = sys.stdin if args.script == "-" else open(args.script, encoding="utf-8")  # noqa: SIM115
        with lines:
            asyncio.run(run_script(list(lines), seed=args.seed, lang=args.lang, admins=args.admin))
        return 0
    asyncio.run(interactive(seed=args.seed, lang=args.lang, admins=args.admin))
    return 0


def _entropy(seed: int | None):  # type: ignore[no-untyped-def]
    if seed is None:
        return None
    rng = Rng.from_seed(seed)
    return lambda: rng.next64() >> 1


async def run_script(
    lines: list[str],
    *,
    seed: int | None = None,
    lang: str = "en",
    admins: list[str] = (),  # type: ignore[assignment]
    write=print,  # type: ignore[no-untyped-def]
    redis=None,  # type: ignore[no-untyped-def]
) -> None:
    """Play `lines` on a fresh embedded store with a script clock; print the transcript."""
    import fakeredis

    redis = redis or fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    kwargs = {"entropy": e} if (e := _entropy(seed)) else {}
    router = Router(redis, clock=ScriptClock(), **kwargs)
    console = Console(router, write, lang=lang, admins=frozenset(admins))
    for line in lines:
        await console.line(line)


async def interactive(*, seed: int | None, lang: str, admins: list[str]) -> None:
    kwargs = {"entropy": e} if (e := _entropy(seed)) else {}
    router = make_router(clock=time.time, **kwargs)
    console = Console(router, print, lang=lang, admins=frozenset(admins))

    async def fire(member: str) -> None:
        _, _, replies = await router.fire(member)
        console.show(replies)

    print(t(lang, "console.welcome"))
    ticker = asyncio.create_task(run_ticker(router.deadlines, fire, time.time))
    try:
        while True:
            try:
                raw = await asyncio.to_thread(input, "> ")
            except EOFError:
                break
            if raw.strip() in ("/quit", "/exit"):
                break
            await console.line(raw)
    finally:
        ticker.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await ticker


if __name__ == "__main__":
    sys.exit(main())
