"""How long a game of Die Heinzelmännchen von Köln lasts on our board of Cologne.

    PYTHONPATH=. python bench/heinzel_length.py [games]

Plays whole games through the engine with two kinds of robot players and prints the
number of turns (one turn = one player's turn) per game: the median, the middle half and
the share within 20–40. `random` presses a random button every time; `aiming` walks to
the nearest field it still needs (an unvisited shop, then the Schneider), plays Zweimal
Würfeln when that is more than six steps away and Tunnel when a tunnel field is at least
four steps nearer to it, and always plays the Nachtwächter card. The figures are in
rules/heinzel/NOTES.md ("Length of a game").
"""

import random
import statistics
import sys
from collections import deque
from functools import cache

from rules.heinzel import SPEC
from rules.heinzel.board import board, field
from rules.heinzel.data import CRAFTS, SCHNEIDER
from rules.heinzel.model import Go, Guard, PlayTunnel, PlayTwice, Roll, State, Stay


@cache
def distance(a: int) -> tuple[int, ...]:
    """Steps from `a` to every field (shops pass as walls except as the goal)."""
    near = board().neighbours
    dist = [-1] * len(near)
    dist[a] = 0
    todo = deque([a])
    while todo:
        u = todo.popleft()
        if u != a and field(u).craft:
            continue
        for v in near[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                todo.append(v)
    return tuple(dist)


def goals(state: State, seat: int) -> list[int]:
    taken = state.taken[seat]
    need = [c for c in CRAFTS if c not in taken]
    return [board().shops[c] for c in need] if need else [board().shops[SCHNEIDER]]


def gap(here: int, state: State, seat: int) -> int:
    return min(distance(g)[here] for g in goals(state, seat))


def aiming(state: State, prompt, rng: random.Random):  # type: ignore[no-untyped-def]
    seat = prompt.seats[0]
    actions = [o.action for o in prompt.options]
    here = state.pos[seat]
    if state.phase == "start":
        tunnels = board().tunnels
        best = min(tunnels, key=lambda t: gap(t, state, seat))
        if any(isinstance(a, PlayTunnel) for a in actions) and gap(best, state, seat) + 4 <= gap(
            here, state, seat
        ):
            return PlayTunnel()
        if any(isinstance(a, PlayTwice) for a in actions) and gap(here, state, seat) > 6:
            return PlayTwice()
        return Roll()
    if state.phase == "guard":
        return Guard(play=True)
    goes = [a for a in actions if isinstance(a, Go)]
    if state.phase == "jump":
        goes.append(Go(to=field(here).id))
    best = min(goes, key=lambda a: gap(board().by_id[a.to], state, seat))
    if state.phase == "jump" and best.to == field(here).id:
        return Stay()
    return best


def random_player(state: State, prompt, rng: random.Random):  # type: ignore[no-untyped-def]
    return rng.choice(prompt.options).action


def play(players: int, seed: int, player) -> int:  # type: ignore[no-untyped-def]
    state = SPEC.setup(players, SPEC.options(), seed)
    rng = random.Random(seed)
    while SPEC.outcome(state) is None:
        prompt = SPEC.prompts(state)[0]
        state, _ = SPEC.apply(state, prompt.seats[0], player(state, prompt, rng))
    return state.turn_no


def main(games: int) -> None:
    for name, player in (("aiming", aiming), ("random", random_player)):
        for players in (2, 3, 4):
            turns = sorted(play(players, seed, player) for seed in range(games))
            q = statistics.quantiles(turns, n=4)
            within = sum(20 <= t <= 40 for t in turns) / games
            print(
                f"{name:6} {players}p: median {statistics.median(turns):.0f} turns "
                f"(middle half {q[0]:.0f}–{q[2]:.0f}), {within:.0%} within 20–40, "
                f"{statistics.median(turns) / players:.1f} rounds"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
