"""A map: regions, edges (tram or tube lines in their colours), nodes and their labels.

Labels are placed greedily: each tries eight spots around its node and takes the first
that overlaps no label and no node placed so far; a label with no free spot is left
out of the picture rather than drawn over another (the text snapshot still names it).
A shipped map's labels never move, so placements are cached per map: placing the 269
Tube stations' labels is the slowest part of drawing that map, and it is done once.
"""

import functools
import math
from dataclasses import dataclass

from render.palette import INK, PAPER
from render.svg import Group, text_width

ASCENT, DESCENT = 0.78, 0.22  # of the font size above and below the baseline, erring tall


@dataclass(frozen=True)
class Node:
    id: str
    x: float
    y: float
    label: str = ""
    r: float = 4
    fill: str = PAPER


@dataclass(frozen=True)
class Edge:
    a: str
    b: str
    colour: str = INK
    width: float = 3


@dataclass(frozen=True)
class Region:
    points: tuple[tuple[float, float], ...]
    fill: str
    label: str = ""


Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True)
class Label:
    node: str
    x: float
    y: float
    anchor: str
    box: Box
    size: float


def _spots(node: Node, text: str, size: float, gap: float) -> list[tuple[float, float, str, Box]]:
    """Eight places around a node: (text x, baseline y, anchor, bounding box)."""
    w, up, down = text_width(text, size), size * ASCENT, size * DESCENT
    x, y = node.x, node.y
    mid = y + (up - down) / 2  # the baseline that centres the text on the node
    above, below = y - gap - down, y + gap + up
    return [
        (x + gap, mid, "start", (x + gap, mid - up, x + gap + w, mid + down)),
        (x - gap, mid, "end", (x - gap - w, mid - up, x - gap, mid + down)),
        (x, above, "middle", (x - w / 2, above - up, x + w / 2, above + down)),
        (x, below, "middle", (x - w / 2, below - up, x + w / 2, below + down)),
        (x + gap, above, "start", (x + gap, above - up, x + gap + w, above + down)),
        (x - gap, above, "end", (x - gap - w, above - up, x - gap, above + down)),
        (x + gap, below, "start", (x + gap, below - up, x + gap + w, below + down)),
        (x - gap, below, "end", (x - gap - w, below - up, x - gap, below + down)),
    ]


class _Taken:
    """Boxes already on the map, bucketed in a coarse grid so a check looks nearby only."""

    CELL = 48.0

    def __init__(self) -> None:
        self.cells: dict[tuple[int, int], list[Box]] = {}

    def _cells(self, box: Box) -> list[tuple[int, int]]:
        c = self.CELL
        return [
            (cx, cy)
            for cx in range(int(box[0] // c), int(box[2] // c) + 1)
            for cy in range(int(box[1] // c), int(box[3] // c) + 1)
        ]

    def add(self, box: Box) -> None:
        for cell in self._cells(box):
            self.cells.setdefault(cell, []).append(box)

    def hits(self, box: Box) -> bool:
        return any(
            _overlaps(box, other) for cell in self._cells(box) for other in self.cells.get(cell, ())
        )


@functools.lru_cache(maxsize=32)
def place_labels(
    nodes: tuple[Node, ...],
    size: float = 14,
    bounds: Box | None = None,
    smallest: float | None = None,
    obstacles: tuple[Box, ...] = (),
    nearest: bool = False,
) -> tuple[Label, ...]:
    """Where each node's label goes, none overlapping another label, any node or any of
    the `obstacles` (markers drawn beside nodes: pieces, projects).

    Labels are placed in the nodes' order (put what matters most first). Each tries
    eight spots close to its node, then farther out; labels that found no room are
    tried again at the `smallest` size (default: none, a phone needs `size`). With
    `nearest`, a spot nearer to another labelled node than to its own is refused: on a
    crowded map a label read by where it stands names the wrong place.
    """
    taken = _Taken()
    for n in nodes:
        taken.add((n.x - n.r - 1, n.y - n.r - 1, n.x + n.r + 1, n.y + n.r + 1))
    for box in obstacles:
        taken.add(box)
    placed: list[Label] = []
    todo = labelled = [n for n in nodes if n.label]
    for font in (size,) if smallest is None else (size, smallest):
        left = []
        for node in todo:
            spot = next(
                (
                    (x, y, anchor, box)
                    for gap in (node.r + 2, node.r + 2 + font)
                    for x, y, anchor, box in _spots(node, node.label, font, gap)
                    if _inside(box, bounds)
                    and not taken.hits(box)
                    and not (nearest and _nearer(node, box, labelled))
                ),
                None,
            )
            if spot is None:
                left.append(node)
                continue
            taken.add(spot[3])
            placed.append(Label(node.id, spot[0], spot[1], spot[2], spot[3], font))
        todo = left
    return tuple(placed)


def _gap(x: float, y: float, box: Box) -> float:
    return math.hypot(max(box[0] - x, 0, x - box[2]), max(box[1] - y, 0, y - box[3]))


def _nearer(node: Node, box: Box, others: list[Node]) -> bool:
    own = _gap(node.x, node.y, box)
    return any(_gap(o.x, o.y, box) < own for o in others if o.id != node.id)


def _inside(box: Box, bounds: Box | None) -> bool:
    return bounds is None or (
        box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2] and box[3] <= bounds[3]
    )


def draw_map(
    g: Group,
    nodes: list[Node],
    edges: list[Edge],
    regions: list[Region] = (),  # type: ignore[assignment]
    size: float = 14,
    bounds: Box | None = None,
    obstacles: tuple[Box, ...] = (),
) -> tuple[Label, ...]:
    """Regions under edges under nodes under labels. Returns the labels it placed."""
    for region in regions:
        g.polygon(list(region.points), fill=region.fill, stroke=PAPER, stroke_width=2)
    where = {n.id: n for n in nodes}
    for edge in edges:
        a, b = where[edge.a], where[edge.b]
        g.line(
            a.x, a.y, b.x, b.y, stroke=edge.colour, stroke_width=edge.width, stroke_linecap="round"
        )
    # Each node names its place (`data-place`: a station, a pub, a city), for a page that
    # lets players tap it (adapters/web); one hidden under a piece keeps an empty group
    # that says where it lies (`data-cx`, `data-cy`) and draws nothing.
    for node in nodes:
        if node.r <= 0:  # a junction of edges only, hidden under something drawn later
            g.group(data_place=node.id, data_cx=node.x, data_cy=node.y)
            continue
        g.circle(
            node.x, node.y, node.r, fill=node.fill, stroke=INK, stroke_width=1.5, data_place=node.id
        )
    labels = place_labels(tuple(nodes), size, bounds, obstacles=obstacles)
    by_id = {n.id: n for n in nodes}
    for label in labels:
        g.text(
            label.x,
            label.y,
            by_id[label.node].label,
            size=label.size,
            anchor=label.anchor,
            stroke=PAPER,
            stroke_width=3,
            paint_order="stroke",
        )
    return labels


def _within(box: Box, area: Box) -> bool:
    return area[0] <= box[0] and area[1] <= box[1] and box[2] <= area[2] and box[3] <= area[3]


def free_spot(
    x: float, y: float, half: float, taken: list[Box], near: float, area: Box
) -> tuple[float, float]:
    """The spot nearest (x, y), `near` away or more, where a square of `half` fits among
    `taken` (rings of spots, farther out until one is free); it is then taken."""
    for ring in range(80):
        d = near + ring * half / 2
        count = max(12, int(2 * math.pi * d / half))  # spots about `half` apart
        for k in range(count):
            a = math.pi / 2 + k * 2 * math.pi / count  # below first, then round
            cx, cy = x + d * math.cos(a), y + d * math.sin(a)
            box = _square(cx, cy, half + 0.5)
            if _within(box, area) and not any(_overlaps(box, t) for t in taken):
                taken.append(box)
                return cx, cy
    taken.append(_square(x, y + near, half))
    return x, y + near


def _square(x: float, y: float, r: float) -> Box:
    return (x - r, y - r, x + r, y + r)


def hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull of points (Andrew's monotone chain), counter-clockwise."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def blob(points: list[tuple[float, float]], pad: float) -> list[tuple[float, float]]:
    """A rounded area round points (a district, a Veedel): the hull of a small
    twelve-sided ring of radius `pad` round each."""
    ring = [
        (
            round(x + pad * math.cos(math.pi * k / 6), 1),
            round(y + pad * math.sin(math.pi * k / 6), 1),
        )
        for x, y in points
        for k in range(12)
    ]
    return hull(ring)
