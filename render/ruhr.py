"""The Ruhr map on the AUFRUHR! board picture, drawn from the community coordinates
(rules/aufruhr/data/communities.json) a phone's width wide (render/svg.py PHONE): a node
per community, an edge per shared border; the great cities in play as their mayors'
tokens; every project as a mark beside its community (a tile per municipal project in
its owner's colour, a diamond for a RuhrCity project, black for a negative one) and the
RuhrCity Hall as a house. render/aufruhr.py draws what is above and below it, and the
legend of these marks (with `tile`, `diamond`, `house`)."""

import math
from functools import cache

from render import pieces
from render.maps import Box, Edge, Node, draw_map, free_spot, place_labels
from render.palette import INK, MUTED, PAPER, player
from render.svg import MIN_TEXT, PHONE, Svg
from rules.aufruhr.data import ruhr_map
from rules.aufruhr.views import PublicProject, PublicView

CATEGORY_COLOURS = {
    "education": "#0072B2",
    "culture": "#CC79A7",
    "nature": "#009E73",
    "economy": "#E69F00",
}
TILE = 16  # a project tile: its owner's letter is MIN_TEXT tall
HALL = "#D55E00"


def place(cid: str) -> str:
    """A community's name."""
    return ruhr_map().communities[cid].name


@cache
def _layout(top: float) -> tuple[dict[str, tuple[float, float]], float]:
    """Longitude and latitude onto a phone-wide map area under `top`, east–west shrunk
    by cos(latitude); and the map's bottom."""
    m = ruhr_map()
    lats = [c.lat for c in m.communities.values()]
    lons = [c.lon for c in m.communities.values()]
    shrink = math.cos(math.radians((min(lats) + max(lats)) / 2))
    pad = 16
    s = (PHONE - 2 * pad) / ((max(lons) - min(lons)) * shrink)
    at = {
        cid: (pad + (c.lon - min(lons)) * shrink * s, top + pad + (max(lats) - c.lat) * s)
        for cid, c in m.communities.items()
    }
    return at, top + 2 * pad + (max(lats) - min(lats)) * s


def draw(doc: Svg, view: PublicView, top: float) -> float:
    """The map under `top`, a phone's width wide; returns its bottom."""
    at, bottom = _layout(round(top))
    m = ruhr_map()
    taken: list[Box] = [_box(*at[c], pieces.TOKEN + 1) for c in view.cities]
    taken += [_box(*at[c], 4.5) for c in sorted(m.communities) if c not in view.cities]  # dots
    area = (0, top, PHONE, bottom)
    # the great cities' names first (the mayors' home towns), then the projects round them
    # (over the dots of communities without projects, which they hide)
    cities = tuple(Node(c, *at[c], label=place(c), r=pieces.TOKEN) for c in view.cities)
    owned = {p.community for p in view.projects}
    keep = [_box(*at[c], pieces.TOKEN + 1) for c in view.cities]
    keep += [_box(*at[c], 4.5) for c in sorted(owned) if c not in view.cities]
    city_labels = place_labels(cities, MIN_TEXT, area, obstacles=tuple(keep))
    under = {
        c
        for c in m.communities
        if c not in owned and any(_hit(_box(*at[c], 4.5), p.box) for p in city_labels)
    }
    taken = [t for t in taken if t not in {_box(*at[c], 4.5) for c in under}]
    taken += [placed.box for placed in city_labels]
    ruhrcity = _ruhrcity_at(view, at, taken, area)
    tiles = _tiles(view, at, taken, area)
    hall = _hall_at(view, at, taken, area)
    # a community whose dot a great city's token would cover is left out (its projects'
    # tiles still stand round it)
    hidden = under | {
        c
        for c, (x, y) in at.items()
        for g in view.cities
        if c != g and math.dist((x, y), at[g]) < pieces.TOKEN + 6
    }
    marked = sorted({p.community for p in view.projects} - set(view.cities) - hidden, key=place)
    nodes = [Node(c, *at[c], r=pieces.TOKEN) for c in view.cities]  # named above
    nodes += [Node(c, *at[c], label=place(c), r=3.5) for c in marked]
    nodes += [
        Node(c, *at[c], r=2.5, fill="#dddddd")
        for c in sorted(m.communities)
        if c not in view.cities and c not in marked and c not in hidden
    ]
    nodes += [Node(c, *at[c], r=0) for c in sorted(hidden)]
    draw_map(doc, nodes, _edges(view), bounds=area, obstacles=tuple(taken))
    for placed in city_labels:
        doc.text(
            placed.x,
            placed.y,
            place(placed.node),
            size=MIN_TEXT,
            anchor=placed.anchor,
            weight="bold",
            stroke=PAPER,
            stroke_width=3,
            paint_order="stroke",
        )
    for seat, cid in enumerate(view.cities):
        pieces.token(doc, *at[cid], seat)
    for (x, ty), p in ruhrcity:
        diamond(doc, x, ty, p)
    for (x, ty), seat, category in tiles:
        tile(doc, x, ty, seat, category)
    if hall:
        house(doc, *hall)
    return bottom


def _hit(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _box(x: float, y: float, r: float) -> Box:
    return (x - r, y - r, x + r, y + r)


def _ruhrcity_at(view: PublicView, at: dict[str, tuple[float, float]], taken: list[Box], area: Box):
    """A RuhrCity project is a diamond on its community (beside it where a great city's
    token stands close by; its coloured borders still say where it is)."""
    out = []
    for p in view.projects:
        if p.kind == "ruhrcity":
            x, y = at[p.community]
            r = 12 if p.size == "big" else 10
            dot = _box(x, y, 4.5)  # its community's dot, which it covers when on it
            others = [t for t in taken if t != dot]
            spot = free_spot(x, y, r + 1, others, 0, area)
            taken[:] = others if spot == (x, y) else [*others, dot]
            out.append((spot, p))
    return out


def _tiles(view: PublicView, at: dict[str, tuple[float, float]], taken: list[Box], area: Box):
    """A tile per project and owner, as near its community as the others leave room."""
    out = []
    for p in view.projects:
        for seat in p.owners:
            near = (14 if p.kind == "ruhrcity" or p.community in view.cities else 5) + TILE / 2
            spot = free_spot(*at[p.community], TILE / 2 + 3, taken, near, area)
            out.append((spot, seat, INK if p.negative else p.categories[0]))
    return out


def _hall_at(view: PublicView, at: dict[str, tuple[float, float]], taken: list[Box], area: Box):
    if not view.hall:
        return None
    return free_spot(*at[view.hall], 10, taken, 16, area)


def _edges(view: PublicView) -> list[Edge]:
    """Every shared border; the borders of a RuhrCity project wear its colour, showing the
    neighbours whose payouts it doubles (or, negative, halves)."""
    reach: dict[str, str] = {}
    for p in view.projects:
        if p.kind == "ruhrcity":
            reach[p.community] = INK if p.negative else CATEGORY_COLOURS.get(p.categories[0], MUTED)
    edges = []
    for a, b in sorted(ruhr_map().borders):
        colour = reach.get(a) or reach.get(b)
        edges.append(Edge(a, b, colour=colour or "#dddddd", width=3 if colour else 1))
    return edges


def _colour(category: str) -> str:
    return category if category.startswith("#") else CATEGORY_COLOURS.get(category, MUTED)


def tile(doc: Svg, x: float, y: float, seat: int, category: str) -> None:
    """A project: a tile in its owner's colour with his letter, a bar in its category's
    colour under it (black: a negative project)."""
    style = player(seat)
    h = TILE / 2  # the tile and its bar fill a square of TILE + 6 round (x, y)
    doc.rect(x - h, y - h - 3, TILE, TILE, fill=style.colour, stroke=INK, stroke_width=1)
    doc.rect(x - h, y + h - 2, TILE, 5, fill=_colour(category), stroke=INK, stroke_width=1)
    doc.text(
        x, y + 1.5, style.letter, size=MIN_TEXT, anchor="middle", weight="bold", fill=style.text
    )


def diamond(doc: Svg, x: float, y: float, p: PublicProject) -> None:
    colour = INK if p.negative else _colour(p.categories[0])
    r = 12 if p.size == "big" else 10
    doc.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=colour, stroke=INK)
    if len(p.categories) > 1:
        doc.polygon([(x, y), (x + r, y), (x, y + r)], fill=_colour(p.categories[1]), stroke=INK)


def house(doc: Svg, x: float, y: float, colour: str = HALL) -> None:
    """The RuhrCity Hall: a small house."""
    doc.polygon(
        [(x - 8, y + 8), (x - 8, y - 1), (x, y - 9), (x + 8, y - 1), (x + 8, y + 8)],
        fill=colour,
        stroke=INK,
    )
