"""Dropping inhibitions: north or south of the Central line, and every eligibility rule.

Reading of the count (NOTES.md): 11 = five north + five south + one at Heathrow. Heathrow
is its own kind; a second Heathrow drop counts as a south one. One of the ten north or
south drops may instead be a Central one (an end station on the Central line reached on
the Central line). End stations of other lines on the Central line (Stratford, Ealing
Broadway) count by the side of the station the piece came from.

North or south: the side of a curve drawn through the Central line's southern trunk,
Ealing Broadway – Stratford – Leytonstone – Newbury Park (the Hainault loop's south),
extended due west and due east from its ends. With the real coordinates this puts
Uxbridge north (as the Tube map draws it) and Upminster and Barking south.
"""

import itertools
from functools import cache
from typing import Literal

from rules.tube.circle import hops_from_circle, where
from rules.tube.network import net

Kind = Literal["north", "south", "central", "heathrow"]
HEATHROW = "heathrow"
MIN_HOPS = 3  # "less than three stations outbound from the Circle" cannot be used
PER_SIDE = 5
TOTAL = 11

# The trunk the side is measured against, west to east.
_TRUNK = (
    "ealing_broadway", "west_acton", "north_acton", "east_acton", "white_city",
    "shepherds_bush", "holland_park", "notting_hill_gate", "queensway", "lancaster_gate",
    "marble_arch", "bond_street", "oxford_circus", "tottenham_court_road", "holborn",
    "chancery_lane", "st_pauls", "bank", "liverpool_street", "bethnal_green", "mile_end",
    "stratford", "leytonstone", "wanstead", "redbridge", "gants_hill", "newbury_park",
)  # fmt: skip


@cache
def central_curve() -> tuple[tuple[float, float], ...]:
    """The curve north and south are measured against (projected metres, west to east)."""
    n = net()
    return tuple(sorted(n.pos[s] for s in _TRUNK))


def side(station: str) -> Literal["north", "south"]:
    x, y = net().pos[station]
    pts = central_curve()
    if x <= pts[0][0]:
        cy = pts[0][1]
    elif x >= pts[-1][0]:
        cy = pts[-1][1]
    else:
        cy = pts[-1][1]
        for (x1, y1), (x2, y2) in itertools.pairwise(pts):
            if x1 <= x <= x2:
                cy = y1 + (y2 - y1) * (x - x1) / (x2 - x1) if x2 > x1 else y1
                break
    return "north" if y > cy else "south"


def kind(station: str, line: str, came_from: str) -> Kind:
    """What a drop at `station`, arrived at on `line` from `came_from`, counts as."""
    if station == HEATHROW:
        return "heathrow"
    if "central" in net().lines[station]:
        return "central" if line == "central" else side(came_from)
    return side(station)


def _slot_side(k: Kind) -> str:
    return "south" if k == "heathrow" else k


def feasible(kinds: list[Kind]) -> bool:
    """Can these drops still be part of a finished set of 11?"""
    n = kinds.count("north")
    s = kinds.count("south")
    c = kinds.count("central")
    extra_h = max(0, kinds.count("heathrow") - 1)
    return c <= 1 and n <= PER_SIDE and s + extra_h <= PER_SIDE and n + s + extra_h + c <= 10


def finished(kinds: list[Kind], total: int = TOTAL) -> bool:
    """All inhibitions dropped: the full eleven need Heathrow; a shortened friendly game
    (option `inhibitions`) needs only its number of legal drops."""
    if total < TOTAL:
        return len(kinds) >= total and feasible(kinds)
    return len(kinds) == TOTAL and "heathrow" in kinds and feasible(kinds)


Drop = tuple[str, Kind]  # (station, kind)


def refusal(
    station: str, line: str, came_from: str, drops: list[Drop], touched: bool
) -> str | None:
    """Why no inhibition may be dropped here now (a message key), or None."""
    n = net()
    if line not in n.ends[station]:
        return "tube.nodrop.not_end"
    if where(station) != "outside":
        return "tube.nodrop.circle"
    if hops_from_circle()[station] < MIN_HOPS:
        return "tube.nodrop.near"
    if not touched:
        return "tube.nodrop.touch"
    if station != HEATHROW and any(d[0] == station for d in drops):
        return "tube.nodrop.used"
    k = kind(station, line, came_from)
    # A second Central drop breaks the one-on-the-Central-line rule whichever end it is:
    # said before "same line", which every two Central-line ends would also be.
    if k == "central" and any(d[1] == "central" for d in drops):
        return "tube.nodrop.central"
    for used, used_kind in drops:
        if used == station:
            continue
        shared = n.ends[station] & n.ends[used]
        if shared and _slot_side(used_kind) == _slot_side(k):
            return "tube.nodrop.same_line"
    if not feasible([d[1] for d in drops] + [k]):
        return "tube.nodrop.central" if k == "central" else "tube.nodrop.full"
    return None
