"""Dealing: one card to every player, from the dealer's left round to the dealer, while
the pile lasts (at the start, and by the taker of each trick)."""

from rules.core.protocol import Event
from rules.core.turns import clockwise
from rules.einsistkeins.cards.model import State


def deal(state: State, dealer: int) -> list[Event]:
    """Each player is told their new card and hand, privately."""
    events: list[Event] = []
    for seat in clockwise(state.players, dealer + 1):
        if not state.pile:
            break
        card = state.pile.pop(0)
        state.hands[seat].append(card)
        params = {"card_id": card, "hand": list(state.hands[seat])}
        events.append(Event(key="einsistkeins_karten.dealt", params=params, to=(seat,)))
    return events
