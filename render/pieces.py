"""Pieces every board uses: title, player tokens, dice, cards, a hand, scores, a legend.

Each draws into a `Group` at a position; none knows any game.
"""

from render.palette import INK, MUTED, PAPER, player
from render.svg import MONO, Group

_PIPS = {  # positions on a 3×3 grid, 0..8 row by row
    1: (4,),
    2: (0, 8),
    3: (0, 4, 8),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}


def title(g: Group, width: float, text: str, status: str = "") -> None:
    """The bar on top: the game's name and where it stands (round, turn, clock)."""
    g.rect(0, 0, width, 44, fill=INK)
    g.text(16, 29, text, size=20, weight="bold", fill=PAPER)
    if status:
        g.text(width - 16, 29, status, size=16, anchor="end", fill=PAPER)


def token(g: Group, x: float, y: float, seat: int, r: float = 12, ring: bool = False) -> None:
    """A player's token: colour AND letter; a ring marks the player whose turn it is."""
    style = player(seat)
    if ring:
        g.circle(x, y, r + 5, fill="none", stroke=INK, stroke_width=3)
    g.circle(x, y, r, fill=style.colour, stroke=INK, stroke_width=1.5)
    g.text(
        x, y + r * 0.42, style.letter, size=r * 1.2, anchor="middle", weight="bold", fill=style.text
    )


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
            size=size * 0.45,
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
    g.rect(x, y, w, h, rx=8, fill=colour, stroke=INK, stroke_width=1.5)
    for i, line in enumerate(_wrap(label, max(6, int(w / 8)))[:4]):
        g.text(x + w / 2, y + 24 + i * 16, line, size=13, anchor="middle", weight="bold")
    if caption:
        g.text(x + w / 2, y + h - 12, caption, size=11, anchor="middle", fill=MUTED)


def hand(
    g: Group,
    x: float,
    y: float,
    labels: list[str],
    captions: list[str] | None = None,
    w: float = 90,
    gap: float = 10,
) -> float:
    """Cards side by side; returns the width used."""
    captions = captions or [""] * len(labels)
    for i, (label, caption) in enumerate(zip(labels, captions, strict=True)):
        card(g, x + i * (w + gap), y, label, w=w, caption=caption)
    return len(labels) * (w + gap) - gap if labels else 0


def scores(
    g: Group,
    x: float,
    y: float,
    rows: list[tuple[int, str, str]],
    active: frozenset[int] = frozenset(),
    width: float = 260,
) -> float:
    """A line per seat: token, name, score. The seats the game waits for are highlighted
    and ringed (several at once for simultaneous decisions). Returns the height."""
    line = 30
    for i, (seat, name, score) in enumerate(rows):
        top = y + i * line
        if seat in active:
            g.rect(x - 6, top - 2, width + 12, line, rx=6, fill="#fff3c4")
        token(g, x + 12, top + line / 2 - 1, seat, r=11, ring=seat in active)
        g.text(
            x + 34, top + 20, _short(name, 18), size=15, weight="bold" if seat in active else None
        )
        g.text(x + width, top + 20, score, size=15, anchor="end", family=MONO)
    return len(rows) * line


def legend(g: Group, x: float, y: float, entries: list[tuple[str, str]]) -> None:
    """Colour swatches with their meaning."""
    for i, (colour, text) in enumerate(entries):
        g.rect(x, y + i * 20, 14, 14, fill=colour, stroke=INK, stroke_width=1)
        g.text(x + 20, y + i * 20 + 12, text, size=12)


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _wrap(text: str, width: int) -> list[str]:
    lines, current = [], ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*lines, current] if current else lines
