"""The board of old Cologne as a graph, built once from validated data (data.py).

Fields are numbered: the named places of data/board.json first, in file order, then the
walking fields of each link (named after the link's street: "Hohe Straße 2" is the
second field of Hohe Straße counted from the link's first end). Each field belongs to
exactly one area: a Veedel or a path. Positions are metres east and north of the Dom,
projected from WGS84 (equirectangular: the town is 2 km across, the error is below 1 m).
"""

import itertools
import math
from dataclasses import dataclass
from functools import cache

from rules.heinzel.data import Craft, Kind, board_data

LAT0, LON0 = 50.9413, 6.9583  # the Dom
M_PER_LAT = 111_200.0
M_PER_LON = 111_320.0 * math.cos(math.radians(LAT0))


@dataclass(frozen=True)
class Field:
    index: int
    id: str
    name: str
    kind: Kind | None  # None: a walking field of a link
    area: str  # a Veedel's or a path's id
    veedel: str | None  # the area when it is a Veedel
    watched: bool  # lies in an outer Veedel (where the night watchman walks)
    craft: Craft | None  # the shop's craft
    colour: str | None  # a start field's colour
    x: float
    y: float


@dataclass(frozen=True)
class Board:
    fields: tuple[Field, ...]
    neighbours: tuple[tuple[int, ...], ...]
    by_id: dict[str, int]
    shops: dict[Craft, int]  # craft → its shop field (the Schneider too)
    starts: tuple[int, ...]  # one start field per colour, clockwise round the town
    colours: tuple[str, ...]
    tunnels: tuple[int, ...]
    veedel_names: dict[str, str]
    links: tuple[tuple[int, int], ...]  # every edge once, for drawing


def project(lat: float, lon: float) -> tuple[float, float]:
    return round((lon - LON0) * M_PER_LON, 1), round((lat - LAT0) * M_PER_LAT, 1)


@cache
def board() -> Board:
    data = board_data()
    veedel = {v.id: v for v in data.veedel}
    fields: list[Field] = []
    for p in data.places:
        v = veedel.get(p.area)
        x, y = project(p.lat, p.lon)
        fields.append(
            Field(
                index=len(fields),
                id=p.id,
                name=p.name,
                kind=p.kind,
                area=p.area,
                veedel=p.area if v else None,
                watched=bool(v and v.watched),
                craft=v.craft if v and p.kind == "shop" else None,
                colour=p.colour,
                x=x,
                y=y,
            )
        )
    by_id = {f.id: f.index for f in fields}
    edges: list[tuple[int, int]] = []
    for link in data.links:
        a, b = fields[by_id[link.a]], fields[by_id[link.b]]
        area = link.area or a.area
        v = veedel.get(area)
        chain = [a.index]
        for k in range(1, link.steps + 1):
            t = k / (link.steps + 1)
            f = Field(
                index=len(fields),
                id=f"{link.a}-{link.b}-{k}",
                name=f"{link.street} {k}" if link.steps > 1 else str(link.street),
                kind=None,
                area=area,
                veedel=area if v else None,
                watched=bool(v and v.watched),
                craft=None,
                colour=None,
                x=round(a.x + (b.x - a.x) * t, 1),
                y=round(a.y + (b.y - a.y) * t, 1),
            )
            fields.append(f)
            chain.append(f.index)
        chain.append(b.index)
        edges += itertools.pairwise(chain)
    near: list[set[int]] = [set() for _ in fields]
    for u, w in edges:
        near[u].add(w)
        near[w].add(u)
    names = [f.name for f in fields]
    if len(set(names)) != len(names):
        raise ValueError("board.json: two fields share a name")
    shops = {f.craft: f.index for f in fields if f.craft}
    colour_field = {f.colour: f.index for f in fields if f.colour}
    return Board(
        fields=tuple(fields),
        neighbours=tuple(tuple(sorted(n)) for n in near),
        by_id={f.id: f.index for f in fields},
        shops=shops,
        starts=tuple(colour_field[c] for c in data.starts),
        colours=data.starts,
        tunnels=tuple(f.index for f in fields if f.kind == "tunnel"),
        veedel_names={v.id: v.name for v in data.veedel},
        links=tuple(edges),
    )


def field(index: int) -> Field:
    return board().fields[index]


def is_shop(index: int) -> bool:
    return field(index).craft is not None


def choices(name: str) -> tuple[str, ...]:
    """The lists menus offer words from (GameSpec.choices): "fields", every field's name —
    the walking fields too ("Friesenwall", "Hohe Straße 1"), which a roll reaches as
    often as the named places."""
    return tuple(sorted(f.name for f in board().fields)) if name == "fields" else ()
