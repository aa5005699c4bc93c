"""What a table's board message shows now: its message, text, keyboard and board.

On Telegram the board message also carries the step's living status (with its buttons),
so that one decision costs one call of the group's 20 a minute: a photo as its caption,
a text board below the <pre> snapshot in the same message. An edit of one of the two
must send the other unchanged (Telegram drops a caption or a keyboard an edit leaves
out, and a text's edit replaces all of it), and any process may make the next edit: so
what the message shows is kept in Redis, beside the table, not in a process.
"""

import hashlib
import json
from dataclasses import asdict, dataclass
from typing import Any

from adapters.telegram.chats import PLATFORM
from bot.store.keys import adapter_key

# Telegram lets a bot edit its messages for 48 hours; a record older than a table's
# longest silence is of no use, and a table idle for a week is posted anew anyway.
TTL_SECONDS = 7 * 24 * 3600


@dataclass(frozen=True)
class Shown:
    message_id: int
    caption: str  # HTML, as sent: a photo's caption, or what a text board shows below it
    buttons: list[list[tuple[str, str]]]  # its keyboard's rows: (label, callback data)
    picture: str  # a hash of the board shown (its PNG, or its HTML), to leave it alone
    # Whether the caption is a step's status (live or ended): then it is what happened,
    # and the message is never deleted when the board moves down.
    status: bool
    # A text board: its HTML (its title and the <pre> snapshot), above the caption;
    # None for a photo (records written before text boards carried a status, too).
    board: str | None = None

    @property
    def text(self) -> str:
        """A text board's whole message as sent: the board, then the caption."""
        return "\n".join(part for part in (self.board, self.caption) if part)


def picture_hash(shown: bytes | str) -> str:
    data = shown.encode() if isinstance(shown, str) else shown
    return hashlib.blake2b(data, digest_size=8).hexdigest()


class Records:
    """The board message of each table (a table's chat key: a chat, or a forum topic)."""

    def __init__(self, redis: Any) -> None:
        self.redis = redis

    async def get(self, key: str, message_id: int) -> Shown | None:
        """What the message `message_id` shows, if it is the table's board message."""
        raw = await self.redis.get(_key(key))
        if raw is None:
            return None
        data = json.loads(raw)
        data["buttons"] = [[tuple(b) for b in row] for row in data["buttons"]]
        shown = Shown(**data)
        return shown if shown.message_id == message_id else None

    async def put(self, key: str, shown: Shown) -> None:
        """What the table's board message shows now; one that carries a status is kept
        among those that tell what happened, too."""
        raw = json.dumps(asdict(shown))
        if not shown.status:
            await self.redis.set(_key(key), raw, ex=TTL_SECONDS)
            return
        told = _key(key, "told_photos")
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(_key(key), raw, ex=TTL_SECONDS)
            pipe.sadd(told, shown.message_id)
            pipe.expire(told, TTL_SECONDS)
            await pipe.execute()

    async def tells(self, key: str, message_id: int) -> bool:
        """Whether the message `message_id` ever carried a step's status: then it is what
        happened, and is never deleted. (Not only the board message now: a board moved
        down was said by a change made while the message after it was being posted.)"""
        return bool(await self.redis.sismember(_key(key, "told_photos"), message_id))


def _key(key: str, what: str = "board_photo") -> str:
    # (photos' names: a text board's record is of the same kind, and records already
    # kept under them stay readable)
    return adapter_key(PLATFORM, key, what)
