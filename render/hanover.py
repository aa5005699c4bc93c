"""The map of Hanover on the EINS IST KEINS board picture, drawn from the board's own
coordinates: districts as soft areas round their pubs, the five lifebuoys as striped rings,
walking links and path squares, tram lines 6, 9 and 10, pubs green while open, the pieces
(render/einsistkeins.py puts the side panel beside it)."""

import itertools
import math

from render import pieces
from render.einsistkeins_karten import BUOY_COLOURS  # the same hues as on the cards
from render.maps import Edge, Node, Region, draw_map, hull
from render.palette import MUTED, PAPER
from render.svg import Group, Svg
from rules.einsistkeins.board.graph import LINES, square
from rules.einsistkeins.board.graph import board as graph
from rules.einsistkeins.board.model import PublicView
from rules.einsistkeins.pubs import DISTRICTS, LIFEBUOY_NAMES, LIFEBUOYS, PUBS, START, is_open

MAP = (10, 54, 870, 810)  # x0, y0, x1, y1 of the map
LINE_COLOURS = {"6": "#0072B2", "9": "#D55E00", "10": "#009E73"}
DISTRICT_FILLS = ("#f4efe6", "#eef3ea", "#eaf0f4", "#f4ecef", "#f1f1e6", "#ebeef5", "#f3ebe4")
OPEN_FILL, SHUT_FILL = "#2e9b4f", "#c8c8c8"


def _scale() -> tuple[float, float, float]:
    """Metres → pixels: (scale, x offset, y offset), the whole board inside MAP."""
    squares = graph().squares
    xs, ys = [s.x for s in squares], [s.y for s in squares]
    x0, y0, x1, y1 = MAP
    pad = 34
    s = min((x1 - x0 - 2 * pad) / (max(xs) - min(xs)), (y1 - y0 - 2 * pad) / (max(ys) - min(ys)))
    left = x0 + pad + ((x1 - x0 - 2 * pad) - (max(xs) - min(xs)) * s) / 2
    return s, left - min(xs) * s, y0 + pad + max(ys) * s


def _at(index: int) -> tuple[float, float]:
    s, dx, dy = _scale()
    sq = square(index)
    return round(sq.x * s + dx, 1), round(dy - sq.y * s, 1)


def _blob(points: list[tuple[float, float]], pad: float = 16) -> tuple[tuple[float, float], ...]:
    """A rounded area around points: the hull of a small octagon around each (maps.blob's
    twelve-sided ring would redraw every district of the golden pictures)."""
    ring = []
    for x, y in points:
        for k in range(8):
            a = math.pi * k / 4
            ring.append((round(x + pad * math.cos(a), 1), round(y + pad * math.sin(a), 1)))
    return tuple(hull(ring))


def _districts(doc: Group) -> list[Region]:
    b = graph()
    regions = []
    for i, district in enumerate(DISTRICTS):
        spots = [_at(b.by_name[p.name]) for p in PUBS if p.district == district]
        if district == START.district:
            spots.append(_at(0))
        regions.append(Region(_blob(spots), DISTRICT_FILLS[i % len(DISTRICT_FILLS)], district))
    return regions


def _district_names(doc: Group, regions: list[Region]) -> None:
    for region in regions:
        xs = [p[0] for p in region.points]
        ys = [p[1] for p in region.points]
        doc.text(
            sum(xs) / len(xs),
            max(ys) + 12,
            region.label,
            size=11,
            anchor="middle",
            fill=MUTED,
            font_style="italic",
        )


def _lifebuoys(doc: Group) -> None:
    """Each lifebuoy a ring round its seven pubs, striped like the real thing, named
    above it (the southernmost underneath, clear of its neighbours' rings)."""
    b = graph()
    rings = {}
    for buoy in LIFEBUOYS:
        spots = [_at(b.by_name[p.name]) for p in PUBS if p.lifebuoy == buoy]
        cx = sum(x for x, _ in spots) / len(spots)
        cy = sum(y for _, y in spots) / len(spots)
        rings[buoy] = (cx, cy, max(math.dist((cx, cy), s) for s in spots) + 16)
    south = max(rings, key=lambda buoy: rings[buoy][1])
    for buoy, (cx, cy, r) in rings.items():
        colour = BUOY_COLOURS[buoy]
        doc.circle(cx, cy, r, fill="none", stroke=colour, stroke_width=9, stroke_opacity=0.55)
        doc.circle(
            cx,
            cy,
            r,
            fill="none",
            stroke=PAPER,
            stroke_width=9,
            stroke_dasharray="14 28",
            stroke_opacity=0.8,
        )
        doc.text(
            cx,
            cy + r + 44 if buoy == south else cy - r - 8,
            LIFEBUOY_NAMES[buoy],
            size=12,
            anchor="middle",
            weight="bold",
            fill=colour,
            stroke=PAPER,
            stroke_width=3,
            paint_order="stroke",
        )


def _paths(doc: Group) -> None:
    b = graph()
    for a, c, _ in b.links:
        (x1, y1), (x2, y2) = _at(a), _at(c)
        doc.line(x1, y1, x2, y2, stroke="#b9b9b9", stroke_width=1.2)
    for sq in b.squares:
        if sq.kind == "path":
            x, y = _at(sq.index)
            doc.circle(x, y, 1.8, fill="#9a9a9a")


def draw(doc: Svg, view: PublicView) -> None:
    """The map into `doc`, inside MAP: districts, lifebuoys, paths, tram lines, pubs
    (green while open), the pieces."""
    regions = _districts(doc)
    for region in regions:
        doc.polygon(list(region.points), fill=region.fill, stroke="#e0dccf", stroke_width=1)
    _district_names(doc, regions)
    _lifebuoys(doc)
    _paths(doc)
    b = graph()
    nodes = []
    edges = []
    for line, stops in LINES.items():
        for u, v in itertools.pairwise(stops):
            edges.append(Edge(u, v, colour=LINE_COLOURS[line], width=5))
    opened = set(view.open_pubs)
    for sq in b.squares:
        if sq.kind == "path":
            continue
        x, y = _at(sq.index)
        if sq.kind == "station":
            nodes.append(Node(sq.name, x, y, label="", r=3.5, fill=PAPER))
        else:
            shown_open = sq.name in opened or (sq.kind == "start" and is_open(START, view.clock))
            nodes.append(
                Node(
                    sq.name,
                    x,
                    y,
                    label=sq.name,
                    r=6 if sq.kind == "start" else 5,
                    fill=OPEN_FILL if shown_open else SHUT_FILL,
                )
            )
    draw_map(doc, nodes, edges, size=9, bounds=MAP)
    for line, stops in LINES.items():
        for end in (stops[0], stops[-1]):
            x, y = _at(b.by_name[end])
            doc.rect(x - 9, y - 22, 18, 14, rx=3, fill=LINE_COLOURS[line])
            doc.text(x, y - 11, line, size=10, anchor="middle", weight="bold", fill=PAPER)
    _pieces(doc, view)


def _pieces(doc: Group, view: PublicView) -> None:
    here: dict[int, int] = {}
    for seat, sq in enumerate(view.pos):
        x, y = _at(sq)
        k = here.get(sq, 0)
        here[sq] = k + 1
        pieces.token(doc, x + 9 + 13 * k, y - 9, seat, r=8, ring=seat == view.turn)
