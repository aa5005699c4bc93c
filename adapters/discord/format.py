"""Discord markdown: every text escaped, our marks around their spans, fenced boards,
2000-character pieces.

Every span's text is escaped, user text and ours alike (discord.py's escape_markdown,
and escape_mentions so that `@everyone` or `<@id>` typed as a name reads as typed; the
client's allowed mentions say who is notified), and only the marks the bot put on
its spans (bot/marks.py) become markdown: a player named `**x**` reads as typed.
"""

from discord.utils import escape_markdown, escape_mentions

from bot import marks
from bot.marks import Marked
from bot.replies import Reply

MESSAGE_LIMIT = 2000  # characters of a message's content
FENCE = "```"
DELIMITERS = {marks.STRIKE: "~~", marks.BOLD: "**"}


def escaped(text: str) -> str:
    """Plain text as markdown that reads it literally."""
    return escape_mentions(escape_markdown(text))


def to_markdown(text: str | Marked) -> str:
    """Spans (or plain text) → Discord markdown: each text escaped (player names, deal
    texts), a span with our mark between its delimiters."""
    out = []
    for span in marks.spans(text):
        shown = escaped(span.text)
        mark = DELIMITERS.get(span.mark)
        out.append(f"{mark}{shown}{mark}" if mark and shown.strip() else shown)
    return "".join(out)


def with_mentions(markdown: str, mentions: tuple[tuple[str, str], ...]) -> str:
    """The names in the last line made mentions (each once, longest first)."""
    head, _, last = markdown.rpartition("\n")
    found: dict[str, str] = {}
    for user, name in sorted(mentions, key=lambda m: -len(m[1])):
        shown = escaped(name)
        if shown and shown in last:
            token = f"\x00{len(found)}\x00"
            last = last.replace(shown, token, 1)
            found[token] = f"<@{int(user)}>"
    for token, mark in found.items():
        last = last.replace(token, mark)
    return f"{head}\n{last}" if head else last


def fenced(pre: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """A board snapshot as code blocks of at most `limit` characters each. A ``` inside
    (a player named so) is broken with a zero-width space: it would end the block."""
    safe = pre.replace(FENCE, "`\u200b``")
    room = limit - 2 * len(FENCE) - 2
    return [f"{FENCE}\n{piece}\n{FENCE}" for piece in split(safe, room)]


def split(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """Pieces of at most `limit` characters, cut at line ends (a giant line is cut hard)."""
    pieces, current = [], ""
    for line in text.split("\n"):
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if current and len(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    return [*pieces, current] if current else pieces


def pieces(reply: Reply, with_pre: bool = True) -> list[str]:
    """A reply's messages: its text, then its board snapshot fenced; as few as fit."""
    parts = split(to_markdown(reply.spans)) if reply.text else []
    if with_pre and reply.pre:
        parts += fenced(reply.pre)
    merged: list[str] = []
    for part in parts:
        if merged and len(merged[-1]) + 1 + len(part) <= MESSAGE_LIMIT:
            merged[-1] = f"{merged[-1]}\n{part}"
        else:
            merged.append(part)
    return merged
