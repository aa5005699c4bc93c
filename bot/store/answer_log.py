"""A game's answer log in Redis (bot/proof/games.py): a list beside the table, whose
tail is packed every PACK answers into one zlib-compressed element."""

import zlib
from typing import Any

# Answers packed into one element of the log's list: 32 AUFRUHR! answers are ~1.6 KB of
# JSON lines, ~50 B of Redis memory each as list elements; packed, ~10 B each.
PACK = 32


# Replaces the `ARGV[2]` lines at the log's tail by the packed `ARGV[3]`, unless the list
# changed since it was read (its length then is no longer `ARGV[1]`: left for next time);
# its time to live stays.
_PACK = """
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
local ttl = redis.call('PTTL', KEYS[1])
redis.call('LTRIM', KEYS[1], 0, -tonumber(ARGV[2]) - 1)
redis.call('RPUSH', KEYS[1], ARGV[3])
if ttl > 0 then redis.call('PEXPIRE', KEYS[1], ttl) end
return 1
"""


async def pack(redis: Any, key: str) -> bool:
    """Pack the lines at the tail of the log `key` into one element (after the write that
    brought it to a multiple of PACK answers). False: the list changed meanwhile."""
    async with redis.pipeline(transaction=False) as pipe:  # (one round trip)
        pipe.llen(key)
        pipe.lrange(key, -2 * PACK, -1)
        length, tail = await pipe.execute()
    lines: list[bytes] = []
    for entry in reversed(tail):
        if entry[:1] != b"[":
            break
        lines.insert(0, entry)
    if len(lines) < 2:
        return False
    packed = zlib.compress(b"\n".join(lines), 9)
    return bool(await redis.eval(_PACK, 1, key, length, len(lines), packed))
