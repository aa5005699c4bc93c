"""Text snapshots: monospace blocks that fit a chat message and a terminal."""

import unicodedata

TELEGRAM_LIMIT = 4096
DISCORD_LIMIT = 2000
SNAPSHOT_LIMIT = 1800  # a board leaves room for its title inside Discord's 2,000


def columns(rows: list[list[str]], right: set[int] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """Rows of cells aligned in columns (the columns in `right` aligned right), by the
    cells each takes on screen (`width`): a name with an emoji in it ("anna 🍺") takes
    one more than its length, and the columns after it stay in line."""
    shown = [[width(c) for c in row] for row in rows]
    widths = [max(row[i] for row in shown) for i in range(len(rows[0]))] if rows else []
    lines = []
    for row, cells_wide in zip(rows, shown, strict=True):
        cells = [
            " " * (widths[i] - w) + c if i in right else c + " " * (widths[i] - w)
            for i, (c, w) in enumerate(zip(row, cells_wide, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def width(text: str) -> int:
    """The cells `text` takes in a monospace block, as chat apps and terminals draw it
    (Unicode's East Asian Width, as wcwidth reads it): a wide character (most emoji, CJK)
    two; a combining mark, a variation selector, a joiner none, and a character joined
    on by a zero-width joiner or a skin tone none either (👩‍💻 is one emoji, two
    cells); an emoji made so by U+FE0F (❤️) two."""
    if text.isascii():  # (names and numbers, the usual cell)
        return len(text)
    cells = last = 0  # `last`: the cells of the character before, for U+FE0F to widen
    joined = False
    for c in text:
        if c == "\u200d":  # a zero-width joiner: the next character is part of this emoji
            joined = True
        elif c == "\ufe0f":  # emoji presentation: a narrow symbol drawn as an emoji
            cells, last = cells + (last == 1), 2
        elif joined or unicodedata.category(c) in _NO_CELL or _SKIN_TONES[0] <= c <= _SKIN_TONES[1]:
            joined = False
        else:
            last = 2 if unicodedata.east_asian_width(c) in _WIDE else 1
            cells += last
    return cells


_WIDE = frozenset("WF")
_NO_CELL = frozenset({"Mn", "Me", "Cf"})  # combining marks, variation selectors, joiners
_SKIN_TONES = ("\U0001f3fb", "\U0001f3ff")  # wide by themselves, none after an emoji


def fit(lines: list[str], limit: int = SNAPSHOT_LIMIT, more: str = "…") -> str:
    """Join lines, dropping whole lines from the end past `limit` characters."""
    room = limit - len(more) - 1
    if sum(map(len, lines)) + len(lines) <= room:  # (most boards: every line fits)
        return "\n".join(lines)
    out, used = [], 0
    for line in lines:
        if used + len(line) + 1 > room:
            out.append(more)
            break
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)
