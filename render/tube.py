"""Boards of Gaa Under Gunnar: a text score sheet that fits a chat message, and the real
network drawn from its coordinates in TfL's colours (the Circle and Central lines wider),
north and south of the Central line shaded, end stations marked, every piece with its
colour and letter, and each player's dropped inhibitions where they lie."""

import math
from functools import cache, partial
from typing import Any

from render import pieces
from render.boards import Label, Renderers, register
from render.maps import Edge, Node, draw_map, free_spot
from render.palette import INK, MUTED, PAPER, player
from render.svg import MIN_TEXT, PHONE, ZOOM, Svg, clip
from render.text import columns, fit
from rules.tube.drops import central_curve
from rules.tube.model import PlayerView, PublicView, SeatView
from rules.tube.network import end_stations, net


def _status(view: PublicView, names: list[str], label: Label) -> str:
    if view.phase == "choose":
        return label("tube.board.choose")
    if view.phase == "over":
        return label("tube.board.over")
    if view.turn is None:
        return label("tube.board.drinking")
    return label("tube.board.turn", seat=view.turn, roll=view.roll, points=view.points)


def _where(p: PlayerView, view: PublicView, label: Label) -> str:
    if p.finished:
        return label("tube.board.finished", place=p.finished)
    if p.dnf:
        return label("tube.board.dnf")
    return view.names.get(p.station, "–")


def board(view: PublicView, names: list[str], label: Label) -> str:
    rows = [["", "", "", label("tube.board.head")]]
    for p in view.players:
        sheet = (
            f"{p.north} {p.south} {p.central} {p.heathrow}  {p.owed:>4} {p.drunk:>5} {p.beers:>5}"
        )
        rows.append([player(p.seat).letter, names[p.seat], _where(p, view, label), sheet])
    lines = [_status(view, names, label), *columns(rows)]
    if view.phase == "choose":
        rolls = ", ".join(
            f"{names[s]} {'/'.join(map(str, r))}" for s, r in enumerate(view.order_rolls) if r
        )
        lines.append(label("tube.board.order", rolls=rolls))
    if view.referee is not None:
        lines.append(label("tube.board.referee", seat=view.referee))
    if view.last is not None:
        stations = " – ".join(view.names.get(s, s) for s in view.last.stations)
        lines.append(
            label("tube.board.last", stations=f"{player(view.last.seat).letter}: {stations}")
        )
    return fit(lines)


def private(view: SeatView, names: list[str], label: Label) -> str:
    lines = []
    if view.player is not None:
        p = view.player
        lines.append(
            label(
                "tube.board.you",
                north=p.north,
                south=p.south,
                central=p.central,
                heathrow=p.heathrow,
                owed=p.owed,
                drunk=p.drunk,
            )
        )
        if p.drops:
            lines.append(label("tube.board.drops", drops=", ".join(d.station for d in p.drops)))
    if view.reachable:
        lines.append(label("tube.board.reachable", stations=", ".join(view.reachable)))
    return fit(lines)


# ----- pictures ---------------------------------------------------------------------------
# Laid out for a phone (render/svg.py PHONE, MIN_TEXT): what happens now, the whole
# network a phone's width wide (end stations and the pieces' stations named where room
# is), the centre enlarged under it (most turns are played there), the score sheet and a
# legend of every mark.

WIDE = {"circle": 4.0, "central": 4.0}
NORTH, SOUTH = "#dce8f6", "#f6e9d2"  # strong enough to survive the PNG palette
NOW = "#fff3c4"


@cache
def _frame(top: float) -> tuple[float, float, float, float]:
    """(min x, max y, scale, bottom) of the network a phone's width wide under `top`."""
    xs = [x for x, _ in net().pos.values()]
    ys = [y for _, y in net().pos.values()]
    pad = 12
    scale = (PHONE - 2 * pad) / (max(xs) - min(xs))
    return min(xs), max(ys), scale, top + 2 * pad + (max(ys) - min(ys)) * scale


def _xy(x: float, y: float, top: float) -> tuple[float, float]:
    x0, y1, scale, _ = _frame(top)
    return (round(12 + (x - x0) * scale, 1), round(top + 12 + (y1 - y) * scale, 1))


def _on_map(station: str, top: float) -> tuple[float, float]:
    return _xy(*net().pos[station], top)


def _shading(doc: Svg, top: float, bottom: float) -> None:
    curve = [_xy(x, y, top) for x, y in central_curve()]
    line = [(0, curve[0][1]), *curve, (PHONE, curve[-1][1])]
    doc.polygon([(0, top), *line, (PHONE, top)], fill=NORTH)
    doc.polygon([(0, bottom), *line, (PHONE, bottom)], fill=SOUTH)


def _edges() -> list[tuple[str, str, str]]:
    n = net()
    return sorted(
        {(min(a, b), max(a, b), line) for a, nbrs in n.adj.items() for b, line in nbrs},
        key=lambda e: (e[2] in WIDE, e),
    )


def _on_board(p: PlayerView) -> bool:
    return bool(p.station) and p.finished is None and not p.dnf


def _network(
    doc: Svg, view: PublicView, top: float, at: Any, bottom: float, named: list[str], wide: float
) -> None:
    """The lines, the stations, the drops, the pieces and the labels of `named` stations
    inside [top, bottom], stations placed by `at(station)` (None: not in this frame)."""
    n = net()
    ends = set(end_stations())
    area = (0, top, PHONE, bottom)
    where = {s: at(s) for s in n.names}
    where = {s: xy for s, xy in where.items() if xy is not None}
    taken = [(x - 4, y - 4, x + 4, y + 4) for s, (x, y) in where.items() if s in ends]
    tokens = [
        (p.seat, free_spot(*where[p.station], pieces.TOKEN + 4, taken, 0, area))
        for p in view.players
        if _on_board(p) and p.station in where
    ]
    drops = []
    for p in view.players:
        for d in p.drops:
            if d.station in where:
                drops.append((p.seat, free_spot(*where[d.station], 4.5, taken, 9, area)))
    order = {s: i for i, s in enumerate(named)}
    # a station under a piece is hidden by it: only its lines are drawn
    covered = {
        s for s, xy in where.items() if any(math.dist(xy, t) < pieces.TOKEN + 4 for _, t in tokens)
    }
    nodes = [
        Node(
            s,
            x,
            y,
            label=n.names[s] if s in order else "",
            r=0 if s in covered else 3 if s in ends else (2 if n.dots[s] else 1.2),
            fill=INK if s in ends else PAPER,
        )
        for s, (x, y) in where.items()
    ]
    nodes.sort(key=lambda node: (order.get(node.id, len(order)), node.id))
    edges = [
        Edge(a, b, n.colours[line], WIDE.get(line, 1.6) * wide)
        for a, b, line in _edges()
        if a in where and b in where
    ]
    draw_map(doc, nodes, edges, bounds=area, obstacles=tuple(taken))
    for seat, (x, y) in drops:
        doc.rect(x - 4, y - 4, 8, 8, fill=player(seat).colour, stroke=INK, stroke_width=1)
    for seat, (x, y) in tokens:
        pieces.token(doc, x, y, seat, ring=view.turn == seat)


@cache
def _inset_frame() -> tuple[float, float, float, float, float]:
    """Bounds (x0, y0, x1, y1 in metres) around the Circle's loop, and the scale."""
    n = net()
    xs = [n.pos[s][0] for s in n.circle_loop]
    ys = [n.pos[s][1] for s in n.circle_loop]
    mx, my = (max(xs) - min(xs)) * 0.1, (max(ys) - min(ys)) * 0.15
    x0, x1, y0, y1 = min(xs) - mx, max(xs) + mx, min(ys) - my, max(ys) + my
    return x0, y0, x1, y1, PHONE / (x1 - x0)


def _in(station: str, top: float) -> tuple[float, float] | None:
    x0, y0, x1, y1, scale = _inset_frame()
    x, y = net().pos[station]
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return None
    return (round((x - x0) * scale, 1), round(top + (y1 - y) * scale, 1))


def _named(view: PublicView) -> list[str]:
    """Stations named, most important first: where the pieces stand, the last move's
    end, then the end stations."""
    out = [p.station for p in view.players if _on_board(p)]
    if view.last is not None and view.last.stations:
        out.append(view.last.stations[-1])
    out += sorted(end_stations())
    return list(dict.fromkeys(out))


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 1400, zoom=ZOOM)
    y = pieces.title(doc, PHONE, label("tube.board.title"))
    lines = pieces.wrap(_status(view, names, label), MIN_TEXT, PHONE - 20, bold=True)[:2]
    doc.rect(0, y, PHONE, len(lines) * 19 + 8, fill=NOW)
    for line in lines:
        y += 19
        doc.text(10, y, clip(line, MIN_TEXT, PHONE - 20, True), size=MIN_TEXT, weight="bold")
    top = y + 8
    *_, bottom = _frame(top)
    _shading(doc, top, bottom)
    named = _named(view)
    _network(doc, view, top, partial(_on_map, top=top), bottom, named, 1)
    doc.text(10, bottom + 18, label("tube.board.centre"), size=MIN_TEXT, weight="bold")
    y = bottom + 24
    _, y0, _, y1, scale = _inset_frame()
    inset_bottom = y + (y1 - y0) * scale
    doc.rect(0, y, PHONE, inset_bottom - y, fill=PAPER, stroke=INK, stroke_width=1)
    centre = [s for s in named if _in(s, y) is not None]
    _network(doc, view, y, partial(_in, top=y), inset_bottom, centre, 1.4)
    y = _sheet(doc, view, names, label, inset_bottom + 8)
    y = _legend(doc, label, y + 6)
    doc.set_height(y + 6)
    return doc.to_string()


def _sheet(doc: Svg, view: PublicView, names: list[str], label: Label, y: float) -> float:
    doc.text(PHONE - 10, y + 14, label("tube.board.head"), size=MIN_TEXT, anchor="end", fill=MUTED)
    y += 20
    rows = [
        (
            p.seat,
            names[p.seat],
            f"{p.north} {p.south} {p.central} {p.heathrow} {p.owed}/{p.drunk} {p.beers}",
        )
        for p in view.players
    ]
    active = frozenset({view.turn} if view.turn is not None else ())
    winners = frozenset(p.seat for p in view.players if p.finished == 1)
    y += pieces.scores(doc, 14, y, rows, active=active, width=PHONE - 24, winners=winners)
    if view.referee is not None:
        doc.text(10, y + 16, label("tube.board.referee", seat=view.referee), size=MIN_TEXT)
        y += 22
    return y


def _legend(doc: Svg, label: Label, y: float) -> float:
    entries: list[tuple[str, str, str]] = [(c, name, "line") for c, name in _line_legend()]
    entries += [
        (NORTH, label("tube.board.north"), "square"),
        (SOUTH, label("tube.board.south"), "square"),
    ]
    y += pieces.legend(doc, 10, y, entries, width=PHONE - 20)
    doc.circle(17, y + 10, 3, fill=INK)
    doc.text(26, y + 15, clip(label("tube.board.legend_end"), MIN_TEXT, PHONE - 36), size=MIN_TEXT)
    y += 22
    doc.rect(13, y + 6, 8, 8, fill=player(0).colour, stroke=INK, stroke_width=1)
    doc.text(26, y + 15, clip(label("tube.board.legend_drop"), MIN_TEXT, PHONE - 36), size=MIN_TEXT)
    return y + 24


@cache
def _line_legend() -> tuple[tuple[str, str], ...]:
    n = net()
    return tuple((n.colours[line], n.line_names[line]) for line in sorted(n.line_names))


REACH_LINES = 16  # reachable stations two a line; past that the picture says how many more


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 900, zoom=ZOOM)
    y = pieces.title(doc, PHONE, names[view.seat] if view.seat < len(names) else "?")
    shown = SeatView(seat=view.seat, player=view.player, reachable=())
    for text in private(shown, names, label).split("\n"):
        if text:
            y += 21 + pieces.paragraph(doc, 10, y + 21, text, PHONE - 20, size=15, step=21) + 4
    if view.reachable:
        y += 21 + pieces.paragraph(
            doc,
            10,
            y + 21,
            label("tube.board.reachable", stations=""),
            PHONE - 20,
            size=15,
            bold=True,
            step=21,
        )
        y = _stations(doc, list(view.reachable), label, y + 4)
    doc.set_height(y + 12)
    return doc.to_string()


def _stations(doc: Svg, stations: list[str], label: Label, y: float) -> float:
    """Station names in two columns, each whole (wrapped within its column); past
    REACH_LINES lines, "+N more — /where" instead of the rest."""
    half = (PHONE - 30) / 2
    lines = 0
    for i in range(0, len(stations), 2):
        pair = [pieces.wrap(s, MIN_TEXT, half) for s in stations[i : i + 2]]
        need = max(len(p) for p in pair)
        if lines + need > REACH_LINES:
            more = label("tube.picture.more", count=len(stations) - i)
            return y + 20 + pieces.paragraph(doc, 10, y + 20, more, PHONE - 20, step=20, fill=MUTED)
        for k, wrapped in enumerate(pair):
            for j, line in enumerate(wrapped):
                doc.text(10 + k * (half + 10), y + 20 + j * 19, line, size=MIN_TEXT)
        y += need * 19
        lines += need
    return y + 6


def params(key: str, params: dict[str, Any], label: Label) -> dict[str, Any]:
    """Lists the engine sends (the reachable stations, a player's rolls) as a line of
    text (the `params` hook): rules/ builds no words."""
    shown = dict(params)
    for name in ("stations", "rolls"):
        if isinstance(params.get(name), list):
            shown[name] = ", ".join(map(str, params[name]))
    return shown


RENDERERS = Renderers(board, private, board_svg, private_svg, params=params)
register("tube", RENDERERS)
