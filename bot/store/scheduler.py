"""Deadlines in a Redis sorted set, fired by whichever process ticks, never lost.

A deadline is a member string naming what to do (e.g. `telegram:-100|timeout|7`)
scored by its due time. A ticker claims one due deadline at a time under a lease (a
Lua script moves it to a claimed set, atomically), fires it, then acknowledges it. A
ticker killed mid-fire loses nothing: the lease runs out and another claims it; a
ticker stopped gracefully hands its claim back. Two tickers never hold the same claim,
and a deadline moved by a re-add while claimed is kept at its new time.
What a deadline does is the router's business; it checks the table's step, so a
deadline for a prompt already answered does nothing. A table that expires (or is
deleted) takes its deadlines with it: the ticker drops those of chats without a table
every ORPHANS_EVERY seconds (`drop_orphans`), so none outlives its table by more.
"""

import asyncio
import contextlib
import logging
import zlib
from collections import defaultdict
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.ops import metrics
from bot.store.keys import deadlines_key, table_key

log = logging.getLogger(__name__)
T = TypeVar("T")
LEASE = 60.0  # seconds a claimed deadline is the claimer's; then anyone may claim it again
# Each platform's deadlines are spread over SHARDS sorted sets, each with its own hash tag,
# so on a Redis Cluster no one node holds (and serves) every timer. A member's shard comes
# from its first two fields (`<platform>|<chat>|…`): one chat's deadlines share a shard and
# fire in their order. 8 spreads them over the 3 masters of our test cluster and any
# cluster up to 8; an idle ticker then asks 8 times a second, which costs nothing.
SHARDS = 8
STOP_WAIT = 2.0  # seconds a stopping ticker waits for Redis to finish its last step
STOP_SECONDS = 10.0  # a stop waits this long for a ticker or sweep to end (`stop`)
ORPHANS_EVERY = 600.0  # seconds between two looks for deadlines whose table is gone


# One due deadline (or one whose claimer's lease ran out: it died mid-fire) moves from the
# queue to the claimed set, scored by the end of its lease, in one atomic step. Only an
# acknowledgement (or a hand-back) removes it there, so a process killed between claim
# and acknowledgement loses nothing: the deadline fires again when its lease ends.
_CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 1)
local stale = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, 1)
local member = due[1] or stale[1]
if not member then return false end
local score = redis.call('ZSCORE', KEYS[1], member) or redis.call('ZSCORE', KEYS[2], member)
redis.call('ZREM', KEYS[1], member)
redis.call('ZADD', KEYS[2], ARGV[2], member)
return {member, score}
"""

# Removes a claim only while it is still ours (its lease unchanged): a claim that ran out
# and was taken by another process stays his.
_ACK = """
if tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1])) == tonumber(ARGV[2]) then
  return redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
"""

_RELEASE = """
if tonumber(redis.call('ZSCORE', KEYS[2], ARGV[1])) == tonumber(ARGV[2]) then
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('ZADD', KEYS[1], 'NX', ARGV[3], ARGV[1])
  return 1
end
return 0
"""


# Drops members (ARGV: member, score, member, score …) still due when they were found
# due: a member re-added meanwhile (a new table's deadline of the same name) has moved.
_DROP = """
local n = 0
for i = 1, #ARGV, 2 do
  if tonumber(redis.call('ZSCORE', KEYS[1], ARGV[i])) == tonumber(ARGV[i + 1]) then
    n = n + redis.call('ZREM', KEYS[1], ARGV[i])
  end
end
return n
"""


@dataclass(frozen=True)
class Claim:
    member: str
    lease: str  # the end of the lease, as written: the acknowledgement's proof
    due: float = 0.0  # when it fell due (or, claimed again, when its last lease ended)


def shard_of(member: str, shards: int = SHARDS) -> int:
    """The shard of a member: by its platform and chat (what comes before its second
    `|`), so one chat's deadlines share one. (Cut, not split and joined again: every
    write that schedules or passes a step asks for each of its deadlines.)"""
    end = member.find("|", member.find("|") + 1)
    return zlib.crc32((member if end < 0 else member[:end]).encode()) % shards


class Deadlines:
    def __init__(self, redis: Any, platform: str, shards: int = SHARDS) -> None:
        self.redis = redis
        self.keys = [deadlines_key(platform, i) for i in range(shards)]
        self._claim = redis.register_script(_CLAIM)
        self._ack = redis.register_script(_ACK)
        self._release = redis.register_script(_RELEASE)
        self._drop = redis.register_script(_DROP)
        self._turn = 0  # the shard a claim looks at first: taken in turn, none starves

    def _key(self, member: str) -> str:
        return self.keys[shard_of(member, len(self.keys))]

    @staticmethod
    def _claimed(key: str) -> str:
        return key + ":claimed"  # same hash tag: one slot, one script

    def by_key(self, members: Iterable[str]) -> dict[str, list[str]]:
        grouped: dict[str, list[str]] = defaultdict(list)
        for m in members:
            grouped[self._key(m)].append(m)
        return grouped

    def queue(self, pipe: Any, items: dict[str, float]) -> None:
        """Queue the ZADDs that schedule `items` on `pipe` (sent with a table's write)."""
        for key, members in self.by_key(items).items():
            pipe.zadd(key, {m: items[m] for m in members})

    async def add(self, items: dict[str, float]) -> None:
        """Schedule members at absolute times (epoch seconds); re-adding moves them."""
        if items:
            async with self.redis.pipeline(transaction=False) as pipe:
                self.queue(pipe, items)
                await pipe.execute()

    async def cancel(self, *members: str) -> None:
        for key, of_key in self.by_key(members).items():
            await self.redis.zrem(key, *of_key)

    async def matching(self, pattern: str) -> dict[str, float]:
        """Every scheduled member matching a Redis glob, with its due time."""
        found: dict[str, float] = {}
        for key in self.keys:
            async for m, score in self.redis.zscan_iter(key, match=pattern):
                found[_text(m)] = score
        return found

    async def drop_orphans(self) -> int:
        """Remove the deadlines of chats that have no table (it expired, or was deleted);
        how many went. A round trip per shard to read it, one per 100 chats to ask which
        tables exist, one per shard with orphans to drop them."""
        dropped = 0
        for key in self.keys:
            by_chat: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
            async for m, score in self.redis.zscan_iter(key):
                member = _text(m)
                platform, chat, *_ = member.split("|", 2)
                by_chat[platform, chat].append((member, repr(score)))
            chats = list(by_chat)
            gone: list[str] = []
            for start in range(0, len(chats), 100):
                batch = chats[start : start + 100]
                async with self.redis.pipeline(transaction=False) as pipe:
                    for platform, chat in batch:
                        pipe.exists(table_key(platform, chat))
                    there = await pipe.execute()
                for chat_of, exists in zip(batch, there, strict=True):
                    if not exists:
                        gone += [x for pair in by_chat[chat_of] for x in pair]
            if gone:
                dropped += int(await self._drop(keys=[key], args=gone))
        return dropped

    async def claim(self, now: float, lease: float = LEASE) -> Claim | None:
        """A deadline due by `now` (the earliest of its shard), leased to the caller until
        `now + lease`, or one whose earlier claimer's lease has run out. One round trip a
        shard, the shards taken in turn."""
        until = repr(now + lease)
        for i in range(len(self.keys)):
            key = self.keys[(self._turn + i) % len(self.keys)]
            found = await self._claim(keys=[key, self._claimed(key)], args=[now, until])
            if found:
                self._turn = (self._turn + i + 1) % len(self.keys)
                member, due = found
                return Claim(_text(member), until, float(due))
        return None

    async def ack(self, claim: Claim) -> None:
        """The deadline has fired: it is gone for good."""
        claimed = self._claimed(self._key(claim.member))
        await self._ack(keys=[claimed], args=[claim.member, claim.lease])

    async def release(self, claim: Claim, now: float) -> None:
        """Hand a claimed deadline back unfired (a graceful stop): due again at once."""
        key = self._key(claim.member)
        args = [claim.member, claim.lease, now]
        await self._release(keys=[key, self._claimed(key)], args=args)

    async def claim_due(self, now: float, limit: int = 100) -> list[str]:
        """Claim and acknowledge up to `limit` due deadlines at once, earliest first: for
        callers that fire them in the same breath and cannot die in between (the
        console's script clock)."""
        claims = []
        while len(claims) < limit and (claim := await self.claim(now)) is not None:
            await self.ack(claim)
            claims.append(claim)
        return [c.member for c in claims]

    async def next_due(self) -> float | None:
        firsts = [await self.redis.zrange(key, 0, 0, withscores=True) for key in self.keys]
        return min((f[0][1] for f in firsts if f), default=None)


def _text(member: bytes | str) -> str:
    return member.decode() if isinstance(member, bytes) else member


async def run_ticker(
    deadlines: Deadlines,
    fire: Callable[[str], Awaitable[None]],
    clock: Callable[[], float],
    interval: float = 1.0,
    lease: float = LEASE,
    orphans_every: float = ORPHANS_EVERY,
) -> None:
    """Fire due deadlines forever, one claim at a time (cancel the task to stop: a claim
    being fired is handed back, never dropped). A failing fire is logged and acknowledged:
    it would fail again. Every `orphans_every` seconds, the deadlines of tables that are
    gone are dropped (`Deadlines.drop_orphans`)."""
    looked = clock()

    async def hand_back(claim: Claim | None) -> None:
        if claim is not None:
            await deadlines.release(claim, clock())

    while True:
        try:
            while (claim := await _whole(deadlines.claim(clock(), lease), hand_back)) is not None:
                metrics.beat()
                metrics.DEADLINE_LAG.observe(max(0.0, clock() - claim.due))
                metrics.DEADLINES_FIRED.inc()
                try:
                    await fire(claim.member)
                except asyncio.CancelledError:
                    await _whole(deadlines.release(claim, clock()))
                    raise
                except Exception:
                    log.exception("deadline %s failed", claim.member)
                await _whole(deadlines.ack(claim))
                stop_if_asked()  # (asked while it fired, and the ask was lost on the way)
            metrics.beat()  # Redis answered, nothing (more) is due
            if clock() - looked >= orphans_every:
                looked = clock()
                if dropped := await deadlines.drop_orphans():
                    log.info("dropped %d deadlines of tables that are gone", dropped)
                stop_if_asked()
        except asyncio.CancelledError:
            raise
        except Exception:
            stop_if_asked()
            metrics.REDIS_ERRORS.labels("ticker").inc()
            log.exception("deadline ticker could not reach Redis")
        stop_if_asked()
        await asyncio.sleep(interval)


async def _whole(step: Awaitable[T], undo: Callable[[T], Awaitable[object]] | None = None) -> T:
    """Run one claim, acknowledgement or hand-back to its end even when the ticker is
    stopped meanwhile, then stop (after `undo(result)`: a claim is handed back). Cut off
    after Redis ran its script and before we read the answer, a claim would stay
    claimed, unfired, until its lease ran out (a graceful stop in tests/bot/store/test_scheduler.py
    left one so in 1 of 6 runs)."""
    task = asyncio.ensure_future(step)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        with contextlib.suppress(Exception):  # (Redis away: the lease settles it, as before)
            result = await asyncio.wait_for(task, STOP_WAIT)
            if undo is not None:
                await asyncio.wait_for(undo(result), STOP_WAIT)
        raise


async def stop(task: "asyncio.Task[Any]", within: float = STOP_SECONDS) -> None:
    """Cancel a task that runs until cancelled (a ticker, a sweep) and wait for its end,
    `within` seconds at most: a graceful stop must not hang on it."""
    task.cancel()
    done, _ = await asyncio.wait({task}, timeout=within)
    if not done:
        log.error("%s did not stop within %.0f s; left running", task.get_name(), within)
    elif not task.cancelled() and task.exception() is not None:
        log.error("%s failed", task.get_name(), exc_info=task.exception())


def stopping() -> bool:
    """Whether this task was asked to stop (task.cancel()), even if the CancelledError
    never arrived or was turned into something else on the way (see `stop_if_asked`)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def stop_if_asked() -> None:
    """Raise CancelledError if this task was asked to stop: call it in every loop that
    runs until cancelled, after each await on Redis. A cancellation can be lost there:
    redis-py sends every command through asyncio.wait_for (with a socket timeout), and
    Python 3.11's wait_for returns the command's result instead of raising when the
    cancellation arrives just as the command completes (CPython gh-86296, fixed in 3.12).
    The loop then went on forever, and whoever awaited its end (a graceful stop) with
    it: tests/bot/store/test_outage.py hung in 4 of 10 runs, two at once on 2 cores."""
    if stopping():
        raise asyncio.CancelledError()
