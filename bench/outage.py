"""What a player waits for when Redis is out of reach as a whole, at the production
timeout (issue 39; the table in docs/operations.md).

    python -m bench.outage [--runs 3] [--case server-frozen|server-stopped|...]

Cases: server-frozen, server-stopped, cluster-frozen, cluster-stopped (default: all).

Each run starts Redis of its own (tests/fixtures/outage.py: one redis-server, or the
3-master cluster with a replica each, append-only, on loopback), connects as production
does (bot/store/connection.connect, its default timeout) and opens a test auction of two
players through the router, as the Telegram adapter does (durable outbox). Then every
node is frozen (SIGSTOP) or stopped, and at once Alice presses a sealed-bid button (a
write) and Bob says `/roll 1d6` in the group (a read), each through Router.handle.
Printed per run: the seconds until each answer and its words, with the load average;
then per case the median and range. Run it on its own: each run waits for real timeouts.
"""

import argparse
import asyncio
import logging
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.chat.router import Incoming, Router
from bot.store.connection import SOCKET_TIMEOUT, connect
from tests.fixtures.outage import own_redis
from tests.fixtures.robot import legal_moves
from tests.games import install

PLATFORM, GROUP = "telegram", "-1001"
ALICE, BOB = "11", "22"
CASES = ("server-frozen", "server-stopped", "cluster-frozen", "cluster-stopped")
LIMIT = 60.0  # seconds an answer may take before the run says "no answer"
AFTER = 0.1  # seconds from the outage's start to the press and the roll


class Player:
    def __init__(self, router: Router) -> None:
        self.router = router
        self.update = 0

    async def say(self, chat: str, user: str, **what) -> tuple[float, str]:
        """Seconds until the router answers, and the answer's first line."""
        self.update += 1
        msg = Incoming(PLATFORM, chat, user, user, update_id=str(self.update), **what)
        started = time.monotonic()
        try:
            async with asyncio.timeout(LIMIT):
                replies = await self.router.handle(msg)
        except TimeoutError:
            return time.monotonic() - started, f"no answer in {LIMIT:.0f} s"
        took = time.monotonic() - started
        said = " / ".join(r.text.splitlines()[0] for r in replies if r.text)
        return took, said or "(nothing)"


async def _one(case: str) -> tuple[tuple[float, str], tuple[float, str]]:
    kind, _, how = case.partition("-")
    with own_redis(kind) as server:
        redis = connect(server.url, cluster=server.cluster)  # (the default timeout)
        rng = random.Random(1)
        router = Router(redis, entropy=lambda: rng.getrandbits(63))
        router.durable.add(PLATFORM)  # as the Telegram adapter makes it
        player = Player(router)
        try:
            await player.say(GROUP, ALICE, text="/new auktion rounds=1 deadline=600")
            await player.say(GROUP, BOB, text="/join")
            await player.say(GROUP, ALICE, text="/start")
            table = await router.table(PLATFORM, GROUP)
            assert table is not None and table.status == "playing", table
            bid = next(m for m in legal_moves(table, rng) if m.seat == 0 and m.data)
            # (the process has read the table and written it: connections are open, as
            # in a bot that has been running)
            if how == "frozen":
                server.freeze()
            else:
                server.stop()
            # Out since a moment, as an outage is when a player acts: the loop has seen
            # the stopped server close its connections. (Acting in the very instant it
            # dies, a write goes out on a connection that is closing, and whether it ran
            # cannot be told: "cannot tell yet", after 6 s of asking.)
            await asyncio.sleep(AFTER)
            press, roll = await asyncio.gather(
                player.say(ALICE, ALICE, button=bid.data, private=bid.secret),
                player.say(GROUP, BOB, text="/roll 1d6"),
            )
            return press, roll
        finally:
            if how == "frozen":
                server.thaw()  # (so that the client's close does not wait on it)
            await redis.aclose()


def _spread(values: list[float]) -> str:
    median = statistics.median(values)
    return f"median {median:.2f} s (range {min(values):.2f}–{max(values):.2f} s)"


def _words(said: list[str]) -> str:
    seen = sorted(set(said), key=said.index)
    return " | ".join(f"{s!r}" + (f" ×{said.count(s)}" if len(seen) > 1 else "") for s in seen)


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3, help="runs of each case")
    parser.add_argument("--case", choices=CASES, action="append", help="(default: all)")
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)  # (the apologies' tracebacks: expected)
    install()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; client timeout {SOCKET_TIMEOUT:g} s"
    )
    summary = []
    loads: list[float] = []
    for case in args.case or CASES:
        presses: list[tuple[float, str]] = []
        rolls: list[tuple[float, str]] = []
        for n in range(1, args.runs + 1):
            press, roll = await _one(case)
            load = os.getloadavg()[0]
            loads.append(load)
            presses.append(press)
            rolls.append(roll)
            print(
                f"{case} run {n}: press {press[0]:.2f} s {press[1]!r}; "
                f"/roll {roll[0]:.2f} s {roll[1]!r}; load {load:.2f}",
                flush=True,
            )
        summary.append(
            f"{case}: {args.runs} runs; press {_spread([p[0] for p in presses])}, "
            f"{_words([p[1] for p in presses])}; /roll {_spread([r[0] for r in rolls])}, "
            f"{_words([r[1] for r in rolls])}"
        )
    print("\n".join(summary))
    print(f"load average (1 min) after the runs: {min(loads):.2f}–{max(loads):.2f}")


if __name__ == "__main__":
    asyncio.run(main())
