"""Private messages waiting for a player the platform will not let us reach yet.

Telegram refuses to message a user who never started the bot. Their private replies
wait here, in Redis, so whichever process sees the player arrive delivers them; the
group is told once (with a link), never the private text itself. One list per user,
`stammtisch:{<platform>:user:<id>}:mailbox`, beside the user's other keys (same hash
tag), holding each Reply as JSON; it expires a week after the last reply kept.
"""

import json
from typing import Any

from pydantic_core import to_json

from bot.replies import Button, InputRequest, Reply
from bot.store.keys import mailbox_key, mailbox_told_key

TTL_SECONDS = 7 * 24 * 3600
MAX_WAITING = 50  # replies kept per user: a player away for a whole game gets the last ones


# Each a script: atomic on one server and on a Redis Cluster alike (the keys share the
# user's hash tag), where redis-py 5's cluster client takes no MULTI transaction.
_KEEP = """
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[2]), -1)
redis.call('EXPIRE', KEYS[1], ARGV[3])
if redis.call('SET', KEYS[2], 1, 'NX', 'EX', ARGV[3]) then return 1 end
return 0
"""
_TAKE = """
local waiting = redis.call('LRANGE', KEYS[1], 0, -1)
redis.call('DEL', KEYS[1], KEYS[2])
return waiting
"""


async def keep(redis: Any, platform: str, user: str, reply: Reply) -> bool:
    """Keep a reply for later; True if the group should be told (the first since the
    last delivery). One round trip."""
    keys = [mailbox_key(platform, user), mailbox_told_key(platform, user)]
    first = await redis.register_script(_KEEP)(keys, [encoded(reply), MAX_WAITING, TTL_SECONDS])
    return bool(first)


async def told(redis: Any, platform: str, user: str) -> bool:
    """Mark that the group was told the user cannot be reached (before anything waits,
    e.g. when they sit down); True if it was not yet: tell it now."""
    return bool(await redis.set(mailbox_told_key(platform, user), 1, nx=True, ex=TTL_SECONDS))


async def take(redis: Any, platform: str, user: str) -> list[Reply]:
    """Everything waiting for the user, oldest first, and the mailbox emptied, in one
    atomic step: two processes never deliver the same reply."""
    keys = [mailbox_key(platform, user), mailbox_told_key(platform, user)]
    return [loads(item) for item in await redis.register_script(_TAKE)(keys)]


def encoded(reply: Reply, **more: object) -> bytes:
    """A Reply as JSON, every field but its picture: that is drawn on demand and cannot
    be kept; `picture` says which one it was ("board", or "hand" for a private one), so
    whoever sends it later may draw it again from the table as it is then (the durable
    outbox, bot/chat/courier.py); a mailbox's kept reply arrives as its text snapshot. `more`:
    further fields, ignored by `loads`. As the UTF-8 bytes Redis stores: what a write
    sends (bot/store/outboxes.py), not decoded into a str to be encoded again when the
    write is packed (a step's end writes about eight).

    Written by pydantic-core's serializer (in Rust), not the json module: every reply of
    every command is written so, and a step's end writes about eight (six players'
    private prompts, the group's, the board); a fraction of the json module's time, and
    without the spaces after `:` and `,` (a tenth fewer bytes to Redis). UTF-8 as it is, as with
    ensure_ascii=False; `json.loads` reads either."""
    d = reply.__dict__  # (its fields read as one dict's items, not attribute by attribute)
    buttons = d["buttons"]
    return to_json(
        {
            "text": d["text"],
            "to": d["to"],
            "pre": d["pre"],
            # (tuples are JSON arrays as lists are: a row's buttons as pairs, the mentions
            # and the menu as they are, not copied into lists first)
            "buttons": [[(b.label, b.data) for b in row] for row in buttons] if buttons else (),
            "notice": d["notice"],
            "error": d["error"],
            # (its fields are plain values: as dataclasses.asdict has them, without its
            # deep copy; every reply of every command is written so)
            "input": vars(d["input"]) if d["input"] else None,
            "chat": d["chat"],
            "board": d["board"],
            "picture": ("board" if d["board"] else "hand") if d["svg"] is not None else None,
            "status": d["status"],
            "edit": d["edit"],
            "pressed": d["pressed"],
            "mentions": d["mentions"],
            "replaces": d["replaces"],
            "reply_to": d["reply_to"],
            "menu": d["menu"],
            **more,
        }
    )


def loads(raw: str | bytes) -> Reply:
    """The Reply `encoded` wrote (without its picture: see `picture_of`); a reply kept
    before the later fields existed loads with their defaults."""
    data = json.loads(raw)
    buttons = tuple(
        tuple(Button(label, payload) for label, payload in row) for row in data["buttons"]
    )
    return Reply(
        text=data["text"],
        to=data["to"],
        pre=data["pre"],
        buttons=buttons,
        notice=data["notice"],
        error=data["error"],
        input=InputRequest(**data["input"]) if data["input"] else None,
        chat=data["chat"],
        board=data.get("board", False),
        status=data.get("status", ""),
        edit=data.get("edit"),
        pressed=data.get("pressed"),
        mentions=tuple((user, name) for user, name in data.get("mentions", ())),
        replaces=data.get("replaces"),
        reply_to=data.get("reply_to"),
        menu=tuple(data["menu"]) if data.get("menu") is not None else None,  # type: ignore[arg-type]
    )


def picture_of(raw: str | bytes) -> str | None:
    """Which picture the reply kept as `raw` had: "board", "hand" or None."""
    return json.loads(raw).get("picture")
