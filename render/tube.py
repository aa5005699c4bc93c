"""Boards of Gaa Under Gunnar: a text score sheet that fits a chat message, and the real
network drawn from its coordinates in TfL's colours (the Circle and Central lines wider),
north and south of the Central line shaded, end stations marked, every piece with its
colour and letter, and each player's dropped inhibitions where they lie."""

from functools import cache
from typing import Any

from render import pieces
from render.boards import Label, Renderers, register
from render.maps import Edge, Node, draw_map
from render.palette import INK, MUTED, PAPER, player
from render.svg import Svg
from render.text import columns, fit
from rules.tube.drops import central_curve
from rules.tube.model import PlayerView, PublicView, SeatView
from rules.tube.network import end_stations, net

WIDTH, HEIGHT = 1100, 760
MAP = (20, 60, 800, 740)  # x0, y0, x1, y1 of the map
WIDE = {"circle": 6.0, "central": 6.0}
NORTH, SOUTH = "#eef4fb", "#fbf5ea"


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


@cache
def _frame() -> tuple[float, float, float, float, float]:
    """min x, min y, scale, and the offsets that centre the network in MAP."""
    xs = [x for x, _ in net().pos.values()]
    ys = [y for _, y in net().pos.values()]
    w, h = MAP[2] - MAP[0], MAP[3] - MAP[1]
    scale = min(w / (max(xs) - min(xs)), h / (max(ys) - min(ys)))
    ox = MAP[0] + (w - (max(xs) - min(xs)) * scale) / 2
    oy = MAP[1] + (h - (max(ys) - min(ys)) * scale) / 2
    return min(xs), max(ys), scale, ox, oy


def _xy(x: float, y: float) -> tuple[float, float]:
    x0, y1, scale, ox, oy = _frame()
    return (round(ox + (x - x0) * scale, 1), round(oy + (y1 - y) * scale, 1))


def _at(station: str) -> tuple[float, float]:
    return _xy(*net().pos[station])


def _shading(doc: Svg) -> None:
    curve = [_xy(x, y) for x, y in central_curve()]
    left, right = (MAP[0], curve[0][1]), (MAP[2], curve[-1][1])
    line = [left, *curve, right]
    doc.polygon([(MAP[0], MAP[1]), *line, (MAP[2], MAP[1])], fill=NORTH)
    doc.polygon([(MAP[0], MAP[3]), *line, (MAP[2], MAP[3])], fill=SOUTH)


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    n = net()
    doc = Svg(WIDTH, HEIGHT)
    pieces.title(doc, WIDTH, label("tube.board.title"), _status(view, names, label))
    _shading(doc)
    doc.text(MAP[0] + 8, MAP[1] + 18, label("tube.board.north"), size=13, fill=MUTED)
    doc.text(MAP[0] + 8, MAP[3] - 8, label("tube.board.south"), size=13, fill=MUTED)
    ends = set(end_stations())
    shown = {p.station for p in view.players if p.station}
    nodes = []
    for s in sorted(n.names):
        x, y = _at(s)
        is_end = s in ends
        nodes.append(
            Node(
                s, x, y,
                label=n.names[s] if is_end or s in shown else "",
                r=3.5 if is_end else (2.5 if n.dots[s] else 1.5),
                fill=INK if is_end else PAPER,
            )
        )  # fmt: skip
    edges = sorted(
        {(min(a, b), max(a, b), line) for a, nbrs in n.adj.items() for b, line in nbrs},
        key=lambda e: (e[2] in WIDE, e),
    )
    draw_map(
        doc,
        nodes,
        [Edge(a, b, n.colours[line], WIDE.get(line, 2.5)) for a, b, line in edges],
        size=10,
        bounds=MAP,
    )
    _drops(doc, view)
    _pieces(doc, view)
    _sheet(doc, view, names, label)
    _inset(doc, view, label)
    return doc.to_string()


INSET = (830, 470, 1080, 740)  # the centre, enlarged: most turns are played there


@cache
def _inset_frame() -> tuple[float, float, float, float, float]:
    """Bounds (x0, y0, x1, y1 in metres) around the Circle's loop, and the scale."""
    n = net()
    xs = [n.pos[s][0] for s in n.circle_loop]
    ys = [n.pos[s][1] for s in n.circle_loop]
    mx, my = (max(xs) - min(xs)) * 0.12, (max(ys) - min(ys)) * 0.12
    x0, x1, y0, y1 = min(xs) - mx, max(xs) + mx, min(ys) - my, max(ys) + my
    scale = min((INSET[2] - INSET[0]) / (x1 - x0), (INSET[3] - INSET[1]) / (y1 - y0))
    return x0, y0, x1, y1, scale


def _in(station: str) -> tuple[float, float] | None:
    x0, y0, x1, y1, scale = _inset_frame()
    x, y = net().pos[station]
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return None
    pad = (INSET[3] - INSET[1] - (y1 - y0) * scale) / 2  # centred in the box's height
    return (round(INSET[0] + (x - x0) * scale, 1), round(INSET[3] - pad - (y - y0) * scale, 1))


def _inset(doc: Svg, view: PublicView, label: Label) -> None:
    n = net()
    doc.rect(INSET[0], INSET[1], INSET[2] - INSET[0], INSET[3] - INSET[1], fill=PAPER, stroke=INK)
    doc.text(INSET[0] + 6, INSET[1] + 14, label("tube.board.centre"), size=11, fill=MUTED)
    drawn = sorted(
        {(min(a, b), max(a, b), line) for a, nbrs in n.adj.items() for b, line in nbrs},
        key=lambda e: (e[2] in WIDE, e),
    )
    for a, b, line in drawn:
        pa, pb = _in(a), _in(b)
        if pa and pb:
            doc.line(*pa, *pb, stroke=n.colours[line], stroke_width=WIDE.get(line, 2.5) * 0.7)
    for s in sorted(n.names):
        at = _in(s)
        if at:
            doc.circle(*at, 2.5 if n.dots[s] else 1.5, fill=PAPER, stroke=INK, stroke_width=0.8)
    here: dict[str, int] = {}
    for p in view.players:
        at = _in(p.station) if p.station and p.finished is None and not p.dnf else None
        if at:
            k = here.get(p.station, 0)
            here[p.station] = k + 1
            pieces.token(doc, at[0] + 12 * k, at[1] - 9, p.seat, r=7, ring=view.turn == p.seat)
            doc.text(
                at[0] + 12 * k, at[1] + 14, view.names.get(p.station, ""), size=8, anchor="middle"
            )


def _drops(doc: Svg, view: PublicView) -> None:
    """Each dropped inhibition: a small square in the player's colour by its station."""
    count: dict[str, int] = {}
    for p in view.players:
        for d in p.drops:
            x, y = _at(d.station)
            k = count.get(d.station, 0)
            count[d.station] = k + 1
            style = player(p.seat)
            doc.rect(x - 5 + 11 * k, y + 6, 10, 10, fill=style.colour, stroke=INK, stroke_width=1)


def _pieces(doc: Svg, view: PublicView) -> None:
    here: dict[str, int] = {}
    for p in view.players:
        if not p.station or not (p.finished is None and not p.dnf):
            continue
        x, y = _at(p.station)
        k = here.get(p.station, 0)
        here[p.station] = k + 1
        pieces.token(doc, x + 14 * k, y - 12, p.seat, r=9, ring=view.turn == p.seat)


def _sheet(doc: Svg, view: PublicView, names: list[str], label: Label) -> None:
    x, y = MAP[2] + 30, MAP[1] + 10
    rows = [
        (p.seat, names[p.seat], f"{p.north} {p.south} {p.central} {p.heathrow}  {p.owed}/{p.drunk}")
        for p in view.players
    ]
    active = frozenset({view.turn} if view.turn is not None else ())
    height = pieces.scores(doc, x, y, rows, active=active, width=240)
    doc.text(x, y + height + 20, label("tube.board.head"), size=11, fill=MUTED)
    if view.referee is not None:
        doc.text(x, y + height + 40, label("tube.board.referee", seat=view.referee), size=12)
    legend = [(n_colour, n_name) for n_colour, n_name in _line_legend()]
    pieces.legend(doc, x, y + height + 60, legend)


@cache
def _line_legend() -> tuple[tuple[str, str], ...]:
    n = net()
    return tuple((n.colours[line], n.line_names[line]) for line in sorted(n.line_names))


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    doc = Svg(600, 200)
    pieces.title(doc, 600, names[view.seat] if view.seat < len(names) else "?")
    for i, line in enumerate(private(view, names, label).split("\n")[:6]):
        doc.text(20, 80 + i * 20, line[:90], size=13)
    return doc.to_string()


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
