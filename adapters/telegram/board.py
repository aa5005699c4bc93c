"""The board of a table: one message, edited in place as the game goes on.

A photo when the table shows pictures and the bot may post photos there, else the
text snapshot in <pre>. The table keeps which message it is (`photo:<id>` or
`text:<id>`), so any process edits the same one; a board of another kind, or one
Telegram will no longer edit, is posted anew.

A step's living status posted together with the board becomes the photo's caption,
its buttons the photo's (`with_status`): Telegram counts about 20 messages a minute in
a group, edits included, and a decision that edits the status and the board would cost
two. From then on an answer edits the caption (the picture kept), and a changed board
the picture with that caption (adapters/telegram/shown.py keeps what the photo shows).
A status longer than a caption (1,024 characters) goes as a message of its own, with
the board apart, as does every status of a text board. A photo whose caption tells a
step is never deleted when the board moves down: it is what happened.
"""

import logging

from telegram.error import BadRequest, TelegramError

from adapters.telegram import format
from adapters.telegram.chats import PLATFORM, parse_key, redis_key
from adapters.telegram.messages import Poster
from adapters.telegram.shown import Photos, Shown, picture_hash
from bot.chat import pictures
from bot.chat.router import Router
from bot.i18n import DEFAULT, t
from bot.replies import Button, Reply

log = logging.getLogger(__name__)
PHOTO, TEXT = "photo", "text"
NO_PHOTOS_SECONDS = 6 * 3600  # how long a chat without photo rights gets text boards
NO_RIGHTS = "not enough rights"  # Telegram's words when the chat forbids the bot photos


class Boards:
    def __init__(self, poster: Poster, router: Router) -> None:
        self.poster, self.router = poster, router
        self.photos = Photos(router.redis)

    async def show(self, key: str, reply: Reply) -> None:
        kind, replaced = _placed(reply.replaces)
        told = kind == PHOTO and await self.photos.tells(key, replaced)
        await self._show(key, reply)
        if reply.replaces and not told:  # the board moved down: the old one goes
            chat, _ = parse_key(key)
            await self.delete(chat, replaced)

    async def with_status(self, key: str, board: Reply, status: Reply) -> int | None:
        """A step's new living status posted as the board photo's caption, with its
        buttons; the photo's id, or None where it cannot be (a text board, a status
        too long for a caption, no photo rights): then both go as they are."""
        chat, thread = parse_key(key)
        lines = format.lines_of(status)
        picture = await self._picture(chat, board)
        if picture is None or format.size(lines) > format.CAPTION_LIMIT:
            return None
        caption = format.to_html(lines)
        if status.mentions:
            caption = format.with_mentions(caption, status.mentions)
        table = await self.router.table(PLATFORM, key)
        # the board it replaces, and the one the table holds (a change made while an
        # earlier board was being posted names the board before that one)
        olds = {_placed(board.replaces), _placed(table.board_message if table else None)}
        try:
            sent = await self.poster.photo(
                chat, thread, picture, caption, format.keyboard(status.buttons)
            )
        except BadRequest as e:  # both go as they are: the board as text, if it must
            if NO_RIGHTS in str(e).lower():
                await self._no_photos(chat, thread, table.lang if table else DEFAULT)
            else:
                log.warning("telegram chat %s refused a board photo: %s", chat, e)
            return None
        await self.router.remember_board(PLATFORM, key, f"{PHOTO}:{sent.message_id}")
        shown = Shown(sent.message_id, caption, _rows(status.buttons), picture_hash(picture), True)
        await self.photos.put(key, shown)
        for kind, old in olds:  # the board moved down with the status
            if old and not (kind == PHOTO and await self.photos.tells(key, old)):
                await self.delete(chat, old)
        return sent.message_id

    async def edit_with(self, key: str, edit: Reply, board: Reply) -> bool:
        """An edit of the status that the board photo carries, and the changed board: one
        edit of the photo (of its caption alone, where the picture is the same). False
        if the edited message is not the board photo: then both go as they are."""
        chat, _ = parse_key(key)
        kind, photo = _placed(board.replaces or await self._board_message(key))
        shown = await self.photos.get(key, photo) if kind == PHOTO else None
        if shown is None or edit.edit != str(photo):
            return False
        picture = await self._picture(chat, board)
        if picture is None:
            return False
        if board.replaces:
            # Moving the board down would move the status the players look at (the
            # table counts messages below the board, not that it went down with the
            # last status): it stays where it is, edited, and is the board again.
            await self.router.remember_board(PLATFORM, key, f"{PHOTO}:{photo}")
        await self._edit_photo(key, chat, shown, _caption(edit), _rows(edit.buttons), picture)
        return True

    async def edit_status(self, key: str, edit: Reply) -> bool:
        """An edit of a message that may be the board photo carrying the status: its
        caption and buttons edited, its picture kept (True); False if it is not."""
        if edit.edit is None or not edit.edit.isdigit():
            return False
        shown = await self.photos.get(key, int(edit.edit))
        if shown is None:
            return False
        chat, _ = parse_key(key)
        await self._edit_photo(key, chat, shown, _caption(edit), _rows(edit.buttons), None)
        return True

    async def _edit_photo(
        self,
        key: str,
        chat: int,
        shown: Shown,
        caption: str,
        rows: list[list[tuple[str, str]]],
        picture: bytes | None,
    ) -> bool:
        """The photo `shown` edited to show `caption`, the buttons `rows` and `picture`
        (None: the same), with one call, or none if nothing changes; False if Telegram
        will not."""
        same = picture is None or picture_hash(picture) == shown.picture
        if same and caption == shown.caption and rows == shown.buttons:
            return True
        markup = format.keyboard(_buttons(rows))
        if same:
            done = await self.poster.edit_caption(chat, shown.message_id, caption, markup)
        else:
            assert picture is not None
            done = await self.poster.edit_photo(chat, shown.message_id, picture, caption, markup)
        if done:
            hashed = shown.picture if picture is None else picture_hash(picture)
            await self.photos.put(key, Shown(shown.message_id, caption, rows, hashed, shown.status))
        return done

    async def _board_message(self, key: str) -> str | None:
        table = await self.router.table(PLATFORM, key)
        return table.board_message if table else None

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
            shown = await self.photos.get(key, old) if kind == PHOTO else None
            if shown is not None and shown.status:  # its caption and buttons: the step's
                if await self._edit_photo(key, chat, shown, shown.caption, shown.buttons, picture):
                    return
            elif shown is not None:
                if await self._edit_photo(key, chat, shown, caption, [], picture):
                    await self.poster.text(chat, thread, rest)  # beyond a caption: never dropped
                    return
            elif kind == PHOTO and await self.poster.edit_photo(chat, old, picture, caption):
                await self.poster.text(chat, thread, rest)
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
                hashed = picture_hash(picture)
                await self.photos.put(key, Shown(sent.message_id, caption, [], hashed, False))
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


def _caption(edit: Reply) -> str:
    """An edit's text as a caption: of a long one the last lines that fit, where the
    status and the question are (the oldest of what happened left out first)."""
    lines = format.lines_of(edit)
    while len(lines) > 1 and format.size(lines) > format.CAPTION_LIMIT:
        lines = lines[1:]
    return format.pieces(lines, format.CAPTION_LIMIT)[-1]


def _rows(buttons: tuple[tuple[Button, ...], ...]) -> list[list[tuple[str, str]]]:
    return [[(b.label, b.data) for b in row] for row in buttons]


def _buttons(rows: list[list[tuple[str, str]]]) -> tuple[tuple[Button, ...], ...]:
    return tuple(tuple(Button(label, data) for label, data in row) for row in rows)


def _placed(board_message: str | None) -> tuple[str, int]:
    kind, _, message_id = (board_message or "").partition(":")
    return (kind, int(message_id)) if message_id.isdigit() else ("", 0)
