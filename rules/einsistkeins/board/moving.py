"""Moving (`/go <pub or station>`, or waypoints `/go A > B`): the movement points a turn
allows, the route the engine takes, and the move itself (each point costs a tenth of ‰,
except the takeaway's free walk towards the nearest open pub, and the gum rule's one free
step). Readings of the rule book: NOTES.md ("The board game")."""

from rules.core.errors import RuleError
from rules.core.protocol import Event, Option
from rules.einsistkeins.board.graph import square
from rules.einsistkeins.board.hours import open_squares, trams_run
from rules.einsistkeins.board.model import Go, State, permille
from rules.einsistkeins.board.places import find_place, pubs_on
from rules.einsistkeins.board.route import Route, distances, via

MAX_WAYPOINTS = 8  # bounds the work one typed `/go` can cause
TAKEAWAY = 3  # steps the takeaway walks for free


def budget(state: State, seat: int) -> int:
    """Movement points this turn that cost alcohol: the roll, but never more than the
    tenths left (the takeaway's free walk is apart: `takeaway_targets`)."""
    roll = state.roll or 0
    if state.phase == "gum":
        return 1
    if state.phase == "one":
        return min(1, state.alcohol[seat])
    return min(roll, state.alcohol[seat])


def takeaway_targets(state: State, seat: int) -> list[int]:
    """Where a takeaway may head for: the open pubs nearest on foot (several when equally
    near), not the one `seat` stands in; if no other pub is open, the nearest pubs."""
    if not state.takeaway or state.phase != "act":
        return []
    here = state.pos[seat]
    walk = distances(here, trams=False)
    pubs = [sq for sq in pubs_on() if sq != here]
    opened = [sq for sq in pubs if sq in open_squares(state.clock)]
    candidates = opened or pubs
    nearest = min(walk[sq] for sq in candidates)
    return [sq for sq in candidates if walk[sq] == nearest]


def _takeaway(state: State, seat: int, waypoints: list[int]) -> Route | None:
    """The takeaway's free walk along `waypoints`, if it heads towards the nearest open
    pub: on foot, at most three steps, every step one nearer to one of those pubs."""
    targets = takeaway_targets(state, seat)
    if not targets:
        return None
    here = state.pos[seat]
    walked = via(here, waypoints, TAKEAWAY, trams=False)
    if walked.points == 0:
        return None
    for target in targets:
        to_target = distances(target, trams=False)
        if to_target[walked.end] == to_target[here] - walked.points:
            return walked
    return None


def _place(to: tuple[str, ...], i: int, prefer: list[str]) -> int:
    """The square waypoint `i` names; a name that fits several places is refused with
    the whole route for each of them as a choice (the bot offers them as buttons)."""
    try:
        return find_place(to[i], prefer)
    except RuleError as e:
        if e.key != "einsistkeins.error.ambiguous":
            raise
        choices = [
            Option(label=name, literal=True, action=Go(to=(*to[:i], name, *to[i + 1 :])))
            for name in e.params["places"]
        ]
        raise RuleError(e.key, choices=choices, **e.params) from None


def route(state: State, seat: int, to: tuple[str, ...]) -> tuple[Route, bool]:
    """The route `seat` takes to the places `to` names, one after the other, and whether
    it is free (the takeaway's walk towards the nearest open pub, or the gum rule's step)."""
    prefer = [*state.hands[seat], *([state.faceup] if state.faceup else [])]
    waypoints = [_place(to[:MAX_WAYPOINTS], i, prefer) for i in range(len(to[:MAX_WAYPOINTS]))]
    here = state.pos[seat]
    if all(w == here for w in waypoints):  # before the budget: true with 0 ‰ too
        raise RuleError("einsistkeins.error.already_there", place=square(here).name)
    walked = _takeaway(state, seat, waypoints)
    points = budget(state, seat)
    paid = via(here, waypoints, points, trams_run(state.clock)) if points > 0 else None
    # The free walk, unless paying (a tram, more steps) gets there and the walk does not.
    if walked is not None and (walked.reached or paid is None or not paid.reached):
        return walked, True
    if paid is None and state.takeaway:
        nearest = [square(sq).name for sq in takeaway_targets(state, seat)]
        raise RuleError("einsistkeins.error.takeaway_only", pubs=nearest)
    if paid is None:
        raise RuleError("einsistkeins.error.no_energy")
    if paid.points == 0:
        raise RuleError("einsistkeins.error.no_way")
    return paid, state.phase == "gum"


def legs(found: Route) -> list[list[str | int | None]]:
    """Each leg as [tram line or None on foot, squares entered, the square it ends on]:
    render/einsistkeins.py shows them ('🚶 3 · 🚋 10 Glocksee → Steintor (2)')."""
    return [[leg.line, len(leg.squares), leg.squares[-1]] for leg in found.legs]


def go(state: State, seat: int, to: tuple[str, ...]) -> list[Event]:
    found, free = route(state, seat, to)
    state.pos[seat] = found.end
    if not free:
        state.alcohol[seat] -= found.points
    params = {
        "seat": seat,
        "place_square": found.end,
        "legs": legs(found),
        "level": permille(state.alcohol[seat]),
    }
    how = "_takeaway" if free and state.takeaway else ""  # the walk the takeaway paid for
    if found.reached:
        return [Event(key=f"einsistkeins.moved{how}", params=params)]
    target = square(found.target).name
    return [Event(key=f"einsistkeins.moved_partway{how}", params={**params, "target": target})]
