"""Where a project may be built (rule book III.a, "Realizing projects").

Municipal: in a community connected to the mayor's great city or to one of his RuhrCity
nuclei, directly or through communities where he already has a project; at most two
projects per community; never in a great city (they start with their two).
RuhrCity: anywhere, alone, in a community without any project.
"""

from collections.abc import Mapping

from rules.aufruhr.mapdata import neighbours, ruhr_map
from rules.aufruhr.model import CITIES

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


def ruhrcity_sites(board: Board, cities: tuple[str, ...] = CITIES) -> list[str]:
    return sorted(c for c in ruhr_map().communities if c not in cities and not board.get(c))
