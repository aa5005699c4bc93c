"""Pieces every board uses: title, player tokens, dice, cards, a hand, scores, a legend.

Each draws into a `Group` at a position; none knows any game.
"""

import re

from render.palette import INK, MUTED, PAPER, player
from render.svg import MIN_TEXT, MONO, Group, clip, text_width

_PIPS = {  # positions on a 3×3 grid, 0..8 row by row
    1: (4,),
    2: (0, 8),
    3: (0, 4, 8),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}


def title(g: Group, width: float, text: str, status: str = "") -> float:
    """The bar on top: the game's name and where it stands (round, turn, clock), side by
    side when both fit a phone's width, else the status on a line of its own. Returns
    the bar's height."""
    room = width - 20
    size = 17  # (smaller, down to the least we write, for a name too long for a phone)
    while size > MIN_TEXT and text_width(text, size, bold=True) > room:
        size -= 1
    side = text_width(text, size, bold=True) + 16 + text_width(status, MIN_TEXT) <= room
    height = 34 if side or not status else 56
    g.rect(0, 0, width, height, fill=INK)
    g.text(10, 24, clip(text, size, room, bold=True), size=size, weight="bold", fill=PAPER)
    if status and side:
        g.text(width - 10, 24, status, size=MIN_TEXT, anchor="end", fill=PAPER)
    elif status:
        g.text(10, 46, clip(status, MIN_TEXT, room), size=MIN_TEXT, fill=PAPER)
    return height


TOKEN = 11  # a token's radius: its letter is MIN_TEXT tall


def token(g: Group, x: float, y: float, seat: int, r: float = TOKEN, ring: bool = False) -> None:
    """A player's token: colour AND letter; a ring marks the player whose turn it is."""
    style = player(seat)
    if ring:
        g.circle(x, y, r + 3, fill="none", stroke=INK, stroke_width=2.5)
    g.circle(x, y, r, fill=style.colour, stroke=INK, stroke_width=1.5)
    size = max(MIN_TEXT, r * 1.2)
    g.text(
        x, y + size * 0.36, style.letter, size=size, anchor="middle", weight="bold", fill=style.text
    )


def fan(x: float, y: float, count: int, r: float = TOKEN) -> list[tuple[float, float]]:
    """Where `count` tokens on one spot go, fanned out side by side round it (touching,
    none hiding another)."""
    step = 2 * r + 1
    return [(x + (k - (count - 1) / 2) * step, y) for k in range(count)]


def die(g: Group, x: float, y: float, value: int, size: float = 40, dropped: bool = False) -> None:
    """A die face (pips for 1–6, the number otherwise); a dropped die is greyed and struck."""
    ink = MUTED if dropped else INK
    g.rect(x, y, size, size, rx=size * 0.15, fill=PAPER, stroke=ink, stroke_width=2)
    if value in _PIPS:
        step = size / 4
        for pip in _PIPS[value]:
            g.circle(x + step * (1 + pip % 3), y + step * (1 + pip // 3), size * 0.08, fill=ink)
    else:
        g.text(
            x + size / 2,
            y + size * 0.65,
            str(value),
            size=max(MIN_TEXT, size * 0.45),
            anchor="middle",
            weight="bold",
            fill=ink,
        )
    if dropped:
        g.line(x - 2, y + size + 2, x + size + 2, y - 2, stroke=MUTED, stroke_width=2)


def card(
    g: Group,
    x: float,
    y: float,
    label: str,
    *,
    w: float = 90,
    h: float = 126,
    face_up: bool = True,
    colour: str = PAPER,
    caption: str = "",
) -> None:
    """A card: face up with its name (and a caption), or face down."""
    if not face_up:
        g.rect(x, y, w, h, rx=8, fill="#4a5a7a", stroke=INK, stroke_width=1.5)
        g.rect(x + 8, y + 8, w - 16, h - 16, rx=4, fill="none", stroke=PAPER, stroke_width=1)
        return
    g.rect(x, y, w, h, rx=6, fill=colour, stroke=INK, stroke_width=1.5)
    room = w - 8
    lines = (h - (36 if caption else 16)) // 17
    for i, line in enumerate(wrap(label, MIN_TEXT, room, bold=True)[: max(1, int(lines))]):
        g.text(
            x + w / 2,
            y + 20 + i * 17,
            clip(line, MIN_TEXT, room, bold=True),
            size=MIN_TEXT,
            anchor="middle",
            weight="bold",
        )
    if caption:
        g.text(
            x + w / 2,
            y + h - 8,
            clip(caption, MIN_TEXT, room),
            size=MIN_TEXT,
            anchor="middle",
            fill=MUTED,
        )


def hand(
    g: Group,
    x: float,
    y: float,
    labels: list[str],
    captions: list[str] | None = None,
    w: float = 108,
    gap: float = 10,
) -> float:
    """Cards side by side (108 wide: three a row on a phone); returns the width used."""
    captions = captions or [""] * len(labels)
    for i, (label, caption) in enumerate(zip(labels, captions, strict=True)):
        card(g, x + i * (w + gap), y, label, w=w, caption=caption)
    return len(labels) * (w + gap) - gap if labels else 0


HIGHLIGHT = "#fff3c4"


def scores(
    g: Group,
    x: float,
    y: float,
    rows: list[tuple[int, str, str | tuple[str, ...]]],
    active: frozenset[int] = frozenset(),
    width: float = 260,
    winners: frozenset[int] = frozenset(),
    reserve: float = 0,
    columns: tuple[float, ...] = (),
) -> list[float]:
    """A line per seat: token, name, score. The seats the game waits for are highlighted
    and ringed (several at once for simultaneous decisions); a winner's line is marked
    ♛ (the final board). A score may be several cells, each right-aligned at its x in
    `columns`. A name that does not fit beside its score, even at the 14-point floor,
    takes a line of its own (wrapped if need be) with the score under it: a name is
    never cut. Returns each row's top and, last, the bottom."""
    tops = [y]
    for seat, name, score in rows:
        top = tops[-1]
        cells = (score,) if isinstance(score, str) else score
        at = columns or (x + width,) * len(cells)
        left = min(a - text_width(c, 15, mono=True) for a, c in zip(at, cells, strict=True))
        room = left - (x + 30) - 8 - reserve
        bold = seat in active or seat in winners
        shown = ("♛ " if seat in winners else "") + name
        size = next((s for s in (15, MIN_TEXT) if text_width(shown, s, bold) <= room), 0)
        lines = [shown] if size else wrap(shown, MIN_TEXT, width - 30, bold)
        height = 28 if size else 28 + 18 * len(lines)
        if seat in active or seat in winners:
            g.rect(x - 4, top, width + 8, height - 2, rx=5, fill=HIGHLIGHT)
        token(g, x + 12, top + 13, seat, ring=seat in active)
        for i, line in enumerate(lines):
            g.text(
                x + 30,
                top + 19 + i * 18,
                line,
                size=size or MIN_TEXT,
                weight="bold" if bold else None,
            )
        for a, c in zip(at, cells, strict=True):
            g.text(a, top + height - 9, c, size=15, anchor="end", family=MONO)
        tops.append(top + height)
    return tops


def legend(
    g: Group,
    x: float,
    y: float,
    entries: list[tuple[str, str]] | list[tuple[str, str, str]],
    width: float = 340,
) -> float:
    """Colour swatches with their meaning, as many a row as fit `width`. An entry may
    name its swatch's shape: "square" (default), "dot", "ring" or "line". Returns the height."""
    cx, row = x, 0
    for colour, text, *shape in entries:
        text = clip(text, MIN_TEXT, width - 24)
        w = 20 + text_width(text, MIN_TEXT) + 12
        if cx > x and cx + w > x + width:
            cx, row = x, row + 1
        cy = y + row * 22
        kind = shape[0] if shape else "square"
        if kind == "dot":
            g.circle(cx + 7, cy + 9, 5, fill=colour, stroke=INK, stroke_width=1)
        elif kind == "ring":
            g.circle(cx + 7, cy + 9, 5.5, fill="none", stroke=colour, stroke_width=3)
        elif kind == "line":
            g.rect(cx, cy + 6, 14, 5, fill=colour)
        else:
            g.rect(cx, cy + 2, 14, 14, fill=colour, stroke=INK, stroke_width=1)
        g.text(cx + 20, cy + 14, text, size=MIN_TEXT)
        cx += w
    return (row + 1) * 22 if entries else 0


def wrap(text: str, size: float, room: float, bold: bool = False) -> list[str]:
    """Words into lines at most `room` units wide at `size` (a longer word stays whole)."""
    lines, current = [], ""
    words = []
    for word in text.split():  # a word too long for a line breaks after its hyphens, slashes
        if text_width(word, size, bold) > room and re.search(r"[-/]", word.strip("-/")):
            words += [p for p in re.split(r"(?<=[-/])", word) if p]
        else:
            words.append(word)
    for word in words:
        glued = current.endswith(("-", "/"))
        joined = f"{current}{word}" if glued else f"{current} {word}".strip()
        if current and text_width(joined, size, bold) > room:
            lines.append(current)
            current = word
        else:
            current = joined
    return [*lines, current] if current else lines


def paragraph(
    g: Group,
    x: float,
    y: float,
    text: str,
    room: float,
    *,
    size: float = MIN_TEXT,
    bold: bool = False,
    step: float | None = None,
    **attrs: str,
) -> float:
    """`text` wrapped to `room` from the baseline `y`, nothing cut (a word wider than a
    line stays whole). Returns the height of the lines drawn after the first."""
    step = step or round(size * 1.3)
    lines = wrap(text, size, room, bold) or [""]
    for i, line in enumerate(lines):
        g.text(x, y + i * step, line, size=size, weight="bold" if bold else None, **attrs)
    return (len(lines) - 1) * step
