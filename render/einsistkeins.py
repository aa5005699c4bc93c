"""Boards of the EINS IST KEINS board game: the clock, the face-up card and the pile,
each player's square, alcohol meter and face-up cards (● open now, ○ closed, with their
district and lifebuoy); and the picture: the map of Hanover (render/hanover.py) with this
side panel. Text snapshots and SVG pictures."""

from collections import Counter
from typing import Any

from render import hanover, pieces
from render.boards import Label, Renderers, register
from render.einsistkeins_karten import hours  # as the card game shows them
from render.hanover import LINE_COLOURS, MAP, OPEN_FILL, SHUT_FILL
from render.palette import INK, MUTED, PAPER, player
from render.svg import MONO, Group, Svg
from render.text import SNAPSHOT_LIMIT, fit
from rules.einsistkeins.board.graph import square
from rules.einsistkeins.board.model import LIMIT, PublicView, SeatView
from rules.einsistkeins.pubs import LIFEBUOY_NAMES, LIFEBUOYS, clock, pub

GAME_ID = "einsistkeins"
OPEN, SHUT = "●", "○"


def permille(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def legs_text(legs: list[list[Any]]) -> str:
    """[[None, 3, …], ["10", 2, <Steintor>]] → '🚶 3 · 🚋 10 → Steintor (2)': proper names
    and numbers, the same in both languages."""
    parts = []
    for line, count, end in legs:
        if line is None:
            parts.append(f"🚶 {count}")
        else:
            parts.append(f"🚋 {line} → {square(end).name} ({count})")
    return " · ".join(parts)


def where(index: int) -> str:
    """A square's name: a place's, or for a path square its link from the nearer end
    ("Glocksee ↔ Goetheplatz (1/3)": one step of three from Glocksee)."""
    sq = square(index)
    if sq.kind != "path":
        return sq.name
    return f"{sq.near} ↔ {sq.far} ({sq.step}/{sq.steps})"


def params(key: str, params: dict[str, Any], label: Label) -> dict[str, Any]:
    """The engine's structured parameters as players read them (the `params` hook): a
    `place_square` → its name as `place`; a `minute` of the night → the `time` on the
    clock; a route's `legs` → one line."""
    if not params:
        return params
    shown = dict(params)
    if "place_square" in params:
        shown["place"] = where(params["place_square"])
    if "minute" in params:
        shown["time"] = clock(params["minute"])
    if isinstance(params.get("legs"), list):
        shown["legs"] = legs_text(params["legs"])
    return shown


def card_line(name: str, view: PublicView) -> str:
    """'● Izarro (17:00–03:00 · 🛟 Linden-Nord)': open now or not, the card's hours, its
    district and its lifebuoy, so a player who reads only text can plan a lifebuoy win.
    A district named like its lifebuoy is said once (four players' cards must fit one
    chat message): 'Cheers (09:00–01:00 · Mitte)', 'Grotte (… · Oststadt · 🛟 Oststadt/List)'."""
    p = pub(name)
    mark = OPEN if name in view.open_pubs else SHUT
    parts = [hours(p)]
    buoy = LIFEBUOY_NAMES[p.lifebuoy] if p.lifebuoy else None
    if buoy != p.district:
        parts.append(p.district)
    if buoy:
        parts.append(f"🛟 {buoy}")
    return f"{mark} {p.name} ({' · '.join(parts)})"


def short_line(name: str, view: PublicView) -> str:
    """'● Izarro (17:00–03:00)': the picture's side panel, whose map shows the districts
    and the lifebuoys' rings."""
    p = pub(name)
    mark = OPEN if name in view.open_pubs else SHUT
    return f"{mark} {p.name} ({hours(p)})"


def _status(view: PublicView, label: Label) -> str:
    trams = (
        label("einsistkeins.board.trams") if view.trams else label("einsistkeins.board.night_star")
    )
    return label("einsistkeins.board.status", time=clock(view.clock), trams=trams, pile=view.pile)


def board(view: PublicView, names: list[str], label: Label) -> str:
    """The text board; past a chat message's room (four players with long cards and many
    pubs visited), the visited pubs are told by lifebuoy only, so every card still shows."""
    lines = _board_lines(view, label, visited_names=True)
    if sum(len(line) + 1 for line in lines) > SNAPSHOT_LIMIT:
        lines = _board_lines(view, label, visited_names=False)
    return fit(lines)


def _board_lines(view: PublicView, label: Label, visited_names: bool) -> list[str]:
    lines = [_status(view, label)]
    if view.faceup:
        lines.append(label("einsistkeins.board.faceup", card=card_line(view.faceup, view)))
    if view.phase == "over":
        if view.winner is not None:
            lines.append(label("einsistkeins.board.winner", seat=view.winner))
        else:
            lines.append(label("einsistkeins.board.over"))
    else:
        lines.append(label("einsistkeins.board.turn", seat=view.turn))
    for seat in range(view.players):
        lines.append("")
        clock_card = " ⏰" if seat == view.keeper else ""
        lines.append(
            f"{chr(65 + seat)}{clock_card} "
            + label(
                "einsistkeins.board.player",
                seat=seat,
                place=where(view.pos[seat]),
                level=permille(view.alcohol[seat]),
                count=len(view.visited[seat]),
                needed=view.needed[seat],
            )
        )
        lines += [f"  {card_line(c, view)}" for c in view.hands[seat]]
        if view.visited[seat]:
            lines.append(f"  ✓ {visited_line(view.visited[seat], visited_names)}")
    return lines


def visited_line(visited: tuple[str, ...], names: bool = True) -> str:
    """'Was nun?, Havana, Izarro · 🛟 Nordstadt 1, Linden-Nord 2': the pubs visited and how
    many of them lie in each lifebuoy (from the third on, each lowers the 12); without
    `names`, the lifebuoys only."""
    counts = Counter(pub(c).lifebuoy for c in visited if pub(c).lifebuoy)
    buoys = ", ".join(f"{LIFEBUOY_NAMES[b]} {counts[b]}" for b in LIFEBUOYS if counts[b])
    shown = [", ".join(visited)] if names else []
    if buoys:
        shown.append(f"🛟 {buoys}")
    return " · ".join(shown) or "…"


def private(view: SeatView, names: list[str], label: Label) -> str:
    return board(view.table, names, label)


# ---------------------------------------------------------------- the picture

WIDTH, HEIGHT = 1280, 820
SIDE = 890


def _clock_card(doc: Group, x: float, y: float) -> None:
    """The clock card: a small clock face."""
    doc.circle(x, y, 7, fill=PAPER, stroke=INK, stroke_width=1.5)
    doc.line(x, y, x, y - 5, stroke=INK, stroke_width=1.5)
    doc.line(x, y, x + 4, y, stroke=INK, stroke_width=1.5)


def _meter(doc: Group, x: float, y: float, tenths: int, seat: int) -> None:
    w = 150
    doc.rect(x, y, w, 10, rx=3, fill="#eeeeee", stroke=INK, stroke_width=1)
    doc.rect(x, y, w * tenths / LIMIT, 10, rx=3, fill=player(seat).colour)
    doc.text(x + w + 8, y + 10, f"{permille(tenths)} ‰", size=12, family=MONO)


def _side(doc: Svg, view: PublicView, names: list[str], label: Label) -> None:
    x = SIDE
    doc.text(x, 96, clock(view.clock), size=40, weight="bold", family=MONO)
    trams = (
        label("einsistkeins.board.trams") if view.trams else label("einsistkeins.board.night_star")
    )
    doc.text(x + 130, 80, trams, size=13, fill=INK if view.trams else "#D55E00")
    doc.text(x + 130, 98, label("einsistkeins.board.pile_count", count=view.pile), size=13)
    y = 126
    if view.faceup:
        doc.text(
            x, y, label("einsistkeins.board.faceup", card=short_line(view.faceup, view)), size=13
        )
        y += 22
    if view.phase == "over":
        text = (
            label("einsistkeins.board.winner", seat=view.winner)
            if view.winner is not None
            else label("einsistkeins.board.over")
        )
        doc.text(x, y, text, size=15, weight="bold")
        y += 22
    for seat in range(view.players):
        y += 14
        if seat == view.turn and view.phase != "over":
            doc.rect(x - 6, y - 4, WIDTH - x - 4, 26, rx=6, fill="#fff3c4")
        pieces.token(doc, x + 10, y + 9, seat, r=10, ring=seat == view.turn)
        name = names[seat] if seat < len(names) else player(seat).letter
        doc.text(x + 28, y + 15, name[:18], size=14, weight="bold")
        if seat == view.keeper:
            _clock_card(doc, x + 44 + 10 * len(name[:18]), y + 10)
        doc.text(
            WIDTH - 12,
            y + 15,
            label(
                "einsistkeins.board.pubs", count=len(view.visited[seat]), needed=view.needed[seat]
            ),
            size=12,
            anchor="end",
        )
        y += 30
        _meter(doc, x + 4, y - 8, view.alcohol[seat], seat)
        doc.text(x + 220, y + 1, where(view.pos[seat])[:22], size=11, fill=MUTED)
        y += 8
        for card in view.hands[seat]:
            y += 15
            doc.text(x + 8, y, short_line(card, view)[:44], size=11)
        if view.visited[seat]:
            y += 15
            doc.text(x + 8, y, ("✓ " + ", ".join(view.visited[seat]))[:48], size=11, fill=MUTED)
        y += 8
    x, legend_y = MAP[0] + 14, MAP[3] - 62
    pieces.legend(
        doc,
        x,
        legend_y,
        [
            (OPEN_FILL, label("einsistkeins.board.legend_open")),
            (SHUT_FILL, label("einsistkeins.board.legend_shut")),
        ],
    )
    for i, (line, colour) in enumerate(LINE_COLOURS.items()):
        doc.rect(x + 130, legend_y + i * 20 + 4, 24, 6, fill=colour)
        doc.text(
            x + 160, legend_y + i * 20 + 12, label("einsistkeins.board.line", line=line), size=12
        )


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(WIDTH, HEIGHT)
    pieces.title(doc, WIDTH, label("einsistkeins.board.title"), _status(view, label))
    hanover.draw(doc, view)
    _side(doc, view, names, label)
    return doc.to_string()


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    return board_svg(view.table, names, label)


RENDERERS = Renderers(
    board_text=board,
    private_text=private,
    board_svg=board_svg,
    private_svg=private_svg,
    params=params,
)
register(GAME_ID, RENDERERS)
