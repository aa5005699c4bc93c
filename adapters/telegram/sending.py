"""Every reply leaves through a queue per place, so handlers never wait on Telegram.

A table's group output goes through the table's queue: in order, within the group's
rate (adapters/telegram/pace.py), and merged: whatever is due when a message may go
becomes as few messages as fit. A board, a picture, or a message with buttons (they
belong under their question) ends a merge. A user's private chat has a queue too,
so their messages arrive in order.

What a change of a table says is kept in Redis with the change (bot/store/outboxes.py):
such replies go through the courier (bot/chat/courier.py), which hands them to these queues
in the process holding the chat's send lease and acknowledges each once Telegram took
it, so a crash delays them and never loses them. Refusals and rolls go straight in.
"""

import asyncio
import logging
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TypeGuard

from telegram.error import BadRequest, ChatMigrated, Forbidden, NetworkError, RetryAfter

from adapters.telegram import format, menu
from adapters.telegram.board import Boards
from adapters.telegram.chats import PLATFORM, chat_key, parse_key
from adapters.telegram.messages import Poster, Prepared
from adapters.telegram.private import PrivateChats
from bot.chat.courier import LEASE, SWEEP, Courier
from bot.chat.router import Router
from bot.replies import Reply
from bot.store.outboxes import Outboxes
from bot.table.standing import STANDING

log = logging.getLogger(__name__)
DM = "dm:"  # queue names: a table's chat key, or `dm:<user id>`

Item = Reply | Prepared


class Sender:
    def __init__(
        self, poster: Poster, router: Router, *, lease: float = LEASE, sweep: float = SWEEP
    ) -> None:
        self.poster, self.router = poster, router
        self.boards = Boards(poster, router)
        self.private = PrivateChats(poster, router, self.post)
        self._queues: dict[str, deque[Item]] = {}
        self._flushers: dict[str, asyncio.Task[None]] = {}
        self._menus: set[asyncio.Task[None]] = set()
        # A durable reply's outcome, by the queued item's id: True once Telegram took it
        # (or refused it for good), False if it may go through later.
        self._outcomes: dict[int, asyncio.Future[bool]] = {}
        self.courier = Courier(
            Outboxes(router.redis, PLATFORM),
            self.deliver,
            lambda chat: router.table(PLATFORM, chat),
            lease=lease,
            sweep=sweep,
        )

    def send(self, replies: Iterable[Reply]) -> None:
        """Queue replies: privately to `to`, or to the group of the table they belong to;
        those kept in the chat's outbox through the courier."""
        durable = []
        for reply in replies:
            if reply.outbox_id:  # (a menu too: acknowledged once set, so set once)
                durable.append(reply)
            elif reply.menu is not None:
                self._set_menu(reply)
            elif not _skipped(reply):
                self._put(_place(reply), reply)
        if durable:
            self.courier.offer(durable)

    def deliver(self, replies: Sequence[Reply]) -> list[asyncio.Future[bool]]:
        """Queue replies of one chat (the courier's); for each, a future: whether it is
        done with once it is."""
        outcomes: list[asyncio.Future[bool]] = []
        for reply in replies:
            outcome = asyncio.get_running_loop().create_future()
            if _skipped(reply):
                outcome.set_result(True)
            elif reply.menu is not None:
                self._set_menu(reply)
                outcome.set_result(True)  # a menu is a help: set once, never retried
            else:
                self._put(_place(reply), reply, outcome)
            outcomes.append(outcome)
        return outcomes

    def _set_menu(self, reply: Reply) -> None:
        """The chat's own command menu, set or reset (a reply with a menu says nothing)."""
        game, lang = reply.menu  # type: ignore[misc]
        self._menus.add(asyncio.create_task(self._menu(reply.chat, game, lang)))

    async def _menu(self, place: str, game: str, lang: str) -> None:
        try:
            await menu.for_chat(self.poster, parse_key(place)[0], game, lang)
        except Exception as e:  # a menu is a help, never worth a lost game
            log.warning("telegram: could not set the menu of %s: %s", place, e)
        finally:
            self._menus.discard(asyncio.current_task())  # type: ignore[arg-type]

    def post(self, key: str, message: Prepared) -> None:
        self._put(key, message)

    def backlog(self) -> int:
        """Replies and messages waiting in this process to be sent (a metric)."""
        return sum(len(q) for q in self._queues.values())

    async def drain(self) -> None:
        """Wait until every queue is empty, every menu set and every outbox this process
        sends for is sent (shutdown, tests)."""
        while self._flushers or self._menus or self.courier.busy():
            await self.courier.drain()
            await asyncio.gather(*self._flushers.values(), *self._menus, return_exceptions=True)

    def _put(self, place: str, item: Item, outcome: "asyncio.Future[bool] | None" = None) -> None:
        self._queues.setdefault(place, deque()).append(item)
        if outcome is not None:
            self._outcomes[id(item)] = outcome
        if place not in self._flushers:
            self._flushers[place] = asyncio.create_task(self._flush(place))

    def _settle(self, batch: Iterable[Item], done: bool) -> None:
        for item in batch:
            outcome = self._outcomes.pop(id(item), None)
            if outcome is not None and not outcome.done():
                outcome.set_result(done)

    async def _flush(self, place: str) -> None:
        queue = self._queues[place]
        try:
            while queue:
                if not place.startswith(DM):
                    # Wait first, then take: what piles up meanwhile goes out merged.
                    await self._ready(place)
                while len(queue) > 1 and _superseded(queue[0], queue[1]):
                    self._settle([queue.popleft()], True)  # only the later edit shows
                batch = _take(queue)
                done = True
                try:
                    await self._deliver(place, batch)
                except ChatMigrated as e:
                    await self._migrated(place, e.new_chat_id, batch)
                    continue
                except Forbidden as e:  # removed from the group, or muted there
                    log.warning("telegram: may not post to %s: %s", place, e)
                except BadRequest:  # ours is wrong: sending it again would not help
                    log.exception("telegram: %s refused a message", place)
                except (NetworkError, RetryAfter) as e:  # kept, for a later try
                    log.warning("telegram: could not send to %s, kept for later: %s", place, e)
                    done = False
                except Exception:  # one lost message must not stop the chat's queue
                    log.exception("telegram: sending to %s failed", place)
                self._settle(batch, done)
        finally:
            self._settle(queue, False)  # cancelled: what was not sent stays in its outbox
            del self._flushers[place], self._queues[place]

    async def _ready(self, place: str) -> None:
        """Wait for the group's pace. If Redis fails us, the queue goes on unpaced (Telegram
        slows us down itself, with 429s that we obey) rather than stop and lose it."""
        try:
            await self.poster.pace.ready(parse_key(place)[0])
        except Exception:
            log.exception("telegram: could not pace %s; sending anyway", place)

    async def _deliver(self, place: str, batch: Sequence[Item]) -> None:
        first = batch[0]
        if isinstance(first, Reply) and _carries_status(first) and _is_board(batch[-1]):
            await self._with_board(place, first, batch[-1])
            return
        if isinstance(first, Reply) and first.edit is not None:
            if not place.startswith(DM) and await self._with_later_board(place, first):
                return
            chat = int(place.removeprefix(DM)) if place.startswith(DM) else parse_key(place)[0]
            await self._edit(chat, first, place)
            if place.startswith(DM):
                await self.private.forget(place.removeprefix(DM), first.edit)
            return
        if isinstance(first, Reply) and first.pressed and not first.text:
            await self.private.close(place.removeprefix(DM), first.pressed)
            return
        if place.startswith(DM):
            await self.private.deliver(
                place.removeprefix(DM), [r for r in batch if isinstance(r, Reply)]
            )
            return
        chat, thread = parse_key(place)
        if isinstance(first, Prepared):
            await self.poster.text(chat, thread, [first.html], first.markup)
        elif first.board:
            await self.boards.show(place, first)
        else:
            replies = [r for r in batch if isinstance(r, Reply)]
            lines = [line for reply in replies for line in format.lines_of(reply)]
            markup = format.keyboard(replies[-1].buttons)
            pieces = format.pieces(lines)
            if first.mentions:  # never merged: its line with the names is the last
                pieces[-1] = format.with_mentions(pieces[-1], first.mentions)
            reply_to = int(first.reply_to) if first.reply_to else None
            sent = await self.poster.text(chat, thread, pieces, markup, reply_to=reply_to)
            if first.status and sent is not None:  # the living status: later edited
                await self._remember_status(place, first, sent.message_id)

    async def _with_board(self, place: str, status: Reply, board: Reply) -> None:
        """A step's status (posted or edited) and the board after it: one message where
        the board's message can carry the status (adapters/telegram/board.py), else both."""
        if status.edit is not None:
            if not await self.boards.edit_with(place, status, board):
                await self._deliver(place, [status])
                await self.boards.show(place, board)
            return
        message = await self.boards.with_status(place, board, status)
        if message is None:
            await self._deliver(place, [status])
            await self.boards.show(place, board)
        else:
            await self._remember_status(place, status, message)

    async def _with_later_board(self, place: str, edit: Reply) -> bool:
        """An edit of the status the board's message carries, with a board edited in place
        further down the queue (a game's end: its last status, the result, then the
        board): one edit of that message, which stands above them anyway. False if there
        is none."""
        queue = self._queues[place]
        later = None
        for item in queue:
            if _carries_status(item):  # a status before the board takes it (a new step)
                return False
            if _is_board(item):
                later = item
                break
        if later is None or later.replaces or not await self.boards.edit_with(place, edit, later):
            return False
        for i, item in enumerate(queue):
            if item is later:
                del queue[i]
                break
        self._settle([later], True)
        return True

    async def _remember_status(self, place: str, status: Reply, message_id: int) -> None:
        closing = await self.router.remember_status(
            PLATFORM, place, str(message_id), status.status, status.text
        )
        if closing is not None:  # its step is over already: its buttons go
            await self._edit(parse_key(place)[0], closing, place)

    async def _edit(self, chat: int, reply: Reply, place: str) -> None:
        """An earlier message edited in place: a long one's last piece, where the
        status and the buttons are (in the board's message, where it carries the
        status). A message Telegram will not edit stays as it is."""
        assert reply.edit is not None
        if not place.startswith(DM) and await self.boards.edit_status(place, reply):
            return
        last = format.pieces(format.lines_of(reply))[-1]
        await self.poster.edit_text(chat, int(reply.edit), last, format.keyboard(reply.buttons))

    async def _migrated(self, place: str, new_id: int, batch: Sequence[Item]) -> None:
        """The group became a supergroup under a new id: the table and its queue follow."""
        new = chat_key(new_id)  # a basic group has no topics
        log.info("telegram chat %s migrated to %s", place, new)
        await self.router.move_table(PLATFORM, place, new)
        rest = [*batch, *self._queues[place]]
        self._queues[place].clear()
        for item in rest:
            outcome = self._outcomes.pop(id(item), None)
            self._put(new, replace(item, chat=new) if isinstance(item, Reply) else item, outcome)


def _skipped(reply: Reply) -> bool:
    """Closing applies to private prompts (the group's is its living status)."""
    return bool(reply.pressed and not reply.text and not reply.private)


def _place(reply: Reply) -> str:
    return f"{DM}{reply.to}" if reply.private else reply.chat


def _take(queue: deque[Item]) -> Sequence[Item]:
    """The leading items that make one message: a step's status with the board that
    follows it (one message, where it can: Sender._with_board), or texts merged."""
    first = queue.popleft()
    if _carries_status(first) and queue and _is_board(queue[0]):
        return [first, queue.popleft()]
    if not _mergeable(first):
        return [first]
    batch = [first]
    used = format.size(format.lines_of(first))
    while queue and not batch[-1].buttons and _mergeable(following := queue[0]):
        more = format.size(format.lines_of(following)) + 1
        if used + more > format.MESSAGE_LIMIT:
            break
        batch.append(queue.popleft())
        used += more
    return batch


def _carries_status(item: Item) -> TypeGuard[Reply]:
    """A step's living status, new or edited, that the board's message may carry."""
    if not isinstance(item, Reply) or item.private or item.board or item.pressed:
        return False
    return item.edit is not None or bool(item.status and not item.status.startswith(STANDING))


def _is_board(item: Item) -> TypeGuard[Reply]:
    return isinstance(item, Reply) and item.board and not item.private


def _superseded(item: Item, following: Item) -> bool:
    """An edit whose message the next item edits again, whole: only the later shows."""
    return (
        isinstance(item, Reply)
        and isinstance(following, Reply)
        and item.edit is not None
        and following.edit == item.edit
        and following.private == item.private
        and not item.pressed
        and not following.pressed
    )


def _mergeable(item: Item) -> TypeGuard[Reply]:
    """A living status is a message of its own (its edits keep only its own text)."""
    return (
        isinstance(item, Reply)
        and not item.board
        and item.svg is None
        and not item.status
        and item.edit is None
        and not item.mentions
        and not (item.pressed and not item.text)
        and item.reply_to is None
    )
