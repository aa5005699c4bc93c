"""Tables in Redis: load → apply → compare-and-set on a version number.

A table is one hash {v: version, d: JSON}. A command reads it (HMGET, one round
trip), applies a pure function, and writes back with a Lua compare-and-set
(EVALSHA, one round trip) that succeeds only if nobody wrote in between; on
conflict the script answers with what is stored now, and the function runs again on
that. Lua rather than WATCH/MULTI: on a hot key WATCH/MULTI fails and starts over for
every write that slipped in between (the script never does: it decides on the server),
and costs an extra round trip.

A process remembers the version and data of the tables it wrote or read last (`KNOWN`
of them), and a command starts from that without reading: one round trip when nobody
else wrote the table since (the usual case: a chat's updates mostly reach the process
that handled its last one), two when somebody did (the write loses, and its answer is
the fresh read). A function that writes nothing (KEEP: a refusal) on remembered data
is run again on a fresh read, so a refusal is never decided on stale data.

Commands of one process on one key are also queued behind an asyncio lock: not
for correctness (the compare-and-set gives that across processes) but so a burst
of button presses in one chat does not turn into a storm of retries.
"""

import asyncio
import functools
import itertools
import os
import random
import secrets
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from redis.asyncio.cluster import RedisCluster
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, RedisClusterException, RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.ops import logs, metrics
from bot.store import markers
from bot.store.connection import NotSent
from bot.store.markers import MARKER_TTL_SECONDS, Marker
from bot.store.replicated import Replicas
from bot.store.write_outcome import SETTLE_SECONDS, Duplicate, MaybeApplied, NotApplied, landed

__all__ = [
    "KEEP",
    "MARKER_TTL_SECONDS",
    "Duplicate",
    "Index",
    "Marker",
    "MaybeApplied",
    "NotApplied",
    "RedisStore",
    "StoreConflict",
]

R = TypeVar("R")

DEFAULT_TTL_SECONDS: Final = 30 * 24 * 3600  # idle tables vanish after 30 days


class Keep:
    """The type of KEEP."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP: Final = Keep()
"""Returned by a transaction function that wants to write nothing."""

# With ARGV[6] not empty, KEYS[2] is the chat's record of handled updates
# (bot/store/markers.py) and ARGV[6] the id of the platform update that caused the write:
# it is marked there with the write, atomically, by ARGV[5] (a token of this write), and
# a write whose update is marked already is refused ({-2, the token that marked it}), so
# an update delivered again, to any process, any time within the record's window, is
# applied once; and after a lost answer the mark tells whether the write landed (the
# token: this very write, sent again by a client's retry, is told apart from another
# delivery of its update).
# With ARGV[9] ~= '', KEYS[4] is a list beside the table (`Log`: the game's answers):
# emptied first if ARGV[9] == '1', then given the ARGV[10] lines that follow, and set to
# expire with the table, with the write and only with it.
# The ARGV[7] after those are field/value pairs written into the hash KEYS[3] (the chat's
# durable outbox, bot/store/outboxes.py) with the write, and only with it: what a command
# says is stored exactly when what it did is. The outbox then holds at most ARGV[8]
# replies: past that the oldest go, those without a prompt or board (a field ending in
# 'p') first, this write's never (bot/store/outboxes.py says why).
# ARGV after those are members removed from the sorted set KEYS[5] (the chat's deadlines
# of a step that has passed: bot/table/saved.py), again only if the write wins.
# With ARGV[11] ~= '', it is added to the set KEYS[6] if the write wins (`Index`: the chat
# in its platform's index of outboxes with something waiting, bot/store/outboxes.py).
# KEYS[2], KEYS[3], KEYS[4] and KEYS[5] are the table's own key when there is no marker,
# outbox, log or deadline to remove.
_CAS = (
    markers.LUA
    + """
local record = ARGV[6] ~= '' and KEYS[2] or nil
if record then
  if fenced(record, ARGV[5]) then return {-2, 'fence:' .. ARGV[5]} end
  local held = seen(record, ARGV[6])
  if held then return {-2, held} end
end
local v = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if v ~= tonumber(ARGV[1]) then return {v, redis.call('HGET', KEYS[1], 'd')} end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
else
  redis.call('HSET', KEYS[1], 'v', v + 1, 'd', ARGV[2])
  redis.call('PEXPIRE', KEYS[1], ARGV[3])
end
if record then mark(record, ARGV[6], ARGV[5], ARGV[4]) end
if ARGV[11] ~= '' then redis.call('SADD', KEYS[6], ARGV[11]) end
local m = tonumber(ARGV[10])
if ARGV[9] ~= '' then
  if ARGV[9] == '1' then redis.call('DEL', KEYS[4]) end
  if m > 0 then redis.call('RPUSH', KEYS[4], unpack(ARGV, 12, 11 + m)) end
  redis.call('PEXPIRE', KEYS[4], ARGV[3])
end
local first = 12 + m
local n = tonumber(ARGV[7])
if n > 0 then
  redis.call('HSET', KEYS[3], unpack(ARGV, first, first + n - 1))
  redis.call('PEXPIRE', KEYS[3], ARGV[3])
  local over = redis.call('HLEN', KEYS[3]) - tonumber(ARGV[8])
  if over > 0 then
    local fields = redis.call('HKEYS', KEYS[3])
    table.sort(fields)
    for pass = 1, 2 do
      for _, f in ipairs(fields) do
        if over > 0 and f < ARGV[first] and (pass == 2 or string.sub(f, -1) ~= 'p') then
          over = over - redis.call('HDEL', KEYS[3], f)
        end
      end
    end
  end
end
if #ARGV >= first + n then redis.call('ZREM', KEYS[5], unpack(ARGV, first + n)) end
return v + 1
"""
)
DUPLICATE = -2
KNOWN = 1024  # tables whose last version and data a process remembers (~7 MB at most)


class _Tokens:
    """Each write's token (see _CAS): unique among every write of every process, not
    secret — a random part drawn once per process (again in a forked child) and a count.
    `secrets.token_hex` for every write asked the kernel for randomness each time (a
    syscall: more than the rest of the token's path costs)."""

    def __init__(self) -> None:
        self.draw()
        os.register_at_fork(after_in_child=self.draw)

    def draw(self) -> None:
        self.prefix = secrets.token_hex(8)
        self.count = itertools.count(1)

    def __call__(self) -> str:
        return f"{self.prefix}.{next(self.count)}"


_token = _Tokens()


class StoreConflict(Exception):
    """A transaction kept losing the race; raised only after many retries."""


# What a write stores beside the table in the same script: a hash's key (of the table's
# hash tag) and its fields → values (bot/store/outboxes.py: what the command says).
Push = tuple[str, dict[str, bytes | str]]
# The most fields that hash keeps after a write: past it the oldest go (see _CAS;
# bot/store/outboxes.py says why 50 and what goes first).
PUSH_CAP: Final = 50

# What a write removes from a sorted set beside the table if it wins: the set's key and
# the members (bot/table/saved.py: the deadlines of a step that has passed).
Drop = tuple[str, list[str]]

# What a write adds to a set if it wins: the set's key and the member (bot/store/outboxes.py:
# the chat in its platform's index of outboxes with something waiting). In the script on
# one Redis, so that the write and its outbox's entry go as one command, not a pipeline
# of two; on a cluster, where the set lies in another slot, just before the write (whatever
# it does: an entry whose outbox is empty leaves at the next sweep).
Index = tuple[str, str]


@dataclass(frozen=True)
class Log:
    """A list beside a table (a key of its hash tag) that the table's write appends to,
    atomically: a write that loses appends nothing. It expires with the table."""

    key: str
    lines: Sequence[str] = ()
    reset: bool = False  # emptied first (a new game's answers)
    pack: bool = False  # for the writer: its tail is to be packed once the write has won


@dataclass(frozen=True)
class Write:
    """What a transaction function may return to store: the table (None deletes it) and
    what its write appends to a list beside it (bot/proof/games.py: the game's answers)."""

    data: bytes | None
    log: Log | None = None


@dataclass(frozen=True)
class Versioned:
    version: int
    data: bytes | None


class RedisStore:
    def __init__(
        self,
        redis: Any,
        *,
        ttl_seconds: float = DEFAULT_TTL_SECONDS,
        max_retries: int = 1000,
        settle: float = SETTLE_SECONDS,
    ) -> None:
        self.redis = redis
        self.ttl_ms = int(ttl_seconds * 1000)
        self.max_retries = max_retries
        self.settle = settle
        self._cas = redis.register_script(_CAS)
        self._claim = redis.register_script(markers.CLAIM)
        self.cluster = isinstance(redis, RedisCluster)
        self.replicas = Replicas(redis)
        # The keys a command of this process is on: those queued behind it, if any (a
        # deque of their futures). An asyncio.Lock per key, in a WeakValueDictionary, cost
        # a lock and a weak reference made and dropped on every command.
        self._turns: dict[str, deque[asyncio.Future[None]] | None] = {}
        self._known: OrderedDict[str, Versioned] = OrderedDict()

    async def load(self, key: str) -> Versioned:
        version, data = await self.redis.hmget(key, ["v", "d"])
        return Versioned(int(version or 0), data)

    async def version(self, key: str) -> int:
        """The stored version alone (0: nothing stored), without the data."""
        return int(await self.redis.hget(key, "v") or 0)

    async def cas(
        self,
        key: str,
        expected: int,
        data: bytes | Write | None,
        marker: Marker | None = None,
        push: Push | None = None,
        drop: Drop | None = None,
        index: Index | None = None,
    ) -> bool:
        """Write `data` (None deletes) if the stored version is still `expected` (and the
        update `marker` names was not applied yet: else `Duplicate`); `push`'s fields are
        written with it, `drop`'s members removed, `index`'s member added."""
        write = data if isinstance(data, Write) else Write(data)
        lost = await self._write(key, expected, write, None, marker, push, drop, index=index)
        return lost is None

    def _cas_args(
        self,
        key: str,
        expected: int,
        write: Write,
        marker: Marker | None,
        push: Push | None = None,
        drop: Drop | None = None,
        token: str = "",
        index: Index | None = None,
    ) -> tuple[list[str], list[Any]]:
        pairs = [x for pair in push[1].items() for x in pair] if push else []
        log = write.log
        member = index[1] if index else ""
        args = [expected, write.data or b"", self.ttl_ms, MARKER_TTL_SECONDS * 1000]
        args += [token, marker.update if marker else "", len(pairs), PUSH_CAP]
        if log is not None:
            args += ["1" if log.reset else "0", len(log.lines), member, *log.lines]
        else:
            args += ["", 0, member]
        args += pairs
        outbox = push[0] if push and pairs else key
        record = marker.record if marker else key
        keys = [key, record, outbox, log.key if log else key]  # (see _CAS)
        dropped = drop is not None and bool(drop[1])
        if dropped or index:
            keys.append(drop[0] if dropped else key)  # type: ignore[index]
            args.extend(drop[1] if dropped else ())  # type: ignore[index]
        if index:
            keys.append(index[0])
        return keys, args

    async def claim(self, marker: Marker) -> None:
        """Mark an update handled that writes nothing (a refusal, a roll); `Duplicate` if
        it was handled already. One round trip."""
        ttl = MARKER_TTL_SECONDS * 1000
        if not await self._claim(keys=[marker.record], args=[marker.update, _token(), ttl]):
            raise Duplicate(marker)

    async def _write(
        self,
        key: str,
        expected: int,
        write: Write,
        also: Callable[[Any], None] | None,
        marker: Marker | None = None,
        push: Push | None = None,
        drop: Drop | None = None,
        token: str = "",
        index: Index | None = None,
    ) -> Versioned | None:
        """None if the write won; else what is stored now (the write lost). `NotApplied`
        when Redis could not be reached at all (nothing was sent)."""
        token = token or _token()  # (the marker holds it: see _CAS)
        if self.cluster:
            # A script touches one slot only, and what goes with the write lies in others.
            # What another process must find if this one dies the moment its write is
            # answered goes first: the deadlines it schedules (`also`) and its chat's entry
            # in the index of outboxes (`index`), both harmless if the write loses. Sent
            # after it, a process killed in between would leave a prompt no sweep finds
            # and a step without a deadline: a game stopped for good (issue 39). (A
            # deadline is due seconds later; its step is written a round trip after it.)
            # What only a won write may do (`drop`) follows it; lost with a dying
            # process, a passed step's deadlines fire on nothing.
            await self._before(key, also, index)
            keys, args = self._cas_args(key, expected, write, marker, push, token=token)
            master = await self.replicas.master(key)
            if master is None:
                answer = await self._cas(keys=keys, args=args)
            else:  # (answered once a replica has it: bot/store/replicated.py)
                answer = await self.replicas.cas(master, _CAS, keys, args)
            lost = _lost(answer, token)
            if lost is None and drop and drop[1]:
                await self.redis.zrem(drop[0], *drop[1])
            return lost
        keys, args = self._cas_args(key, expected, write, marker, push, drop, token, index)
        try:
            return _lost(await self._sent(keys, args, also), token)
        except NotSent as e:
            raise NotApplied(key) from e  # (no connection could be had: nothing was sent)

    async def _before(
        self, key: str, also: Callable[[Any], None] | None, index: Index | None
    ) -> None:
        """On a cluster, what goes before the write (see `_write`); `NotApplied` if any
        of it fails: the write was not sent. Errors are taken as answers, not raised:
        raised, they make redis-py's cluster pipeline try again after re-reading the
        layout, three timeouts where the write's own path spends one."""
        async with self.redis.pipeline(transaction=False) as pipe:
            if also is not None:
                also(pipe)
            if index:
                pipe.sadd(*index)
            try:
                answers = await pipe.execute(raise_on_error=False)  # (nothing queued: no trip)
            except (RedisError, RedisClusterException) as e:
                raise NotApplied(key) from e
        for answer in answers:
            if isinstance(answer, BaseException):
                raise NotApplied(key) from answer

    async def _sent(
        self, keys: list[str], args: list[Any], also: Callable[[Any], None] | None
    ) -> Any:
        """The compare-and-set's answer. With `also`, in one pipeline with what it queues,
        one round trip, the write first: a deadline it schedules must not fire before the
        step it belongs to exists. By the script's SHA, not the script object: in a
        pipeline that sends SCRIPT EXISTS before every write, a round trip more. The
        script is loaded when the server answers NOSCRIPT (first use, a restart, SCRIPT
        FLUSH), and `also` is then sent once more, which its contract (harmless if the
        write loses) allows. When `also` queues nothing (most writes: their outbox's entry
        in the index is the script's, `Index`), the script goes alone, as one command: a
        pipeline of one costs the client more."""
        for attempt in range(2 if also is not None else 0):
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.evalsha(self._cas.sha, len(keys), *keys, *args)
                also(pipe)  # type: ignore[misc]
                if len(pipe) == 1:
                    break
                try:
                    return (await pipe.execute())[0]
                except NoScriptError:
                    if attempt:
                        raise
            await self.redis.script_load(_CAS)
        return await self._cas(keys=keys, args=args)  # (redis-py loads it on NOSCRIPT)

    async def transact(
        self,
        key: str,
        fn: Callable[[bytes | None], tuple[bytes | Write | Keep | None, R]],
        also: Callable[[R, Any], None] | None = None,
        marker: Marker | None = None,
        push: Callable[[R, int], Push | None] | None = None,
        drop: Callable[[R], Drop | None] | None = None,
        index: Callable[[R], Index | None] | None = None,
    ) -> R:
        """Run `fn(current) -> (new, result)` until its write wins; return its result.

        `fn` must be pure: it may run several times. `new` is the bytes to store,
        None to delete the key, a `Write` (bytes or None, and lines for a list beside
        the table), or KEEP to write nothing (one round trip only).
        `also(result, pipe)` may queue commands sent in the same round trip as the write
        (on a cluster, in the one before it: `_write`) — before it is known to win, so
        only commands harmless if it loses (`pipe` has redis-py's command methods).
        `marker` (in a record of the same hash tag, bot/store/markers.py) names the platform
        update being handled: it is marked with the write (or, for KEEP, on its own),
        and an update marked already raises `Duplicate`. When Redis fails mid-write,
        `NotApplied` or `MaybeApplied` says what we know. `push(result, new version)`
        names what is written with the table, atomically (bot/store/outboxes.py);
        `drop(result)` what is removed from a sorted set if the write wins (in the same
        script; on a cluster, right after it); `index(result)` what is added to a set
        (in the script if the write wins; on a cluster, before it, as `also`).
        """
        if key in self._turns:  # another command of this process has it: in turn
            await self._wait_turn(key)
        else:
            self._turns[key] = None
        try:
            # What this process last knew of the table: not read again (see the module).
            current: Versioned | None = self._known.pop(key, None)
            fresh = current is None
            for attempt in range(self.max_retries):
                if current is None:
                    try:
                        current, fresh = await self.load(key), True
                    except RedisError as e:  # (any earlier try lost its race: none landed)
                        raise NotApplied(key) from e
                try:
                    new, result = fn(current.data)
                except Exception:
                    if fresh:
                        raise
                    current = None  # decided on what we remembered: decide on Redis's
                    continue
                if new is KEEP:
                    if not fresh:
                        current = None
                        continue
                    if marker is not None:
                        await self.claim(marker)
                    self._remember(key, current)
                    return result
                queue = functools.partial(also, result) if also else None
                pushed = push(result, current.version + 1) if push else None
                dropped = drop(result) if drop else None
                indexed = index(result) if index else None
                write = new if isinstance(new, Write) else Write(new)  # type: ignore[arg-type]
                token = _token()  # this write's, in its marker
                try:
                    lost = await self._write(
                        key, current.version, write, queue, marker, pushed, dropped, token, indexed
                    )
                except (RedisTimeoutError, RedisConnectionError) as e:
                    if not await landed(
                        self.redis,
                        self.load,
                        key,
                        current.version,
                        write.data,
                        marker=marker,
                        token=token,
                        marker_ttl_ms=MARKER_TTL_SECONDS * 1000,
                        settle=self.settle,
                    ):
                        raise NotApplied(key) from e
                    return result
                if lost is None:
                    logs.VERSION.set(current.version + 1)
                    if write.data is not None:
                        self._remember(key, Versioned(current.version + 1, write.data))
                    return result
                if fresh:  # (a write on what this process remembered is no race lost)
                    metrics.CAS_RETRIES.inc()
                current, fresh = lost, True  # the script's answer: what is stored now
                if attempt:  # lost again: back off a little, with jitter, and retry
                    await asyncio.sleep(random.uniform(0, min(0.005, 0.0002 * attempt)))
            raise StoreConflict(key)
        finally:
            self._pass_turn(key)

    async def _wait_turn(self, key: str) -> None:
        """Queued behind the commands of this process on `key` (first come, first
        served) until `_pass_turn` hands it the key."""
        queue = self._turns[key]
        if queue is None:
            queue = self._turns[key] = deque()
        waiter = asyncio.get_running_loop().create_future()
        queue.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # handed the key as it was cancelled
                self._pass_turn(key)
            raise  # (else its cancelled future is passed over)

    def _pass_turn(self, key: str) -> None:
        """The key to the next command waiting for it, if any; else nobody holds it."""
        queue = self._turns[key]
        while queue:
            waiter = queue.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return
        del self._turns[key]

    def _remember(self, key: str, current: Versioned) -> None:
        if current.data is None:
            return
        self._known[key] = current
        if len(self._known) > KNOWN:
            self._known.popitem(last=False)


def _lost(result: Any, token: str = "") -> Versioned | None:
    """The compare-and-set script's answer: None if the write won, else what is stored
    now; `Duplicate` if the update was handled already."""
    if isinstance(result, list):
        if int(result[0]) == DUPLICATE:
            if token and _text(result[1]) == token:
                return None  # this write, sent again by a client's retry: it won before
            raise Duplicate()
        return Versioned(int(result[0]), result[1])
    return None


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
