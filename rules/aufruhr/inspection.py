"""The EU Commission inspection (rule book III.b and IV.b).

A Lord Mayor who accepted a bribe or a scandal in this term is impeached: the bribe goes
to the EU (out of the game), a re-election is held at once, and he may not be elected in
it. `accepted` is what he took this term: the giver's seat and the stars, or None.
"""

from rules.aufruhr.model import Election, State
from rules.core.protocol import Event


def inspect(state: State, accepted: tuple[int, int] | None) -> tuple[State, list[Event], int]:
    """Returns the new state, public events, and the stars that went to the EU."""
    seat = state.lord_mayor
    if seat is None or accepted is None:
        return state, [Event(key="aufruhr.inspection_clean", params={"seat": seat})], 0
    _giver, stars = accepted
    new = state.model_copy(
        update={
            "lord_mayor": None,
            "barred": seat,
            "election": Election(candidates=tuple(range(len(state.mayors)))),
        }
    )
    return new, [Event(key="aufruhr.impeached", params={"seat": seat})], stars
