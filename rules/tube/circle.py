"""Inside, on or outside the Circle line: geometry of the loop's real coordinates.

"On" is every station the Circle line calls at: the loop (27 stations from Edgware Road
round to Paddington) and today's Hammersmith branch (NOTES.md). "Inside" is a station
within the polygon the loop's stations draw (ray casting on the projected positions);
the rest is outside.
"""

from collections import deque
from functools import cache
from typing import Literal

from rules.tube.network import net

Where = Literal["inside", "on", "outside"]


def _in_polygon(x: float, y: float, poly: list[tuple[float, float]]) -> bool:
    inside = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


@cache
def where_all() -> dict[str, Where]:
    n = net()
    on = {s for s, lines in n.lines.items() if "circle" in lines}
    poly = [n.pos[s] for s in n.circle_loop]
    out: dict[str, Where] = {}
    for s, (x, y) in n.pos.items():
        out[s] = "on" if s in on else ("inside" if _in_polygon(x, y, poly) else "outside")
    return out


def where(station: str) -> Where:
    return where_all()[station]


def on_circle(station: str) -> bool:
    return where_all()[station] == "on"


def outside(station: str) -> bool:
    return where_all()[station] == "outside"


@cache
def hops_from_circle() -> dict[str, int]:
    """Stations from the nearest station of the loop, along any Underground line."""
    n = net()
    on = sorted(s for s, lines in n.lines.items() if "circle" in lines)
    dist = {s: 0 for s in on}
    queue = deque(on)
    while queue:
        s = queue.popleft()
        for t, _ in n.adj[s]:
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist
