"""Telegram HTML: escaped text, the two light marks, <pre> boards, 4096-character pieces."""

import html
import re

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.replies import Button

MESSAGE_LIMIT = 4096  # characters of a message, after entities are parsed
CAPTION_LIMIT = 1024
_STRIKE = re.compile(r"~~(.+?)~~")
_BOLD = re.compile(r"\*\*(.+?)\*\*")


def to_html(text: str) -> str:
    """Plain reply text → Telegram HTML: everything escaped (user names included),
    then ~~dropped~~ and **success** marks become <s> and <b>."""
    escaped = html.escape(text, quote=False)
    return _BOLD.sub(r"<b>\1</b>", _STRIKE.sub(r"<s>\1</s>", escaped))


def pre(text: str) -> str:
    return f"<pre>{html.escape(text, quote=False)}</pre>"


def split(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Pieces of at most `limit` characters, cut at line ends (a giant line is cut hard).
    Cutting HTML is safe here because our tags never span a line."""
    pieces, current = [], ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    return [*pieces, current] if current else pieces


def keyboard(rows: tuple[tuple[Button, ...], ...]) -> InlineKeyboardMarkup | None:
    if not rows:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(b.label, callback_data=b.data) for b in row] for row in rows]
    )
