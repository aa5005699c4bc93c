"""Deadlines in a Redis sorted set, fired by whichever process ticks, never lost.

A deadline is a member string naming what to do (e.g. `telegram:-100|timeout|7`)
scored by its due time. A ticker claims one due deadline at a time under a lease (a
Lua script moves it to a claimed set, atomically), fires it, then acknowledges it. A
ticker killed mid-fire loses nothing: the lease runs out and another claims it; a
ticker stopped gracefully hands its claim back. Two tickers never hold the same claim,
and a deadline moved by a re-add while claimed is kept at its new time.
What a deadline does is the router's business; it checks the table's step, so a
deadline for a prompt already answered does nothing.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.keys import deadlines_key

log = logging.getLogger(__name__)
LEASE = 60.0  # seconds a claimed deadline is the claimer's; then anyone may claim it again


# One due deadline (or one whose claimer's lease ran out: it died mid-fire) moves from the
# queue to the claimed set, scored by the end of its lease, in one atomic step. Only an
# acknowledgement (or a hand-back) removes it there, so a process killed between claim
# and acknowledgement loses nothing: the deadline fires again when its lease ends.
_CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, 1)
local stale = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', ARGV[1], 'LIMIT', 0, 1)
local member = due[1] or stale[1]
if not member then return false end
redis.call('ZREM', KEYS[1], member)
redis.call('ZADD', KEYS[2], ARGV[2], member)
return member
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


@dataclass(frozen=True)
class Claim:
    member: str
    lease: str  # the end of the lease, as written: the acknowledgement's proof


class Deadlines:
    def __init__(self, redis: Any, platform: str) -> None:
        self.redis = redis
        self.key = deadlines_key(platform)
        self.claimed_key = self.key + ":claimed"  # same hash tag: one slot, one script
        self._claim = redis.register_script(_CLAIM)
        self._ack = redis.register_script(_ACK)
        self._release = redis.register_script(_RELEASE)

    async def add(self, items: dict[str, float]) -> None:
        """Schedule members at absolute times (epoch seconds); re-adding moves them."""
        if items:
            await self.redis.zadd(self.key, items)

    async def cancel(self, *members: str) -> None:
        if members:
            await self.redis.zrem(self.key, *members)

    async def matching(self, pattern: str) -> dict[str, float]:
        """Every scheduled member matching a Redis glob, with its due time."""
        found = self.redis.zscan_iter(self.key, match=pattern)
        return {m.decode() if isinstance(m, bytes) else m: s async for m, s in found}

    async def claim(self, now: float, lease: float = LEASE) -> Claim | None:
        """The earliest deadline due by `now`, leased to the caller until `now + lease`
        (or a deadline whose earlier claimer's lease has run out). One round trip."""
        until = repr(now + lease)
        member = await self._claim(keys=[self.key, self.claimed_key], args=[now, until])
        return Claim(_text(member), until) if member else None

    async def ack(self, claim: Claim) -> None:
        """The deadline has fired: it is gone for good."""
        await self._ack(keys=[self.claimed_key], args=[claim.member, claim.lease])

    async def release(self, claim: Claim, now: float) -> None:
        """Hand a claimed deadline back unfired (a graceful stop): due again at once."""
        args = [claim.member, claim.lease, now]
        await self._release(keys=[self.key, self.claimed_key], args=args)

    async def claim_due(self, now: float, limit: int = 100) -> list[str]:
        """Claim and acknowledge up to `limit` due deadlines at once: for callers that fire
        them in the same breath and cannot die in between (the console's script clock)."""
        members = []
        while len(members) < limit and (claim := await self.claim(now)) is not None:
            await self.ack(claim)
            members.append(claim.member)
        return members

    async def next_due(self) -> float | None:
        first = await self.redis.zrange(self.key, 0, 0, withscores=True)
        return first[0][1] if first else None


def _text(member: bytes | str) -> str:
    return member.decode() if isinstance(member, bytes) else member


async def run_ticker(
    deadlines: Deadlines,
    fire: Callable[[str], Awaitable[None]],
    clock: Callable[[], float],
    interval: float = 1.0,
    lease: float = LEASE,
) -> None:
    """Fire due deadlines forever, one claim at a time (cancel the task to stop: a claim
    being fired is handed back, never dropped). A failing fire is logged and acknowledged:
    it would fail again."""
    while True:
        try:
            while (claim := await deadlines.claim(clock(), lease)) is not None:
                try:
                    await fire(claim.member)
                except asyncio.CancelledError:
                    await asyncio.shield(deadlines.release(claim, clock()))
                    raise
                except Exception:
                    log.exception("deadline %s failed", claim.member)
                await deadlines.ack(claim)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("deadline ticker could not reach Redis")
        await asyncio.sleep(interval)
