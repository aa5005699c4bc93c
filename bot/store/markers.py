"""The record of the platform updates a chat has had handled: one capped hash per chat.

A platform may deliver an update again (Telegram, until a webhook answers it; a
resumed Discord gateway); the record makes it applied once. It lies beside the chat's
table (its hash tag: bot/store/keys.py `updates_key`), and the table's compare-and-set
reads and writes it in the same script (bot/store/versioned.py), so a write and the mark
of its update land together or not at all.

One hash per chat rather than a key per update: field = the update's id, value =
`<n>|<token>` (`n` counts the chat's marks, the token names the write that handled it,
bot/store/write_outcome.py). Past FULL fields the oldest go, down to WINDOW, in the same
script. The highest numeric id that went is kept (field `<`), and a numeric id at or
below it counts as handled: the platforms number one chat's updates upwards (Telegram's
update_id per bot, Discord's snowflakes by time), and a redelivery comes while at most
100 others are in flight (Telegram's getUpdates `limit` and a webhook's `max_connections`
are at most 100), so an id below the floor was handled or refused long ago. Ids are
compared as digit strings, not as Lua numbers: a snowflake has more digits than a double
holds exactly. The record expires MARKER_TTL after the chat's last mark.

The bound: FULL fields at most, each an id of at most MAX_ID characters and a value of
~30, all kept in one listpack (FULL < Redis's `hash-max-listpack-entries`, 128 by
default): `MEMORY USAGE` says 6–7 KB for a full record of 20-digit ids
(tests/bot/store/test_markers.py holds it under BOUND_BYTES).
"""

import hashlib
from dataclasses import dataclass
from typing import Final

from bot.store.keys import updates_key

WINDOW: Final = 100  # a chat's last updates always in the record
FULL: Final = 125  # fields (the two counters aside) at which the oldest go, down to WINDOW
# Characters of an update id kept as it is; a longer one is hashed to "#" and 24 hex
# digits, as long as the longest kept, so no field of the record is longer.
MAX_ID: Final = 25
BOUND_BYTES: Final = 8192  # what a chat's record costs at most (MEMORY USAGE)
# Telegram keeps an undelivered update for 24 hours and redelivers it until a webhook
# answers; Discord's interaction tokens live 15 minutes. A day and a half covers both.
MARKER_TTL_SECONDS: Final = 36 * 3600


@dataclass(frozen=True)
class Marker:
    """A platform update of one chat: the chat's record and the update's id in it."""

    record: str
    update: str

    @classmethod
    def of(cls, platform: str, chat: str, update_id: str) -> "Marker":
        if len(update_id) > MAX_ID:  # (platform ids are ≤ 20 digits: a bound, not a case)
            update_id = "#" + hashlib.blake2b(update_id.encode(), digest_size=12).hexdigest()
        return cls(updates_key(platform, chat), update_id)


# Lua put before a script that takes a record: `seen(record, id)` is the token that
# handled `id` (or 'old': below the floor), nil if none did; `fenced(record, token)`
# whether the write of `token` was fenced off (FENCE); `mark(record, id, token,
# ttl_ms)` marks it handled by `token` and trims the record.
LUA = f"""
local function number(id)
  return string.match(id, '^[1-9]%d*$') ~= nil
end
local function above(a, b)
  if #a ~= #b then return #a > #b end
  return a > b
end
local function seen(record, id)
  local held = redis.call('HGET', record, id)
  if held then return string.sub(held, string.find(held, '|', 1, true) + 1) end
  local floor = redis.call('HGET', record, '<')
  if floor and number(id) and not above(id, floor) then return 'old' end
  return nil
end
local function fenced(record, token)
  return redis.call('HEXISTS', record, 'fence:' .. token) == 1
end
local function mark(record, id, token, ttl)
  local n = redis.call('HINCRBY', record, '#', 1)
  redis.call('HSET', record, id, n .. '|' .. token)
  redis.call('PEXPIRE', record, ttl)
  if redis.call('HLEN', record) <= {FULL} + 2 then return end
  local all, marks = redis.call('HGETALL', record), {{}}
  for i = 1, #all, 2 do
    local f = all[i]
    if f ~= '#' and f ~= '<' then
      local v = all[i + 1]
      marks[#marks + 1] = {{tonumber(string.sub(v, 1, string.find(v, '|', 1, true) - 1)), f}}
    end
  end
  table.sort(marks, function(a, b) return a[1] < b[1] end)
  local floor = redis.call('HGET', record, '<')
  for i = 1, #marks - {WINDOW} do
    local f = marks[i][2]
    redis.call('HDEL', record, f)
    if number(f) and (not floor or above(f, floor)) then floor = f end
  end
  if floor then redis.call('HSET', record, '<', floor) end
end
"""

# Marks an update that writes nothing (a roll) on its own: 1, or 0 if it was handled.
CLAIM = (
    LUA
    + """
if seen(KEYS[1], ARGV[1]) then return 0 end
mark(KEYS[1], ARGV[1], ARGV[2], ARGV[3])
return 1
"""
)

# What handled the update, and if nothing did, a fence (ARGV[2], `fence:<token>`) against
# that one write: a field of its own, so that the write still on its way (a paused server
# reads its connections in any order once it resumes) finds it and is refused, while the
# update itself stays unhandled — the player was told "nothing was changed", and the
# platform's redelivery of the update (a write with a token of its own) is applied
# (bot/store/write_outcome.py; the compare-and-set checks the fence: bot/store/versioned.py).
FENCE = (
    LUA
    + """
local held = seen(KEYS[1], ARGV[1])
if held then return held end
mark(KEYS[1], ARGV[2], ARGV[2], ARGV[3])
return ARGV[2]
"""
)
