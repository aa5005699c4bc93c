"""The board of a table: one message, edited in place as the game goes on.

A photo when the table shows pictures and the bot may post photos there, else the
text snapshot in <pre>. The table keeps which message it is (`photo:<id>` or
`text:<id>`), so any process edits the same one; a board of another kind, or one
Telegram will no longer edit, is posted anew.
"""

import logging

from telegram.error import BadRequest, TelegramError

from adapters.telegram import format
from adapters.telegram.chats import PLATFORM, parse_key, redis_key
from adapters.telegram.messages import Poster
from bot.chat import pictures
from bot.chat.router import Router
from bot.i18n import DEFAULT, t
from bot.replies import Reply

log = logging.getLogger(__name__)
PHOTO, TEXT = "photo", "text"
NO_PHOTOS_SECONDS = 6 * 3600  # how long a chat without photo rights gets text boards
NO_RIGHTS = "not enough rights"  # Telegram's words when the chat forbids the bot photos


class Boards:
    def __init__(self, poster: Poster, router: Router) -> None:
        self.poster, self.router = poster, router

    async def show(self, key: str, reply: Reply) -> None:
        await self._show(key, reply)
        if reply.replaces:  # the board moved down: the old one goes
            chat, _ = parse_key(key)
            await self.delete(chat, _placed(reply.replaces)[1])

    async def delete(self, chat: int, message_id: int) -> None:
        if not message_id:
            return
        try:
            await self.poster.call(chat, lambda: self.poster.bot.delete_message(chat, message_id))
        except TelegramError as e:  # too old (48 h), or deleted already: it stays or is gone
            log.info("telegram chat %s: old board %s not deleted: %s", chat, message_id, e)

    async def _show(self, key: str, reply: Reply) -> None:
        chat, thread = parse_key(key)
        table = await self.router.table(PLATFORM, key)
        kind, old = _placed(table.board_message if table else None)
        picture = await self._picture(chat, reply)
        if picture is not None:
            caption, rest = format.caption(reply)
            if kind == PHOTO and await self.poster.edit_photo(chat, old, picture, caption):
                await self.poster.text(chat, thread, rest)  # beyond a caption: never dropped
                return
            try:
                sent = await self.poster.photo(chat, thread, picture, caption)
            except BadRequest as e:  # the board goes out as text instead
                if NO_RIGHTS in str(e).lower():
                    await self._no_photos(chat, thread, table.lang if table else DEFAULT)
                else:
                    log.warning("telegram chat %s refused a board photo: %s", chat, e)
            else:
                await self.router.remember_board(PLATFORM, key, f"{PHOTO}:{sent.message_id}")
                await self.poster.text(chat, thread, rest)
                return
        pieces = format.pieces(format.lines_of(reply))
        if kind == TEXT and len(pieces) == 1 and await self.poster.edit_text(chat, old, pieces[0]):
            return
        sent = await self.poster.text(chat, thread, pieces)
        # A board longer than one message cannot be edited as one: the next is posted anew.
        placed = f"{TEXT}:{sent.message_id}" if sent and len(pieces) == 1 else None
        await self.router.remember_board(PLATFORM, key, placed)

    async def _picture(self, chat: int, reply: Reply) -> bytes | None:
        """The board as PNG; None for text (pictures off for the table, none drawn for
        this game, no rasteriser, or no photo rights here)."""
        if not shows_pictures(reply):
            return None
        if await self.router.redis.exists(redis_key(chat, "no_photos")):
            return None
        return await picture(reply)

    async def _no_photos(self, chat: int, thread: int | None, lang: str) -> None:
        """Boards go out as text for a while; the chat is told once why."""
        log.warning("telegram chat %s: no rights to send photos", chat)
        first = await self.router.redis.set(
            redis_key(chat, "no_photos"), 1, nx=True, ex=NO_PHOTOS_SECONDS
        )
        if first:
            await self.poster.text(chat, thread, [format.escaped(t(lang, "tg.no_photos"))])


def shows_pictures(reply: Reply) -> bool:
    """Whether a reply should be a picture: the router leaves out the picture when the
    table has `/images off`, so its presence is the table's choice."""
    return reply.svg is not None


async def picture(reply: Reply) -> bytes | None:
    """The reply's picture as PNG, or None: send its text instead."""
    svg = reply.svg() if shows_pictures(reply) and reply.svg else None
    return await pictures.png(svg) if svg else None


def _placed(board_message: str | None) -> tuple[str, int]:
    kind, _, message_id = (board_message or "").partition(":")
    return (kind, int(message_id)) if message_id.isdigit() else ("", 0)
