"""Each player's hand, told privately whenever it changes: the three cards dealt, then
after every step the cards drawn and the cards gone (played, discarded, a Nö spent),
with the count now held (NOTES.md, "your hand"). The group sees only the counts.

The changes are told, not the whole hand: a step's private message names only cards
that moved, so that what a seat is told of its hand stays what it was dealt or drew.
"""

from collections import Counter

from rules.bohei.data import names_of
from rules.bohei.model import State
from rules.core.protocol import Event


def dealt(state: State) -> list[Event]:
    """The opening: every player's three cards, to that player alone."""
    return [
        Event(key="bohei.hand_dealt", params={"hand": names_of(hand)}, to=(seat,))
        for seat, hand in enumerate(state.hands)
    ]


def changes(before: list[list[str]], state: State) -> list[Event]:
    """One private line for each seat whose hand changed since `before`."""
    events = []
    for seat, (old, new) in enumerate(zip(before, state.hands, strict=True)):
        gained = list((Counter(new) - Counter(old)).elements())
        lost = list((Counter(old) - Counter(new)).elements())
        if not gained and not lost:
            continue
        key = (
            "bohei.hand_both"
            if gained and lost
            else "bohei.hand_drew"
            if gained
            else "bohei.hand_lost"
        )
        params: dict[str, object] = {"count": len(new)}
        if gained:
            params["drawn"] = names_of([c for c in new if c in gained])
        if lost:
            params["lost"] = names_of([c for c in old if c in lost])
        events.append(Event(key=key, params=params, to=(seat,)))
    return events
