"""The board of EINS IST KEINS: a walking graph over Hanover, built from real coordinates.

Pure code, deterministic, built once, when first asked for (a game's set-up asks for
it):

- the *places*: Café Safran, the 50 pubs (../pubs.py) and the tram stations of lines 6,
  9 and 10 that lie on the map (../data/tram.json, loaded by data.py);
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

from rules.einsistkeins.board.data import trams
from rules.einsistkeins.pubs import PUBS, START

STEP_M = 150  # metres walked in one step
LAT0, LON0 = 52.3750, 9.7300  # the projection's origin (near Steintor)
M_PER_LAT = 111_200.0
M_PER_LON = 111_320.0 * math.cos(math.radians(LAT0))

# Tram stops on the map, in line order (data/tram.json, validated by data.py).
STATIONS: dict[str, tuple[float, float]] = {
    name: (s.lat, s.lon) for name, s in trams().stations.items()
}
LINES: dict[str, tuple[str, ...]] = dict(trams().lines)

Kind = Literal["start", "pub", "station", "path"]


@dataclass(frozen=True)
class Square:
    index: int
    kind: Kind
    name: str  # a place's; a path square's nearest place (render/einsistkeins.py names it)
    x: float  # metres east of the origin
    y: float  # metres north of the origin
    near: str  # the nearest place's name (itself for a place)
    far: str = ""  # a path square: the place at its link's other end
    step: int = 0  # a path square: steps from `near` along its link …
    steps: int = 0  # … of this many


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
            # named from the nearer end: "Glocksee ↔ Goetheplatz (1/3)" is one step of
            # three from Glocksee on the way to Goetheplatz
            near, far, k_near = (sa.name, sb.name, k) if t <= 0.5 else (sb.name, sa.name, steps - k)
            sq = Square(
                len(squares),
                "path",
                near,
                round(sa.x + (sb.x - sa.x) * t, 1),
                round(sa.y + (sb.y - sa.y) * t, 1),
                near,
                far,
                k_near,
                steps,
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
