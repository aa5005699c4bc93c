"""Route search for `/go <pub or station>`: the best legal route within a turn's budget.

One movement point is one walking step or one tram station; trams only when they run
(the night-star rule is decided by the caller: `trams=False` on a half hour from 1 a.m.).
The best route ends as close to the target as the budget allows (board distance with
the same means of transport), and among those spends the fewest points; ties go to the
walking neighbour listed first (squares in index order), so a route is deterministic.
"""

from collections import deque
from dataclasses import dataclass
from functools import lru_cache

from rules.einsistkeins.board.graph import board


@dataclass(frozen=True)
class Leg:
    line: str | None  # None: on foot
    squares: tuple[int, ...]  # the squares entered, in order


@dataclass(frozen=True)
class Route:
    start: int
    end: int
    points: int  # movement points spent (steps + stations)
    legs: tuple[Leg, ...]
    reached: bool  # the (last) target was reached
    target: int  # the target the route was heading for when it stopped (or reached)


def _neighbours(sq: int, trams: bool) -> list[tuple[int, str | None]]:
    b = board()
    out: list[tuple[int, str | None]] = [(n, None) for n in b.walk[sq]]
    if trams:
        out += list(b.tram[sq])
    return out


@lru_cache(maxsize=2048)
def distances(source: int, trams: bool, limit: int | None = None) -> tuple[int, ...]:
    """Movement points from `source` to every square (-1: beyond `limit`). The board
    never changes, so each search is made once: a whole-board search takes ~0.2 ms, and
    a move searches from its target, its prompt from where the player stands."""
    dist = [-1] * len(board().squares)
    dist[source] = 0
    queue = deque([source])
    while queue:
        u = queue.popleft()
        if limit is not None and dist[u] >= limit:
            continue
        for v, _ in _neighbours(u, trams):
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                queue.append(v)
    return tuple(dist)


@lru_cache(maxsize=1024)  # (as `distances`)
def _search(
    source: int, budget: int, trams: bool
) -> tuple[tuple[int, ...], tuple[tuple[int, str | None], ...]]:
    n = len(board().squares)
    dist = [-1] * n
    parent: list[tuple[int, str | None]] = [(-1, None)] * n
    dist[source] = 0
    queue = deque([source])
    while queue:
        u = queue.popleft()
        if dist[u] >= budget:
            continue
        for v, line in _neighbours(u, trams):
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                parent[v] = (u, line)
                queue.append(v)
    return tuple(dist), tuple(parent)


def _legs(source: int, end: int, parent: tuple[tuple[int, str | None], ...]) -> list[Leg]:
    steps: list[tuple[int, str | None]] = []
    v = end
    while v != source:
        u, line = parent[v]
        steps.append((v, line))
        v = u
    steps.reverse()
    legs: list[Leg] = []
    for sq, line in steps:
        if legs and legs[-1].line == line:
            legs[-1] = Leg(line, (*legs[-1].squares, sq))
        else:
            legs.append(Leg(line, (sq,)))
    return legs


@lru_cache(maxsize=2048)  # (as `distances`; a Route is immutable)
def best_route(source: int, target: int, budget: int, trams: bool) -> Route:
    """The route from `source` towards `target` within `budget` points."""
    to_target = distances(target, trams)
    dist, parent = _search(source, max(0, budget), trams)
    best = min(
        (v for v in range(len(dist)) if dist[v] >= 0),
        key=lambda v: (to_target[v] if to_target[v] >= 0 else 10**6, dist[v], v),
    )
    legs = _legs(source, best, parent)
    return Route(source, best, dist[best], tuple(legs), best == target, target)


def via(source: int, waypoints: list[int], budget: int, trams: bool) -> Route:
    """An explicit route: the best route to each waypoint in turn, within one budget;
    it stops where the budget runs out."""
    here, spent, legs = source, 0, []
    reached, target = True, source
    for target in waypoints:  # after the loop: the waypoint the route stopped short of
        leg = best_route(here, target, budget - spent, trams)
        for part in leg.legs:
            if legs and legs[-1].line == part.line:
                legs[-1] = Leg(part.line, (*legs[-1].squares, *part.squares))
            else:
                legs.append(part)
        here, spent = leg.end, spent + leg.points
        if not leg.reached:
            reached = False
            break
    return Route(source, here, spent, tuple(legs), reached, target)


def reachable(source: int, budget: int, trams: bool) -> dict[int, int]:
    """Every square within `budget` points, with its cost."""
    dist, _ = _search(source, max(0, budget), trams)
    return {v: d for v, d in enumerate(dist) if d >= 0}
