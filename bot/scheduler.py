"""Deadlines in one Redis sorted set, fired exactly once by whichever process ticks.

A deadline is a member string naming what to do (e.g. `telegram:-100|timeout|7`)
scored by its due time. Every process polls for due members and claims each with
ZREM: Redis answers 1 to exactly one caller, so two tickers never fire the same
deadline twice. What a deadline does is the router's business; it checks the
table's step, so a deadline for a prompt already answered does nothing.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from bot.keys import DEADLINES

log = logging.getLogger(__name__)


class Deadlines:
    def __init__(self, redis: Any, key: str = DEADLINES) -> None:
        self.redis = redis
        self.key = key

    async def add(self, items: dict[str, float]) -> None:
        """Schedule members at absolute times (epoch seconds); re-adding moves them."""
        if items:
            await self.redis.zadd(self.key, items)

    async def cancel(self, *members: str) -> None:
        if members:
            await self.redis.zrem(self.key, *members)

    async def claim_due(self, now: float, limit: int = 100) -> list[str]:
        """Members due by `now` that this caller won; each is returned to one caller only."""
        due = await self.redis.zrangebyscore(self.key, "-inf", now, start=0, num=limit)
        if not due:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for member in due:
                pipe.zrem(self.key, member)
            won = await pipe.execute()
        return [_text(m) for m, ok in zip(due, won, strict=True) if ok]

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
            for member in await deadlines.claim_due(clock()):
                try:
                    await fire(member)
                except Exception:
                    log.exception("deadline %s failed", member)
        except Exception:
            log.exception("deadline ticker could not reach Redis")
        await asyncio.sleep(interval)
