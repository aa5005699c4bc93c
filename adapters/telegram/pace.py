"""How fast the bot may post into one group, counted in Redis for every process at once.

Telegram allows a bot about 20 messages a minute in one group and asks for no more
than one a second in any chat; beyond that it answers 429 and makes us wait. Several
webhook processes may serve the same group, so the count lives in Redis (one sorted
set of send times per group, one Lua round trip per message: bot/store/pace.py), not
in a process. Within the minute's 20 the messages are spread: a few go a second apart,
and a busy group gets one every 4 s or so, so that no result waits long for the
minute to end.
Private chats are not paced: Telegram tolerates short bursts there.
"""

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from adapters.telegram.chats import redis_key
from bot.store.errors import RedisError
from bot.store.pace import SendTimes

# Messages a group gets a gap apart before the rest of the minute's are spread over it
# (bot/store/pace.py): a few replies at once go at once, and a busy table gets one
# message every 4 s rather than 20 a second apart and then a wait of 40 s. Not fewer: a
# table at 5 s a decision, under the limit, then waited on the spread for a step's two or
# three calls (docs/benchmarks.md).
BURST = 6

# After Redis failed to answer, messages go unpaced for this long without asking it again:
# an outage must not cost every message a client timeout (5 s) or two.
UNPACED_SECONDS = 10.0


class Pace:
    def __init__(
        self,
        redis: Any,
        *,
        per_minute: int = 20,
        gap: float = 1.0,
        burst: int = BURST,
        window: float = 60.0,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.per_minute, self.gap, self.burst, self.window = per_minute, gap, burst, window
        self.clock, self.sleep = clock, sleep
        self._times = SendTimes(redis)
        self._unpaced_until = 0.0  # (time.monotonic: the test clocks do not move it)

    async def ready(self, chat: int) -> None:
        """Wait until a message to `chat` may go, without counting one."""
        await self._wait(chat, take=False)

    async def take(self, chat: int) -> None:
        """Wait until a message to `chat` may go, and count it as sent."""
        await self._wait(chat, take=True)

    async def _wait(self, chat: int, take: bool) -> None:
        if chat > 0:  # a private chat (groups and channels have negative ids)
            return
        if time.monotonic() < self._unpaced_until:
            return  # Redis failed just now: Telegram's own 429s pace us meanwhile
        key = redis_key(chat, "sent")
        while True:
            now, window, limit = self.clock(), self.window, self.per_minute
            try:
                wait = await self._times.wait(
                    key, now, window=window, limit=limit, gap=self.gap, burst=self.burst, take=take
                )
            except RedisError:
                self._unpaced_until = time.monotonic() + UNPACED_SECONDS
                raise
            if wait <= 0:
                return
            await self.sleep(wait)
