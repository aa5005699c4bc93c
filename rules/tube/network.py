"""The Underground as a graph: stations, line-edges with a direction, end stations, dots.

Built once from data/ (data.py) and cached. Positions are metres east and north of
Charing Cross (an equirectangular projection, plenty at London's size).

- `adj[s]`: (neighbour, line) pairs, sorted, so every search is deterministic.
- `sign[(line, a, b)]`: +1 when a step a→b runs the way the line's branch lists run in
  lines.json (outward from the first terminus), -1 against it. The lists agree on every
  shared track, so "the same direction on one line" is a sign (tested).
- End stations: where a line's track ends (a dead end of that line). Woodford and Hainault
  are service termini only: the track goes on, so they are not end stations (NOTES.md).
- Junction dots: see `dots` (the rule and the whole list are in NOTES.md).
"""

import math
from dataclasses import dataclass
from functools import cache

from rules.tube.data import network as facts

LAT0, LON0 = 51.5080, -0.1247  # Charing Cross
M_PER_LAT = 111_200.0
M_PER_LON = 111_320.0 * math.cos(math.radians(LAT0))
# Interchanges drawn as one complex on the map (a white bar between the circles); walks in
# the street and links via the Elizabeth line are not.
LINKED_KINDS = ("same_complex", "same_name_other_station")


@dataclass(frozen=True)
class Net:
    names: dict[str, str]  # id → name
    pos: dict[str, tuple[float, float]]  # id → (x east, y north) in metres
    national_rail: frozenset[str]
    adj: dict[str, tuple[tuple[str, str], ...]]  # id → ((neighbour, line), …)
    sign: dict[tuple[str, str, str], int]  # (line, a, b) → ±1
    ends: dict[str, frozenset[str]]  # id → lines whose track ends there
    lines: dict[str, tuple[str, ...]]  # id → lines calling there
    colours: dict[str, str]  # line → colour
    line_names: dict[str, str]
    dots: dict[str, int]
    circle_loop: tuple[str, ...]  # the Circle's loop in order (first ≠ last)
    links: dict[str, tuple[str, ...]]  # separate stations drawn as one complex


def project(lat: float, lon: float) -> tuple[float, float]:
    return ((lon - LON0) * M_PER_LON, (lat - LAT0) * M_PER_LAT)


def _groups(station: str, neighbours: dict[str, dict[str, set[str]]]) -> int:
    """Lines at `station` whose tracks run side by side (the same neighbours on both
    sides) are one group: the map draws them through one tick, not an interchange."""
    return len({frozenset(n) for n in neighbours[station].values()})


@cache
def net() -> Net:
    data = facts()
    names = {s.id: s.name for s in data.stations}
    pos = {s.id: project(s.lat, s.lon) for s in data.stations}
    adj: dict[str, set[tuple[str, str]]] = {s: set() for s in names}
    sign: dict[tuple[str, str, str], int] = {}
    per_line: dict[str, dict[str, set[str]]] = {s: {} for s in names}
    loop: tuple[str, ...] = ()
    for line in data.lines:
        for branch in line.branches:
            if branch.loop:
                loop = branch.stations[:-1]
            for a, b in zip(branch.stations, branch.stations[1:], strict=False):
                adj[a].add((b, line.id))
                adj[b].add((a, line.id))
                if sign.get((line.id, a, b), 1) != 1:
                    raise ValueError(f"{line.id}: branches disagree on {a}–{b}")
                sign[(line.id, a, b)] = 1
                sign[(line.id, b, a)] = -1
                per_line[a].setdefault(line.id, set()).add(b)
                per_line[b].setdefault(line.id, set()).add(a)
    ends: dict[str, set[str]] = {s: set() for s in names}
    for s, by_line in per_line.items():
        for line_id, nbrs in by_line.items():
            if len(nbrs) == 1:
                ends[s].add(line_id)
    links: dict[str, list[str]] = {s: [] for s in names}
    for i in data.interchanges:
        if i.kind in LINKED_KINDS:
            links[i.a_id].append(i.b_id)
            links[i.b_id].append(i.a_id)
    dots = {}
    for s in names:
        circles = _groups(s, per_line) + len(links[s])
        dots[s] = min(3, circles - 1)
    return Net(
        names=names,
        pos=pos,
        national_rail=frozenset(s.id for s in data.stations if s.national_rail),
        adj={s: tuple(sorted(v)) for s, v in adj.items()},
        sign=sign,
        ends={s: frozenset(v) for s, v in ends.items()},
        lines={s: tuple(sorted(v)) for s, v in per_line.items()},
        colours={line.id: line.colour for line in data.lines},
        line_names={line.id: line.name for line in data.lines},
        dots=dots,
        circle_loop=loop,
        links={s: tuple(v) for s, v in links.items()},
    )


def is_end(station: str, line: str) -> bool:
    """Arriving at `station` on `line` ends the movement: the line's track ends there."""
    return line in net().ends[station]


def end_stations() -> tuple[str, ...]:
    return tuple(s for s, lines in net().ends.items() if lines)
