"""What the hour means on the board: whether trams run (the night-star rule), which
cards are dead (their pub closed for the night), whether any pub is open, and a takeaway
at closing time. Readings of the rule book: NOTES.md ("The board game").
"""

from functools import lru_cache

from rules.einsistkeins.board.model import END_CLOCK, HALF_HOUR, NIGHT_STAR, State
from rules.einsistkeins.board.places import pubs_on
from rules.einsistkeins.pubs import BY_NAME, is_open, open_at


def trams_run(minute: int) -> bool:
    """The night-star rule: from 1 a.m. trams only on the full hour."""
    return minute < NIGHT_STAR or minute % 60 == 0


@lru_cache(maxsize=4096)  # every hand is searched at every tick: ~50 cards, ~30 ticks
def dead(name: str, minute: int) -> bool:
    """A card whose pub has closed for the night: not open now, nor at any later half
    hour before 5 o'clock (Gaststätte Kaiser closed 15:00–17:00 stays in play)."""
    p = BY_NAME[name]
    return not any(is_open(p, t) for t in range(minute, END_CLOCK, HALF_HOUR))


@lru_cache(maxsize=256)  # a night has some thirty half hours
def open_squares(minute: int) -> frozenset[int]:
    """The squares of the pubs (and Café Safran) open at `minute`: whether a player stands
    in an open pub is asked for every player at every step."""
    return frozenset(sq for sq, name in pubs_on().items() if is_open(BY_NAME[name], minute))


def any_pub_open(minute: int) -> bool:
    return bool(open_at(minute))  # (cached: asked at every turn's end)


def takeaway_possible(state: State, seat: int) -> bool:
    """A 3 in a pub that is open, or that closed at this very half hour ("closing")."""
    here = state.pos[seat]
    return here in open_squares(state.clock) or here in open_squares(state.clock - HALF_HOUR)
