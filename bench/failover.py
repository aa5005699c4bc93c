"""A Redis Cluster master killed under live games, again and again; and what the record of
handled updates costs a chat (issue 39).

    python -m bench.failover [--runs 10] [--case replica|no-replica] [--no-markers]

Each run starts a 3-master cluster with a replica each (tests/fixtures/redis_server.py),
plays tests/fixtures/failover.py's robot games on it, SIGKILLs the master of the first
game's chat a second in, and prints the seconds from the kill to the first command
answered again in a chat of that master, and the commands that failed meanwhile (each
then delivered again). The case "no-replica": 3 masters alone, the killed one started
again 4 s later. Both cases by default, `--runs` each, then per case the median and
range. Then the bytes of one chat's record of updates (MEMORY USAGE) after 2,000
commands and after a whole robot game of each registered game.
"""

import argparse
import asyncio
import logging
import os
import platform
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import redis.asyncio as aioredis

from bot.chat.router import Incoming, Router
from bot.store.keys import updates_key
from rules import registry
from tests.fixtures.failover import PLAYED, WAITING, failover
from tests.fixtures.redis_server import redis_cluster, redis_server
from tests.fixtures.robot import PLAYS, legal_moves
from tests.games import install

CHAT = "-1001234567890"


async def _record_bytes(redis, chat: str) -> int:
    return int(await redis.memory_usage(updates_key("telegram", chat)) or 0)


async def _markers(url: str) -> list[tuple[str, int, int]]:
    """(what, commands, bytes of the chat's record) after 2,000 commands and per game."""
    redis = aioredis.Redis.from_url(url)
    rng = random.Random(1)
    router = Router(redis, entropy=lambda: rng.getrandbits(63))
    update = 800_000_000
    out = []

    async def say(chat: str, user: str, **what) -> None:
        nonlocal update
        update += 1
        await router.handle(Incoming("telegram", chat, user, user, update_id=str(update), **what))

    for n in range(2000):  # refused verbs and rolls from someone at no table
        await say(CHAT, "mallory", text="/roll 1d6" if n % 2 else "/pay 5")
    out.append(("2,000 /roll and refused /pay", 2000, await _record_bytes(redis, CHAT)))
    for i, spec in enumerate(registry.all_games()):
        chat = f"-100{1_000_000 + i}"
        players, options = PLAYS.get(spec.id, {}).get("telegram", [(spec.min_players, "")])[0]
        users = [f"u{i}x{k}" for k in range(players)]
        await say(chat, users[0], text=f"/new {spec.id} {options}")
        for user in users[1:]:
            await say(chat, user, text="/join")
        await say(chat, users[0], text="/start")
        commands = players + 1
        while (table := await router.table("telegram", chat)) and table.status == "playing":
            moves = legal_moves(table, rng)
            buttons = [m for m in moves if m.data is not None and m.typed is None]
            if not buttons or commands > 3000:
                break
            move = rng.choice(buttons)
            user = table.seats[move.seat].user
            where = user if move.secret else chat
            await say(where, user, button=move.data, private=move.secret)
            commands += 1
        out.append((f"a game of {spec.id}", commands, await _record_bytes(redis, chat)))
    await redis.aclose()
    return out


CASES = ("replica", "no-replica")
RESTART_AFTER = 4.0  # seconds a master without replica stays dead (as the test's)


async def _one(case: str):
    if case == "no-replica":
        extra = ("--appendonly", "yes", "--appendfsync", "always")
        with redis_cluster(replicas=0, extra=extra) as cluster:
            return await failover(cluster, restart_after=RESTART_AFTER)
    with redis_cluster(replicas=1) as cluster:
        return await failover(cluster)


def _spread(values: list[float], unit: str = "") -> str:
    if not values:
        return "none"
    digits = 2 if unit else 0
    median = statistics.median(values)
    low, high = min(values), max(values)
    return f"median {median:.{digits}f}{unit} (range {low:.{digits}f}–{high:.{digits}f}{unit})"


async def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10, help="runs of each case")
    parser.add_argument("--case", choices=CASES, action="append", help="(default: both)")
    parser.add_argument("--no-markers", action="store_true", help="no record-of-updates bytes")
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)  # (the apologies' tracebacks: expected)
    install()
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    summary = []
    for case in args.case or CASES:
        backs: list[float] = []
        failed: list[float] = []
        never = lost_runs = 0
        for n in range(1, args.runs + 1):
            run = await _one(case)
            off = {c: (m, run.logged[c]) for c, m in run.moves.items() if run.logged[c] != m}
            unended = PLAYED + WAITING - len(run.ended)
            if run.back is None:
                never += 1
            else:
                backs.append(run.back)
            failed.append(run.failed)
            lost_runs += bool(off or unended)
            back = f"{run.back:.2f} s" if run.back is not None else "never"
            print(
                f"{case} run {n}: answered again {back} after the kill, {run.failed} commands "
                f"failed, {len(run.ended)} games ended, {len(off)} with a move lost or doubled, "
                f"old master back as {run.rejoined_as}"
                + (f" (moves made, logged: {off})" if off else ""),
                flush=True,
            )
        summary.append(
            f"{case}: {args.runs} runs; answered again {_spread(backs, ' s')} after the kill"
            + (f", never in {never}" if never else "")
            + f"; failed commands per run {_spread(failed)}; runs with a game or move lost "
            f"or doubled: {lost_runs}"
        )
    print("\n".join(summary))
    if not args.no_markers:
        with redis_server() as url:
            for what, commands, used in await _markers(url):
                print(f"record of updates, {what} ({commands} commands): {used} bytes")


if __name__ == "__main__":
    asyncio.run(main())
