"""Setting up: the order of choosing start stations, the start stations, the first player.

Both rolls are re-rolled among tied players until one order stands (the rule book says
the highest starts; ties roll again — for the choosing order too, NOTES.md). Every roll
is kept in the state (`order_rolls`, `first_rolls`) and shown on the board.
"""

from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.rng import Rng
from rules.tube.circle import where
from rules.tube.model import State
from rules.tube.network import net


def roll_off(seats: list[int], rng: Rng, rolls: dict[int, list[int]]) -> list[int]:
    """`seats` from the highest roll down; tied seats roll again among themselves."""
    got = {s: rng.randint(1, 6) for s in seats}
    for s, r in got.items():
        rolls.setdefault(s, []).append(r)
    order: list[int] = []
    for value in sorted(set(got.values()), reverse=True):
        tied = [s for s in seats if got[s] == value]
        order += tied if len(tied) == 1 else roll_off(tied, rng, rolls)
    return order


def chooser(state: State) -> int | None:
    by_seat = {p.seat: p for p in state.players}
    return next((s for s in state.choose_order if not by_seat[s].station), None)


def free(state: State, stations: tuple[str, ...]) -> list[str]:
    """Those of `stations` a player may still start at: on the Circle line, not taken."""
    taken = {p.station for p in state.players}
    return [s for s in stations if where(s) == "on" and s not in taken]


def choose(state: State, seat: int, station: str) -> list[Event]:
    if where(station) != "on":
        raise RuleError("tube.error.not_circle")
    if any(p.station == station for p in state.players):
        raise RuleError("tube.error.taken")
    next(p for p in state.players if p.seat == seat).station = station
    return [Event(key="tube.chose", params={"seat": seat, "station": net().names[station]})]


def first_player(state: State) -> tuple[int, list[Event]]:
    rng = Rng(state.rng)
    rolls: dict[int, list[int]] = {}
    tied = [p.seat for p in state.players]
    while len(tied) > 1:  # only a tie for the highest rolls again
        got = {s: rng.randint(1, 6) for s in tied}
        for s, r in got.items():
            rolls.setdefault(s, []).append(r)
        tied = [s for s in tied if got[s] == max(got.values())]
    state.rng = rng.state
    state.first_rolls = [rolls.get(s, []) for s in range(state.seats)]
    events = [
        Event(key="tube.first_roll", params={"seat": s, "rolls": list(rolls[s])})
        for s in sorted(rolls)
    ]
    events.append(Event(key="tube.first_player", params={"seat": tied[0]}))
    return tied[0], events
