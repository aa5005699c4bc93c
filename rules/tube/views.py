"""What everybody sees (the whole table: the game has no secrets) and one seat's view."""

from rules.tube.circle import where
from rules.tube.model import Player, PlayerView, PublicView, SeatView, State
from rules.tube.network import net
from rules.tube.prompts import reachable
from rules.tube.sips import BEER


def _player(p: Player) -> PlayerView:
    kinds = [d.kind for d in p.drops]
    return PlayerView(
        seat=p.seat,
        station=p.station,
        where=where(p.station) if p.station else "",
        drops=tuple(p.drops),
        north=kinds.count("north"),
        south=kinds.count("south"),
        central=kinds.count("central"),
        heathrow=kinds.count("heathrow"),
        pending=p.pending,
        owed=p.owed,
        drunk=p.drunk,
        beers=p.drunk // BEER,
        turns=p.turns,
        finished=p.finished,
        dnf=p.dnf,
    )


def public_view(state: State) -> PublicView:
    names = net().names
    shown = {p.station for p in state.players if p.station}
    shown |= {d.station for p in state.players for d in p.drops}
    if state.last:
        shown |= set(state.last.stations)
    return PublicView(
        phase=state.phase,
        referee=state.referee,
        players=tuple(_player(p) for p in state.players),
        turn=state.turn,
        roll=state.roll,
        points=state.points,
        order_rolls=tuple(tuple(r) for r in state.order_rolls),
        first_rolls=tuple(tuple(r) for r in state.first_rolls),
        last=state.last,
        names={s: names[s] for s in sorted(shown)},
    )


def seat_view(state: State, seat: int) -> SeatView:
    mine = next((p for p in state.players if p.seat == seat), None)
    reach: tuple[str, ...] = ()
    if state.phase == "move" and state.turn == seat:
        names = net().names
        reach = tuple(sorted(names[s] for s in reachable(state)))
    return SeatView(seat=seat, player=_player(mine) if mine else None, reachable=reach)
