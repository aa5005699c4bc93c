"""What the board game shows: every card lies face up, so the public view holds it all
and a seat's view adds only which seat it is (the spec's secrets are `no_secrets`)."""

from functools import lru_cache

from rules.einsistkeins import wins
from rules.einsistkeins.board.hours import trams_run
from rules.einsistkeins.board.model import PublicView, SeatView, State
from rules.einsistkeins.pubs import open_at, pub


@lru_cache(maxsize=4096)  # a few new per game: the view is made at every step
def _needed(visited: tuple[str, ...]) -> int:
    return wins.needed(pub(c) for c in visited)


def public_view(state: State) -> PublicView:
    visited = tuple(map(tuple, state.visited))
    # (lists where the view holds tuples: pydantic makes them, faster than a generator here)
    return PublicView(
        players=state.players,
        phase=state.phase,
        turn=state.turn,
        turn_no=state.turn_no,
        starter=state.starter,
        keeper=state.keeper,
        clock=state.clock,
        roll=state.roll,
        takeaway=state.takeaway,
        trams=trams_run(state.clock),
        pile=len(state.pile),
        faceup=state.faceup,
        hands=state.hands,
        visited=visited,
        needed=tuple(map(_needed, visited)),
        boxed=len(state.boxed),
        pos=state.pos,
        alcohol=state.alcohol,
        open_pubs=open_at(state.clock),
        winner=state.winner,
        win_kind=state.win_kind,
        end_reason=state.end_reason,
    )


def seat_view(state: State, seat: int) -> SeatView:
    return SeatView(seat=seat, table=public_view(state))
