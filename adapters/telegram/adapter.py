"""Telegram updates in, Stammtisch replies out. Translates; decides nothing.

A chat key is the chat id, or `<chat id>:<topic id>` in a forum topic (each topic
is its own table). Private replies go to the user's private chat (its id is the
user id); a user who never started the bot gets them once they do (bot/mailbox.py).
"""

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut
from telegram.ext import Application, CallbackQueryHandler, ContextTypes, MessageHandler, filters

from adapters.telegram.format import CAPTION_LIMIT, MESSAGE_LIMIT, keyboard, pre, split, to_html
from bot import mailbox, pictures
from bot.i18n import t
from bot.replies import Reply
from bot.router import Incoming, Router

log = logging.getLogger(__name__)
PLATFORM = "telegram"
GROUP_INTERVAL = 3.0  # seconds between messages to one group: Telegram allows ~20 a minute
ADMIN_CACHE_SECONDS = 300
UNCHANGED = "not modified"  # Telegram's words when an edit would change nothing
T = TypeVar("T")


def chat_key(chat_id: int, thread: int | None) -> str:
    return f"{chat_id}:{thread}" if thread else str(chat_id)


def parse_key(key: str) -> tuple[int, int | None]:
    chat, _, thread = key.partition(":")
    return int(chat), int(thread) if thread else None


class TelegramAdapter:
    def __init__(self, router: Router, interval: float = GROUP_INTERVAL, retries: int = 4) -> None:
        self.router = router
        self.interval = interval
        self.retries = retries
        self.bot: Any = None
        self._paces: dict[int, tuple[asyncio.Lock, list[float]]] = {}
        self._admins: dict[tuple[int, int], tuple[bool, float]] = {}
        self._explained: set[tuple[str, str]] = set()
        self._queues: dict[str, list[Reply]] = {}
        self._flushers: dict[str, asyncio.Task[None]] = {}

    def install(self, app: Application) -> None:
        self.app, self.bot = app, app.bot
        app.add_handler(MessageHandler(filters.ALL, self.on_message))
        app.add_handler(CallbackQueryHandler(self.on_callback))
        app.add_error_handler(self.on_error)

    # ----- updates in -----------------------------------------------------------------

    async def on_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        msg, user = update.effective_message, update.effective_user
        if msg is None:
            return
        if msg.migrate_to_chat_id:  # group → supergroup: the table follows the new id
            await self.router.move_table(PLATFORM, str(msg.chat_id), str(msg.migrate_to_chat_id))
            return
        if user is None or not msg.text or user.is_bot:
            return
        private = msg.chat.type == ChatType.PRIVATE
        if private and msg.text.startswith("/start ") and await self.deliver_waiting(user.id):
            return
        thread = msg.message_thread_id if msg.is_topic_message else None
        admin = (
            not private
            and msg.text.split()[0].split("@")[0] in ("/abort", "/start")
            and (await self.is_admin(msg.chat_id, user.id))
        )
        incoming = Incoming(
            platform=PLATFORM,
            chat=str(user.id) if private else chat_key(msg.chat_id, thread),
            user=str(user.id),
            name=user.full_name,
            text=msg.text,
            private=private,
            update_id=str(update.update_id),
            admin=admin,
            lang=user.language_code,
        )
        await self.send(await self.router.handle(incoming))

    async def on_callback(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query, user = update.callback_query, update.effective_user
        if query is None or user is None or query.message is None:
            return
        message = query.message
        private = message.chat.type == ChatType.PRIVATE
        thread = getattr(message, "message_thread_id", None)
        incoming = Incoming(
            platform=PLATFORM,
            chat=str(user.id) if private else chat_key(message.chat.id, thread),
            user=str(user.id),
            name=user.full_name,
            button=query.data or "",
            private=private,
            update_id=str(update.update_id),
            lang=user.language_code,
        )
        replies = await self.router.handle(incoming)
        # Every callback is answered: the presser's short notice (an alert if refused).
        notice = next((r for r in replies if r.notice and r.to == str(user.id)), None)
        await self._call(
            lambda: query.answer(
                text=notice.text[:200] if notice else None, show_alert=bool(notice and notice.error)
            )
        )
        await self.send([r for r in replies if r is not notice])

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat = (
            update.effective_chat.id
            if isinstance(update, Update) and update.effective_chat
            else "?"
        )
        log.error("handler failed in chat %s", chat, exc_info=context.error)

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        cached = self._admins.get((chat_id, user_id))
        if cached and time.monotonic() - cached[1] < ADMIN_CACHE_SECONDS:
            return cached[0]
        try:
            member = await self._call(lambda: self.bot.get_chat_member(chat_id, user_id))
        except Exception:  # unknown is "no": the host can still /abort
            log.warning("could not ask whether %s is admin of %s", user_id, chat_id)
            member = None
        admin = member is not None and member.status in ("administrator", "creator")
        self._admins[(chat_id, user_id)] = (admin, time.monotonic())
        return admin

    async def deliver_waiting(self, user_id: int) -> bool:
        """The user pressed Start: send what waited for them. True if anything did."""
        waiting = await mailbox.take(self.router.redis, PLATFORM, str(user_id))
        await self.send(waiting)
        return bool(waiting)

    # ----- replies out ----------------------------------------------------------------

    async def send(self, replies: list[Reply]) -> None:
        """Private replies go at once; a group's go through its queue (see _flush)."""
        for reply in replies:
            if not reply.private:
                self._enqueue(reply)
                continue
            try:
                await self._private(reply)
            except Exception:  # one failed reply must not lose the others
                log.exception("sending privately to telegram user %s failed", reply.to)

    def _enqueue(self, reply: Reply) -> None:
        queue = self._queues.setdefault(reply.chat, [])
        queue.append(reply)
        flusher = self._flushers.get(reply.chat)
        if flusher is None or flusher.done():
            self._flushers[reply.chat] = asyncio.create_task(self._flush(reply.chat))

    async def _flush(self, key: str) -> None:
        """A chat's group output, in order, within its rate limit. What piles up while
        the limit holds it back goes out merged: as few messages as possible."""
        queue = self._queues[key]
        where = parse_key(key)
        while queue:
            try:
                if queue[0].board:
                    await self._board(queue[0])
                    taken = 1
                else:
                    text, markup, taken = _merge(queue)
                    pieces = split(text)
                    for i, piece in enumerate(pieces):
                        keys = markup if i == len(pieces) - 1 else None
                        await self._paced(
                            where[0],
                            lambda piece=piece, keys=keys: self.bot.send_message(
                                where[0],
                                piece,
                                parse_mode=ParseMode.HTML,
                                reply_markup=keys,
                                message_thread_id=where[1],
                            ),
                        )
            except Exception:
                log.exception("sending to telegram chat %s failed", key)
                taken = 1
            # Only now: replies that came meanwhile were queued behind, for this loop.
            del queue[:taken]

    async def drain(self) -> None:
        """Wait until every group queue is sent (tests, shutdown)."""
        while pending := [f for f in self._flushers.values() if not f.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    async def _private(self, reply: Reply) -> None:
        assert reply.to is not None
        try:
            await self._text((int(reply.to), None), reply, raise_forbidden=True)
        except Forbidden:
            # Never started the bot: keep it, and tell the group once, with a link.
            if await mailbox.keep(self.router.redis, PLATFORM, reply.to, reply) and reply.chat:
                await self._start_me(reply)

    async def _start_me(self, reply: Reply) -> None:
        table = await self.router.table(PLATFORM, reply.chat)
        lang = table.lang if table else "en"
        name = next((s.name for s in table.seats if s.user == reply.to), "?") if table else "?"
        link = f"https://t.me/{self.bot.username}?start=mail"
        markup = InlineKeyboardMarkup(
            [[InlineKeyboardButton(t(lang, "tg.start_button"), url=link)]]
        )
        chat, thread = parse_key(reply.chat)
        await self._paced(
            chat,
            lambda: self.bot.send_message(
                chat,
                to_html(t(lang, "tg.start_me", name=name)),
                parse_mode=ParseMode.HTML,
                reply_markup=markup,
                message_thread_id=thread,
            ),
        )

    async def _text(
        self, where: tuple[int, int | None], reply: Reply, raise_forbidden: bool = False
    ) -> Any:
        chat, thread = where
        body = to_html(reply.text) + (
            ("\n" if reply.text else "") + pre(reply.pre) if reply.pre else ""
        )
        pieces = split(body)
        sent = None
        for i, piece in enumerate(pieces):
            markup = keyboard(reply.buttons) if i == len(pieces) - 1 else None
            sent = await self._paced(
                chat,
                lambda piece=piece, markup=markup: self.bot.send_message(
                    chat,
                    piece,
                    parse_mode=ParseMode.HTML,
                    reply_markup=markup,
                    message_thread_id=thread,
                ),
                raise_forbidden=raise_forbidden,
            )
        return sent

    async def _board(self, reply: Reply) -> None:
        """The board: edited in place where possible, a photo when pictures are on."""
        chat, thread = parse_key(reply.chat)
        table = await self.router.table(PLATFORM, reply.chat)
        previous = table.board_message if table else None
        svg = reply.svg() if reply.svg else None
        picture = await pictures.png(svg) if svg else None
        title = to_html(reply.text)
        caption = f"{title}\n{pre(reply.pre)}" if reply.pre else title
        if len(caption) > CAPTION_LIMIT:
            caption = title
        kind, _, old_id = (previous or "").partition(":")
        sent = None
        if picture and kind == "p":
            sent = await self._edit(
                lambda: self.bot.edit_message_media(
                    InputMediaPhoto(picture, caption=caption, parse_mode=ParseMode.HTML),
                    chat_id=chat,
                    message_id=int(old_id),
                )
            )
        elif not picture and kind == "t":
            sent = await self._edit(
                lambda: self.bot.edit_message_text(
                    f"{title}\n{pre(reply.pre or '')}"[:4096],
                    chat_id=chat,
                    message_id=int(old_id),
                    parse_mode=ParseMode.HTML,
                )
            )
        if sent is None and picture:
            try:
                sent = await self._paced(
                    chat,
                    lambda: self.bot.send_photo(
                        chat,
                        picture,
                        caption=caption,
                        parse_mode=ParseMode.HTML,
                        message_thread_id=thread,
                    ),
                )
            except BadRequest as e:  # e.g. "not enough rights to send photos"
                log.warning("no photo in chat %s: %s", chat, e)
                await self._explain_once(reply, "tg.no_photos")
                picture = None
            else:
                if caption == title and reply.pre:
                    await self._text((chat, thread), Reply(pre=reply.pre))
        if sent is None:
            sent = await self._text((chat, thread), reply)
        if sent is not None:
            await self.router.remember_board(
                PLATFORM, reply.chat, f"{'p' if picture else 't'}:{sent.message_id}"
            )

    async def _explain_once(self, reply: Reply, key: str) -> None:
        """Tell a chat once per process what permission the bot lacks."""
        if (reply.chat, key) in self._explained:
            return
        self._explained.add((reply.chat, key))
        table = await self.router.table(PLATFORM, reply.chat)
        await self._text(parse_key(reply.chat), Reply(text=t(table.lang if table else "en", key)))

    async def _edit(self, call: Callable[[], Awaitable[T]]) -> T | None:
        try:
            return await self._call(call)
        except BadRequest as e:  # deleted, too old, or unchanged: post a new board
            if UNCHANGED in str(e).lower():
                return True  # type: ignore[return-value]
            return None

    # ----- limits and failures ------------------------------------------------------------

    async def _paced(
        self, chat: int, call: Callable[[], Awaitable[T]], raise_forbidden: bool = False
    ) -> T | None:
        """One message at a time per chat, at most ~20 a minute to a group."""
        lock, last = self._paces.setdefault(chat, (asyncio.Lock(), [0.0]))
        async with lock:
            if chat < 0:  # groups and channels have negative ids
                wait = last[0] + self.interval - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
            try:
                return await self._call(call, raise_forbidden=raise_forbidden)
            finally:
                last[0] = time.monotonic()

    async def _call(
        self, call: Callable[[], Awaitable[T]], raise_forbidden: bool = False
    ) -> T | None:
        """Retry on 429 (waiting as told) and on network errors (with backoff)."""
        for attempt in range(self.retries):
            try:
                return await call()
            except RetryAfter as e:
                delay = e.retry_after
                seconds = delay.total_seconds() if hasattr(delay, "total_seconds") else delay
                await asyncio.sleep(float(seconds))
            except Forbidden as e:
                if raise_forbidden:
                    raise
                log.warning("telegram refused: %s", e)
                return None
            except BadRequest:
                raise
            except (TimedOut, NetworkError):
                await asyncio.sleep(0.5 * 2**attempt)
        log.error("telegram call failed %d times; giving up", self.retries)
        return None


def _merge(queue: list[Reply]) -> tuple[str, Any, int]:
    """The leading plain texts of a queue joined into one message: a board, a keyboard
    (it belongs under its question) or Telegram's length limit ends it.
    Returns (html, keyboard, how many replies it took)."""
    text, taken = "", 0
    for reply in queue:
        if reply.board:
            break
        body = to_html(reply.text) + (("\n" + pre(reply.pre)) if reply.pre else "")
        if text and len(text) + 1 + len(body) > MESSAGE_LIMIT:
            break
        text, taken = (f"{text}\n{body}" if text else body), taken + 1
        if reply.buttons:
            return text, keyboard(reply.buttons), taken
    return text, None, taken
