"""What the card game shows: the table for everyone (the trick, the announcement, the
tricks taken, how many cards each holds) and one player's hand for that player alone
(the spec's `secrets`). How a card reads is render/einsistkeins_karten.py's."""

from rules.core.protocol import Secrets
from rules.einsistkeins.cards.model import PublicView, SeatView, State
from rules.einsistkeins.cards.tricks import playable


def public_view(state: State) -> PublicView:
    return PublicView(
        players=state.players,
        phase=state.phase,
        dealer=state.dealer,
        leader=state.leader,
        turn=state.turn,
        trick_no=state.trick_no,
        call=state.call,
        trick=state.trick,  # (lists where the view holds tuples: pydantic makes them)
        passed=state.passed,
        pile=len(state.pile),
        hand_sizes=tuple(len(h) for h in state.hands),
        visited=state.visited,
        needed=state.needed,
        out=state.out,
        last_trick=state.last_trick,
        last_taker=state.last_taker,
        winner=state.winner,
        win_kind=state.win_kind,
    )


def seat_view(state: State, seat: int) -> SeatView:
    return SeatView(
        seat=seat,
        hand=tuple(state.hands[seat]),
        playable=tuple(playable(state, seat)),
        table=public_view(state),
    )


def secrets(state: State) -> Secrets:
    """A hand is its holder's alone (the pile's order is nobody's, and never shown)."""
    return {s: {"hand": list(hand)} for s, hand in enumerate(state.hands)}
