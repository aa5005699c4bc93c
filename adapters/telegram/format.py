"""Plain reply text → Telegram HTML: escaped, two light marks, <pre> boards, cut to fit.

Telegram limits a message to 4096 characters and a caption to 1024, counted after
the HTML is parsed, in UTF-16 code units. We measure the plain text (never shorter
than what Telegram counts) and cut it on line ends; every piece is formatted on its
own, so no tag ever spans two messages and no cut falls inside `&amp;`.
"""

import html
import itertools
import re
from collections.abc import Iterable

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.replies import Button, Reply

MESSAGE_LIMIT = 4096
CAPTION_LIMIT = 1024
ALERT_LIMIT = 200  # the text of a callback answer

# A mark's content holds neither `~` nor `*`, so two marks can only nest, never
# cross: a user name with `**` in it cannot produce `<b><s></b></s>`, which Telegram
# would refuse (and the whole message with it).
_STRIKE = re.compile(r"~~([^~*\n]+)~~")
_BOLD = re.compile(r"\*\*([^~*\n]+)\*\*")

Line = tuple[str, bool]  # a line of plain text, and whether it belongs to a <pre> block


def lines_of(reply: Reply) -> list[Line]:
    """The reply's text, then its monospace block."""
    text = [(line, False) for line in reply.text.split("\n")] if reply.text else []
    return text + ([(line, True) for line in reply.pre.split("\n")] if reply.pre else [])


def units(text: str) -> int:
    """Length as Telegram counts it: UTF-16 code units (an emoji is two)."""
    return len(text.encode("utf-16-le")) // 2


def size(lines: Iterable[Line]) -> int:
    parts = [units(line) for line, _ in lines]
    return sum(parts) + max(len(parts) - 1, 0)  # the line breaks count too


def pieces(lines: list[Line], limit: int = MESSAGE_LIMIT) -> list[str]:
    """HTML messages of at most `limit` visible characters, cut at line ends
    (a line longer than a whole message is cut where it must)."""
    return [to_html(chunk) for chunk in _chunks(lines, limit)]


def _chunks(lines: list[Line], limit: int) -> list[list[Line]]:
    chunks: list[list[Line]] = []
    current: list[Line] = []
    used = 0
    for line, is_pre in lines:
        for part in _cut(line, limit):
            cost = units(part) + (1 if current else 0)
            if current and used + cost > limit:
                chunks.append(current)
                current, cost = [], units(part)
                used = 0
            current.append((part, is_pre))
            used += cost
    if current:
        chunks.append(current)
    return chunks


def to_html(lines: list[Line]) -> str:
    out = []
    for is_pre, group in itertools.groupby(lines, key=lambda line: line[1]):
        texts = [text for text, _ in group]
        if is_pre:
            body = html.escape("\n".join(texts), quote=False)
            out.append(f"<pre>{body}</pre>")
        else:
            out.extend(marked(text) for text in texts)
    return "\n".join(out)


def marked(text: str) -> str:
    """One line of plain text, escaped (user names included), then ~~x~~ → <s>x</s>
    and **x** → <b>x</b>: the marks are applied after escaping, so only ours are tags."""
    escaped = html.escape(text, quote=False)
    return _BOLD.sub(r"<b>\1</b>", _STRIKE.sub(r"<s>\1</s>", escaped))


def caption(reply: Reply) -> tuple[str, list[str]]:
    """A picture's caption, and the messages that follow it with what did not fit.

    The caption is the reply's text with its text snapshot when both fit, else the
    text alone (the picture shows what the snapshot would). Text beyond a caption's
    1024 characters is never dropped: it follows, cut at line ends, in messages."""
    lines = lines_of(reply)
    if size(lines) > CAPTION_LIMIT:
        lines = [line for line in lines if not line[1]]
    if not lines:
        return "", []
    first, *rest = _chunks(lines, CAPTION_LIMIT)
    return to_html(first), pieces([line for chunk in rest for line in chunk])


def mention(user_id: int, name: str) -> str:
    """A name that notifies its user (Telegram's text mention)."""
    return f'<a href="tg://user?id={int(user_id)}">{html.escape(name, quote=False)}</a>'


def with_mentions(html_text: str, mentions: tuple[tuple[str, str], ...]) -> str:
    """The names in the last line made text mentions (each once, longest first, so
    "Al" does not take part of "Alice")."""
    head, _, last = html_text.rpartition("\n")
    marks: dict[str, str] = {}
    for user, name in sorted(mentions, key=lambda m: -len(m[1])):
        escaped = html.escape(name, quote=False)
        if escaped and escaped in last:
            token = f"\x00{len(marks)}\x00"
            last = last.replace(escaped, token, 1)
            marks[token] = mention(int(user), name)
    for token, link in marks.items():
        last = last.replace(token, link)
    return f"{head}\n{last}" if head else last


def keyboard(rows: tuple[tuple[Button, ...], ...]) -> InlineKeyboardMarkup | None:
    """Reply buttons as an inline keyboard; the callback data is the button's payload."""
    if not rows:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(b.label, callback_data=b.data) for b in row] for row in rows]
    )


def link_button(label: str, url: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, url=url)]])


def _cut(line: str, limit: int) -> list[str]:
    if units(line) <= limit:
        return [line]
    parts, current, used = [], [], 0
    for char in line:
        width = units(char)
        if used + width > limit:
            parts.append("".join(current))
            current, used = [], 0
        current.append(char)
        used += width
    return [*parts, "".join(current)]
