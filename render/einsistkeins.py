"""Boards of the EINS IST KEINS board game: the clock, the face-up card and the pile,
each player's square, alcohol meter and face-up cards (● open now, ○ closed); and the
map of Hanover as SVG (districts, lifebuoys as rings, pubs open/closed, the three tram
lines, the pieces). Text snapshots and SVG pictures."""

import itertools
import math
from typing import Any

from render import pieces
from render.boards import Label, Renderers, register
from render.einsistkeins_karten import BUOY_COLOURS, hours  # the same hues as on the cards
from render.maps import Box, Edge, Node, draw_map, free_spot, hull
from render.palette import INK, MUTED, PAPER, player
from render.svg import MIN_TEXT, MONO, PHONE, ZOOM, Group, Svg, clip, text_width
from render.text import fit
from rules.einsistkeins.board.graph import LINES, square
from rules.einsistkeins.board.graph import board as graph
from rules.einsistkeins.board.model import LIMIT, PublicView, SeatView
from rules.einsistkeins.pubs import (
    LIFEBUOY_NAMES,
    LIFEBUOYS,
    PUBS,
    START,
    clock,
    is_open,
    pub,
)

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
    p = pub(name)
    mark = OPEN if name in view.open_pubs else SHUT
    return f"{mark} {p.name} ({hours(p)})"


def _status(view: PublicView, label: Label) -> str:
    trams = (
        label("einsistkeins.board.trams") if view.trams else label("einsistkeins.board.night_star")
    )
    return label("einsistkeins.board.status", time=clock(view.clock), trams=trams, pile=view.pile)


def board(view: PublicView, names: list[str], label: Label) -> str:
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
        lines += [f"   {card_line(c, view)}" for c in view.hands[seat]]
        if view.visited[seat]:
            lines.append("   ✓ " + ", ".join(view.visited[seat]))
    return fit(lines)


def private(view: SeatView, names: list[str], label: Label) -> str:
    return board(view.table, names, label)


# ---------------------------------------------------------------- the picture
# Laid out for a phone (render/svg.py PHONE, MIN_TEXT): the map a phone's width wide,
# naming only the pubs that matter now (on the cards in play, where a piece stands, the
# start), then the clock and each player, then a legend of every mark on the map.

MAP_TOP = 0  # the map's y is set under the title
LINE_COLOURS = {"6": "#0072B2", "9": "#D55E00", "10": "#009E73"}
OPEN_FILL, SHUT_FILL = "#2e9b4f", "#c8c8c8"
TURN = "#fff3c4"


def _scale(top: float) -> tuple[float, float, float, float]:
    """Metres → units: (scale, x offset, y offset, the map's bottom), a phone's width."""
    squares = graph().squares
    xs, ys = [s.x for s in squares], [s.y for s in squares]
    pad = 14
    s = (PHONE - 2 * pad) / (max(xs) - min(xs))
    return s, pad - min(xs) * s, top + pad + max(ys) * s, top + 2 * pad + (max(ys) - min(ys)) * s


def _at(index: int, top: float) -> tuple[float, float]:
    s, dx, dy, _ = _scale(top)
    sq = square(index)
    return round(sq.x * s + dx, 1), round(dy - sq.y * s, 1)


def _blob(points: list[tuple[float, float]], pad: float = 8) -> tuple[tuple[float, float], ...]:
    """A rounded area around points: the hull of a small octagon around each."""
    ring = []
    for x, y in points:
        for k in range(8):
            a = math.pi * k / 4
            ring.append((round(x + pad * math.cos(a), 1), round(y + pad * math.sin(a), 1)))
    return tuple(hull(ring))


def _lifebuoys(doc: Group, top: float) -> None:
    """Each lifebuoy a ring round its seven pubs, striped like the real thing."""
    b = graph()
    for buoy in LIFEBUOYS:
        spots = [_at(b.by_name[p.name], top) for p in PUBS if p.lifebuoy == buoy]
        cx = sum(x for x, _ in spots) / len(spots)
        cy = sum(y for _, y in spots) / len(spots)
        r = max(math.dist((cx, cy), s) for s in spots) + 8
        colour = BUOY_COLOURS[buoy]
        # one plain ring: stripes and districts' shading cost a fifth of the PNG's bytes
        doc.circle(cx, cy, r, fill="none", stroke=colour, stroke_width=4, stroke_opacity=0.6)


def _paths(doc: Group, top: float) -> None:
    b = graph()
    for a, c, _ in b.links:
        (x1, y1), (x2, y2) = _at(a, top), _at(c, top)
        doc.line(x1, y1, x2, y2, stroke="#c4c4c4", stroke_width=0.8)


def _named(view: PublicView) -> list[str]:
    """The places named on the map: where each piece stands, then Café Safran, the start
    (the pubs on the cards of the player whose turn it is carry numbers: `_badges`)."""
    out = [square(p).name for p in view.pos if square(p).kind != "path"]
    out.append(START.name)
    return list(dict.fromkeys(out))


def _hand(view: PublicView) -> tuple[str, ...]:
    """The cards numbered on the map and in the list: those of the player whose turn it is."""
    return view.hands[view.turn] if view.phase != "over" else ()


def _badge(doc: Group, x: float, y: float, number: int) -> None:
    """A numbered badge: the pub of card `number` in the hand listed below the map (a
    name of 14 points has no room in the crowded centre; a number has)."""
    doc.rect(x - 9, y - 9, 18, 18, rx=4, fill=INK)
    doc.text(x, y + 5, str(number), size=MIN_TEXT, anchor="middle", weight="bold", fill=PAPER)


def _map(doc: Svg, view: PublicView, top: float) -> float:
    """The map under `top`; returns its bottom."""
    _lifebuoys(doc, top)
    _paths(doc, top)
    b = graph()
    edges = [
        Edge(u, v, colour=LINE_COLOURS[line], width=3)
        for line, stops in LINES.items()
        for u, v in itertools.pairwise(stops)
    ]
    # the pieces on their squares (fanned out side by side when several share one,
    # hiding the stops under them), then the line numbers at the lines' ends clear of
    # the pieces and every stop; the labels then keep clear of them all
    _, _, _, bottom = _scale(top)
    area = (0, top, PHONE, bottom)
    taken: list[Box] = []
    tokens = [
        (seat, free_spot(*_at(sq, top), 12, taken, 0, area)) for seat, sq in enumerate(view.pos)
    ]
    covered = {
        sq.name
        for sq in b.squares
        if any(math.dist(_at(sq.index, top), at) < pieces.TOKEN + 5 for _, at in tokens)
    }
    taken += [
        (x - 5, y - 5, x + 5, y + 5)
        for x, y in (_at(s.index, top) for s in b.squares if s.kind != "path")
    ]
    ends = [
        (line, free_spot(*_at(b.by_name[end], top), 11, taken, 14, area))
        for line, stops in LINES.items()
        for end in (stops[0], stops[-1])
    ]
    badges = [
        (
            k + 1,
            _at(b.by_name[name], top),
            free_spot(*_at(b.by_name[name], top), 10, taken, 12, area),
        )
        for k, name in enumerate(_hand(view))
    ]
    obstacles = [(x - 15.5, y - 15.5, x + 15.5, y + 15.5) for _, (x, y) in tokens]
    obstacles += [(x - 10.5, y - 10.5, x + 10.5, y + 10.5) for _, _, (x, y) in badges]
    obstacles += [(x - 11.5, y - 11.5, x + 11.5, y + 11.5) for _, (x, y) in ends]
    named = set(_named(view))
    order = {name: i for i, name in enumerate(_named(view))}
    nodes = []
    for sq in b.squares:
        if sq.kind == "path":
            continue
        x, y = _at(sq.index, top)
        if sq.name in covered:
            nodes.append(Node(sq.name, x, y, r=0))  # under a piece
            continue
        if sq.kind == "station":
            nodes.append(Node(sq.name, x, y, r=2.5, fill=PAPER))
            continue
        shown_open = sq.name in view.open_pubs or (
            sq.kind == "start" and is_open(START, view.clock)
        )
        nodes.append(
            Node(
                sq.name,
                x,
                y,
                label=sq.name if sq.name in named else "",
                r=4.5 if sq.kind == "start" else 3.5,
                fill=OPEN_FILL if shown_open else SHUT_FILL,
            )
        )
    nodes.sort(key=lambda n: order.get(n.id, len(order)))  # what matters most is placed first
    draw_map(doc, nodes, edges, bounds=area, obstacles=tuple(obstacles))
    for line, (x, y) in ends:
        doc.rect(x - 11, y - 9, 22, 18, rx=3, fill=LINE_COLOURS[line])
        doc.text(x, y + 5, line, size=MIN_TEXT, anchor="middle", weight="bold", fill=PAPER)
    for number, pub_at, (x, y) in badges:
        doc.line(*pub_at, x, y, stroke=INK, stroke_width=1.5)
        _badge(doc, x, y, number)
    for seat, (x, y) in tokens:
        pieces.token(doc, x, y, seat, ring=seat == view.turn and view.phase != "over")
    return bottom


def _clock_card(doc: Group, x: float, y: float) -> None:
    """The clock card: a small clock face."""
    doc.circle(x, y, 7, fill=PAPER, stroke=INK, stroke_width=1.5)
    doc.line(x, y, x, y - 5, stroke=INK, stroke_width=1.5)
    doc.line(x, y, x + 4, y, stroke=INK, stroke_width=1.5)


def _meter(doc: Group, x: float, y: float, tenths: int, seat: int) -> None:
    w = 110
    doc.rect(x, y, w, 10, rx=3, fill="#eeeeee", stroke=INK, stroke_width=1)
    doc.rect(x, y, w * tenths / LIMIT, 10, rx=3, fill=player(seat).colour)
    doc.text(x + w + 6, y + 11, f"{permille(tenths)} ‰", size=MIN_TEXT, family=MONO)


def _line(
    doc: Group, y: float, text: str, *, x: float = 10, bold: bool = False, fill: str = INK
) -> float:
    doc.text(
        x,
        y + 16,
        clip(text, MIN_TEXT, PHONE - x - 8, bold),
        size=MIN_TEXT,
        weight="bold" if bold else None,
        fill=fill,
    )
    return y + 20


def _table(doc: Svg, view: PublicView, names: list[str], label: Label, y: float) -> float:
    """The clock, the trams, the pile, the face-up card, the winner; then each player."""
    doc.text(10, y + 30, clock(view.clock), size=28, weight="bold", family=MONO)
    trams = (
        label("einsistkeins.board.trams") if view.trams else label("einsistkeins.board.night_star")
    )
    doc.text(
        110,
        y + 14,
        clip(trams, MIN_TEXT, PHONE - 118),
        size=MIN_TEXT,
        fill=INK if view.trams else "#D55E00",
    )
    doc.text(110, y + 32, label("einsistkeins.board.pile_count", count=view.pile), size=MIN_TEXT)
    y += 40
    if view.faceup:
        y = _line(doc, y, label("einsistkeins.board.faceup", card=card_line(view.faceup, view)))
    if view.phase == "over":
        text = (
            "♛ " + label("einsistkeins.board.winner", seat=view.winner)
            if view.winner is not None
            else label("einsistkeins.board.over")
        )
        y = _line(doc, y, text, bold=True)
    for seat in range(view.players):
        y += 6
        turn = seat == view.turn and view.phase != "over"
        won = view.phase == "over" and seat == view.winner
        # the cards of the player whose turn it is (a phone has room for one hand, and
        # the bytes grow with the height; /board's text names them all)
        shown_hand = view.hands[seat] if turn else ()
        rows = 2 + len(shown_hand) + (1 if view.visited[seat] and shown_hand else 0)
        if turn or won:
            doc.rect(4, y, PHONE - 8, rows * 20 + 12, rx=5, fill=TURN)
        pieces.token(doc, 20, y + 15, seat, ring=turn)
        name = names[seat] if seat < len(names) else player(seat).letter
        count = label(
            "einsistkeins.board.pubs", count=len(view.visited[seat]), needed=view.needed[seat]
        )
        count_w = text_width(count, MIN_TEXT)
        shown = clip(("♛ " if won else "") + name, 15, PHONE - 60 - count_w - 24, bold=True)
        doc.text(38, y + 20, shown, size=15, weight="bold")
        if seat == view.keeper:
            _clock_card(doc, 38 + text_width(shown, 15, bold=True) + 16, y + 15)
        doc.text(PHONE - 10, y + 20, count, size=MIN_TEXT, anchor="end")
        y += 30
        _meter(doc, 14, y - 2, view.alcohol[seat], seat)
        doc.text(
            PHONE - 10,
            y + 9,
            clip(where(view.pos[seat]), MIN_TEXT, 130),
            size=MIN_TEXT,
            anchor="end",
            fill=MUTED,
        )
        y += 8
        for k, card in enumerate(shown_hand):
            _badge(doc, 23, y + 11, k + 1)
            y = _line(doc, y, card_line(card, view), x=38)
        if view.visited[seat] and shown_hand:
            y = _line(doc, y, "✓ " + ", ".join(view.visited[seat]), x=14, fill=MUTED)
        y += 4
    return y


def _legend(doc: Svg, label: Label, y: float) -> float:
    """Every mark on the map: open and closed pubs, stations, the tram lines, the
    lifebuoys' rings, the clock card."""
    entries = [
        (OPEN_FILL, label("einsistkeins.board.legend_open")),
        (SHUT_FILL, label("einsistkeins.board.legend_shut")),
    ]
    entries += [
        (c, label("einsistkeins.board.line", line=n), "line") for n, c in LINE_COLOURS.items()
    ]
    entries += [(BUOY_COLOURS[b], LIFEBUOY_NAMES[b], "ring") for b in LIFEBUOYS]
    y += pieces.legend(doc, 10, y, entries, width=PHONE - 20)
    doc.circle(17, y + 10, 3, fill=PAPER, stroke=INK, stroke_width=1.5)
    doc.text(34, y + 15, label("einsistkeins.board.legend_station"), size=MIN_TEXT)
    _clock_card(doc, PHONE / 2 + 7, y + 10)
    doc.text(PHONE / 2 + 24, y + 15, label("einsistkeins.board.legend_clock"), size=MIN_TEXT)
    y += 24
    _badge(doc, 19, y + 10, 1)
    doc.text(
        34,
        y + 15,
        clip(label("einsistkeins.board.legend_badge"), MIN_TEXT, PHONE - 44),
        size=MIN_TEXT,
    )
    return y + 24


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 1400, zoom=ZOOM)
    top = pieces.title(doc, PHONE, label("einsistkeins.board.title"))  # the clock is below
    y = _map(doc, view, top)
    y = _table(doc, view, names, label, y + 2)
    y = _legend(doc, label, y + 8)
    doc.set_height(y + 6)
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
