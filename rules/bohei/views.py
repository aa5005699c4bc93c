"""What everybody sees (hand sizes, the rule board, whose turn, the Bohei state) and
what one seat alone sees (its hand)."""

from rules.bohei import rules_board, winning
from rules.bohei.data import card
from rules.bohei.model import PublicView, SeatView, SlotView, State


def public_view(state: State) -> PublicView:
    ch = state.challenge
    return PublicView(
        players=state.players,
        turn=state.turn,
        phase=state.phase,
        hand_sizes=tuple(len(h) for h in state.hands),
        draw_pile=len(state.draw),
        discard_pile=len(state.discard),
        slots=tuple(
            SlotView(
                rule=card(s.rule).id if s.rule else None,
                closed=s.closed_by is not None,
                checked=bool(s.rule and rules_board.checked(state, s.rule)),
            )
            for s in state.slots
        ),
        extension=state.extension is not None,
        bohei_open=tuple(state.bohei_open),
        called=tuple(state.called),
        blocked=tuple(state.blocked),
        challenge=ch.card if ch else None,
        challengers=tuple(ch.seats) if ch else (),
        winner=state.winner,
        winners=tuple(winning.winners(state)),
    )


def seat_view(state: State, seat: int) -> SeatView:
    return SeatView(seat=seat, hand=tuple(state.hands[seat]), owed=state.owed.get(seat, 0))
