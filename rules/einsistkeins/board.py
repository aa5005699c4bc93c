"""The board of EINS IST KEINS: a walking graph over Hanover, built from real coordinates.

Pure code, deterministic, built once on import (about 10 ms):

- the *places*: Café Safran, the 50 pubs (pubs.py) and the tram stations of lines 6, 9
  and 10 that lie on the map (tram.json stops with coordinates, copied into STATIONS);
- walking: the places are joined by the Gabriel graph of their positions (a and b are
  joined when no third place lies inside the circle with diameter ab — it contains the
  minimum spanning tree, so every place is reachable, and it joins near neighbours
  only); each link is cut into steps of about STEP_M metres, with path squares between;
- the tram: consecutive stations of a line, one movement point a station, changing
  lines where lines share a station (Steintor: 6 and 10; Kröpcke: 6 and 9).

Squares are numbered: places first (Safran, the pubs in the rule book's order, the
stations), then path squares. NOTES.md ("The board") gives the scale and the sources.
"""

import itertools
import math
from dataclasses import dataclass
from functools import cache
from typing import Literal

from rules.einsistkeins.pubs import PUBS, START

STEP_M = 150  # metres walked in one step
LAT0, LON0 = 52.3750, 9.7300  # the projection's origin (near Steintor)
M_PER_LAT = 111_200.0
M_PER_LON = 111_320.0 * math.cos(math.radians(LAT0))

# Tram stops on the map: tram.json ("nextbike" or "knowledge" coordinates), in line order.
# Stops without coordinates in tram.json lie off the map (Nordhafen side of line 6 and
# the Bult/Messe side, Empelde side of line 9, Ahlem side of line 10) and are left out.
STATIONS: dict[str, tuple[float, float]] = {
    "An der Strangriede": (52.3893, 9.7222),
    "Kopernikusstraße": (52.3855, 9.7245),
    "Christuskirche": (52.3813, 9.7282),
    "Steintor": (52.376218, 9.732354),
    "Kröpcke": (52.3744, 9.7386),
    "Aegidientorplatz": (52.36783, 9.742566),
    "Marienstraße": (52.370098, 9.752518),
    "Braunschweiger Platz": (52.370671, 9.76158),
    "Nieschlagstraße": (52.367123, 9.708406),
    "Lindener Marktplatz": (52.366481, 9.713958),
    "Schwarzer Bär": (52.368157, 9.719423),
    "Waterloo": (52.368417, 9.731183),
    "Markthalle/Landtag": (52.3717, 9.7352),
    "Hauptbahnhof": (52.3768, 9.741),
    "Brunnenstraße": (52.377364, 9.68455),
    "Harenberger Straße": (52.37703, 9.68948),
    "Wunstorfer Straße": (52.375422, 9.69471),
    "Ungerstraße": (52.3742, 9.7035),
    "Leinaustraße": (52.3728, 9.7085),
    "Am Küchengarten": (52.370949, 9.714468),
    "Glocksee": (52.373171, 9.720738),
    "Goetheplatz": (52.373182, 9.724649),
    "Hauptbahnhof/Rosenstraße": (52.376893, 9.738964),
    "Hauptbahnhof/ZOB": (52.379, 9.7397),
}

LINES: dict[str, tuple[str, ...]] = {  # tram.json, current variants, the stops on the map
    "6": (
        "An der Strangriede",
        "Kopernikusstraße",
        "Christuskirche",
        "Steintor",
        "Kröpcke",
        "Aegidientorplatz",
        "Marienstraße",
        "Braunschweiger Platz",
    ),
    "9": (
        "Nieschlagstraße",
        "Lindener Marktplatz",
        "Schwarzer Bär",
        "Waterloo",
        "Markthalle/Landtag",
        "Kröpcke",
        "Hauptbahnhof",
    ),
    "10": (
        "Brunnenstraße",
        "Harenberger Straße",
        "Wunstorfer Straße",
        "Ungerstraße",
        "Leinaustraße",
        "Am Küchengarten",
        "Glocksee",
        "Goetheplatz",
        "Steintor",
        "Hauptbahnhof/Rosenstraße",
        "Hauptbahnhof/ZOB",
    ),
}

Kind = Literal["start", "pub", "station", "path"]


@dataclass(frozen=True)
class Square:
    index: int
    kind: Kind
    name: str  # a place's name; a path square is named after its link ("A – B 2/5")
    x: float  # metres east of the origin
    y: float  # metres north of the origin
    near: str  # the nearest place's name (itself for a place)


@dataclass(frozen=True)
class Board:
    squares: tuple[Square, ...]
    walk: tuple[tuple[int, ...], ...]  # walking neighbours of each square
    tram: tuple[tuple[tuple[int, str], ...], ...]  # (neighbour station, line)
    by_name: dict[str, int]  # places only
    links: tuple[tuple[int, int, int], ...]  # (place a, place b, steps) walking links


def project(lat: float, lon: float) -> tuple[float, float]:
    return ((lon - LON0) * M_PER_LON, (lat - LAT0) * M_PER_LAT)


def _places() -> list[tuple[Kind, str, float, float]]:
    places: list[tuple[Kind, str, float, float]] = [("start", START.name, START.lat, START.lon)]
    places += [("pub", p.name, p.lat, p.lon) for p in PUBS]
    places += [("station", name, lat, lon) for name, (lat, lon) in STATIONS.items()]
    return places


def _gabriel(points: list[tuple[float, float]]) -> list[tuple[int, int]]:
    edges = []
    n = len(points)
    for a in range(n):
        ax, ay = points[a]
        for b in range(a + 1, n):
            bx, by = points[b]
            mx, my = (ax + bx) / 2, (ay + by) / 2
            r2 = ((ax - bx) ** 2 + (ay - by) ** 2) / 4
            if all(
                (points[c][0] - mx) ** 2 + (points[c][1] - my) ** 2 >= r2
                for c in range(n)
                if c not in (a, b)
            ):
                edges.append((a, b))
    return edges


@cache
def board() -> Board:
    places = _places()
    squares: list[Square] = []
    for i, (kind, name, lat, lon) in enumerate(places):
        x, y = project(lat, lon)
        squares.append(Square(i, kind, name, round(x, 1), round(y, 1), name))
    walk: list[set[int]] = [set() for _ in squares]
    links = []
    for a, b in _gabriel([(s.x, s.y) for s in squares]):
        sa, sb = squares[a], squares[b]
        steps = max(1, round(math.dist((sa.x, sa.y), (sb.x, sb.y)) / STEP_M))
        links.append((a, b, steps))
        chain = [a]
        for k in range(1, steps):
            t = k / steps
            near = sa.name if t <= 0.5 else sb.name
            sq = Square(
                len(squares),
                "path",
                f"{sa.name} – {sb.name} {k}/{steps}",
                round(sa.x + (sb.x - sa.x) * t, 1),
                round(sa.y + (sb.y - sa.y) * t, 1),
                near,
            )
            squares.append(sq)
            walk.append(set())
            chain.append(sq.index)
        chain.append(b)
        for u, v in itertools.pairwise(chain):
            walk[u].add(v)
            walk[v].add(u)
    by_name = {s.name: s.index for s in squares if s.kind != "path"}
    tram: list[list[tuple[int, str]]] = [[] for _ in squares]
    for line, stops in LINES.items():
        for u, v in itertools.pairwise(stops):
            tram[by_name[u]].append((by_name[v], line))
            tram[by_name[v]].append((by_name[u], line))
    return Board(
        squares=tuple(squares),
        walk=tuple(tuple(sorted(w)) for w in walk),
        tram=tuple(tuple(sorted(t)) for t in tram),
        by_name=by_name,
        links=tuple(links),
    )


def square(index: int) -> Square:
    return board().squares[index]


def index(name: str) -> int:
    return board().by_name[name]


START_SQUARE = 0
