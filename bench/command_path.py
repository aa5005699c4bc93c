"""Command path benchmark: N tables of the test-only game through Router + RedisStore.

    python -m bench.command_path [--tables 50] [--rounds 3] [--redis-url URL] [--durable]

Without --redis-url it starts a real redis-server on a free loopback port (Debian's
package) and stops it afterwards. Every table plays whole games concurrently in one
process: lobby, start, sealed bids by private button, the protest window. Prints
latency percentiles per command, commands per second, Redis round trips per command
(a pipeline counts once) and bytes stored per table. `--durable` writes each change's
replies into the chat's outbox with it, as the Telegram adapter has the router do
(bot/store/outboxes.py; nobody sends them here, so they stay).
"""

import argparse
import asyncio
import contextlib
import os
import platform
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import redis.asyncio as aioredis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.chat.router import Incoming, Router
from bot.store.keys import table_key
from tests.fixtures.redis_server import redis_server
from tests.games import install

install()  # the test game the bench plays


class Counting(aioredis.Redis):
    """A client that counts round trips: each command, or each pipeline, is one."""

    trips = 0

    async def execute_command(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        Counting.trips += 1
        return await super().execute_command(*args, **kwargs)

    def pipeline(self, transaction=True, shard_hint=None):  # type: ignore[no-untyped-def]
        pipe = super().pipeline(transaction, shard_hint)
        execute = pipe.execute

        async def counted(*a, **k):  # type: ignore[no-untyped-def]
            Counting.trips += 1
            return await execute(*a, **k)

        pipe.execute = counted  # type: ignore[method-assign]
        return pipe


async def play_table(router: Router, chat: str, players: int, rounds: int, lat: dict) -> None:
    users = [f"{chat}-p{i}" for i in range(players)]

    async def send(kind: str, msg: Incoming) -> list:
        t0 = time.perf_counter()
        before = Counting.trips
        replies = await router.handle(msg)
        lat[kind].append(time.perf_counter() - t0)
        lat["_trips"].append(Counting.trips - before)
        return replies

    def say(user: str, text: str) -> Incoming:
        return Incoming(platform="bench", chat=chat, user=user, name=user, text=text)

    def press(user: str, button) -> Incoming:  # type: ignore[no-untyped-def]
        return Incoming(
            platform="bench",
            chat=f"dm:{user}",
            user=user,
            name=user,
            button=button.data,
            private=True,
        )

    await send("new", say(users[0], f"/new auktion rounds={rounds}"))
    for user in users[1:]:
        await send("join", say(user, "/join"))
    replies = await send("start", say(users[0], "/start"))
    while True:
        dm_buttons = {r.to: r.buttons for r in replies if r.private and r.buttons}
        group_buttons = [r.buttons for r in replies if not r.private and r.buttons]
        if not dm_buttons and not group_buttons:
            table = await router.table("bench", chat)
            if table.status != "playing":
                return
            raise RuntimeError("stuck")
        replies = []
        if dm_buttons:  # sealed bids: every bidder presses a private button
            for i, (user, rows) in enumerate(sorted(dm_buttons.items())):
                # one bidder offers 1 coin, the others 0: a sale, then a protest window
                got = await send("bid (button, private)", press(user, rows[0][1 if i == 0 else 0]))
                if any(r.error for r in got):  # too poor to bid 1: bid nothing
                    got = await send("bid (button, private)", press(user, rows[0][0]))
                replies += got
        else:  # the protest window: everyone asked passes
            rows = group_buttons[0]
            pass_button = rows[0][1]
            for user in users:
                got = await send(
                    "pass (button, group)",
                    Incoming(
                        platform="bench", chat=chat, user=user, name=user, button=pass_button.data
                    ),
                )
                replies += [r for r in got if not r.error]


async def run(router: Router, tables: int, players: int, rounds: int, prefix: str) -> dict:
    lat: dict = {"_trips": []}
    for kind in ("new", "join", "start", "bid (button, private)", "pass (button, group)"):
        lat[kind] = []
    await asyncio.gather(
        *(play_table(router, f"{prefix}{i}", players, rounds, lat) for i in range(tables))
    )
    return lat


def pct(xs: list[float], p: int) -> float:
    """The p-th percentile in milliseconds."""
    return statistics.quantiles(xs, n=100, method="inclusive")[p - 1] * 1000


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=50, help="tables in flight at once")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--redis-url")
    parser.add_argument("--durable", action="store_true", help="keep replies in the outbox")
    args = parser.parse_args()

    with contextlib.ExitStack() as stack:
        url = args.redis_url or stack.enter_context(redis_server())
        client = Counting.from_url(url)
        await client.flushdb()
        router = Router(client)
        if args.durable:
            router.durable.add("bench")
        # 1. Throughput: many tables in flight in one process (latency here is mostly
        #    queueing behind the other tables, so it is not what we report as latency).
        t0 = time.perf_counter()
        busy = await run(router, args.tables, args.players, args.rounds, "t")
        wall = time.perf_counter() - t0
        done = sum(len(v) for k, v in busy.items() if k != "_trips")
        # 2. Latency, round trips and size: one command at a time, table after table.
        quiet = {}
        sizes = []
        for i in range(10):
            lat = await run(router, 1, args.players, args.rounds, f"q{i}")
            for k, v in lat.items():
                quiet.setdefault(k, []).extend(v)
        # the largest a table gets: mid-game, sealed bids pending
        await router.handle(
            Incoming(
                platform="bench",
                chat="size",
                user="a",
                name="a" * 32,
                text="/new auktion rounds=10",
            )
        )
        for p in range(1, 5):
            await router.handle(
                Incoming(platform="bench", chat="size", user=f"p{p}", name="b" * 32, text="/join")
            )
        await router.handle(
            Incoming(platform="bench", chat="size", user="a", name="a", text="/start")
        )
        sizes.append(await client.hstrlen(table_key("bench", "size"), "d"))
        memory = await client.memory_usage(table_key("bench", "size"))
        info = await client.info("server")
        await client.aclose()

    trips = quiet.pop("_trips")
    every = [x for v in quiet.values() for x in v]
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, redis-server {info['redis_version']} on loopback"
    )
    print(
        f"throughput: {args.tables} tables × {args.players} players × {args.rounds} rounds "
        f"in flight in one process: {done} commands in {wall:.2f} s = {done / wall:.0f}/s"
    )
    print(
        f"latency, one command at a time ({len(every)} commands): "
        f"p50 {pct(every, 50):.2f} ms, p99 {pct(every, 99):.2f} ms"
    )
    for kind, xs in quiet.items():
        print(f"  {kind:24s} n={len(xs):4d}  p50 {pct(xs, 50):.2f} ms  p99 {pct(xs, 99):.2f} ms")
    c = Counter(trips)
    print(
        f"Redis round trips per command: mean {statistics.mean(trips):.2f}, "
        f"histogram {dict(sorted(c.items()))}"
    )
    print(
        f"stored per table (5 players with long names, mid-game): {max(sizes)} B of JSON, "
        f"{memory} B by MEMORY USAGE"
    )


if __name__ == "__main__":
    asyncio.run(main())
