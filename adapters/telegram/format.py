"""A reply's spans → Telegram HTML: every text escaped, our marks as tags, <pre> boards,
cut to fit.

Every span's text is escaped, user text and ours alike, and only the marks the bot put
on its spans (bot/marks.py) become tags: a player named `<b>x</b>` or `**x**` reads
as typed. Telegram limits a message to 4096 characters and a caption to 1024, counted
after the HTML is parsed, in UTF-16 code units. We measure the plain text (never
shorter than what Telegram counts) and cut it on line ends; every piece is formatted
on its own, so no tag ever spans two messages and no cut falls inside `&amp;`.
"""

import html
import itertools
import re
from collections.abc import Iterable

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

from bot import marks
from bot.marks import Marked, Span
from bot.replies import Button, Reply

MESSAGE_LIMIT = 4096
CAPTION_LIMIT = 1024
ALERT_LIMIT = 200  # the text of a callback answer

# Each span is one tag at most, opened and closed around its own escaped text, so tags
# never cross (`<b><s></b></s>` would make Telegram refuse the whole message).
TAGS = {marks.STRIKE: "s", marks.BOLD: "b"}

Line = tuple[Marked, bool]  # a line's spans, and whether it belongs to a <pre> block


def lines_of(reply: Reply) -> list[Line]:
    """The reply's text, then its monospace block."""
    text = [(line, False) for line in marks.lines(reply.spans)] if reply.text else []
    pre = [(marks.spans(line), True) for line in reply.pre.split("\n")] if reply.pre else []
    return text + pre


def units(text: str) -> int:
    """Length as Telegram counts it: UTF-16 code units (an emoji is two)."""
    return len(text.encode("utf-16-le")) // 2


def visible(html_text: str) -> int:
    """Length as Telegram counts HTML we made, once parsed: its text without the tags,
    entities decoded (every text in it is escaped, so each `<` opens one of our tags)."""
    return units(html.unescape(re.sub(r"<[^>]*>", "", html_text)))


def size(lines: Iterable[Line]) -> int:
    parts = [units(marks.plain(line)) for line, _ in lines]
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
            width = units(marks.plain(part))
            cost = width + (1 if current else 0)
            if current and used + cost > limit:
                chunks.append(current)
                current, cost = [], width
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
            body = escaped("\n".join(marks.plain(text) for text in texts))
            out.append(f"<pre>{body}</pre>")
        else:
            out.extend(marked(text) for text in texts)
    return "\n".join(out)


def marked(line: Marked) -> str:
    """One line's spans as HTML: each text escaped (user names included), and a span
    with our mark wrapped in its tag; nothing in a text is ever read as a mark."""
    out = []
    for span in line:
        text = escaped(span.text)
        tag = TAGS.get(span.mark)
        out.append(f"<{tag}>{text}</{tag}>" if tag and text else text)
    return "".join(out)


def escaped(text: str) -> str:
    """Plain text as HTML that reads it literally."""
    return html.escape(text, quote=False)


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
    return f'<a href="tg://user?id={int(user_id)}">{escaped(name)}</a>'


def with_mentions(html_text: str, mentions: tuple[tuple[str, str], ...]) -> str:
    """The names in the last line made text mentions (each once, longest first, so
    "Al" does not take part of "Alice")."""
    head, _, last = html_text.rpartition("\n")
    links: dict[str, str] = {}
    for user, name in sorted(mentions, key=lambda m: -len(m[1])):
        shown = escaped(name)
        if shown and shown in last:
            token = f"\x00{len(links)}\x00"
            last = last.replace(shown, token, 1)
            links[token] = mention(int(user), name)
    for token, link in links.items():
        last = last.replace(token, link)
    return f"{head}\n{last}" if head else last


def keyboard(rows: tuple[tuple[Button, ...], ...]) -> InlineKeyboardMarkup | None:
    """Reply buttons as an inline keyboard; the callback data is the button's payload."""
    if not rows:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(b.label, callback_data=b.data) for b in row] for row in rows]
    )


def with_mini_app(
    markup: InlineKeyboardMarkup | None, label: str, url: str
) -> InlineKeyboardMarkup:
    """The keyboard with a last row that opens the Mini App (private chats only)."""
    rows = [list(row) for row in markup.inline_keyboard] if markup is not None else []
    return InlineKeyboardMarkup([*rows, [InlineKeyboardButton(label, web_app=WebAppInfo(url))]])


def link_button(label: str, url: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, url=url)]])


def _cut(line: Marked, limit: int) -> list[Marked]:
    """A line in pieces of at most `limit` units, each span cut where it must."""
    if units(marks.plain(line)) <= limit:
        return [line]
    parts: list[Marked] = []
    current: list[Span] = []
    used = 0
    for span in line:
        chars: list[str] = []
        for char in span.text:
            width = units(char)
            if used + width > limit:
                if chars:
                    current.append(Span("".join(chars), span.mark))
                parts.append(tuple(current))
                current, chars, used = [], [], 0
            chars.append(char)
            used += width
        if chars:
            current.append(Span("".join(chars), span.mark))
    return [*parts, tuple(current)]
