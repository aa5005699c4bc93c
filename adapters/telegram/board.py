"""The board of a table: one message, edited in place as the game goes on.

A photo when the table shows pictures and the bot may post photos there, else the
text snapshot in <pre>. The table keeps which message it is (`photo:<id>` or
`text:<id>`), so any process edits the same one; a board of another kind, or one
Telegram will no longer edit, is posted anew.

A step's living status posted together with the board rides in the board's message,
its buttons under it (`with_status`): the photo's caption, or the lines below a text
board's snapshot. Telegram counts about 20 messages a minute in a group, edits
included, and a decision that edits the status and the board would cost two. From then
on an answer edits that one message (a photo's caption, the picture kept; a text
board's text, its snapshot sent again unchanged, as an edit of a text replaces it
whole), and a changed board edits it with the status (adapters/telegram/shown.py keeps
what the message shows). A status longer than a caption (1,024 characters), or than
the room a text board leaves in one message (4,096), goes as a message of its own, with
the board apart; a text board that outgrows that room later leaves the status where it
is and is posted anew below it. A message that told a step is never deleted when the
board moves down: it is what happened.
"""

import logging
from dataclasses import replace

from telegram.error import BadRequest, TelegramError

from adapters.telegram import format
from adapters.telegram.chats import PLATFORM, parse_key, redis_key
from adapters.telegram.messages import Poster
from adapters.telegram.shown import Records, Shown, picture_hash
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
        self.shown = Records(router.redis)

    async def show(self, key: str, reply: Reply) -> None:
        _, replaced = _placed(reply.replaces)
        told = bool(replaced) and await self.shown.tells(key, replaced)
        await self._show(key, reply)
        if reply.replaces and not told:  # the board moved down: the old one goes
            chat, _ = parse_key(key)
            await self.delete(chat, replaced)

    async def with_status(self, key: str, board: Reply, status: Reply) -> int | None:
        """A step's new living status posted in the board's message, with its buttons:
        the photo's caption, or below a text board's snapshot; the message's id, or None
        where it cannot be (a status too long for a caption, or a text board and a status
        too long for one message): then both go as they are."""
        chat, thread = parse_key(key)
        table = await self.router.table(PLATFORM, key)
        # the board it replaces, and the one the table holds (a change made while an
        # earlier board was being posted names the board before that one)
        olds = {_placed(board.replaces), _placed(table.board_message if table else None)}
        picture = await self._picture(chat, board)
        if picture is None:
            return await self._text_with_status(key, board, status, olds)
        lines = format.lines_of(status)
        if format.size(lines) > format.CAPTION_LIMIT:
            return None
        caption = _called(format.to_html(lines), status)
        try:
            sent = await self.poster.photo(
                chat, thread, picture, caption, format.keyboard(status.buttons)
            )
        except BadRequest as e:  # both go as they are, or as a text board, if they must
            if NO_RIGHTS not in str(e).lower():
                log.warning("telegram chat %s refused a board photo: %s", chat, e)
                return None
            await self._no_photos(chat, thread, table.lang if table else DEFAULT)
            return await self._text_with_status(key, board, status, olds)
        shown = Shown(sent.message_id, caption, _rows(status.buttons), picture_hash(picture), True)
        await self._posted_with_status(key, PHOTO, shown, olds)
        return sent.message_id

    async def _text_with_status(
        self, key: str, board: Reply, status: Reply, olds: set[tuple[str, int]]
    ) -> int | None:
        """The text board with the step's status below its snapshot, in one message, if
        both fit in one."""
        pieces = format.pieces(format.lines_of(board))
        if len(pieces) != 1:  # a board longer than a message is never edited as one
            return None
        caption = _called(format.to_html(format.lines_of(status)), status)
        shown = Shown(0, caption, _rows(status.buttons), picture_hash(pieces[0]), True, pieces[0])
        if format.visible(shown.text) > format.MESSAGE_LIMIT:
            return None
        chat, thread = parse_key(key)
        sent = await self.poster.text(chat, thread, [shown.text], format.keyboard(status.buttons))
        if sent is None:
            return None
        await self._posted_with_status(key, TEXT, replace(shown, message_id=sent.message_id), olds)
        return sent.message_id

    async def _posted_with_status(
        self, key: str, kind: str, shown: Shown, olds: set[tuple[str, int]]
    ) -> None:
        await self.router.remember_board(PLATFORM, key, f"{kind}:{shown.message_id}")
        await self.shown.put(key, shown)
        chat, _ = parse_key(key)
        for _, old in olds:  # the board moved down with the status
            if old and not await self.shown.tells(key, old):
                await self.delete(chat, old)

    async def edit_with(self, key: str, edit: Reply, board: Reply) -> bool:
        """An edit of the status that the board message carries, and the changed board:
        one edit of that message (of a photo's caption alone, where the picture is the
        same). False if the edited message is not the board's: then both go as they are."""
        chat, _ = parse_key(key)
        kind, message = _placed(board.replaces or await self._board_message(key))
        shown = await self.shown.get(key, message) if kind in (PHOTO, TEXT) else None
        if shown is None or edit.edit != str(message):
            return False
        picture = await self._picture(chat, board)
        pieces = format.pieces(format.lines_of(board))
        if (picture is None) != (kind == TEXT) or (kind == TEXT and len(pieces) > 1):
            return False  # a board of another kind now, or one a message cannot hold
        if board.replaces:
            # Moving the board down would move the status the players look at (the
            # table counts messages below the board, not that it went down with the
            # last status): it stays where it is, edited, and is the board again.
            await self.router.remember_board(PLATFORM, key, f"{kind}:{message}")
        if picture is None:
            if not await self._edit_text(key, shown, _status(edit), _rows(edit.buttons), pieces[0]):
                await self._post_text(key, pieces)  # gone (deleted): the board at least
        else:
            await self._edit_photo(key, chat, shown, _caption(edit), _rows(edit.buttons), picture)
        return True

    async def edit_status(self, key: str, edit: Reply) -> bool:
        """An edit of a message that may be the board's carrying the status: its status
        and buttons edited, its board kept (True); False if it is not."""
        if edit.edit is None or not edit.edit.isdigit():
            return False
        shown = await self.shown.get(key, int(edit.edit))
        if shown is None:
            return False
        if shown.board is not None:
            await self._edit_text(key, shown, _status(edit), _rows(edit.buttons), shown.board)
            return True
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
            await self.shown.put(key, replace(shown, caption=caption, buttons=rows, picture=hashed))
        return done

    async def _edit_text(
        self, key: str, shown: Shown, caption: str, rows: list[list[tuple[str, str]]], board: str
    ) -> bool:
        """The text board `shown` edited to show the board `board` (its HTML), `caption`
        below it and the buttons `rows`, with one call, or none if nothing changes (where
        both no longer fit one message, the caption alone, the board posted anew below
        it); False if Telegram will not."""
        hashed = picture_hash(board)
        new = replace(shown, caption=caption, buttons=rows, picture=hashed, board=board)
        if new == shown:  # Telegram would refuse it: "message is not modified"
            return True
        chat, _ = parse_key(key)
        markup = format.keyboard(_buttons(rows))
        if format.visible(new.text) > format.MESSAGE_LIMIT:
            # The status stays where the players look, the board goes below it: every
            # line is kept (a snapshot cut to fit would show a board that is not).
            await self.poster.edit_text(chat, shown.message_id, caption, markup)
            await self._post_text(key, [board])
            return True  # (the board is shown, whatever became of the status)
        done = await self.poster.edit_text(chat, shown.message_id, new.text, markup)
        if done:
            await self.shown.put(key, new)
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
            shown = await self.shown.get(key, old) if kind == PHOTO else None
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
                await self.shown.put(key, Shown(sent.message_id, caption, [], hashed, False))
                await self.poster.text(chat, thread, rest)
                return
        pieces = format.pieces(format.lines_of(reply))
        if kind == TEXT and len(pieces) == 1:
            shown = await self.shown.get(key, old)
            if shown is None:  # kept by no record: it shows the board alone
                shown = Shown(old, "", [], "", False, "")
            if await self._edit_text(key, shown, shown.caption, shown.buttons, pieces[0]):
                return
        await self._post_text(key, pieces)

    async def _post_text(self, key: str, pieces: list[str]) -> None:
        """A text board posted anew, in the pieces of its HTML."""
        chat, thread = parse_key(key)
        sent = await self.poster.text(chat, thread, pieces)
        # A board longer than one message cannot be edited as one: the next is posted anew.
        if sent is None or len(pieces) > 1:
            await self.router.remember_board(PLATFORM, key, None)
            return
        await self.router.remember_board(PLATFORM, key, f"{TEXT}:{sent.message_id}")
        hashed = picture_hash(pieces[0])
        await self.shown.put(key, Shown(sent.message_id, "", [], hashed, False, pieces[0]))

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


def _status(edit: Reply) -> str:
    """An edit's text below a text board: of one longer than a message the last piece,
    where the status and the question are, as a message of its own is edited."""
    return format.pieces(format.lines_of(edit))[-1]


def _called(status: str, reply: Reply) -> str:
    """A new status's HTML with the names of those who must act as mentions."""
    return format.with_mentions(status, reply.mentions) if reply.mentions else status


def _rows(buttons: tuple[tuple[Button, ...], ...]) -> list[list[tuple[str, str]]]:
    return [[(b.label, b.data) for b in row] for row in buttons]


def _buttons(rows: list[list[tuple[str, str]]]) -> tuple[tuple[Button, ...], ...]:
    return tuple(tuple(Button(label, data) for label, data in row) for row in rows)


def _placed(board_message: str | None) -> tuple[str, int]:
    kind, _, message_id = (board_message or "").partition(":")
    return (kind, int(message_id)) if message_id.isdigit() else ("", 0)
