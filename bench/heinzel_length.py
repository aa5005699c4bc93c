"""How long a game of Die Heinzelmännchen von Köln lasts on our board of Cologne.

    PYTHONPATH=. python -m bench.heinzel_length [games]

Plays whole games through the engine with two kinds of robot players and prints the
number of turns (one turn = one player's turn) per game: the median, the middle half and
the share within 20–40. `random` presses a random button every time; `aiming` is
tests/fixtures/heinzel_robot.py's player who walks to the field it still needs. The figures are in
rules/heinzel/NOTES.md ("Length of a game").
"""

import random
import statistics
import sys

from rules.heinzel import SPEC
from rules.heinzel.model import State
from tests.fixtures.heinzel_robot import aiming


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
