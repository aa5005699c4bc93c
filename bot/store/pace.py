"""Messages sent into one chat lately, counted in Redis for every process at once: one
sorted set of send times per chat, one Lua round trip per message, so that several
processes serving one chat keep within one platform limit (adapters/telegram/pace.py)."""

import secrets
from typing import Any

# Returns how many seconds to wait (as a string: Lua numbers become integers in Redis
# replies); with ARGV[5] = 1 and no wait, also counts a message sent now.
PACE_SCRIPT = """
local now, window, limit, gap = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]),
  tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local wait = 0
local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
if last[2] then wait = math.max(wait, tonumber(last[2]) + gap - now) end
if redis.call('ZCARD', KEYS[1]) >= limit then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  wait = math.max(wait, tonumber(first[2]) + window - now)
end
if wait <= 0 and ARGV[5] == '1' then
  redis.call('ZADD', KEYS[1], now, ARGV[6])
  redis.call('EXPIRE', KEYS[1], math.ceil(window) + 1)
end
return tostring(wait)
"""


class SendTimes:
    """The send times of chats, each under a key of the platform's."""

    def __init__(self, redis: Any) -> None:
        self._script = redis.register_script(PACE_SCRIPT)

    async def wait(
        self, key: str, now: float, *, window: float, limit: int, gap: float, take: bool
    ) -> float:
        """Seconds to wait before a message may go into the chat of `key`: at most `limit`
        in `window` seconds, `gap` seconds apart; with `take` and no wait, one is counted
        as sent `now`. A RedisError (bot/store/errors.py) if Redis does not answer."""
        args = [now, window, limit, gap, int(take), _member(now)]
        return float(await self._script(keys=[key], args=args))


def _member(now: float) -> str:
    return f"{now!r}:{secrets.token_hex(4)}"  # unique: two processes may send at one instant
