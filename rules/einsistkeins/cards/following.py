"""Following: once around the table from the leader's left, each player who can trump
the last card laid must (and chooses which trump); whoever cannot passes at once."""

from rules.core.protocol import Event
from rules.einsistkeins.cards.model import Played, State
from rules.einsistkeins.cards.tricks import playable


def trump(state: State, seat: int, card: str) -> list[Event]:
    state.hands[seat].remove(card)
    state.trick.append(Played(seat=seat, card=card))
    state.waiting.remove(seat)
    params = {"seat": seat, "card_id": card}
    return [Event(key="einsistkeins_karten.trumped", params=params)]


def ask_next(state: State) -> list[Event]:
    """Whoever cannot trump passes at once (a forced pass tells nothing more); the first
    who can is asked (`state.turn`). When nobody is left waiting, the trick is complete."""
    events = []
    while state.waiting:
        seat = state.waiting[0]
        state.turn = seat
        if playable(state, seat):
            return events
        state.waiting.pop(0)
        state.passed.append(seat)
        events.append(Event(key="einsistkeins_karten.passed", params={"seat": seat}))
    return events
