"""Posting and editing messages: every call paced (groups) and retried, always HTML."""

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from telegram import (
    InlineKeyboardMarkup,
    InputMediaPhoto,
    LinkPreviewOptions,
    Message,
    ReplyParameters,
)
from telegram.constants import ParseMode
from telegram.error import BadRequest

from adapters.telegram.calls import Retry
from adapters.telegram.pace import Pace

T = TypeVar("T")
log = logging.getLogger(__name__)
HTML = ParseMode.HTML
# A label like `/roll 2d6 https://…` must not unfold a preview under the roll.
NO_PREVIEW = LinkPreviewOptions(is_disabled=True)
UNCHANGED = "not modified"  # Telegram refuses an edit that changes nothing in these words


class Poster:
    def __init__(self, bot: Any, pace: Pace, retry: Retry) -> None:
        self.bot, self.pace, self.retry = bot, pace, retry

    async def call(self, chat: int, fn: Callable[[], Awaitable[T]]) -> T:
        try:
            await self.pace.take(chat)
        except Exception:  # Redis out of reach: unpaced (Telegram's 429s pace us) beats lost
            log.warning("telegram: could not count a message to %s; sending unpaced", chat)
        return await self.retry(fn)

    async def text(
        self,
        chat: int,
        thread: int | None,
        pieces: list[str],
        markup: InlineKeyboardMarkup | None = None,
        reply_to: int | None = None,
    ) -> Message | None:
        """Send the pieces of one message in order, the keyboard under the last one, the
        first as a reply to `reply_to` (sent even if that message is gone); returns the
        last message sent."""
        sent = None
        for i, piece in enumerate(pieces):
            keys = markup if i == len(pieces) - 1 else None
            answers = (
                ReplyParameters(reply_to, allow_sending_without_reply=True)
                if reply_to and i == 0
                else None
            )
            sent = await self.call(
                chat,
                lambda piece=piece, keys=keys, answers=answers: self.bot.send_message(
                    chat,
                    piece,
                    parse_mode=HTML,
                    reply_markup=keys,
                    message_thread_id=thread,
                    link_preview_options=NO_PREVIEW,
                    reply_parameters=answers,
                ),
            )
        return sent

    async def photo(
        self,
        chat: int,
        thread: int | None,
        png: bytes,
        caption: str,
        markup: InlineKeyboardMarkup | None = None,
    ) -> Message:
        return await self.call(
            chat,
            lambda: self.bot.send_photo(
                chat,
                png,
                caption=caption,
                parse_mode=HTML,
                reply_markup=markup,
                message_thread_id=thread,
            ),
        )

    async def edit_text(
        self, chat: int, message_id: int, html: str, markup: InlineKeyboardMarkup | None = None
    ) -> bool:
        """Replace a message's text and keyboard (none: Telegram removes it); False if
        Telegram will not (deleted, too old…)."""
        return await self._edit(
            chat,
            lambda: self.bot.edit_message_text(
                html,
                chat_id=chat,
                message_id=message_id,
                parse_mode=HTML,
                link_preview_options=NO_PREVIEW,
                reply_markup=markup,
            ),
        )

    async def edit_photo(
        self,
        chat: int,
        message_id: int,
        png: bytes,
        caption: str,
        markup: InlineKeyboardMarkup | None = None,
    ) -> bool:
        """Replace a photo, its caption and its keyboard (none: Telegram removes it);
        False if Telegram will not."""
        media = InputMediaPhoto(png, caption=caption, parse_mode=HTML)
        return await self._edit(
            chat,
            lambda: self.bot.edit_message_media(
                media, chat_id=chat, message_id=message_id, reply_markup=markup
            ),
        )

    async def edit_caption(
        self, chat: int, message_id: int, caption: str, markup: InlineKeyboardMarkup | None = None
    ) -> bool:
        """Replace a photo's caption and keyboard, the picture kept; False if Telegram
        will not."""
        return await self._edit(
            chat,
            lambda: self.bot.edit_message_caption(
                chat_id=chat,
                message_id=message_id,
                caption=caption,
                parse_mode=HTML,
                reply_markup=markup,
            ),
        )

    async def _edit(self, chat: int, fn: Callable[[], Awaitable[object]]) -> bool:
        try:
            await self.call(chat, fn)
        except BadRequest as e:
            return UNCHANGED in str(e).lower()  # unchanged: the message shows it already
        return True


@dataclass(frozen=True)
class Prepared:
    """A message the adapter writes itself (a deep link to the bot), ready as HTML."""

    html: str
    markup: InlineKeyboardMarkup | None = None
