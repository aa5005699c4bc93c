"""A flood of refused `/deal` on one AUFRUHR! table (issue 17): does a command stay as fast?

    python -m bench.deal_flood [--deals 10000] [--repeat 3] [--redis-url URL]

Four players start a table through the router on a real redis-server (started on a free
loopback port and stopped afterwards, unless --redis-url), then send `--deals` `/deal`
of 180 characters of text, in turn: 12 are accepted (the round's cap), the rest refused.
Printed per run: the median time of a command over the first thousand after the hundredth
and over the last thousand, with their quartiles, their ratio, and the table's bytes in
Redis after 100 and after all deals. tests/rules/aufruhr/test_deal_flood.py asserts what
the players see and that the table does not grow; the times are here, not in a test.
"""

import argparse
import asyncio
import contextlib
import platform
import statistics
import sys
import time
from pathlib import Path

import redis.asyncio as aioredis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.chat.router import Incoming, Router
from bot.store.keys import table_key
from tests.fixtures.redis_server import redis_server

USERS = [str(500 + i) for i in range(4)]


def said(chat: str, i: int, text: str, n: int | None = None) -> Incoming:
    update = None if n is None else str(n)
    return Incoming("telegram", chat, USERS[i], f"P{i}", text=text, update_id=update)


async def flood(url: str, chat: str, deals: int) -> tuple[list[float], list[int], int]:
    """Seconds per `/deal`, the table's bytes after 100 and after all, deals accepted."""
    redis = aioredis.Redis.from_url(url)
    router = Router(redis)
    try:
        await router.handle(said(chat, 0, "/new aufruhr"))
        for i in range(1, 4):
            await router.handle(said(chat, i, "/join"))
        await router.handle(said(chat, 0, "/start"))
        cities = [m["city"] for m in (await router.table("telegram", chat)).state["mayors"]]
        key = table_key("telegram", chat)
        took, sizes, accepted = [], [], 0
        for n in range(deals):
            seat = n % 4
            text = f"/deal {cities[(seat + 1) % 4]}: deal {n} " + "x" * 180
            started = time.perf_counter()
            replies = await router.handle(said(chat, seat, text, n))
            took.append(time.perf_counter() - started)
            accepted += not any(r.error for r in replies)
            if n == 100:
                sizes.append(await redis.memory_usage(key))
        sizes.append(await redis.memory_usage(key))
        return took, sizes, accepted
    finally:
        await redis.aclose()


def quartiles(xs: list[float]) -> str:
    q1, q2, q3 = statistics.quantiles(xs, n=4)
    return f"{q2 * 1000:.2f} ms ({q1 * 1000:.2f}–{q3 * 1000:.2f})"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--redis-url")
    args = parser.parse_args()
    print(f"python {platform.python_version()}, {platform.machine()}, {args.deals} deals a run")
    with contextlib.ExitStack() as stack:
        url = args.redis_url or stack.enter_context(redis_server())
        ratios = []
        for run in range(args.repeat):
            took, sizes, accepted = await flood(url, f"-100{777 + run}", args.deals)
            early, late = took[100:1100], took[-1000:]
            ratio = statistics.median(late) / statistics.median(early)
            ratios.append(ratio)
            print(
                f"run {run + 1}: early {quartiles(early)}, late {quartiles(late)}, "
                f"late/early {ratio:.2f}; {accepted} accepted; "
                f"{sizes[0]} → {sizes[-1]} B in Redis"
            )
        spread = f"{min(ratios):.2f}–{max(ratios):.2f}"
        print(f"late/early: median {statistics.median(ratios):.2f} ({spread})")


if __name__ == "__main__":
    asyncio.run(main())
