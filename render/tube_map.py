"""The Underground drawn for a phone: the whole network a phone's width wide with the
centre left out as a framed box, and the centre under it in a frame of its own at its own
scale (zone 1 and most of zone 2: 92 of the 269 stations sit in a tenth of the network's
area, a knot at the overview's scale). Each frame draws its own stations only; a line
leaving a frame ends at the frame's edge.

Pieces stand on their lines: a piece is drawn on its station, and a piece that would
cover another slides along one of its station's lines until it is clear. Labels go
beside their stations (render/maps.py), pieces and drops kept clear of them.
"""

import itertools
import math
from dataclasses import dataclass, replace
from functools import cache

from render import pieces
from render.maps import Box, Edge, Node, draw_map, free_spot, place_labels
from render.palette import INK, PAPER, player
from render.svg import MIN_TEXT, PHONE, Group
from rules.tube.drops import central_curve
from rules.tube.model import PlayerView, PublicView
from rules.tube.network import end_stations, net

WIDE = {"circle": 4.0, "central": 4.0}
NORTH, SOUTH = "#dce8f6", "#f6e9d2"  # strong enough to survive the PNG palette
# The centre's frame, metres either side of the Circle's middle: wide enough that no
# line outside it is a knot (11 of the overview's edges are shorter than 4 units), small
# enough that its stations stand a readable 8 units apart or more inside it.
CENTRE_HALF = (6000.0, 4000.0)
PAD = 12


@dataclass(frozen=True)
class Frame:
    """A box of the network (metres east and north) drawn at `scale` units a metre with
    its north-west corner at (left, top)."""

    x0: float
    y0: float
    x1: float
    y1: float
    scale: float
    left: float
    top: float

    def xy(self, x: float, y: float) -> tuple[float, float]:
        return (
            round(self.left + (x - self.x0) * self.scale, 1),
            round(self.top + (self.y1 - y) * self.scale, 1),
        )

    def holds(self, station: str) -> bool:
        x, y = net().pos[station]
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1

    @property
    def right(self) -> float:
        return self.left + (self.x1 - self.x0) * self.scale

    @property
    def bottom(self) -> float:
        return self.top + (self.y1 - self.y0) * self.scale


@cache
def _centre_box() -> tuple[float, float, float, float]:
    n = net()
    xs = [n.pos[s][0] for s in n.circle_loop]
    ys = [n.pos[s][1] for s in n.circle_loop]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    hx, hy = CENTRE_HALF
    return cx - hx, cy - hy, cx + hx, cy + hy


@cache
def overview_frame(top: float) -> Frame:
    """The whole network a phone's width wide under `top` (its bottom PAD above the
    frame's bottom)."""
    xs = [x for x, _ in net().pos.values()]
    ys = [y for _, y in net().pos.values()]
    scale = (PHONE - 2 * PAD) / (max(xs) - min(xs))
    return Frame(min(xs), min(ys), max(xs), max(ys), scale, PAD, top + PAD)


@cache
def centre_frame(top: float) -> Frame:
    """The centre a phone's width wide under `top`."""
    x0, y0, x1, y1 = _centre_box()
    return Frame(x0, y0, x1, y1, PHONE / (x1 - x0), 0, top)


@cache
def _edges() -> tuple[tuple[str, str, str], ...]:
    n = net()
    return tuple(
        sorted(
            {(min(a, b), max(a, b), line) for a, nbrs in n.adj.items() for b, line in nbrs},
            key=lambda e: (e[2] in WIDE, e),
        )
    )


def _clip(inside: tuple[float, float], outside: tuple[float, float], box: Box) -> tuple:
    """Where the segment from a point inside `box` to one outside leaves it."""
    (ax, ay), (bx, by) = inside, outside
    t = 1.0
    for a, b, lo, hi in ((ax, bx, box[0], box[2]), (ay, by, box[1], box[3])):
        if b < lo:
            t = min(t, (lo - a) / (b - a))
        elif b > hi:
            t = min(t, (hi - a) / (b - a))
    return (ax + (bx - ax) * t, ay + (by - ay) * t)


def on_board(p: PlayerView) -> bool:
    return bool(p.station) and p.finished is None and not p.dnf


def _walk(station: str, line: str, first: str, frame: Frame, shown: set[str]) -> list:
    """The screen points of `line` from `station` through `first` onwards, while the
    stations are drawn in this frame."""
    n = net()
    path, prev, cur = [frame.xy(*n.pos[station])], station, first
    while cur in shown and len(path) < 40:
        path.append(frame.xy(*n.pos[cur]))
        ahead = [b for b, ln in n.adj[cur] if ln == line and b != prev]
        if not ahead:
            break
        prev, cur = cur, ahead[0]
    return path


def _at(path: list[tuple[float, float]], d: float) -> tuple[float, float] | None:
    """The point `d` units along a polyline, or None past its end."""
    for (ax, ay), (bx, by) in itertools.pairwise(path):
        step = math.dist((ax, ay), (bx, by))
        if d <= step and step > 0:
            return (round(ax + (bx - ax) * d / step, 1), round(ay + (by - ay) * d / step, 1))
        d -= step
    return path[0] if d == 0 else None


def _spots(station: str, frame: Frame, shown: set[str]):
    """Where a piece at `station` may stand, nearest first: the station, then farther
    along each of its lines (both ways) in half a token's steps."""
    n = net()
    paths = [
        _walk(station, line, b, frame, shown)
        for b, line in n.adj[station]
        if line in n.lines[station]
    ]
    yield frame.xy(*n.pos[station])
    for k in range(1, 40):
        for path in paths:
            spot = _at(path, k * pieces.TOKEN / 2)
            if spot is not None:
                yield spot


def _token_spots(view: PublicView, frame: Frame, shown: set[str]) -> list[tuple[int, tuple]]:
    placed: list[tuple[int, tuple[float, float]]] = []
    for p in view.players:
        if not on_board(p) or p.station not in shown:
            continue
        spots = list(_spots(p.station, frame, shown))

        def clear(s: tuple[float, float]) -> float:
            return min((math.dist(s, q) for _, q in placed), default=math.inf)

        free = (s for s in spots if clear(s) >= 2 * pieces.TOKEN + 1)
        placed.append((p.seat, next(free, None) or max(spots, key=clear)))
    return placed


def _shading(doc: Group, frame: Frame, box: Box) -> None:
    """North and south of the Central line inside `box` (screen units)."""
    curve = [frame.xy(x, y) for x, y in central_curve()]
    x0, y0, x1, y1 = box

    def cy(x: float) -> float:
        if x <= curve[0][0]:
            return curve[0][1]
        for (ax, ay), (bx, by) in itertools.pairwise(curve):
            if ax <= x <= bx and bx > ax:
                return ay + (by - ay) * (x - ax) / (bx - ax)
        return curve[-1][1]

    inner = [(x, y) for x, y in curve if x0 < x < x1]
    line = [(x, min(max(y, y0), y1)) for x, y in [(x0, cy(x0)), *inner, (x1, cy(x1))]]
    doc.polygon([(x0, y0), *line, (x1, y0)], fill=NORTH)
    doc.polygon([(x0, y1), *line, (x1, y1)], fill=SOUTH)


def draw(
    doc: Group,
    view: PublicView,
    frame: Frame,
    area: Box,
    named: list[str],
    is_overview: bool,
    wide: float = 1,
) -> None:
    """One frame: shading, lines, stations, drops, pieces and the labels of `named`
    stations, inside `area`; the overview leaves the centre out as a framed box."""
    n = net()
    hole = _centre_box()

    def shows(s: str) -> bool:
        x, y = n.pos[s]
        inside = hole[0] <= x <= hole[2] and hole[1] <= y <= hole[3]
        return inside != is_overview

    g = doc.group(id="overview" if is_overview else "centre")
    _shading(g, frame, area)
    shown = {s for s in n.names if shows(s)}
    where = {s: frame.xy(*n.pos[s]) for s in shown}
    ends = set(end_stations())
    taken: list[Box] = []
    tokens = _token_spots(view, frame, shown)
    for _, (x, y) in tokens:
        r = pieces.TOKEN + 4
        taken.append((x - r, y - r, x + r, y + r))
    drops = [
        (p.seat, free_spot(*where[d.station], 4.5, taken, 9, area))
        for p in view.players
        for d in p.drops
        if d.station in where
    ]
    covered = {
        s for s, xy in where.items() if any(math.dist(xy, t) < pieces.TOKEN for _, t in tokens)
    }
    order = {s: i for i, s in enumerate(named)}
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
    metres = (frame.x0, frame.y0, frame.x1, frame.y1) if not is_overview else hole
    for a, b, line in _edges():
        if shows(a) == shows(b):
            continue
        inner, outer = (a, b) if (a in shown) != is_overview else (b, a)
        end = _clip(n.pos[inner], n.pos[outer], metres)
        start = n.pos[outer] if is_overview else n.pos[inner]
        g.line(
            *frame.xy(*start),
            *frame.xy(*end),
            stroke=n.colours[line],
            stroke_width=WIDE.get(line, 1.6) * wide,
            stroke_linecap="round",
        )
    edges = [
        Edge(a, b, n.colours[line], WIDE.get(line, 1.6) * wide)
        for a, b, line in _edges()
        if a in shown and b in shown
    ]
    if is_overview:
        bx0, by1 = frame.xy(hole[0], hole[1])
        bx1, by0 = frame.xy(hole[2], hole[3])
        taken.append((bx0 - 1, by0 - 1, bx1 + 1, by1 + 1))
    draw_map(g, [replace(node, label="") for node in nodes], edges, bounds=area)
    by_id = {node.id: node for node in nodes}
    for placed in place_labels(tuple(nodes), MIN_TEXT, area, obstacles=tuple(taken), nearest=True):
        g.text(
            placed.x,
            placed.y,
            by_id[placed.node].label,
            size=placed.size,
            anchor=placed.anchor,
            stroke=PAPER,
            stroke_width=3,
            paint_order="stroke",
        )
    if is_overview:  # the centre, drawn below at its own scale
        g.rect(bx0, by0, bx1 - bx0, by1 - by0, fill=PAPER, stroke=INK, stroke_width=1.5)
        g.text((bx0 + bx1) / 2, (by0 + by1) / 2 + 5, "↓", size=MIN_TEXT, anchor="middle")
    for seat, (x, y) in drops:
        g.rect(x - 4, y - 4, 8, 8, fill=player(seat).colour, stroke=INK, stroke_width=1)
    for seat, (x, y) in tokens:
        pieces.token(g, x, y, seat, ring=view.turn == seat)
