"""The robot games of every registered game, in English and German, with hostile names,
through the strict fake Discord: how many requests were checked against Discord's
published rules (its OpenAPI specification and the limits its documentation states in
words), how many distinct limits they were held to, and how many broke one (target 0).

    python -m bench.discord_spec [--quick] [--game ID]

`--quick` plays each game at its first player count only. Boards go as text (the PNG
is not what Discord's rules look at), as in the tests.
"""

import argparse
import asyncio
import logging
import time

from bot.chat import pictures
from rules import registry
from tests.fixtures.discord_games import strict_game
from tests.fixtures.robot import PLAYS
from tests.games import install as install_test_games


async def _no_picture(svg: str) -> None:
    return None


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--game")
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    install_test_games()
    pictures.png = _no_picture  # (a bench process of its own: nothing else draws)
    print(f"{'game':26} {'lang':4} {'requests':>8} {'limits':>6} {'violations':>10} {'slowest':>8}")
    requests, limits, violations, slowest, started = 0, set(), 0, 0.0, time.monotonic()
    for game in registry.all_games():
        if args.game and game.id != args.game:
            continue
        counts = PLAYS.get(game.id, {}).get("discord", [(game.min_players, "")])
        for players, options in counts[:1] if args.quick else counts:
            for lang in ("en", "de"):
                fake = await strict_game(game.id, players, options, lang)
                requests += fake.checked
                limits |= fake.limits
                violations += len(fake.violations)
                slowest = max(slowest, fake.slowest)
                name = f"{game.id}-{players}"
                print(
                    f"{name:26} {lang:4} {fake.checked:8} {len(fake.limits):6} "
                    f"{len(fake.violations):10} {fake.slowest * 1000:6.0f} ms",
                    flush=True,
                )
                for v in fake.violations[:3]:
                    print(f"   │ {v.method} {v.path}: {v.errors}"[:200])
    print(
        f"{'all':26} {'':4} {requests:8} {len(limits):6} {violations:10} "
        f"{slowest * 1000:6.0f} ms  ({time.monotonic() - started:.0f} s)"
    )


if __name__ == "__main__":
    asyncio.run(main())
