"""Private messages waiting for a player the platform will not let us reach yet.

Telegram refuses to message a user who never started the bot. Their private
replies wait here (in Redis, so any process can deliver them) until they do; the
group is told once, with a link — never the private text itself.
"""

import json
from dataclasses import asdict
from typing import Any

from bot.replies import Button, Reply

TTL_SECONDS = 7 * 24 * 3600


def _key(platform: str, user: str) -> str:
    return f"stammtisch:{{{platform}:user:{user}}}:mailbox"


def _notified_key(platform: str, user: str) -> str:
    return f"stammtisch:{{{platform}:user:{user}}}:mailbox-notified"


async def keep(redis: Any, platform: str, user: str, reply: Reply) -> bool:
    """Keep a reply for later; True when the group should be told (once until delivered)."""
    data = {k: v for k, v in asdict(reply).items() if k not in ("svg", "input")}
    async with redis.pipeline(transaction=False) as pipe:
        pipe.rpush(_key(platform, user), json.dumps(data))
        pipe.expire(_key(platform, user), TTL_SECONDS)
        pipe.set(_notified_key(platform, user), 1, nx=True, ex=TTL_SECONDS)
        _, _, first = await pipe.execute()
    return bool(first)


async def take(redis: Any, platform: str, user: str) -> list[Reply]:
    """Everything waiting for the user, oldest first; the mailbox is empty afterwards."""
    async with redis.pipeline(transaction=True) as pipe:
        pipe.lrange(_key(platform, user), 0, -1)
        pipe.delete(_key(platform, user), _notified_key(platform, user))
        raw, _ = await pipe.execute()
    replies = []
    for item in raw:
        data = json.loads(item)
        data["buttons"] = tuple(tuple(Button(**b) for b in row) for row in data["buttons"])
        replies.append(Reply(**data))
    return replies
