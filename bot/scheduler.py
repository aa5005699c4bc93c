"""Deadlines in one Redis sorted set, fired exactly once by whichever process ticks.

A deadline is a member string naming what to do (e.g. `telegram:-100|timeout|7`)
scored by its due time. Every process polls for due members and claims them with a
Lua script that reads the due members and removes them in one atomic step, so two
tickers never fire the same deadline twice, and a deadline moved by a re-add while
a ticker is claiming is either claimed at its old time or kept at its new one (with
a read and a separate ZREM, the ZREM would remove the moved deadline: never fired).
What a deadline does is the router's business; it checks the table's step, so a
deadline for a prompt already answered does nothing.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.keys import deadlines_key

log = logging.getLogger(__name__)
BATCH = 100  # deadlines claimed per Redis call


_CLAIM = """
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[2])
for _, member in ipairs(due) do
  redis.call('ZREM', KEYS[1], member)
end
return due
"""


class Deadlines:
    def __init__(self, redis: Any, platform: str) -> None:
        self.redis = redis
        self.key = deadlines_key(platform)
        self._claim = redis.register_script(_CLAIM)

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

    async def claim_due(self, now: float, limit: int = 100) -> list[str]:
        """Members due by `now` (earliest first, at most `limit`), removed as they are
        returned: each is returned to one caller only. One round trip."""
        due = await self._claim(keys=[self.key], args=[now, limit])
        return [_text(m) for m in due]

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
) -> None:
    """Fire due deadlines forever (cancel the task to stop). A failing fire is logged."""
    while True:
        try:
            # A full batch means more are due (a backlog after a restart): go on at once
            # rather than one batch per interval.
            batch = BATCH
            while batch == BATCH:
                due = await deadlines.claim_due(clock(), BATCH)
                batch = len(due)
                for member in due:
                    try:
                        await fire(member)
                    except Exception:
                        log.exception("deadline %s failed", member)
        except Exception:
            log.exception("deadline ticker could not reach Redis")
        await asyncio.sleep(interval)
