"""The leader's turn: lay any card of the hand, then announce what the others must trump
(earliest opening, latest closing, district, or lifebuoy for a card in one). After the
announcement the other players who hold cards are asked in turn, clockwise."""

from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.turns import clockwise
from rules.einsistkeins.cards.model import Call, Played, State
from rules.einsistkeins.cards.tricks import calls_for
from rules.einsistkeins.pubs import pub


def lead(state: State, seat: int, card: str) -> list[Event]:
    """The card lies there; the announcement prompt tells the table which."""
    state.hands[seat].remove(card)
    state.trick.append(Played(seat=seat, card=card))
    state.phase = "call"
    return []


def announce(state: State, seat: int, call: Call) -> list[Event]:
    card = state.trick[0].card
    if call not in calls_for(pub(card)):
        raise RuleError("einsistkeins_karten.error.no_lifebuoy", card=card)
    state.call = call
    params = {"seat": seat, "card": card, "called": call}
    events = [Event(key=f"einsistkeins_karten.called.{call}", params=params)]
    if pub(card).joker == call:
        events.append(Event(key="einsistkeins_karten.joker", params={"card": card}))
    empty = {s for s in range(state.players) if not state.hands[s]}
    state.waiting = clockwise(state.players, seat + 1, out={seat, *state.out, *empty})
    state.phase = "follow"
    return events
