"""The piles: drawing (with the reshuffle of the discard pile) and discarding.

The draw pile's order is hidden; the discard pile is face down too (cards discarded by
an effect go there "without function", rule book: they are never announced).
"""

from rules.bohei.model import State
from rules.core.protocol import Event
from rules.core.rng import Rng


def draw(state: State, seat: int, n: int) -> list[Event]:
    """`seat` draws `n` cards; an empty draw pile is replaced by the shuffled discard
    pile (rule book). If both are empty the draw stops short."""
    drawn: list[str] = []
    events: list[Event] = []
    for _ in range(n):
        if not state.draw:
            if not state.discard:
                events.append(Event(key="bohei.piles_empty"))
                break
            rng = Rng(state.rng)
            pile = list(state.discard)
            rng.shuffle(pile)
            state.rng = rng.state
            state.draw, state.discard = pile, []
            state.reshuffles += 1
            events.append(Event(key="bohei.reshuffled", params={"count": len(pile)}))
        drawn.append(state.draw.pop())
    state.hands[seat].extend(drawn)
    if drawn:  # (which cards: told privately with every change of a hand, hands.py)
        events.append(Event(key="bohei.drew", params={"seat": seat, "count": len(drawn)}))
    return events


def take_from_hand(state: State, seat: int, instance: str) -> None:
    state.hands[seat].remove(instance)


def discard(state: State, seat: int, instance: str) -> None:
    """Onto the discard pile: a card played, replaced or discarded."""
    if instance in state.hands[seat]:
        state.hands[seat].remove(instance)
    state.discard.append(instance)


def shuffled_deal(instances: list[str], rng: Rng) -> list[str]:
    pile = list(instances)
    rng.shuffle(pile)
    return pile
