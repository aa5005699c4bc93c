"""Where a project may be built (rule book III.a, "Realizing projects").

Municipal: in a community connected to the mayor's great city or to one of his RuhrCity
nuclei, directly or through communities where he already has a project; at most two
projects per community; never in a great city (they start with their two), nor beside
a RuhrCity project. RuhrCity: anywhere, alone, in a community without any project.
"""

from collections.abc import Mapping

from rules.aufruhr.data import neighbours, ruhr_map
from rules.aufruhr.model import CITIES, State

MAX_PER_COMMUNITY = 2
Board = Mapping[str, tuple[tuple[int, ...], ...]]  # community → owners of each project


def nuclei(board: Board, seat: int, city: str) -> set[str]:
    """The mayor's own great city plus every community where he holds a project."""
    return {city} | {c for c, projects in board.items() if any(seat in o for o in projects)}


def municipal_sites(
    board: Board, seat: int, city: str, cities: tuple[str, ...] = CITIES
) -> list[str]:
    """`cities` are the great cities in play; the others are ordinary communities."""
    reach: set[str] = set()
    for c in nuclei(board, seat, city):
        reach |= neighbours(c)
    return sorted(c for c in reach if c not in cities and len(board.get(c, ())) < MAX_PER_COMMUNITY)


def ruhrcity_sites(board: Mapping[str, object], cities: tuple[str, ...] = CITIES) -> list[str]:
    return sorted(c for c in ruhr_map().communities if c not in cities and not board.get(c))


def open_sites(state: State, seat: int) -> list[str]:
    """Where `seat` may build a municipal project now."""
    closed = {c for c, ps in state.board.items() if any(p.kind == "ruhrcity" for p in ps)}
    owners = {c: tuple(p.owners for p in ps) for c, ps in state.board.items() if ps}
    sites = municipal_sites(owners, seat, state.mayors[seat].city, state.cities)
    return [c for c in sites if c not in closed]


def free_sites(state: State) -> list[str]:
    """Where a RuhrCity project may be realised now."""
    return ruhrcity_sites(state.board, state.cities)


def municipal_count(state: State, seat: int) -> int:
    """How many municipal projects `seat` owns (events pay or levy per project)."""
    return sum(
        1 for ps in state.board.values() for p in ps if p.kind == "municipal" and seat in p.owners
    )
