"""What a player waits for when Redis is out of reach as a whole, at the production
timeout (issue 39; the table in docs/operations.md).

    python -m bench.outage [--runs 3] [--case server-frozen|server-stopped|...]

Cases: server-frozen, server-stopped, cluster-frozen, cluster-stopped (default: all).

Each run starts Redis of its own (tests/fixtures/outage.py: one redis-server, or the
3-master cluster with a replica each, append-only, on loopback), connects as production
does (bot/store/connection.connect, its default timeout) and opens a test auction of two
players through the router, as the Telegram adapter does (durable outbox). Then every
node is frozen (SIGSTOP) or stopped, and at once (each through Router.handle) Alice
presses a sealed-bid button in the process that wrote the table last (a write), Bob
presses his in a second process, which must read the table first, and Carol says
`/roll 1d6` in the group (a read); once all three are answered, all three again. Printed
per run: the seconds until each answer and its words, with the load average; then per
case the median and range. Run it on its own: each run waits for real timeouts.
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
ALICE, BOB, CAROL = "11", "22", "33"
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


# What the players do at once, once Redis is out: Alice's bid through the process that
# wrote the table last (it holds the table's version: its write goes out without a
# read); Bob's bid through another process (bots behind one webhook, or one just
# restarted), which must read the table first; Carol's `/roll 1d6` in the group.
# Then each of them at once again, as a player does who was told to try again: a cluster
# client closed by a timeout reads the layout again first (bot/store/cluster.py).
FIRST = ("press", "press elsewhere", "/roll")
ACTS = (*FIRST, *(f"{act} again" for act in FIRST))


async def _one(case: str) -> dict[str, tuple[float, str]]:
    kind, _, how = case.partition("-")
    with own_redis(kind) as server:
        # (two processes' clients, made with the default timeout)
        redis = connect(server.url, cluster=server.cluster)
        other = connect(server.url, cluster=server.cluster)
        rng = random.Random(1)
        routers = [Router(r, entropy=lambda: rng.getrandbits(63)) for r in (redis, other)]
        for router in routers:
            router.durable.add(PLATFORM)  # as the Telegram adapter makes it
        here, elsewhere = Player(routers[0]), Player(routers[1])
        elsewhere.update = 1000  # (update ids of its own)
        try:
            await here.say(GROUP, ALICE, text="/new auktion rounds=1 deadline=600")
            await here.say(GROUP, BOB, text="/join")
            await here.say(GROUP, ALICE, text="/start")
            # (both processes have been talking to Redis: their connections are open)
            table = await routers[1].table(PLATFORM, GROUP)
            assert table is not None and table.status == "playing", table
            bids = {m.seat: m for m in legal_moves(table, rng) if m.data}
            if how == "frozen":
                server.freeze()
            else:
                server.stop()
            # Out since a moment, as an outage is when a player acts: the loop has seen
            # the stopped server close its connections. (Acting in the very instant it
            # dies, a write goes out on a connection that is closing, and whether it ran
            # cannot be told: "cannot tell yet", after 6 s of asking.)
            await asyncio.sleep(AFTER)
            answers = []
            for _ in range(2):
                answers += await asyncio.gather(
                    here.say(ALICE, ALICE, button=bids[0].data, private=bids[0].secret),
                    elsewhere.say(BOB, BOB, button=bids[1].data, private=bids[1].secret),
                    here.say(GROUP, CAROL, text="/roll 1d6"),
                )
            return dict(zip(ACTS, answers, strict=True))
        finally:
            if how == "frozen":
                server.thaw()  # (so that the clients' close does not wait on it)
            await redis.aclose()
            await other.aclose()


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
        got: dict[str, list[tuple[float, str]]] = {act: [] for act in ACTS}
        for n in range(1, args.runs + 1):
            answers = await _one(case)
            load = os.getloadavg()[0]
            loads.append(load)
            for act, answer in answers.items():
                got[act].append(answer)
            said = "; ".join(f"{act} {s:.2f} s {w!r}" for act, (s, w) in answers.items())
            print(f"{case} run {n}: {said}; load {load:.2f}", flush=True)
        summary.append(
            f"{case}: {args.runs} runs; "
            + "; ".join(
                f"{act} {_spread([s for s, _ in got[act]])}, {_words([w for _, w in got[act]])}"
                for act in ACTS
            )
        )
    print("\n".join(summary))
    print(f"load average (1 min) after the runs: {min(loads):.2f}–{max(loads):.2f}")


if __name__ == "__main__":
    asyncio.run(main())
