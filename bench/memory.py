"""Redis memory of idle tables: how many fit in a gigabyte.

    python -m bench.memory [--tables 10000] [--name-length 12] [--games aufruhr …]

For each game, a few tables are played through the router against a redis-server
started for the run, each to a different point of its game (lobby, start, some way in),
with the most players the game allows; then `--tables` tables are made from them as
the router would have left them — each its own chat and its own players, with what
lives beside a table: its players' routes (user → chats), its pending deadlines and its
game's logged answers.
Printed per game: Redis's `used_memory` grown per table (INFO memory), and that times
100,000. The record of handled updates (bot/store/markers.py: capped per chat, kept 36
hours after a chat's last update) is not idle and not counted; a full one is measured on
its own.
"""

import argparse
import asyncio
import os
import platform
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import redis.asyncio as aioredis

from bench.load import _pick
from bot.chat.router import Incoming, Router
from bot.store.keys import answers_key, table_key, user_tables_key
from bot.store.markers import FULL, Marker
from bot.store.scheduler import Deadlines
from bot.store.versioned import RedisStore
from bot.table.deadlines import Deadline
from bot.table.model import Table
from rules import registry
from tests.fixtures.redis_server import redis_server

PLATFORM = "telegram"
TEMPLATES = 12  # real tables played per game, copied round-robin
BATCH = 500  # tables written per pipeline


async def _templates(
    router: Router, game: str, players: int, names: int
) -> list[tuple[bytes, list[bytes]]]:
    """Tables of `game` played through the router to different points of the game."""
    rng = random.Random(game)
    found = []
    for t in range(TEMPLATES):
        chat = f"-100{rng.randrange(10**9, 10**10)}"
        users = [str(rng.randrange(10**9, 10**10)) for _ in range(players)]
        name = [
            f"{i}" + "".join(rng.choices("abcdefghijklmnop", k=names - 1)) for i in range(players)
        ]

        async def say(i: int, text: str, chat: str = chat, who: tuple = (users, name)) -> None:
            await router.handle(Incoming(PLATFORM, chat, who[0][i], who[1][i], text=text))

        await say(0, f"/new {game}")
        for i in range(1, players):
            await say(i, "/join")
        if t > 0:  # the first stays a lobby
            await say(0, "/start")
        for _ in range(rng.randrange(0, 120) if t > 1 else 0):
            table = await router.table(PLATFORM, chat)
            if table is None or table.status != "playing":
                break
            move = _pick(table, rng)
            if move is None:
                break
            msg = move[2]
            await router.handle(replace(msg, platform=PLATFORM, name=name[users.index(msg.user)]))
        stored = await router.store.load(table_key(PLATFORM, chat))
        if stored.data:
            # the answers its game logged, kept beside it (bot/proof/games.py)
            logged = await router.store.redis.lrange(answers_key(PLATFORM, chat), 0, -1)
            found.append((stored.data, logged))
    return found


def _copy(template: bytes, i: int) -> tuple[str, bytes, list[str], dict[str, float]]:
    """Table number `i`, made from a template: its chat, data, users and deadlines."""
    table = Table.load(template)
    table.chat = f"-100{2_000_000_000 + i}"
    for s, seat in enumerate(table.seats):
        seat.user = str(5_000_000_000 + i * 10 + s)
    if table.creator is not None:
        table.creator = table.seats[0].user
    deadlines = {}
    if table.status == "lobby":
        deadlines[Deadline(PLATFORM, table.chat, "lobby", 0, repr(table.opened_at)).member()] = (
            table.opened_at + 7200
        )
    elif table.status == "playing":
        for kind in ("timeout", "remind"):
            member = Deadline(PLATFORM, table.chat, kind, table.step, table.step_token).member()
            deadlines[member] = time.time() + 3600
    return table.chat, table.dump(), [s.user for s in table.seats], deadlines


async def _used(client: Any) -> int:
    return (await client.info("memory"))["used_memory"]


async def measure(url: str, games: list[str], n: int, names: int) -> list[tuple[str, int, float]]:
    client = aioredis.Redis.from_url(url)
    router = Router(client)
    store = RedisStore(client)
    deadlines = Deadlines(client, PLATFORM)
    results = []
    for game in games:
        spec = registry.get(game)
        assert spec is not None, game
        templates = await _templates(router, game, spec.max_players, names)
        await client.flushall()
        before = await _used(client)
        for start in range(0, n, BATCH):
            async with client.pipeline(transaction=False) as pipe:
                for i in range(start, min(n, start + BATCH)):
                    template, logged = templates[i % len(templates)]
                    chat, data, users, due = _copy(template, i)
                    pipe.hset(table_key(PLATFORM, chat), mapping={"v": 1, "d": data})
                    pipe.pexpire(table_key(PLATFORM, chat), store.ttl_ms)
                    if logged:
                        pipe.rpush(answers_key(PLATFORM, chat), *logged)
                        pipe.pexpire(answers_key(PLATFORM, chat), store.ttl_ms)
                    for user in users:
                        pipe.sadd(user_tables_key(PLATFORM, user), chat)
                        pipe.pexpire(user_tables_key(PLATFORM, user), store.ttl_ms)
                    deadlines.queue(pipe, due)
                await pipe.execute()
        grown = await _used(client) - before
        results.append((f"{game} ({spec.max_players} players)", n, grown / n))
    # the record of handled updates, on its own: full (as after FULL updates or more)
    await client.flushall()
    before = await _used(client)
    store, chats = RedisStore(client), min(n, 200)
    for i in range(chats):
        chat = f"-100{2_000_000_000 + i}"
        for u in range(FULL):
            await store.claim(Marker.of(PLATFORM, chat, str(800_000_000 + i * 1000 + u)))
    full = (await _used(client) - before) / chats
    results.append((f"a chat's record of updates, full ({FULL})", chats, full))
    await client.aclose()
    return results


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10_000, help="idle tables per game")
    parser.add_argument("--name-length", type=int, default=12, help="characters of a name")
    games = [g.id for g in registry.all_games()]
    parser.add_argument("--games", nargs="+", default=games)
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    with redis_server() as url:
        print(
            f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}, redis-server on loopback, "
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; names of "
            f"{args.name_length} characters"
        )
        for what, n, per in asyncio.run(measure(url, args.games, args.tables, args.name_length)):
            print(
                f"  {what:36s} {n} made: {per:7.0f} B each, "
                f"100,000 of them {per * 100_000 / 2**20:6.0f} MiB"
            )


if __name__ == "__main__":
    main()
