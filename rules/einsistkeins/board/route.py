"""Route search for `/go <pub or station>`: the best legal route within a turn's budget.

One movement point is one walking step or one tram station; trams only when they run
(the night-star rule is decided by the caller: `trams=False` on a half hour from 1 a.m.).
The best route ends as close to the target as the budget allows (board distance with
the same means of transport), and among those spends the fewest points; ties go to the
walking neighbour listed first (squares in index order), so a route is deterministic.

The board never changes, so each search is made once: a breadth-first search over the
whole board from a square, on foot or with the tram, the first time a move or a prompt
needs it (at most 2 × 268 of them in a process, each made when first needed). A
search within a budget is the whole search cut at the budget: breadth first, the squares
up to `budget` points away are reached in the same order, from the same squares, whether
the search goes on past them or not.
"""

from dataclasses import dataclass
from functools import cache, lru_cache

from rules.einsistkeins.board.graph import board

Step = tuple[int, str | None]  # (the square a square was entered from, the tram line or None)


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


@dataclass(frozen=True)
class _Search:
    """A breadth-first search from one square over the whole board."""

    dist: tuple[int, ...]  # movement points to every square
    parent: tuple[Step, ...]  # how each square was first entered ((-1, None): the source)
    order: tuple[int, ...]  # the squares as the search reached them: nearest first


Near = tuple[tuple[tuple[int, Step], ...], ...]


@cache
def _neighbours(trams: bool) -> Near:
    """Each square's neighbours, walking first, then the tram's (when it runs), each with
    the step that enters it from there (made once: every search shares them)."""
    b = board()
    return tuple(
        tuple((v, (u, line)) for v, line in ((n, None) for n in b.walk[u]))
        + (tuple((v, (u, line)) for v, line in b.tram[u]) if trams else ())
        for u in range(len(b.squares))
    )


@cache
def _search(source: int, trams: bool) -> _Search:
    near = _neighbours(trams)
    dist = [-1] * len(near)
    parent: list[Step] = [(-1, None)] * len(near)
    dist[source] = 0
    order = [source]
    for u in order:  # (the queue: a square is searched from in the order it was reached)
        d = dist[u] + 1
        for v, step in near[u]:
            if dist[v] < 0:
                dist[v] = d
                parent[v] = step
                order.append(v)
    return _Search(tuple(dist), tuple(parent), tuple(order))


def distances(source: int, trams: bool) -> tuple[int, ...]:
    """Movement points from `source` to every square (every square can be reached)."""
    return _search(source, trams).dist


def _legs(source: int, end: int, parent: tuple[Step, ...]) -> list[Leg]:
    steps: list[Step] = []
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


@lru_cache(maxsize=4096)  # (a Route is immutable)
def best_route(source: int, target: int, budget: int, trams: bool) -> Route:
    """The route from `source` towards `target` within `budget` points."""
    to_target = _search(target, trams).dist
    found = _search(source, trams)
    dist, budget = found.dist, max(0, budget)
    within = []  # the squares within the budget: the search's first ones
    for v in found.order:
        if dist[v] > budget:
            break
        within.append(v)
    best = min(within, key=lambda v: (to_target[v], dist[v], v))
    legs = _legs(source, best, found.parent)
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
