"""Sends a platform's durable outboxes (bot/store/outboxes.py): nothing lost, in order.

After a command, the process that ran it offers the chat's new replies here. Whoever
holds the chat's send lease sends: if this process gets it, it sends everything the
chat's outbox holds, oldest first (its own replies from memory, others' from Redis),
acknowledges each reply the platform accepted, and gives the lease up only once the
outbox is empty; if another process holds it, that one sends ours too. The lease is
short (LEASE) and renewed while sending, so a process killed mid-send holds up its
chats for seconds only: the sweep (every process, at start and then every SWEEP
seconds) finds chats whose outbox holds something and sends for them.

What a reply sent twice costs (a process killed after the platform accepted it and
before the acknowledgement): one message shown twice. What a reply never sent costs
(a prompt lost): a table that waits for its timeout. We choose the first.

A reply read back from Redis has no picture (it cannot be kept): the board or hand it
showed is drawn again from the table as it is now.
"""

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Final

from bot.ops import metrics
from bot.replies import Reply
from bot.store.errors import RedisError
from bot.store.mailbox import loads, picture_of
from bot.store.outboxes import Outboxes
from bot.store.scheduler import stop_if_asked
from bot.table import lobby, play
from bot.table.model import Table
from bot.table.outbox import Outbox
from render.boards import board_svg, private_svg

log = logging.getLogger(__name__)
LEASE: Final = 10.0  # seconds a chat's send lease lasts unless renewed
SWEEP: Final = 5.0  # seconds between two sweeps for outboxes nobody sends
# Seconds a reply nobody offered here waits before it is read back. The table's script
# writes a change's replies into the outbox a moment before its process offers them from
# memory; a pump already running for the chat (sending the previous change's) sees them
# first. Read back at once, a game's final board lost its picture (the table no longer
# has the game to draw it from): tests/bot/table/test_board_in_sight.py, 1 run in ~7.
GRACE: Final = 0.2

# Sends replies of one chat: for each, a future that says True once the platform accepted
# it or refused it for good (it is then acknowledged), False if it may go through later
# (it is kept). Each is acknowledged as soon as it is done: a process killed mid-batch
# sends again only what was in flight.
Deliver = Callable[[Sequence[Reply]], list["asyncio.Future[bool]"]]
Load = Callable[[str], Awaitable[Table | None]]


class Courier:
    def __init__(
        self,
        outboxes: Outboxes,
        deliver: Deliver,
        load: Load,
        *,
        lease: float = LEASE,
        sweep: float = SWEEP,
    ) -> None:
        self.outboxes, self.deliver, self.load = outboxes, deliver, load
        self.lease, self.sweep_every = lease, sweep
        self.owner = secrets.token_hex(8)  # this process, as its leases name it
        self._local: dict[str, dict[str, Reply]] = {}  # chat → this process's replies
        self._pumps: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()  # chats offered more while their pump ran
        self._unoffered: dict[str, float] = {}  # outbox field → when first seen (GRACE)

    def offer(self, replies: Sequence[Reply]) -> None:
        """Replies just written to their chats' outboxes by this process: sent now if
        this process gets the chat's lease, else by whoever holds it."""
        for reply in replies:
            self._local.setdefault(reply.chat, {})[reply.outbox_id] = reply
        for chat in {r.chat for r in replies}:
            self._wake(chat)

    def busy(self) -> int:
        """Chats being sent from here now."""
        return len(self._pumps)

    async def drain(self) -> None:
        """Wait until every chat this process is sending for is sent."""
        while self._pumps:
            await asyncio.gather(*self._pumps.values(), return_exceptions=True)

    async def settled(self, chat: str) -> None:
        """Wait until this process sends nothing more for `chat`: what it offered is sent,
        or another process holds the chat's lease and sends it (Discord: an interaction
        waiting for its replies learns that they will not come through it)."""
        while (pump := self._pumps.get(chat)) is not None:
            await asyncio.wait({pump})

    async def sweep(self) -> int:
        """Send for every chat whose outbox holds something and nobody sends; returns
        how many replies wait in all (a metric)."""
        waiting = await self.outboxes.chats()
        for chat in waiting:
            if chat not in self._pumps:
                self._wake(chat)
        total = sum(waiting.values())
        metrics.OUTBOX_WAITING.labels(self.outboxes.platform).set(total)
        return total

    async def run(self) -> None:
        """Sweep now and every `sweep` seconds, forever (cancel to stop)."""
        while True:
            try:
                await self.sweep()
            except RedisError:
                stop_if_asked()  # (a cancellation redis-py turned into a timeout)
                metrics.REDIS_ERRORS.labels("outbox").inc()
                log.warning("outbox sweep could not reach Redis", exc_info=True)
            stop_if_asked()  # (a cancellation lost in redis-py: bot/store/scheduler.py)
            await asyncio.sleep(self.sweep_every)

    # ----- one chat ----------------------------------------------------------------------

    def _wake(self, chat: str) -> None:
        if chat in self._pumps:
            self._again.add(chat)
        else:
            self._pumps[chat] = asyncio.create_task(self._pump(chat))

    async def _pump(self, chat: str) -> None:
        try:
            waiting = await self.outboxes.take(chat, self.owner, self.lease)
            if waiting is not None:  # (else another process holds the lease: it sends)
                await self._send_all(chat, waiting)
        except RedisError:
            metrics.REDIS_ERRORS.labels("outbox").inc()
            log.warning("outbox of chat %s: Redis failed; the sweep goes on", chat, exc_info=True)
        except Exception:
            log.exception("outbox of chat %s failed; the sweep goes on", chat)
        finally:
            del self._pumps[chat]
            if chat in self._again:  # offered after our last look: look again
                self._again.discard(chat)
                self._wake(chat)
            else:  # sent, or the holder of the lease sends them (from Redis)
                self._local.pop(chat, None)

    async def _send_all(self, chat: str, waiting: list[tuple[str, bytes]]) -> None:
        """Holding the lease (and `waiting`, the outbox read with it): send until the
        outbox is empty, then give the lease up."""
        lost = asyncio.Event()
        renewing = asyncio.create_task(self._renew(chat, lost))
        read: list[tuple[str, bytes]] | None = waiting
        try:
            while not lost.is_set():
                # (An offer just before this discard, after the outbox was read with the
                # lease, is not lost: its replies were written before it was offered, and
                # the lease is given up only by a script that finds the outbox empty.)
                self._again.discard(chat)
                waiting = read if read is not None else await self.outboxes.waiting(chat)
                read = None
                if not waiting:
                    if await self.outboxes.release(chat, self.owner):
                        return
                    continue  # something came meanwhile
                replies = await self._replies(chat, waiting)
                if not replies:  # (waiting a moment for an offer: see GRACE)
                    continue
                if not await self._deliver(chat, replies):  # the platform is away: the
                    await self.outboxes.release(chat, self.owner, force=True)  # sweep retries
                    return
                # All sent and acknowledged: the lease is given up unless something came
                # meanwhile (the script looks, so the outbox is not read first: a round
                # trip less a change); if it did, read it.
                if await self.outboxes.release(chat, self.owner):
                    return
        finally:
            renewing.cancel()

    async def _renew(self, chat: str, lost: asyncio.Event) -> None:
        while True:
            await asyncio.sleep(self.lease / 3)
            try:
                if not await self.outboxes.renew(chat, self.owner, self.lease):
                    log.warning("outbox of chat %s: the send lease was lost", chat)
                    lost.set()
                    return
            except RedisError:
                log.warning("outbox of chat %s: could not renew the send lease", chat)
            stop_if_asked()

    async def _deliver(self, chat: str, replies: list[Reply]) -> bool:
        """Hand the replies over, acknowledging each as it is done; False if any is kept."""
        pending = dict(zip(self.deliver(replies), replies, strict=True))
        kept = False
        while pending:
            done, _ = await asyncio.wait(pending, return_when=asyncio.FIRST_COMPLETED)
            sent = [pending.pop(f).outbox_id for f in done if f.result()]
            if failed := [f for f in done if not f.result()]:
                kept = True
                for f in failed:
                    del pending[f]
            await self._ack(chat, sent)
        return not kept

    async def _ack(self, chat: str, ids: list[str]) -> None:
        """Acknowledged, retried while Redis is away: a reply sent and not acknowledged
        would be sent again."""
        for attempt in range(20):
            try:
                await self.outboxes.ack(chat, ids)
                return
            except RedisError:
                stop_if_asked()
                await asyncio.sleep(min(2.0, 0.1 * 2**attempt))
        log.error("outbox of chat %s: %d replies sent but not acknowledged", chat, len(ids))

    async def _replies(self, chat: str, waiting: list[tuple[str, bytes]]) -> list[Reply]:
        """The waiting replies: this process's own from memory (with their pictures),
        the others read back, their pictures drawn from the table as it is now."""
        local = self._local.get(chat, {})
        out: list[Reply] = []
        table: Table | None = None
        loaded = False
        now = time.monotonic()
        if len(self._unoffered) > 1000:  # (fields another process sent meanwhile)
            self._unoffered.clear()
        for field, _ in waiting:  # (all at once: a dead process's replies wait one GRACE)
            if field not in local:
                self._unoffered.setdefault(field, now)
        for field, raw in waiting:
            reply = local.pop(field, None)
            if reply is None:
                if now - self._unoffered[field] < GRACE:  # perhaps ours, offered any moment
                    if not out:
                        await asyncio.sleep(GRACE / 4)
                    break
                del self._unoffered[field]
                reply = replace(loads(raw), outbox_id=field)
                if (picture := picture_of(raw)) is not None:
                    if not loaded:
                        table, loaded = await self.load(chat), True
                    reply = replace(reply, svg=drawing(table, picture, reply.to))
            out.append(reply)
        return out


def drawing(table: Table | None, picture: str, to: str | None) -> Callable[[], str | None] | None:
    """The picture a reply showed ("board", or "hand" of the player `to`), drawn from the
    table as it is now; None when there is none to draw (the game is over, pictures off)."""
    if table is None or table.status != "playing" or not table.images:
        return None
    spec = lobby.spec_of(table)
    state = play.state_of(spec, table)
    names = [s.name for s in table.seats]
    # (the label the bot's boards are drawn with: the renderers remember lines by label)
    label = play.board_label(
        Outbox(lang=table.lang, platform=table.platform, game=spec.id, names=names)
    )
    if picture == "board":
        view = spec.public_view(state)
        return lambda: board_svg(spec.id, view, names, label)
    seat = table.seat_of(to or "")
    if seat is None:
        return None
    hand = spec.seat_view(state, seat)
    return lambda: private_svg(spec.id, hand, names, label)
