"""Discord markdown: escaped text, the two light marks, fenced boards, 2000-character pieces."""

import re

from discord.utils import escape_markdown

from bot.replies import Reply

MESSAGE_LIMIT = 2000  # characters of a message's content
FENCE = "```"
_MARKS = re.compile(r"(~~.+?~~|\*\*.+?\*\*)")


def to_markdown(text: str) -> str:
    """Plain reply text → Discord markdown: everything escaped (player names, deal texts),
    but ~~dropped~~ and **success** stay marks."""
    out = []
    for i, part in enumerate(_MARKS.split(text)):
        if i % 2:  # a mark: keep its delimiters, escape what is inside
            out.append(part[:2] + escape_markdown(part[2:-2]) + part[-2:])
        elif part:
            out.append(escape_markdown(part))
    return "".join(out)


def with_mentions(markdown: str, mentions: tuple[tuple[str, str], ...]) -> str:
    """The names in the last line made mentions (each once, longest first)."""
    head, _, last = markdown.rpartition("\n")
    marks: dict[str, str] = {}
    for user, name in sorted(mentions, key=lambda m: -len(m[1])):
        escaped = escape_markdown(name)
        if escaped and escaped in last:
            token = f"\x00{len(marks)}\x00"
            last = last.replace(escaped, token, 1)
            marks[token] = f"<@{int(user)}>"
    for token, mark in marks.items():
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
    parts = split(to_markdown(reply.text)) if reply.text else []
    if with_pre and reply.pre:
        parts += fenced(reply.pre)
    merged: list[str] = []
    for part in parts:
        if merged and len(merged[-1]) + 1 + len(part) <= MESSAGE_LIMIT:
            merged[-1] = f"{merged[-1]}\n{part}"
        else:
            merged.append(part)
    return merged
