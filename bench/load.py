"""Load on real games: robot tables through the router against a real Redis, beside the floor.

    python -m bench.load [--tables 20] [--workers 1 2] [--cluster] [--games aufruhr:6 …]

N tables of each game are played to the end by robot players choosing random legal
answers (as tests/robot.py does), pressing the button or typing the value the bot
offers, all tables in flight at once, in 1 and then 2 worker processes against one
redis-server started for the run (or a 3-master Redis Cluster with --cluster). Printed
per run: commands/s, p50/p99 per command kind, compare-and-set retries, Redis round
trips per command, bytes per table, and the floor measured in the same run: the bare
HMGET + EVALSHA compare-and-set round trips a command needs, on a table of the same
size, with no router, engine or rendering.
"""

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import platform
import random
import statistics
import string
import sys
import time
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster

from bot import buttons, play
from bot.keys import table_key
from bot.router import Incoming, Router
from bot.store import RedisStore
from bot.table import Table
from rules import registry
from rules.core.errors import RuleError
from tests.redis_server import redis_cluster, redis_server

PLATFORM = "bench"
GAMES = ("aufruhr:6:events=3 deadline=60", "einsistkeins:4", "einsistkeins_karten:5")


class Counted:
    """Counts round trips (a command, or a pipeline) made through one client."""

    trips = 0

    @classmethod
    def wrap(cls, client: Any) -> Any:
        execute = client.execute_command

        async def counted_command(*a: Any, **k: Any) -> Any:
            cls.trips += 1
            return await execute(*a, **k)

        client.execute_command = counted_command
        make_pipeline = client.pipeline

        def pipeline(*a: Any, **k: Any) -> Any:
            pipe = make_pipeline(*a, **k)
            run = pipe.execute

            async def counted(*x: Any, **y: Any) -> Any:
                cls.trips += 1
                return await run(*x, **y)

            pipe.execute = counted
            return pipe

        client.pipeline = pipeline
        return client


class CountingStore(RedisStore):
    retries = 0

    async def _write(self, *a: Any, **k: Any) -> Any:
        lost = await super()._write(*a, **k)
        if lost is not None:
            CountingStore.retries += 1
        return lost


def _client(url: str, cluster: bool) -> Any:
    return RedisCluster.from_url(url) if cluster else aioredis.Redis.from_url(url)


Move = tuple[str, int, Incoming]  # (kind, seat, what the player sends)


def _candidates(table: Table, rng: random.Random) -> list[tuple[Move, Any]]:
    """Every answer the prompts offer now, each with the action it makes (legal or not)."""
    spec = registry.get(table.game)
    assert spec is not None
    found = []
    for index, prompt in enumerate(play.waiting_prompts(spec, play.state_of(spec, table))):
        kind = prompt.id.split(":")[0]
        for seat in prompt.seats:
            user = table.seats[seat].user
            chat = f"dm:{user}" if prompt.secret else table.chat
            for i, option in enumerate(prompt.options):
                data = buttons.encode(table.chat, table.step_token, index, i)
                msg = Incoming(PLATFORM, chat, user, user, button=data, private=prompt.secret)
                found.append(((f"{kind} (button)", seat, msg), option.action))
            if prompt.input is not None and prompt.input.kind == "number":
                low = prompt.input.min or 0
                value = low + (prompt.input.multiple_of or 1) * rng.randrange(3)
                text = f"/{prompt.command} {value}" if prompt.command else str(value)
                msg = Incoming(PLATFORM, chat, user, user, text=text, private=prompt.secret)
                found.append(((f"{kind} (typed)", seat, msg), prompt.input.fill(value)))
    return found


def _legal(table: Table, seat: int, action: Any) -> bool:
    spec = registry.get(table.game)
    assert spec is not None
    try:
        spec.apply(play.state_of(spec, table), seat, spec.parse_action(action))
    except RuleError:
        return False
    return True


def _moves(table: Table, rng: random.Random) -> list[Move]:
    """Every answer the engine accepts now."""
    return [m for m, action in _candidates(table, rng) if _legal(table, m[1], action)]


def _pick(table: Table, rng: random.Random) -> Move | None:
    """A random answer the engine accepts now: the first legal one of them shuffled (as
    likely as `rng.choice(_moves(…))`, without trying every answer: the robot's own time
    is not the bot's)."""
    found = _candidates(table, rng)
    rng.shuffle(found)
    return next((m for m, action in found if _legal(table, m[1], action)), None)


async def play_table(router: Router, chat: str, game: str, lat: dict, seed: int) -> None:
    game_id, players, *options = game.split(":")
    users = [f"{chat}-p{i}" for i in range(int(players))]
    rng = random.Random(seed)

    async def send(kind: str, msg: Incoming) -> None:
        before = Counted.trips
        t0, c0 = time.perf_counter(), time.process_time()
        await router.handle(msg)
        lat[kind].append(time.perf_counter() - t0)
        # this process's CPU for the command (the client's side of Redis included): what
        # other processes on a busy machine take from the wall clock does not count here
        lat[f"_cpu {kind.split(' ')[0]}"].append(time.process_time() - c0)
        lat["_trips"].append(Counted.trips - before)

    def say(user: str, text: str) -> Incoming:
        return Incoming(PLATFORM, chat, user, user, text=text)

    await send("new", say(users[0], f"/new {game_id} {' '.join(options)}".strip()))
    for user in users[1:]:
        await send("join", say(user, "/join"))
    await send("start", say(users[0], "/start"))
    for _ in range(5000):
        table = await router.table(PLATFORM, chat)
        assert table is not None
        if table.status != "playing":
            return
        t0 = time.perf_counter()  # the robot's own thinking: not the bot's, taken out below
        move = _pick(table, rng)
        lat["_robot"].append(time.perf_counter() - t0)
        if move is None:
            raise RuntimeError(f"{game_id}: nobody can move at step {table.step}")
        kind, _, msg = move
        await send(f"{game_id} {kind}", msg)
    raise RuntimeError(f"{game_id}: no end")


async def _worker(url: str, cluster: bool, games: list[str], tables: int, offset: int) -> dict:
    client = Counted.wrap(_client(url, cluster))
    router = Router(client, store=CountingStore(client))
    lat: dict[str, list[float]] = defaultdict(list)
    t0 = time.perf_counter()
    await asyncio.gather(
        *(
            play_table(router, f"w{offset}-{g.split(':')[0]}-{i}", g, lat, offset * 1000 + i)
            for g in games
            for i in range(tables)
        )
    )
    wall = time.perf_counter() - t0
    await client.aclose()
    return {"lat": dict(lat), "wall": wall, "retries": CountingStore.retries}


async def _quiet(url: str, cluster: bool, games: list[str], tables: int) -> dict:
    """Latency with nothing else in flight: one table after another, one command at a time."""
    client = Counted.wrap(_client(url, cluster))
    router = Router(client, store=CountingStore(client))
    lat: dict[str, list[float]] = defaultdict(list)
    for g in games:
        for i in range(tables):
            await play_table(router, f"quiet-{g.split(':')[0]}-{i}", g, lat, 7000 + i)
    await client.aclose()
    return dict(lat)


def _run_worker(args: tuple) -> dict:
    return asyncio.run(_worker(*args))


async def _floor(url: str, cluster: bool, size: int, n: int = 300) -> dict[str, list[float]]:
    """The bare compare-and-set a command needs (HMGET, then EVALSHA of a table of
    `size` bytes), with no router, engine or rendering: the floor of one write. Its wall
    time, and this process's CPU for it."""
    client = _client(url, cluster)
    store = RedisStore(client)
    key = table_key(PLATFORM, "floor")
    data = b"x" * size
    times: dict[str, list[float]] = {"wall": [], "cpu": []}
    for _ in range(n):
        t0, c0 = time.perf_counter(), time.process_time()
        current = await store.load(key)
        await store.cas(key, current.version, data)
        times["wall"].append(time.perf_counter() - t0)
        times["cpu"].append(time.process_time() - c0)
    await client.aclose()
    return times


async def _table_sizes(url: str, cluster: bool, games: list[str]) -> dict[str, tuple[int, int]]:
    """Bytes stored and MEMORY USAGE of one table of each game, at its largest in a whole
    game played with 64-character names."""
    client = _client(url, cluster)
    router = Router(client)
    sizes = {}
    for game in games:
        game_id, players, *options = game.split(":")
        chat = f"size-{game_id}"
        users = [f"{chat}-p{i}-{'x' * 40}" for i in range(int(players))]
        rng = random.Random(1)  # names of 64 different characters: the longest we keep
        names = ["".join(rng.choices(string.ascii_letters, k=64)) for _ in users]
        pairs = zip(users, names, strict=True)
        said = [Incoming(PLATFORM, chat, u, n, text="/join") for u, n in pairs]
        await router.handle(replace(said[0], text=f"/new {game_id} {' '.join(options)}"))
        for msg in said[1:]:
            await router.handle(msg)
        await router.handle(replace(said[0], text="/start"))
        key = table_key(PLATFORM, chat)
        largest = (0, 0)
        for _ in range(5000):  # the whole game
            table = await router.table(PLATFORM, chat)
            if table is None or table.status != "playing":
                break
            move = _pick(table, rng)
            if move is None:
                break
            await router.handle(replace(move[2], name=names[move[1]]))
            used = (await client.memory_usage(key), await client.hstrlen(key, "d"))
            largest = max(largest, used)
        sizes[game_id] = (largest[1], largest[0])
    await client.aclose()
    return sizes


def pct(xs: list[float], p: int) -> float:
    return (
        statistics.quantiles(xs, n=100, method="inclusive")[p - 1] * 1000
        if len(xs) > 1
        else xs[0] * 1000
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10, help="tables of each game per worker")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--cluster", action="store_true", help="a 3-master Redis Cluster")
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    args = parser.parse_args()
    sys.setrecursionlimit(10_000)
    with contextlib.ExitStack() as stack:
        url = stack.enter_context(redis_cluster() if args.cluster else redis_server())
        print(
            f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}, {'3-master cluster' if args.cluster else 'one'} "
            f"redis-server on loopback; games {', '.join(args.games)}"
        )
        sizes = asyncio.run(_table_sizes(url, args.cluster, args.games))
        for game, (json_bytes, memory) in sizes.items():
            print(
                f"  {game}, largest in a game with 64-char names: {json_bytes} B stored, "
                f"{memory} B in Redis (MEMORY USAGE)"
            )
        biggest = max(j for j, _ in sizes.values())
        # The floor just before and just after the commands: a busy machine changes both.
        before = asyncio.run(_floor(url, args.cluster, biggest, 150))
        quiet = asyncio.run(_quiet(url, args.cluster, args.games, 2))
        after = asyncio.run(_floor(url, args.cluster, biggest, 150))
        floor, floor_cpu = before["wall"] + after["wall"], before["cpu"] + after["cpu"]
        trips = quiet.pop("_trips")
        quiet.pop("_robot")
        cpu = {k.split(" ", 1)[1]: quiet.pop(k) for k in list(quiet) if k.startswith("_cpu ")}
        print(
            f"\nfloor (HMGET + EVALSHA of a {biggest} B table, alone): "
            f"p50 {pct(floor, 50):.2f} ms, p99 {pct(floor, 99):.2f} ms; this process's "
            f"CPU p50 {pct(floor_cpu, 50):.2f} ms"
        )
        every = [x for v in quiet.values() for x in v]
        print(
            f"one command at a time ({len(every)} commands): p50 {pct(every, 50):.2f} ms "
            f"({pct(every, 50) / pct(floor, 50):.1f}× the floor), p99 {pct(every, 99):.2f} ms"
        )
        for game, xs in cpu.items():
            if registry.get(game) is None:  # a lobby command
                continue
            wall = [x for k, v in quiet.items() if k.split(" ")[0] == game for x in v]
            print(
                f"  {game}: p50 {pct(wall, 50):.2f} ms ({pct(wall, 50) / pct(floor, 50):.1f}× "
                f"the floor), p99 {pct(wall, 99):.2f} ms; CPU p50 {pct(xs, 50):.2f} ms "
                f"({pct(xs, 50) / pct(floor_cpu, 50):.1f}× the floor's)"
            )
        for kind in sorted(quiet):
            xs = quiet[kind]
            print(
                f"    {kind:36s} n={len(xs):5d}  p50 {pct(xs, 50):6.2f}  p99 {pct(xs, 99):6.2f} ms"
            )
        c = Counter(trips)
        print(
            f"  Redis round trips per command: mean {statistics.mean(trips):.2f}, "
            f"{dict(sorted(c.items()))}"
        )
        for workers in args.workers:
            jobs = [(url, args.cluster, args.games, args.tables, w) for w in range(workers)]
            t0 = time.perf_counter()
            with multiprocessing.get_context("spawn").Pool(workers) as pool:
                results = pool.map(_run_worker, jobs)
            wall = time.perf_counter() - t0
            lat: dict[str, list[float]] = defaultdict(list)
            for r in results:
                for k, v in r["lat"].items():
                    lat[k].extend(v)
            lat.pop("_trips")
            robot = sum(lat.pop("_robot")) / workers
            done = sum(len(v) for v in lat.values())
            every = [x for v in lat.values() for x in v]
            print(
                f"\n{workers} worker process(es), {args.tables} tables of each game each, all "
                f"in flight: {done} commands in {wall:.1f} s = {done / wall:.0f} commands/s "
                f"({done / (wall - robot):.0f}/s without the robots' own {robot:.1f} s); "
                f"CAS retries {sum(r['retries'] for r in results)}; latency in flight (queued "
                f"behind the other tables) p50 {pct(every, 50):.2f} ms, p99 {pct(every, 99):.2f} ms"
            )


if __name__ == "__main__":
    main()
