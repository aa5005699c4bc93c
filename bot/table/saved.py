"""Every chat's table in Redis, and what lives beside it: the chats each user sits in
(to route a private message to its table) and the deadlines.

The router changes tables only through here and never sees a key or a Redis command.
What the keys look like is bot/store/keys.py's; how a table is written, bot/store/versioned.py's.
Round trips per change: one read, then the table's compare-and-set with the deadlines
it schedules and the routes it adds in one pipeline (on a cluster those go in a round
trip before the write, and a passed step's deadlines are removed in one after it);
routes forgotten (a player left, a game ended) cost one more, after the write has won.
"""

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from bot.store import answer_log
from bot.store import outboxes as outbox_store
from bot.store.errors import RedisError
from bot.store.keys import answers_key, moved_key, table_key, user_tables_key
from bot.store.markers import Marker
from bot.store.scheduler import Deadlines
from bot.store.versioned import Drop, Keep, Log, Push, RedisStore, Write
from bot.table.deadlines import Deadline
from bot.table.model import Table
from bot.table.outbox import Outbox

log = logging.getLogger(__name__)

# A transaction's function: the stored table's JSON (None if there is none) → what to
# store (KEEP: nothing) and what it says.
Fn = Callable[[bytes | None], tuple[bytes | Write | Keep, Outbox]]


class Tables:
    def __init__(self, redis: Any, store: RedisStore | None = None) -> None:
        self.redis = redis
        self.store = store or RedisStore(redis)
        # One platform's deadline shards, to queue and drop with a write: made once (a
        # Deadlines registers its three scripts and names its shards).
        self._shards: dict[str, Deadlines] = {}

    async def load(self, platform: str, chat: str, answers: bool = False) -> Table | None:
        """The chat's table; with `answers`, the answers its game logged too (read in the
        same round trip; for /verify and the export, bot/proof/games.py)."""
        if not answers:
            data = (await self.store.load(table_key(platform, chat))).data
            return Table.load(data) if data else None
        return (await self._with_answers(platform, chat))[1]

    async def version(self, platform: str, chat: str) -> int:
        """The chat's table's version alone (0: no table)."""
        return await self.store.version(table_key(platform, chat))

    async def _with_answers(self, platform: str, chat: str) -> tuple[int, Table | None]:
        """The table's version, and the table with its game's answers."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hmget(table_key(platform, chat), ["v", "d"])
            pipe.lrange(answers_key(platform, chat), 0, -1)
            (version, data), lines = await pipe.execute()
        if not data:
            return int(version or 0), None
        table = Table.load(data)
        if table.proof is not None:
            table.proof.with_answers(lines)
        return int(version or 0), table

    async def transact(
        self, platform: str, chat: str, fn: Fn, update_id: str | None = None, durable: bool = False
    ) -> Outbox:
        """Run `fn` on the chat's table until its write wins (bot/store/versioned.py); then the
        deadlines it schedules and the players it seats or unseats are written too.
        `update_id` (the platform's) is handled once: a second delivery raises
        store.Duplicate. `durable`: what a write says goes into the chat's outbox with
        it (bot/store/outboxes.py; `Outbox.outbox_ids` names the fields), at no extra
        round trip."""
        marker = Marker.of(platform, chat, update_id) if update_id else None

        def push(out: Outbox, version: int) -> Push | None:
            replies = out.addressed(chat)
            if not replies:
                return None
            pushed, out.outbox_ids = outbox_store.push(platform, chat, replies, version)
            return pushed

        written: list[Any] = [None]

        def run(data: bytes | None) -> tuple[bytes | Write | Keep, Outbox]:
            new, out = fn(data)
            written[0] = new  # (the store returns once the last one has won)
            return new, out

        out = await self.store.transact(
            table_key(platform, chat),
            run,
            also=lambda out, pipe: self._with_write(chat, out, pipe),
            marker=marker,
            push=push if durable else None,
            drop=lambda out: self._passed(platform, out),
            index=lambda out: outbox_store.index(platform, chat) if out.outbox_ids else None,
        )
        gone, log_key = out.left - out.joined, None
        if isinstance(new := written[0], Write) and new.log is not None and new.log.pack:
            log_key = new.log.key
        if gone or log_key:  # (most writes have nothing to finish: no coroutine made)
            try:
                await self._after_write(platform, chat, gone, log_key)
            except RedisError:  # the write has won: a stale route, an unpacked log are harmless
                log.warning("could not finish the write in %s %s", platform, chat, exc_info=True)
        return out

    async def claim_update(self, platform: str, chat: str, update_id: str | None) -> None:
        """Mark an update that touches no table (a roll) handled; store.Duplicate if it was."""
        if update_id:
            await self.store.claim(Marker.of(platform, chat, update_id))

    def deadlines(self, platform: str) -> Deadlines:
        """The deadlines of one platform's tables, for that platform's ticker."""
        return Deadlines(self.redis, platform)

    async def chats_of(self, platform: str, user: str) -> list[str]:
        """The chats where `user` sits at a table, sorted (one round trip). May name a
        chat the user has just left (see `_with_write`): check the table."""
        members = await self.redis.smembers(user_tables_key(platform, user))
        return sorted(m.decode() if isinstance(m, bytes) else m for m in members)

    async def move(self, platform: str, old_chat: str, new_chat: str) -> None:
        """A chat changed its id (Telegram: group → supergroup; Discord: a lobby into its
        thread): its table, its players' routes and its deadlines follow.

        The old chat's table may change while it moves (a /join said in the channel as
        the thread is made): it is copied again until it is removed unchanged since its
        last copy, so no write to it is lost. Until then a command there finds it there;
        after, the pointer sends a /join on (router)."""
        old_key, new_key = table_key(platform, old_chat), table_key(platform, new_chat)
        copied: int | None = None  # the version of the new chat's table this move wrote
        table: Table | None = None
        for _ in range(self.store.max_retries):
            version, current = await self._with_answers(platform, old_chat)
            if current is None:
                break
            table = current
            table.chat = new_chat
            # The game's answers move with it, all of them: the new chat's list begins anew.
            lines = table.proof.lines() if table.proof is not None else []
            copy = Write(table.dump(), Log(answers_key(platform, new_chat), lines, reset=True))
            if copied is None:
                there = await self.store.load(new_key)
                if there.data is None and await self.store.cas(new_key, there.version, copy):
                    copied = there.version + 1
                # Buttons already sent name the old chat: a pointer sends presses on.
                await self.redis.set(moved_key(platform, old_chat), new_chat, px=self.store.ttl_ms)
            elif await self.store.cas(new_key, copied, copy):
                copied += 1
            else:  # written in the new chat meanwhile: that table goes on, this copy not
                log.warning("%s %s changed in both chats as it moved", platform, old_chat)
            gone = Write(None, Log(answers_key(platform, old_chat), reset=True))
            if await self.store.cas(old_key, version, gone):
                break
        if table is None:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for seat in table.seats:
                pipe.srem(user_tables_key(platform, seat.user), old_chat)
                pipe.sadd(user_tables_key(platform, seat.user), new_chat)
            await pipe.execute()
        # The deadlines name the chat: renamed, the lobby still expires and turns time out.
        deadlines = self.deadlines(platform)
        pending = await deadlines.matching(Deadline.of_chat(platform, old_chat))
        moved = {replace(Deadline.parse(m), chat=new_chat).member(): t for m, t in pending.items()}
        await deadlines.add(moved)
        await deadlines.cancel(*pending)

    async def moved_to(self, platform: str, chat: str) -> str | None:
        """Where the table of `chat` went when its chat changed its id, if it did."""
        moved = await self.redis.get(moved_key(platform, chat))
        return moved.decode() if isinstance(moved, bytes) else moved

    def _with_write(self, chat: str, out: Outbox, pipe: Any) -> None:
        """Sent in the same round trip as the table's write (on a cluster, in the one
        before it), before we know it wins: only what is harmless when it loses (see
        play.settle on deadline tokens; an extra private route is skipped by the router,
        which checks the table)."""
        if out.schedule:
            self._sharded(out.platform).queue(pipe, out.schedule)
        for user in out.joined - out.left:
            pipe.sadd(user_tables_key(out.platform, user), chat)
            # idle, it goes with its tables (a user's last table expires as idle as this)
            pipe.pexpire(user_tables_key(out.platform, user), self.store.ttl_ms)

    def _sharded(self, platform: str) -> Deadlines:
        shards = self._shards.get(platform)
        if shards is None:
            shards = self._shards[platform] = self.deadlines(platform)
        return shards

    def _passed(self, platform: str, out: Outbox) -> Drop | None:
        """The deadlines of a step the write ends (removed by it if it wins; they are all
        of one chat, so of one sorted set)."""
        if not out.unschedule:
            return None
        (key, members), *more = self._sharded(platform).by_key(out.unschedule).items()
        assert not more, "one table's deadlines share a shard"
        return key, members

    async def _after_write(
        self, platform: str, chat: str, gone: set[str], log_key: str | None
    ) -> None:
        """What must only happen once the write has won: forgetting the private routes of
        the users `gone`, and packing the game's log at `log_key` (bot/proof/games.py)."""
        if gone:
            async with self.redis.pipeline(transaction=False) as pipe:
                for user in gone:
                    pipe.srem(user_tables_key(platform, user), chat)
                await pipe.execute()
        if log_key is not None:
            await answer_log.pack(self.redis, log_key)
