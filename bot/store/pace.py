"""Messages sent into one chat lately, counted in Redis for every process at once: one
sorted set of send times per chat, one Lua round trip per message, so that several
processes serving one chat keep within one platform limit (adapters/telegram/pace.py)."""

import secrets
from typing import Any

# Returns how many seconds to wait (as a string: Lua numbers become integers in Redis
# replies); with ARGV[6] = 1 and no wait, also counts a message sent now.
#
# The rule: at most `limit` sends in `window` seconds, `gap` apart, and any n sends in a
# row span at least n - burst spacings, a spacing being window / (limit + 1 - burst) (a
# token bucket of `burst` refilled once a spacing, read off the send times). So a quiet
# chat's few messages go a gap apart, and a busy one settles at about one a spacing
# (4 s for 20 a minute and a burst of 6) instead of sending its 20 a gap apart and then
# waiting out the rest of the minute. n = limit + 1 is the window's own bound, which is
# also kept as the plain count: rounding must not let a 21st through.
PACE_SCRIPT = """
local now, window, limit, gap = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]),
  tonumber(ARGV[4])
local burst = math.min(tonumber(ARGV[5]), limit)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local sent = redis.call('ZREVRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local spacing = window / (limit + 1 - burst)
local wait = 0
for i = 2, #sent, 2 do
  local j = i / 2
  local ago = math.max(gap, (j + 1 - burst) * spacing)
  wait = math.max(wait, tonumber(sent[i]) + ago - now)
end
if #sent / 2 >= limit then
  wait = math.max(wait, tonumber(sent[#sent]) + window - now)
end
if wait <= 0 and ARGV[6] == '1' then
  redis.call('ZADD', KEYS[1], now, ARGV[7])
  redis.call('EXPIRE', KEYS[1], math.ceil(window) + 1)
end
return tostring(wait)
"""


class SendTimes:
    """The send times of chats, each under a key of the platform's."""

    def __init__(self, redis: Any) -> None:
        self._script = redis.register_script(PACE_SCRIPT)

    async def wait(
        self,
        key: str,
        now: float,
        *,
        window: float,
        limit: int,
        gap: float,
        burst: int,
        take: bool,
    ) -> float:
        """Seconds to wait before a message may go into the chat of `key`: at most `limit`
        in `window` seconds, `gap` seconds apart, the first `burst` of them at the gap and
        the rest spread over the window (PACE_SCRIPT); with `take` and no wait, one is
        counted as sent `now`. A RedisError (bot/store/errors.py) if Redis does not answer."""
        args = [now, window, limit, gap, burst, int(take), _member(now)]
        return float(await self._script(keys=[key], args=args))


def _member(now: float) -> str:
    return f"{now!r}:{secrets.token_hex(4)}"  # unique: two processes may send at one instant
