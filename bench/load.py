"""Load on real games: robot tables through the router against a real Redis, beside the floor.

    python -m bench.load [--tables 20] [--rounds 3] [--workers 1 2] [--repeat 5] [--cluster]
                         [--no-durable] [--games …]

Tables of each game are played to the end by robot players choosing random legal
answers (as tests/fixtures/robot.py does), pressing the button or typing the value the bot
offers — answers prepared beforehand in other processes (bench/robots.py), so that
the robots' thinking takes no CPU from the bot measured — in 1 and then 2 worker
processes against one redis-server started for the run (or a 3-master Redis Cluster
with --cluster). Each worker keeps N tables of each game in flight (--tables), and
draws the next table from one pool its run's workers share as one ends, as webhook
workers behind a load balancer share a bot's chats; a run of n workers plays
n × rounds × N tables of each game. Every
command carries a platform update id, as every real one does (so its write marks it),
and what it says is kept in the chat's durable outbox with its write, as Telegram's and
Discord's are (`--no-durable`: not), and acknowledged after it as the courier does (a
round trip counted in commands/s, not in the command's latency).
Printed per run: commands/s, p50/p99 per command kind, compare-and-set retries, Redis
round trips per command, bytes per table, and the floor measured in the same run; what
the slowest 1 % of the quiet run's commands did (bench/tail.py); and where the workers'
runs' CPU went — each worker's, redis-server's per command, other processes', idle —
with the ceiling the cores allow at those costs (bench/cpu.py): on 2 cores, two
workers share them with redis-server (and with whatever else the machine runs). With
`--repeat N` the worker runs go N times in turn (1 2 1 2 …), and n workers / 1 is
printed for each pair, then their median with its spread: a busy machine changes the
ratio from one pair to the next.

The floor is the bare Redis work the commands really need, with no router, engine or
rendering: one EVALSHA of the compare-and-set script writing a table of the size the
commands wrote (median), with an update marker and one answer appended to the game's log,
as a command's write does; and, as the commands are measured to need one more round trip
now and then (a table another process wrote, a refusal read afresh), the floor of that
exact mix: one EVALSHA, or HMGET + EVALSHA, as often as the commands needed either.

What commands/s counts: the time from the moment every worker process is ready (spawned,
imported, connected: not counted) until its last command is answered, from the first
worker's start to the last one's end (and, beside it, less the robots' own part: reading
the step's token from the table the bot last wrote, in the process's memory, to put it on
the button, once a step). Everything `Router.handle` does for a
command is counted, its Redis round trips, event-loop scheduling and garbage collection
included.
"""

import argparse
import asyncio
import contextlib
import gc
import multiprocessing
import os
import platform
import random
import statistics
import string
import sys
import time
import weakref
from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from redis.asyncio.connection import AbstractConnection

from bench import cpu as cpu_use
from bench import robots, tail
from bench.robots import PLATFORM, Answer
from bot.chat.router import Incoming, Router
from bot.store import outboxes as outbox_store
from bot.store.connection import connect
from bot.store.keys import outbox_key, table_key
from bot.store.markers import Marker
from bot.store.outboxes import Outboxes
from bot.store.versioned import RedisStore
from rules import registry
from tests.fixtures.redis_server import redis_cluster, redis_server

try:  # (the bench also runs on the code before the answers' log left the table)
    from bot.app import started
    from bot.store.keys import answers_key
    from bot.store.versioned import Log, Write
except ImportError:
    started = None  # type: ignore[assignment]

    Log = Write = None  # type: ignore[assignment,misc]

    def answers_key(platform: str, chat: str) -> str:
        return ""


GAMES = ("aufruhr:6:events=3 deadline=60", "einsistkeins:4", "einsistkeins_karten:5")


class Counted:
    """Counts round trips: every send on a connection (one command, or a pipeline) is
    one, counted where every path meets, as tests/bot/store/test_versioned.py's
    `round_trips` does. (Not a connection class of the bench's own: one server's pool
    would take it, but redis.asyncio.RedisCluster connects to its nodes with redis-py's
    own `Connection` whatever it is given.)"""

    trips = 0

    @classmethod
    def wrap(cls, client: Any) -> Any:
        if not getattr(AbstractConnection.send_packed_command, "counted", False):
            send = AbstractConnection.send_packed_command

            async def counted(self: Any, *a: Any, **k: Any) -> Any:
                cls.trips += 1
                return await send(self, *a, **k)

            counted.counted = True  # type: ignore[attr-defined]
            AbstractConnection.send_packed_command = counted  # type: ignore[method-assign]
        return client


class CountingStore(RedisStore):
    retries = 0
    sizes: ClassVar[list[int]] = []  # bytes of each table written
    kept: ClassVar[list[list[int]]] = []  # bytes of each reply kept with it (durable)

    async def _write(self, *a: Any, **k: Any) -> Any:
        data = getattr(a[2], "data", a[2])
        if data:
            CountingStore.sizes.append(len(data))
        push = a[5] if len(a) > 5 else k.get("push")
        CountingStore.kept.append([len(v) for v in push[1].values()] if push else [])
        lost = await super()._write(*a, **k)
        if lost is not None:
            CountingStore.retries += 1
        return lost


def _client(url: str, cluster: bool) -> Any:
    """A client as a worker makes it (bot/store/connection.py: its timeouts, no retries): redis-py
    does more for a command with a timeout (a task to send it, a timer to read it)."""
    return connect(url, cluster)


# (bench/replay.py and bench/memory.py play with the same robots)
_pick, _seen = robots.pick, robots.seen


class Pauses:
    """The garbage collector's pauses in this process: seconds in all, and how many."""

    total = 0.0
    count = 0
    longest = 0.0
    _began = 0.0

    @classmethod
    def watch(cls, phase: str, info: dict) -> None:
        if phase == "start":
            cls._began = time.perf_counter()
        else:
            took = time.perf_counter() - cls._began
            cls.total += took
            cls.count += 1
            cls.longest = max(cls.longest, took)


@dataclass
class Record:
    """One command, for the slowest 1 %: what it was, what it took, what it did."""

    game: str
    wall: float
    cpu: float  # this process's
    gc: float  # of the wall time, the garbage collector's pauses
    waited: float  # of the wall time, this process or redis-server ready but without a CPU
    board: bool  # its replies show the board
    advanced: bool = False  # it ended its step (the next prompts asked, everyone told)


async def play_table(
    router: Router,
    chat: str,
    game: str,
    answers: list[Answer],
    lat: dict,
    redis_pid: int | None = None,
) -> None:
    """`game` at `chat`: opened, then the prepared answers sent one after the other.
    With `redis_pid` (0: none to watch) each command also records how long this process
    and redis-server waited for a CPU: two reads of /proc, ~35 µs, left out of the runs
    that count commands/s; and its own CPU time, also left out of them (no worker
    reads its CPU time twice a command: two syscalls, ~4 µs on this VM, more when busy;
    those runs report the worker's whole CPU instead, bench/cpu.py)."""
    game_id = game.split(":")[0]
    users, opening = robots.opening(chat, game)
    robots.SEED.set(robots.seed_of(chat))  # (this task's: each table is one)
    updates = iter(range(1, 10**9))
    run = f"{os.getpid()}.{time.monotonic_ns()}"  # (update ids never met before)
    quiet = redis_pid is not None
    records: list[Record] = lat.setdefault("_records", [])
    outboxes = _outboxes(router)
    # (each kind's lists, found once: a command appends to them, nothing more)
    kinds: dict[str, tuple[list, list, list]] = {}
    acking: list[asyncio.Future[None]] = []  # the last command's acknowledgement, on its way

    async def send(kind: str, msg: Incoming) -> list:
        lists = kinds.get(kind)
        if lists is None:
            game = kind.split(" ")[0]
            lists = kinds[kind] = (lat[kind], lat[f"_cpu {game}"], lat[f"_trips {game}"])
        before = Counted.trips
        if quiet:  # (the quiet run's own: the runs that count commands/s read neither)
            gc0, w0, c0 = Pauses.total, _waits(redis_pid), time.process_time()
        t0 = time.perf_counter()
        replies = await router.handle(msg)
        wall = time.perf_counter() - t0
        lists[0].append(wall)
        if quiet:
            # this process's CPU for the command (the client's side of Redis included):
            # what other processes on a busy machine take from the wall clock does not
            # count here
            cpu = time.process_time() - c0
            waited = _waits(redis_pid) - w0
            lists[1].append(cpu)
            lat["_trips"].append(Counted.trips - before)
            lists[2].append(Counted.trips - before)
            board = any(r.board for r in replies)
            game = kind.split(" ")[0]
            records.append(Record(game, wall, cpu, Pauses.total - gc0, waited, board))
        if acking:
            await acking.pop()
        if ids := [r.outbox_id for r in replies if r.outbox_id]:
            # the courier's part (bot/chat/courier.py): what was sent leaves the durable outbox,
            # one round trip, counted in commands/s but not in the command's latency. The
            # courier acknowledges in a task of its own, which holds no update of the chat
            # back (adapters/telegram/order.py orders the updates, not the deliveries): so
            # here, in flight, the table's next command goes on meanwhile, and the
            # acknowledgement is awaited before the next one. The quiet run awaits it at
            # once: else its round trip went out with the next command's, counted there.
            acked = asyncio.ensure_future(outboxes.ack(chat, ids))
            if quiet:
                await acked
            else:
                acking.append(acked)
        return replies

    try:
        for msg in opening:
            update = f"{run}.{next(updates)}"  # as every real update has
            await send(msg.text.split()[0].lstrip("/"), replace(msg, update_id=update))
        step: str | None = None
        robot = lat["_robot"]
        for a in answers:
            # the robot's part, not the bot's: the step's token for its button, read from the
            # table the bot wrote (in this process's memory) when a step has ended. No await
            # in it, so its wall time is its CPU time: reading the CPU clock instead (a system
            # call, not the vDSO's) cost twice what it measured, ~2 % of the worker's samples.
            t0 = time.perf_counter()
            if step is None:
                step = robots.token(router, chat)
                assert step is not None
            msg = robots.answer(chat, users, step, a, f"{run}.{next(updates)}")
            robot.append(time.perf_counter() - t0)
            if any(r.error for r in await send(f"{game_id} {a.kind}", msg)):
                refused = f"{chat}: a prepared answer was refused ({a}): not the same game"
                raise RuntimeError(refused)
            if a.ends_step:
                if quiet:
                    records[-1].advanced = True
                step = None
        if acking:
            await acking.pop()
    finally:  # (a command failed: its table's acknowledgement is not left running)
        for pending in acking:
            pending.cancel()
    table = robots.seen(router, chat)
    if table is None or table.status == "playing":
        raise RuntimeError(f"{chat}: the prepared answers did not end the game")


_OUTBOXES: "weakref.WeakKeyDictionary[Router, Outboxes]" = weakref.WeakKeyDictionary()


def _outboxes(router: Router) -> Outboxes:
    """The router's platform's outboxes: one per router, as the adapters' courier holds
    one (made anew per acknowledgement, its three scripts were registered each time)."""
    made = _OUTBOXES.get(router)
    if made is None:
        made = _OUTBOXES[router] = Outboxes(router.redis, PLATFORM)
    return made


def _waits(redis_pid: int | None) -> float:
    if redis_pid is None:
        return 0.0
    return cpu_use.waited() + (cpu_use.waited(redis_pid) if redis_pid else 0.0)


def _router(client: Any, durable: bool) -> Router:
    router = robots.seeded_router(client, store=CountingStore(client))
    if durable:  # as Telegram's and Discord's: what a command says is kept with its write
        router.durable.add(PLATFORM)
    return router


def _chats(prefix: str, games: list[str], tables: int) -> list[tuple[str, str]]:
    """(chat, game) of `tables` tables of each game, the games in turn."""
    return [(f"{prefix}-{g.split(':')[0]}-{i}", g) for i in range(tables) for g in games]


async def _worker(
    url: str, cluster: bool, durable: bool, plays: list, flight: int, pool: Any, ready: Any
) -> dict:
    client = Counted.wrap(_client(url, cluster))
    router = _router(client, durable)
    await client.ping()
    if started is not None:
        started()  # as a worker does once it has started (bot/app.py)
    gc.callbacks.append(Pauses.watch)
    lat: dict[str, list] = defaultdict(list)
    ready.wait()  # every worker spawned, imported and connected: the clock starts
    machine, redis = cpu_use.Machine.now(), await cpu_use.servers(url, cluster)
    cpu, waited, paused = cpu_use.own_cpu(), cpu_use.waited(), Pauses.total
    trips = Counted.trips
    played = 0

    async def in_flight() -> None:
        """Tables one after the other, each the next the pool has, until none is left."""
        nonlocal played
        while (chat_game_answers := _draw(pool, plays)) is not None:
            await play_table(router, *chat_game_answers, lat)
            played += 1

    t0 = time.monotonic()  # (system-wide: comparable between the workers)
    await asyncio.gather(*(in_flight() for _ in range(flight)))
    t1 = time.monotonic()
    trips = Counted.trips - trips
    cpu, waited, paused = cpu_use.own_cpu() - cpu, cpu_use.waited() - waited, Pauses.total - paused
    after = (cpu_use.Machine.now(), await cpu_use.servers(url, cluster))
    await client.aclose()
    lat.pop("_records")
    return {
        "lat": dict(lat),
        "span": (t0, t1),
        "trips": trips,
        "retries": CountingStore.retries,
        "cpu": cpu,
        "waited": waited,
        "gc": paused,
        "before": (machine, redis),
        "after": after,
        "rss": cpu_use.max_rss(),
        "tables": played,
    }


def _longest_first(tables: list[tuple[str, str]], answers: dict[str, list]) -> list[tuple]:
    """(chat, game, answers) of each table, each game's longest games first and the games
    in turn: the tables drawn last, once the pool is dry and fewer tables are left in
    flight than keep a worker busy, are the shortest of their game (a longest-first
    order, as schedulers use to end together)."""
    by_game: dict[str, list[tuple]] = defaultdict(list)
    for chat, game in tables:
        by_game[game].append((chat, game, answers[chat]))
    for plays in by_game.values():
        plays.sort(key=lambda play: -len(play[2]))
    return [play for turn in zip(*by_game.values(), strict=True) for play in turn]


def _draw(pool: Any, plays: list) -> tuple | None:
    """The pool's next table, None when every one was drawn. The workers share the
    pool as webhook workers share a bot's chats behind a load balancer: a worker that
    gets more CPU plays more tables, and none runs out of work while another has a queue
    (a lock held for one increment, ~1 µs, once a table)."""
    with pool.get_lock():
        i = pool.value
        pool.value = i + 1
    return plays[i] if i < len(plays) else None


async def _quiet(
    url: str, cluster: bool, durable: bool, plays: list, redis_pid: int
) -> dict[str, Any]:
    """Latency with nothing else in flight: one table after another, one command at a time."""
    client = Counted.wrap(_client(url, cluster))
    router = _router(client, durable)
    lat: dict[str, Any] = defaultdict(list)
    gc.callbacks.append(Pauses.watch)
    count = Pauses.count
    try:
        for chat, g, answers in plays:
            await play_table(router, chat, g, answers, lat, redis_pid)
    finally:
        gc.callbacks.remove(Pauses.watch)
    lat["_gc count"] = Pauses.count - count
    await client.aclose()
    return dict(lat)


def _run_worker(args: tuple, ready: Any, results: Any) -> None:
    results.put(asyncio.run(_worker(*args, ready)))


def _workers(
    url: str, cluster: bool, durable: bool, plays: list, flight: int, n: int
) -> list[dict]:
    """`n` worker processes, started together once all of them are ready, each with
    `flight` tables in play at a time, drawn from `plays` in order as tables end."""
    ctx = multiprocessing.get_context("spawn")
    ready, results, pool = ctx.Barrier(n), ctx.Queue(), ctx.Value("i", 0)
    args = (url, cluster, durable, plays, flight, pool)
    procs = [ctx.Process(target=_run_worker, args=(args, ready, results)) for _ in range(n)]
    for p in procs:
        p.start()
    done = [results.get() for _ in procs]
    for p in procs:
        p.join()
    return done


async def _floor(
    url: str, cluster: bool, size: int, kept: list[int], n: int = 300
) -> dict[str, list[float]]:
    """The bare compare-and-set of a table of `size` bytes, with no router, engine or
    rendering: EVALSHA alone (the process knows the version it wrote last: what most
    commands need), and HMGET + EVALSHA (a command that reads first). Each write carries
    an update marker and appends one answer to the game's log, as a command's does, and
    `kept` (replies of these sizes into the durable outbox, with the chat's entry in the
    outboxes' index beside it). Wall time, and this process's CPU."""
    client = _client(url, cluster)
    store = RedisStore(client)
    key = table_key(PLATFORM, "floor")
    data = b"x" * size
    line = '[3,{"choice":2,"type":"folder"}]'  # an AUFRUHR! answer, as logged
    log = Log(answers_key(PLATFORM, "floor"), [line]) if Log is not None else None
    write = Write(data, log) if Write is not None else data
    times: dict[str, list[float]] = {"wall": [], "cpu": [], "read wall": [], "read cpu": []}
    version = (await store.load(key)).version
    for i in range(2 * n):
        read = i % 2 == 1
        marker = Marker.of(PLATFORM, "floor", f"f{i}-{time.monotonic_ns()}")
        fields = {outbox_store.field(version + 1, j): b"x" * b for j, b in enumerate(kept)}
        push = (outbox_key(PLATFORM, "floor"), fields) if kept else None
        index = outbox_store.index(PLATFORM, "floor") if kept else None
        t0, c0 = time.perf_counter(), time.process_time()
        if read:
            version = (await store.load(key)).version
        assert await store._write(key, version, write, None, marker, push, index=index) is None
        times["read wall" if read else "wall"].append(time.perf_counter() - t0)
        times["read cpu" if read else "cpu"].append(time.process_time() - c0)
        version += 1
        if i % 50 == 49:
            await client.delete(outbox_key(PLATFORM, "floor"))  # (as the courier would)
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
    parser.add_argument(
        "--tables", type=int, default=10, help="tables of each game in flight in each worker"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="a run plays its workers' tables in flight this many times over, from one pool",
    )
    parser.add_argument(
        "--workers", type=int, nargs="+", default=[1, 2], help="0: the quiet run alone"
    )
    parser.add_argument("--cluster", action="store_true", help="a 3-master Redis Cluster")
    parser.add_argument(
        "--no-durable",
        action="store_true",
        help="replies not kept in the durable outbox (Telegram and Discord keep them)",
    )
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    parser.add_argument(
        "--quiet", type=int, default=2, help="tables of each game one command at a time"
    )
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="the worker runs this many times, in turn (1 2 1 2 …): n workers / 1 each time",
    )
    args = parser.parse_args()
    durable = not args.no_durable
    sys.setrecursionlimit(10_000)
    with contextlib.ExitStack() as stack:
        url = (
            stack.enter_context(redis_cluster()).url
            if args.cluster
            else stack.enter_context(redis_server())
        )
        print(
            f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}, "
            f"{'3-master cluster, a replica each' if args.cluster else 'one'} "
            f"redis-server on loopback; games {', '.join(args.games)}; replies "
            f"{'kept in the durable outbox, acknowledged' if durable else 'not kept'}"
        )
        sizes = asyncio.run(_table_sizes(url, args.cluster, args.games))
        for game, (json_bytes, memory) in sizes.items():
            print(
                f"  {game}, largest in a game with 64-char names: {json_bytes} B stored, "
                f"{memory} B in Redis (MEMORY USAGE)"
            )
        most = max(args.workers)
        # The pool of the largest run: a run of n workers plays its first n·rounds·tables
        # tables of each game, the games in turn (so the mix in flight stays the same),
        # each game's longest first.
        pooled = _chats("p", args.games, most * args.rounds * args.tables)
        flight = args.tables * len(args.games)
        quiet_chats = _chats("q0", args.games, args.quiet)
        t0 = time.monotonic()
        every_chat = pooled + quiet_chats
        answers = robots.prepared(url, args.cluster, every_chat)
        print(
            f"  the robots' answers of {len(every_chat)} games prepared in "
            f"{time.monotonic() - t0:.1f} s, in two other processes (bench/robots.py)"
        )
        if started is not None:
            started()  # as a worker does once it has started (bot/app.py)
        pid = 0 if args.cluster else asyncio.run(cpu_use.server_pid(url))
        plays = [(chat, g, answers[chat]) for chat, g in quiet_chats]
        quiet = asyncio.run(_quiet(url, args.cluster, durable, plays, pid))
        written = int(statistics.median(CountingStore.sizes))
        # the replies a write keeps, as many and as long as the commands' median write's
        by_count = sorted(CountingStore.kept, key=len)
        kept = sorted(by_count[len(by_count) // 2])
        # The floor just before and just after: a busy machine changes both.
        before = asyncio.run(_floor(url, args.cluster, written, kept, 150))
        after = asyncio.run(_floor(url, args.cluster, written, kept, 150))
        floor = {k: before[k] + after[k] for k in before}
        trips = quiet.pop("_trips")
        records: list[Record] = quiet.pop("_records")
        collected = quiet.pop("_gc count")
        quiet.pop("_robot")
        cpu = {k.split(" ", 1)[1]: quiet.pop(k) for k in list(quiet) if k.startswith("_cpu ")}
        mix = {k.split(" ", 1)[1]: quiet.pop(k) for k in list(quiet) if k.startswith("_trips ")}

        def mixed(of: list[int], kind: str) -> list[float]:
            """The floor of this mix of commands: EVALSHA alone for one that made one
            round trip, HMGET + EVALSHA for one that made more."""
            plain, read = floor[kind], floor[f"read {kind}"]
            return [(plain if n <= 1 else read)[i % len(plain)] for i, n in enumerate(of)]

        every_floor = mixed(trips, "wall")
        print(
            f"\nfloor, the bare compare-and-set of a {written} B table (the median the "
            f"commands wrote) with its update marker, one logged answer and {len(kept)} "
            f"replies kept ({sum(kept)} B):\n"
            f"  EVALSHA alone: p50 {pct(floor['wall'], 50):.2f} ms, p99 "
            f"{pct(floor['wall'], 99):.2f} ms, CPU p50 {pct(floor['cpu'], 50):.2f} ms; HMGET + "
            f"EVALSHA: p50 {pct(floor['read wall'], 50):.2f} ms, p99 "
            f"{pct(floor['read wall'], 99):.2f} ms, CPU p50 {pct(floor['read cpu'], 50):.2f} ms"
        )
        c = Counter(trips)
        print(
            f"  the commands' mix ({dict(sorted(c.items()))} round trips, mean "
            f"{statistics.mean(trips):.2f}): p50 {pct(every_floor, 50):.2f} ms, p99 "
            f"{pct(every_floor, 99):.2f} ms"
        )
        every = [x for v in quiet.values() for x in v]
        print(
            f"one command at a time ({len(every)} commands): p50 {pct(every, 50):.2f} ms "
            f"({pct(every, 50) / pct(every_floor, 50):.1f}× the mix's floor), p99 "
            f"{pct(every, 99):.2f} ms; CPU a command on average "
            f"{statistics.mean(x for xs in cpu.values() for x in xs) * 1000:.2f} ms (in "
            f"`Router.handle`: the acknowledgements' round trips not in it)"
        )
        for game, xs in cpu.items():
            if registry.get(game) is None:  # a lobby command
                continue
            wall = [x for k, v in quiet.items() if k.split(" ")[0] == game for x in v]
            own, own_cpu = mixed(mix[game], "wall"), mixed(mix[game], "cpu")
            print(
                f"  {game}: p50 {pct(wall, 50):.2f} ms ({pct(wall, 50) / pct(own, 50):.1f}× "
                f"its floor, {pct(wall, 50) / pct(floor['read wall'], 50):.1f}× HMGET + "
                f"EVALSHA's), p99 {pct(wall, 99):.2f} ms; CPU p50 {pct(xs, 50):.2f} ms "
                f"({pct(xs, 50) / pct(own_cpu, 50):.1f}× its floor's); round trips "
                f"{statistics.mean(mix[game]):.2f}"
            )
            print(tail.slowest([r for r in records if r.game == game], bool(pid)))
        print(
            f"  garbage collector: {collected} pauses in the run of {len(every)} commands, "
            f"{sum(r.gc > 0 for r in records)} of them inside a command "
            f"({sum(r.gc for r in records) * 1000:.1f} ms in all), the longest "
            f"{Pauses.longest * 1000:.2f} ms"
        )
        for kind in sorted(quiet):
            xs = quiet[kind]
            print(
                f"    {kind:36s} n={len(xs):5d}  p50 {pct(xs, 50):6.2f}  p99 {pct(xs, 99):6.2f} ms"
            )
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
        runs: dict[int, list[tuple[float, cpu_use.Account]]] = defaultdict(list)
        # (a run plays its chats again after the one before: /new in a chat whose game
        # is over starts the same game, its seed drawn from the chat's name)
        for workers in [n for _ in range(args.repeat) for n in args.workers if n > 0]:
            plays = _longest_first(pooled[: workers * args.rounds * flight], answers)
            results = _workers(url, args.cluster, durable, plays, flight, workers)
            span = max(r["span"][1] for r in results) - min(r["span"][0] for r in results)
            lat: dict[str, list[float]] = defaultdict(list)
            for r in results:
                for k, v in r["lat"].items():
                    lat[k].extend(v)
            robot = sum(lat["_robot"]) / workers  # (the workers answer in parallel)
            commands = {k: v for k, v in lat.items() if not k.startswith("_")}
            done = sum(len(v) for v in commands.values())
            every = [x for v in commands.values() for x in v]
            print(
                f"\n{workers} worker process(es), {len(plays)} tables from one pool, "
                f"{flight} in flight in each ({args.tables} of each game to begin with): "
                f"{done} commands in {span:.2f} s = {done / span:.0f} commands/s "
                f"({done / (span - robot):.0f}/s without the robots' own {robot:.2f} s of "
                f"sending their prepared answers); CAS retries "
                f"{sum(r['retries'] for r in results)}; latency in flight (queued behind the "
                f"other tables) p50 {pct(every, 50):.2f} ms, p99 {pct(every, 99):.2f} ms"
            )
            trips = sum(r["trips"] for r in results)
            print(f"  Redis round trips {trips / done:.2f} a command (acknowledgements included)")
            if workers > 1:
                # A worker given more CPU than another (the scheduler, another process, the
                # hypervisor) draws more tables from the pool; once the pool is empty, one
                # whose last tables end first leaves the other alone on what is left,
                # where two cores serve what one worker can.
                start = min(r["span"][0] for r in results)
                ends = sorted(r["span"][1] - start for r in results)
                print(
                    f"  tables played: {', '.join(str(r['tables']) for r in results)}; the "
                    f"workers' last tables ended {ends[0]:.2f}–{ends[-1]:.2f} s into the run: "
                    f"fewer than {workers} busy for its last {(ends[-1] - ends[0]) / span:.0%}"
                )
            account = cpu_use.Account.of(results, done, span, cores, sum(lat["_robot"]))
            print(account.report())
            runs[workers].append((done / span, account))
        if 1 in runs and len(runs) > 1:
            print(cpu_use.scaling(runs))


if __name__ == "__main__":
    main()
