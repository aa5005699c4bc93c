"""The board clock and what it decides: whether trams run (the night-star rule), which
cards are dead (their pub closed for the night), a takeaway at closing time, the clock
keeper's half hour, and the ends that come with time (05:00, no pub left, no card left).

Readings of the rule book: NOTES.md ("The board game").
"""

from rules.core.protocol import Event
from rules.einsistkeins.board.model import END_CLOCK, HALF_HOUR, NIGHT_STAR, EndReason, State
from rules.einsistkeins.board.places import pub_at
from rules.einsistkeins.pubs import BY_NAME, PUBS, clock, is_open


def trams_run(minute: int) -> bool:
    """The night-star rule: from 1 a.m. trams only on the full hour."""
    return minute < NIGHT_STAR or minute % 60 == 0


def dead(name: str, minute: int) -> bool:
    """A card whose pub has closed for the night: not open now, nor at any later half
    hour before 5 o'clock (Gaststätte Kaiser closed 15:00–17:00 stays in play)."""
    p = BY_NAME[name]
    return not any(is_open(p, t) for t in range(minute, END_CLOCK, HALF_HOUR))


def any_pub_open(minute: int) -> bool:
    return any(is_open(p, minute) for p in PUBS)


def takeaway_possible(state: State, seat: int) -> bool:
    """A 3 in a pub that is open, or that closed at this very half hour ("closing")."""
    name = pub_at(state.pos[seat])
    if name is None:
        return False
    p = BY_NAME[name]
    return is_open(p, state.clock) or is_open(p, state.clock - HALF_HOUR)


def tick(state: State, keeper: int) -> list[Event]:
    """The clock keeper ends a turn: the clock moves on half an hour."""
    state.clock += HALF_HOUR
    events = [Event(key="einsistkeins.clock", params={"time": clock(state.clock), "seat": keeper})]
    if not trams_run(state.clock):
        events.append(Event(key="einsistkeins.night_star"))
    return events


def end_reason(state: State) -> EndReason | None:
    """Why the game ends now without a win, if it does."""
    if state.clock >= END_CLOCK:
        return "five"
    if not state.pile:
        return "pile"
    if not any_pub_open(state.clock) and all(dead(p.name, state.clock) for p in PUBS):
        return "closed"
    return None
