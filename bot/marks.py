"""Our own emphasis as structure: a text as spans, each a piece of plain text and its mark.

A dropped die struck through and a success in bold are marks the bot puts on the
spans it makes (bot/proof/dice_text.py); nothing ever reads emphasis out of finished
text, so a player named `**x**` or `~~x~~` is a span's plain text like any other, and
each adapter escapes every span's text for its markup (Telegram HTML, Discord
markdown) before it adds the tags of the marks. The console shows them as ~~struck~~ and **bold**, as a terminal reader knows them.
"""

from collections.abc import Iterable
from dataclasses import dataclass

PLAIN = ""
STRIKE = "strike"  # a dropped or rerolled die
BOLD = "bold"  # a success


@dataclass(frozen=True, slots=True)
class Span:
    text: str
    mark: str = PLAIN  # PLAIN, STRIKE or BOLD


Marked = tuple[Span, ...]


def plain(text: str | Marked) -> str:
    """What the spans read without their marks."""
    return text if isinstance(text, str) else "".join(span.text for span in text)


def spans(text: str | Marked) -> Marked:
    """A text as spans: a plain string is one unmarked span (none when it is empty)."""
    if isinstance(text, str):
        return (Span(text),) if text else ()
    return text


def joined(parts: Iterable[str | Marked], sep: str = "\n") -> Marked:
    """Texts one after another with `sep` between them, as "\\n".join does with strings."""
    out: list[Span] = []
    for i, part in enumerate(parts):
        if i and sep:
            out.append(Span(sep))
        out.extend(spans(part))
    return tuple(out)


def lines(text: Marked) -> list[Marked]:
    """The spans of each line: a span across a line break is cut in two, keeping its mark."""
    out: list[list[Span]] = [[]]
    for span in text:
        first, *rest = span.text.split("\n")
        if first:
            out[-1].append(Span(first, span.mark))
        for piece in rest:
            out.append([Span(piece, span.mark)] if piece else [])
    return [tuple(line) for line in out]
