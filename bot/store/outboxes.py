"""What the bot must still say, in Redis: a durable outbox per chat.

A command's replies are written into its chat's outbox by the same compare-and-set
script that writes the table (bot/store/versioned.py), so what a command says is stored exactly
when what it did is: a crash after the write delays a reply, never loses it. The outbox
is a hash `stammtisch:{<platform>:<chat>}:outbox` (the table's hash tag) of field →
Reply JSON (bot/mailbox.encoded); a field is `<table version>.<index>`, zero-padded, so
the fields sort in the order the replies were made.

Whichever process holds the chat's send lease (`…:sending`, a short-lived key naming
its holder) sends the outbox in order and removes (acknowledges) each reply once the
platform accepted it (bot/chat/courier.py). A chat whose outbox may hold something is also
in one of SHARDS index sets (hash tags of their own, like the deadlines'), so a process
that starts finds what a dead one left unsent: added by the same script on one Redis if
the write wins; on a cluster, where the set lies in another slot, just before the write,
so that a process dying as its write is answered leaves its chat findable (an entry whose
outbox is empty leaves at the next sweep). A sweep that finds the chat between the entry
and the write may drop it; the writer then sends on its own, and only its death in that
moment too leaves the replies to the step's next deadline (bot/store/versioned.py).
"""

import zlib
from typing import Any, Final

from bot.replies import Reply
from bot.store.keys import outbox_key, outboxes_key, sending_key
from bot.store.mailbox import encoded
from bot.store.versioned import PUSH_CAP, Index, Push

SHARDS: Final = 8  # as the deadlines' (bot/store/scheduler.py): spread over a cluster's masters
# A chat's outbox holds at most PUSH_CAP (50) replies: the table's script drops the
# oldest past it. A chat whose platform refuses for hours (network, a long flood wait)
# would otherwise grow with every command and every timeout. When the platform takes
# messages again, what players need is the game as it is now — the newest board and the
# question with live buttons — not hours of old lines, which Telegram would also pace at
# 20 a minute (50 are 2½ minutes of catch-up). So the oldest go first, lines without a
# prompt or board before those with one (their fields end in KEPT), and never what the
# newest change said: one change says far fewer than 50 (a 6-player step ~15).
CAP: Final = PUSH_CAP
KEPT: Final = "p"

# The lease is renewed, and given up, only by its holder; given up only when the outbox is
# empty (else the holder sends on): a reply written while the holder was finishing is
# never left behind by both.
_RENEW = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""
# The lease taken and the outbox read in one round trip: nil if another process holds it.
_TAKE = """
if not redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return false end
return redis.call('HGETALL', KEYS[2])
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 1 end
if ARGV[2] ~= '1' and redis.call('HLEN', KEYS[2]) > 0 then return 0 end
redis.call('DEL', KEYS[1])
return 1
"""


def field(version: int, index: int, prompt: bool = False) -> str:
    """`<version>.<index>`, zero-padded so fields sort in the order replies were made;
    KEPT at the end for a reply that asks something or shows the board (see CAP)."""
    return f"{version:012d}.{index:03d}" + (KEPT if prompt else "")


def prompts(reply: Reply) -> bool:
    """Whether a reply asks something or shows the game as it is: kept longest."""
    return bool(reply.buttons or reply.input or reply.board or reply.status or reply.menu)


def shard_of(chat: str, shards: int = SHARDS) -> int:
    return zlib.crc32(chat.encode()) % shards


# ----- written with a table (bot/table/saved.py) -------------------------------------------


def push(platform: str, chat: str, replies: list[Reply], version: int) -> tuple[Push, list[str]]:
    """What the table's write at `version` also writes: the replies, each under its
    field (returned too, in order), as the UTF-8 JSON bot/mailbox.encoded makes."""
    ids = [field(version, i, prompts(r)) for i, r in enumerate(replies)]
    fields = {i: encoded(r) for i, r in zip(ids, replies, strict=True)}
    return (outbox_key(platform, chat), fields), ids


def index(platform: str, chat: str) -> Index:
    """The chat's entry in its index set, which the table's write adds if it wins (the
    sweep drops a chat whose outbox is empty)."""
    return outboxes_key(platform, shard_of(chat)), chat


class Outboxes:
    """One platform's outboxes."""

    def __init__(self, redis: Any, platform: str) -> None:
        self.redis, self.platform, self.shards = redis, platform, SHARDS
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)
        self._take = redis.register_script(_TAKE)

    # ----- read and sent by the lease holder (bot/chat/courier.py) -------------------------

    async def waiting(self, chat: str) -> list[tuple[str, bytes]]:
        """Everything the chat's outbox holds, (field, JSON), oldest first."""
        raw = await self.redis.hgetall(outbox_key(self.platform, chat))
        return sorted((_text(k), v) for k, v in raw.items())

    async def ack(self, chat: str, ids: list[str]) -> None:
        """These replies were accepted by the platform (or refused for good): gone."""
        if not ids:
            return
        await self.redis.hdel(outbox_key(self.platform, chat), *ids)

    async def take(self, chat: str, owner: str, ttl: float) -> list[tuple[str, bytes]] | None:
        """Take the chat's send lease for `ttl` seconds, and read what `waiting` says, in
        one round trip; None if another process holds the lease."""
        keys = [sending_key(self.platform, chat), outbox_key(self.platform, chat)]
        raw = await self._take(keys=keys, args=[owner, int(ttl * 1000)])
        if raw is None:
            return None
        return sorted((_text(k), v) for k, v in zip(raw[::2], raw[1::2], strict=True))

    async def renew(self, chat: str, owner: str, ttl: float) -> bool:
        """Keep the lease `ttl` seconds longer; False if it is no longer ours."""
        keys = [sending_key(self.platform, chat)]
        return bool(await self._renew(keys=keys, args=[owner, int(ttl * 1000)]))

    async def release(self, chat: str, owner: str, force: bool = False) -> bool:
        """Give the lease up if the outbox is empty (or `force`: a send failed, the sweep
        will try again); False: something came meanwhile, send on."""
        keys = [sending_key(self.platform, chat), outbox_key(self.platform, chat)]
        return bool(await self._release(keys=keys, args=[owner, int(force)]))

    # ----- the sweep -------------------------------------------------------------------

    async def chats(self) -> dict[str, int]:
        """The chats whose outbox holds something, with how many replies; those found
        empty leave the index."""
        found: dict[str, int] = {}
        for shard in range(self.shards):
            index = outboxes_key(self.platform, shard)
            members = [_text(m) for m in await self.redis.smembers(index)]
            if not members:
                continue
            sizes = dict(zip(members, await self._sizes(members), strict=True))
            found.update((m, n) for m, n in sizes.items() if n)
            if empty := [m for m, n in sizes.items() if not n]:
                # Removed, then looked at again: a reply written in between (its index
                # entry is sent after its write) is seen now, and the chat goes back.
                await self.redis.srem(index, *empty)
                again = dict(zip(empty, await self._sizes(empty), strict=True))
                if back := {m: n for m, n in again.items() if n}:
                    await self.redis.sadd(index, *back)
                    found.update(back)
        return found

    async def _sizes(self, chats: list[str]) -> list[int]:
        async with self.redis.pipeline(transaction=False) as pipe:
            for chat in chats:
                pipe.hlen(outbox_key(self.platform, chat))
            return [int(n) for n in await pipe.execute()]


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
