"""Gaa Under Gunnar: a whole game of eleven inhibitions, played through the engine by a
simple greedy player, ends with a finish — the rules as the bot enforces them (direction
rules, end stations, every drop rule, touching the Circle) let a player finish."""

import random
from collections import deque

from rules.tube import SPEC
from rules.tube import drops as droprules
from rules.tube.circle import where
from rules.tube.model import Choose, Concede, Done, Go, Options, State
from rules.tube.network import end_stations, is_end, net
from rules.tube.route import Route
from rules.tube.turn import found_for, player


def _hops_to(targets: set[str]) -> dict[str, int]:
    n = net()
    dist = dict.fromkeys(targets, 0)
    queue = deque(sorted(targets))
    while queue:
        s = queue.popleft()
        for t, _ in n.adj[s]:
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


def _choose(state: State, rng: random.Random) -> Route:
    """An eligible drop if one is reachable (fewest sips), else a step towards one (or
    towards the Circle when it must be touched first)."""
    p = player(state, 0)
    dropped = [(d.station, d.kind) for d in p.drops]
    found = found_for(state)
    routes = [found.route(i) for i in range(len(found.done))]

    def drops_here(r: Route) -> bool:
        line, came = r.heading or ("", "")
        touched = p.touched or r.touched
        return (
            is_end(r.end, line) and droprules.refusal(r.end, line, came, dropped, touched) is None
        )

    good = [r for r in routes if drops_here(r)]
    if good:
        return min(good, key=lambda r: r.left)
    if not p.touched:
        targets = {s for s in net().names if where(s) == "on"}
    else:
        targets = {
            e
            for e in end_stations()
            for line in net().ends[e]
            if droprules.refusal(e, line, e, dropped, True) is None
        }
    dist = _hops_to(targets)
    return min(routes, key=lambda r: (dist.get(r.end, 99), rng.random()))


def test_a_whole_game_of_eleven_drops_ends_with_a_finish():
    rng = random.Random(1)
    state = SPEC.setup(2, Options(), 1)
    for station in ("baker_street", "victoria"):
        seat = next(p for p in SPEC.prompts(state) if not p.standing).seats[0]
        state, _ = SPEC.apply(state, seat, Choose(station=station))
    state, _ = SPEC.apply(state, 1, Concede())  # seat 0 plays alone
    for _ in range(400):
        if SPEC.outcome(state) is not None:
            break
        if player(state, 0).owed:
            state, _ = SPEC.apply(state, 0, Done())
        else:
            state, _ = SPEC.apply(state, 0, Go(to=_choose(state, rng).end))
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.ranking == ((0,),) and outcome.unplaced == (1,)
    kinds = [d.kind for d in player(state, 0).drops]
    assert len(kinds) == 11 and "heathrow" in kinds
    assert kinds.count("central") <= 1
