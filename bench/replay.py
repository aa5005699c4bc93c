"""The same commands every run: CPU per command, and a digest of everything the bot said.

    python -m bench.replay [--rounds 5] [--games …] [--tables 2]

Robot players (as bench/load.py's) play whole games against a real redis-server, one
command at a time, with the router's clock, dice and seeds fixed: the commands, and what
the bot answers them, are the same in every run and on every version of the code that
behaves the same. Printed per game: this process's CPU time per command in `Router.handle`
(Redis's own time is another process's, and waiting for it is no CPU), median of the
rounds with its spread; and a digest of every reply's text, buttons and board (a change
that is only faster leaves it as it was). So two versions compare side by side, run in
turn on one machine: `python -m bench.replay` in each checkout, the CPU as a ratio, the
digest equal.
"""

import argparse
import asyncio
import hashlib
import itertools
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


from bench.load import GAMES, PLATFORM, _pick, _seen
from bot.chat.router import Incoming, Router
from bot.store.connection import connect
from bot.store.versioned import RedisStore
from bot.table import play
from tests.fixtures.redis_server import redis_server


class Clock:
    """The table's clock: a fixed start, a millisecond more for every command."""

    def __init__(self) -> None:
        self.now = 1_790_000_000.0

    def __call__(self) -> float:
        return self.now


def _said(replies: list) -> bytes:
    """What a player sees of the replies, and where (not the ids of the durable outbox)."""
    return repr([replace(r, svg=None, outbox_id="") for r in replies]).encode()


async def _game(router: Router, clock: Clock, chat: str, game: str, digest: Any) -> list[float]:
    """One whole game; the CPU seconds of each command."""
    game_id, players, *options = game.split(":")
    users = [f"{chat}-p{i}" for i in range(int(players))]
    rng = random.Random(chat)
    updates = itertools.count(1)
    cpu: list[float] = []

    async def send(msg: Incoming) -> None:
        clock.now += 0.001
        msg = replace(msg, update_id=f"{chat}.{next(updates)}")
        c0 = time.process_time()
        replies = await router.handle(msg)
        cpu.append(time.process_time() - c0)
        digest.update(_said(replies))

    def say(user: str, text: str) -> Incoming:
        return Incoming(PLATFORM, chat, user, user, text=text)

    await send(say(users[0], f"/new {game_id} {' '.join(options)}".strip()))
    for user in users[1:]:
        await send(say(user, "/join"))
    await send(say(users[0], "/start"))
    for _ in range(5000):
        table = _seen(router, chat)
        if table is None or table.status != "playing":
            return cpu
        move = _pick(table, rng)
        if move is None:
            raise RuntimeError(f"{game_id}: nobody can move at step {table.step}")
        await send(move[2])
    raise RuntimeError(f"{game_id}: no end")


class Tokens:
    """A step's token names it among all steps ever with a random part (bot/table/play.py);
    here a counter, so the buttons are the same in every run."""

    def __init__(self) -> None:
        self.drawn = itertools.count(1)

    def token_hex(self, n: int) -> str:
        return f"{next(self.drawn):0{2 * n}x}"


async def _round(url: str, games: list[str], tables: int, n: int) -> dict[str, tuple]:
    play.secrets = Tokens()  # type: ignore[assignment]
    client = connect(url)  # (as a worker makes it: bot/store/connection.py)
    await client.flushall()  # (every round the same chats, from nothing)
    seeds = itertools.count(1)
    router = Router(
        client,
        store=RedisStore(client),
        clock=(clock := Clock()),
        entropy=lambda: next(seeds),
        nonce=lambda: bytes(24),
    )
    router.durable.add(PLATFORM)  # as Telegram's and Discord's: replies kept with the write
    found = {}
    for game in games:
        digest = hashlib.sha256()
        cpu: list[float] = []
        for i in range(tables):
            cpu += await _game(router, clock, f"{game.split(':')[0]}-{i}", game, digest)
        found[game.split(":")[0]] = (len(cpu), sum(cpu), digest.hexdigest()[:16])
    await client.aclose()
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--tables", type=int, default=2, help="games of each kind a round")
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    with redis_server() as url:
        rounds = [asyncio.run(_round(url, args.games, args.tables, n)) for n in range(args.rounds)]
    for game in rounds[0]:
        count, _, digest = rounds[0][game]
        per = sorted(r[game][1] / r[game][0] * 1e6 for r in rounds)
        digests = {r[game][2] for r in rounds}
        same = "" if len(digests) == 1 else f" (digests differ between rounds: {digests})"
        print(
            f"{game:20s} {count:5d} commands  CPU a command: median {statistics.median(per):6.1f} "
            f"µs (min {per[0]:.1f}, max {per[-1]:.1f})  replies digest {digest}{same}"
        )


if __name__ == "__main__":
    main()
