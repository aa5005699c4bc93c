"""The roll and its face's extra action (rule book, "Course of a Turn"): 1 "Eins ist
keins" (drink 0.1 or move 1, then roll again), 2 swap a card with the face-up card or put
one on it and draw, 3 takeaway (moving costs nothing), 4 a round of drinks (poured by
drinking.py; the engine chains it), 5 take the clock card, 6 nothing more."""

from rules.core.protocol import Event
from rules.core.rng import Rng
from rules.einsistkeins.board.hours import takeaway_possible
from rules.einsistkeins.board.model import State

ROUND_OF_DRINKS = 4


def roll(state: State, seat: int) -> list[Event]:
    """Roll the die for `seat`: the face, the phase it leads to, and its extra action."""
    rng = Rng(state.rng)
    face = rng.randint(1, 6)
    state.rng = rng.state
    state.roll, state.takeaway = face, False
    events = [Event(key="einsistkeins.rolled", params={"seat": seat, "face": face})]
    if face == 1:
        state.phase = "one"
    elif face == 2:
        state.phase = "swap" if state.hands[seat] and (state.faceup or state.pile) else "act"
    else:
        if face == 3 and takeaway_possible(state, seat):
            state.takeaway = True
            events.append(Event(key="einsistkeins.takeaway", params={"seat": seat}))
        if face == 5 and state.keeper != seat:  # told only when the card changes hands
            state.keeper = seat
            events.append(Event(key="einsistkeins.clock_card", params={"seat": seat}))
        state.phase = "act"
    return events
