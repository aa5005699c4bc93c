"""Command path benchmark: N tables of the test-only game through Router + RedisStore.

    python -m bench.command_path [--tables 50] [--rounds 3] [--redis-url URL]

Without --redis-url it starts a real redis-server on a free loopback port (Debian's
package) and stops it afterwards. Every table plays whole games concurrently in one
process: lobby, start, sealed bids by private button, the protest window. Prints
latency percentiles per command, commands per second, Redis round trips per command
(a pipeline counts once) and bytes stored per table.
"""

import argparse
import asyncio
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import redis.asyncio as aioredis

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.keys import table_key
from bot.router import Incoming, Router
from tests import toygame

toygame.install()


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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
                button = rows[0][(i + 1) % len(rows[0])]
                replies += await send(
                    "bid (button, private)",
                    Incoming(
                        platform="bench",
                        chat=f"dm:{user}",
                        user=user,
                        name=user,
                        button=button.data,
                        private=True,
                    ),
                )
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


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--redis-url")
    args = parser.parse_args()

    server = None
    url = args.redis_url
    if url is None:
        port = free_port()
        tmp = tempfile.mkdtemp()
        server = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                tmp,
            ],
            stdout=subprocess.DEVNULL,
        )
        url = f"redis://127.0.0.1:{port}/0"
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), 0.1).close()
                break
            except OSError:
                time.sleep(0.05)
    try:
        client = Counting.from_url(url)
        await client.flushdb()
        router = Router(client)
        lat: dict = {
            k: []
            for k in (
                "new",
                "join",
                "start",
                "bid (button, private)",
                "pass (button, group)",
                "_trips",
            )
        }
        Counting.trips = 0
        t0 = time.perf_counter()
        await asyncio.gather(
            *(
                play_table(router, f"t{i}", args.players, args.rounds, lat)
                for i in range(args.tables)
            )
        )
        wall = time.perf_counter() - t0
        trips = lat.pop("_trips")
        all_lat = [x for v in lat.values() for x in v]
        sizes = [await client.hstrlen(table_key("bench", f"t{i}"), "d") for i in range(args.tables)]
        mem = [
            await client.memory_usage(table_key("bench", f"t{i}")) or 0 for i in range(args.tables)
        ]
        info = await client.info("server")
        await client.aclose()
    finally:
        if server:
            server.terminate()
            server.wait()

    def pct(xs: list[float], p: float) -> float:
        return (
            statistics.quantiles(xs, n=100, method="inclusive")[p - 1] * 1000
            if len(xs) > 1
            else xs[0] * 1000
        )

    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, redis-server {info['redis_version']} on loopback"
    )
    print(f"{args.tables} tables × {args.players} players × {args.rounds} rounds, one process")
    print(f"commands: {len(all_lat)} in {wall:.2f} s = {len(all_lat) / wall:.0f} commands/s")
    print(f"latency all: p50 {pct(all_lat, 50):.2f} ms, p99 {pct(all_lat, 99):.2f} ms")
    for kind, xs in lat.items():
        if xs:
            print(
                f"  {kind:24s} n={len(xs):5d}  p50 {pct(xs, 50):.2f} ms  p99 {pct(xs, 99):.2f} ms"
            )
    c = Counter(trips)
    print(
        f"round trips per command: mean {statistics.mean(trips):.2f}, max {max(trips)}, "
        f"histogram {dict(sorted(c.items()))}"
    )
    print(f"bytes per table: JSON max {max(sizes)} B, Redis MEMORY USAGE max {max(mem)} B")


if __name__ == "__main__":
    asyncio.run(main())
