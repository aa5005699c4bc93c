"""The clock keeper's half hour at the end of their turn, and the ends that come with
time: 05:00, every pub closed for the night, or no card left to draw.
Readings of the rule book: NOTES.md ("The board game").
"""

from rules.core.protocol import Event
from rules.einsistkeins.board.hours import any_pub_open, dead, trams_run
from rules.einsistkeins.board.model import END_CLOCK, HALF_HOUR, EndReason, State
from rules.einsistkeins.pubs import PUBS


def tick(state: State, keeper: int) -> list[Event]:
    """The clock keeper ends a turn: the clock moves on half an hour."""
    state.clock += HALF_HOUR
    events = [Event(key="einsistkeins.clock", params={"minute": state.clock, "seat": keeper})]
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
