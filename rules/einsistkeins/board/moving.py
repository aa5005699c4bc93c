"""Moving (`/go <pub or station>`, or waypoints `/go A > B`): the movement points a turn
allows, the route the engine takes, and the move itself (each point costs a tenth of ‰,
except with a takeaway or the gum rule's one free step).
Readings of the rule book: NOTES.md ("The board game")."""

from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.einsistkeins.board.graph import square
from rules.einsistkeins.board.hours import trams_run
from rules.einsistkeins.board.model import State, permille
from rules.einsistkeins.board.places import find_place
from rules.einsistkeins.board.route import Route, via

MAX_WAYPOINTS = 8  # bounds the work one typed `/go` can cause


def budget(state: State, seat: int) -> int:
    """Movement points this turn: the roll, but never more than the tenths left
    (a takeaway costs nothing, so only the roll limits it)."""
    roll = state.roll or 0
    if state.phase == "gum":
        return 1
    if state.phase == "one":
        return min(1, state.alcohol[seat])
    if state.takeaway:
        return roll
    return min(roll, state.alcohol[seat])


def route(state: State, seat: int, to: tuple[str, ...]) -> Route:
    """The route `seat` takes to the places `to` names, one after the other."""
    prefer = [*state.hands[seat], *([state.faceup] if state.faceup else [])]
    waypoints = [find_place(p, prefer) for p in to[:MAX_WAYPOINTS]]
    points = budget(state, seat)
    if points <= 0:
        raise RuleError("einsistkeins.error.no_energy")
    found = via(state.pos[seat], waypoints, points, trams_run(state.clock))
    if found.points == 0:
        if found.end == waypoints[-1]:
            raise RuleError("einsistkeins.error.already_there", place=square(found.end).name)
        raise RuleError("einsistkeins.error.no_way")
    return found


def legs(found: Route) -> list[list[str | int | None]]:
    """Each leg as [tram line or None on foot, squares entered, the square it ends on]:
    render/einsistkeins.py shows them ('🚶 3 · 🚋 10 Glocksee → Steintor (2)')."""
    return [[leg.line, len(leg.squares), leg.squares[-1]] for leg in found.legs]


def go(state: State, seat: int, to: tuple[str, ...]) -> list[Event]:
    found = route(state, seat, to)
    free = state.takeaway or state.phase == "gum"
    state.pos[seat] = found.end
    if not free:
        state.alcohol[seat] -= found.points
    params = {
        "seat": seat,
        "place_square": found.end,
        "legs": legs(found),
        "level": permille(state.alcohol[seat]),
    }
    if found.reached:
        return [Event(key="einsistkeins.moved", params=params)]
    target = square(found.target).name
    return [Event(key="einsistkeins.moved_partway", params={**params, "target": target})]
