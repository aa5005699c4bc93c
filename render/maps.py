"""A map: regions, edges (tram or tube lines in their colours), nodes and their labels.

Labels are placed greedily: each tries eight spots around its node and takes the first
that overlaps no label and no node placed so far; a label with no free spot is left
out of the picture rather than drawn over another (the text snapshot still names it).
"""

from dataclasses import dataclass

from render.palette import INK, PAPER
from render.svg import Group

CHAR_WIDTH = 0.6  # DejaVu Sans, average advance per em: enough for a bounding box


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


@dataclass(frozen=True)
class Label:
    node: str
    x: float
    y: float
    anchor: str
    box: Box


def _overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_labels(nodes: list[Node], size: float = 11, bounds: Box | None = None) -> list[Label]:
    """Where each node's label goes, none overlapping another label or a node."""
    taken: list[Box] = [(n.x - n.r, n.y - n.r, n.x + n.r, n.y + n.r) for n in nodes]
    placed: list[Label] = []
    for node in sorted((n for n in nodes if n.label), key=lambda n: (n.y, n.x)):
        w, h, gap = len(node.label) * size * CHAR_WIDTH, size, node.r + 2
        spots = [  # (text x, baseline y, anchor, box)
            (
                node.x + gap,
                node.y + h / 3,
                "start",
                (node.x + gap, node.y - h * 2 / 3, node.x + gap + w, node.y + h / 3),
            ),
            (
                node.x - gap,
                node.y + h / 3,
                "end",
                (node.x - gap - w, node.y - h * 2 / 3, node.x - gap, node.y + h / 3),
            ),
            (
                node.x,
                node.y - gap,
                "middle",
                (node.x - w / 2, node.y - gap - h, node.x + w / 2, node.y - gap),
            ),
            (
                node.x,
                node.y + gap + h,
                "middle",
                (node.x - w / 2, node.y + gap, node.x + w / 2, node.y + gap + h),
            ),
            (
                node.x + gap,
                node.y - gap,
                "start",
                (node.x + gap, node.y - gap - h, node.x + gap + w, node.y - gap),
            ),
            (
                node.x - gap,
                node.y - gap,
                "end",
                (node.x - gap - w, node.y - gap - h, node.x - gap, node.y - gap),
            ),
            (
                node.x + gap,
                node.y + gap + h,
                "start",
                (node.x + gap, node.y + gap, node.x + gap + w, node.y + gap + h),
            ),
            (
                node.x - gap,
                node.y + gap + h,
                "end",
                (node.x - gap - w, node.y + gap, node.x - gap, node.y + gap + h),
            ),
        ]
        for x, y, anchor, box in spots:
            inside = bounds is None or (
                box[0] >= bounds[0]
                and box[1] >= bounds[1]
                and box[2] <= bounds[2]
                and box[3] <= bounds[3]
            )
            if inside and not any(_overlaps(box, other) for other in taken):
                taken.append(box)
                placed.append(Label(node.id, x, y, anchor, box))
                break
    return placed


def draw_map(
    g: Group,
    nodes: list[Node],
    edges: list[Edge],
    regions: list[Region] = (),  # type: ignore[assignment]
    size: float = 11,
    bounds: Box | None = None,
) -> list[Label]:
    """Regions under edges under nodes under labels. Returns the labels it placed."""
    for region in regions:
        g.polygon(list(region.points), fill=region.fill, stroke=PAPER, stroke_width=2)
    where = {n.id: n for n in nodes}
    for edge in edges:
        a, b = where[edge.a], where[edge.b]
        g.line(
            a.x, a.y, b.x, b.y, stroke=edge.colour, stroke_width=edge.width, stroke_linecap="round"
        )
    for node in nodes:
        g.circle(node.x, node.y, node.r, fill=node.fill, stroke=INK, stroke_width=1.5)
    labels = place_labels(nodes, size, bounds)
    by_id = {n.id: n for n in nodes}
    for label in labels:
        g.text(
            label.x,
            label.y,
            by_id[label.node].label,
            size=size,
            anchor=label.anchor,
            stroke=PAPER,
            stroke_width=3,
            paint_order="stroke",
        )
    return labels
