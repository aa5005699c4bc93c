"""What everybody sees (everything: the game has no secrets) and what one seat sees."""

from rules.heinzel import engine
from rules.heinzel.board import field
from rules.heinzel.model import PublicView, SeatView, State


def public_view(state: State) -> PublicView:
    result = engine.outcome(state)
    return PublicView(
        players=state.players,
        phase=state.phase,
        turn=state.turn,
        turn_no=state.turn_no,
        starter=state.starter,
        roll=state.roll,
        rolls_left=state.rolls_left,
        twice=state.twice,
        colours=tuple(state.colours),
        pos=tuple(state.pos),
        where=tuple(field(p).name for p in state.pos),
        cards=tuple(tuple(c) for c in state.cards),
        piles={craft: tuple(pile) for craft, pile in state.piles.items()},
        taken=tuple(dict(t) for t in state.taken),
        scores=tuple(engine.scores(state)),
        arrived=tuple(state.arrived),
        weib=state.weib,
        draws=state.draws,
        last_pea=state.last_pea,
        searching=state.options.searching,
        loser=state.loser,
        end_reason=state.end_reason,
        winners=result.ranking[0] if result else (),
    )


def seat_view(state: State, seat: int) -> SeatView:
    return SeatView(seat=seat, table=public_view(state))
