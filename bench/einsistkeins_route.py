"""EINS IST KEINS route search benchmark: what one `/go <pub or station>` costs.

    python -m bench.einsistkeins_route [--calls 2000] [--seed 1]

Each call is what the engine does for `/go`: find the typed place, then the best route
from a random square of the board to a random pub or station within a random budget of
1–6 points (trams on in three calls of four, as at night on the half hour they stop).
Also timed: the full `apply` of a `/go` action on a game state (route, move, visit).
The target (issue 7) is at most 2 ms per call.
"""

import argparse
import contextlib
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.errors import RuleError
from rules.einsistkeins.board import BOARD_GAME
from rules.einsistkeins.board.engine import setup
from rules.einsistkeins.board.graph import board
from rules.einsistkeins.board.model import Go, Options
from rules.einsistkeins.board.places import find_place
from rules.einsistkeins.board.route import via


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    r = random.Random(args.seed)
    b = board()
    places = sorted(b.by_name)
    squares = len(b.squares)
    find_place(places[0], [])  # warm the board's cache

    route_times = []
    for _ in range(args.calls):
        source, text = r.randrange(squares), r.choice(places)
        budget, trams = r.randint(1, 6), r.random() < 0.75
        t0 = time.perf_counter()
        via(source, [find_place(text, [])], budget, trams)
        route_times.append(time.perf_counter() - t0)

    apply_times = []
    state = setup(2, Options(), args.seed)
    state.phase, state.roll, state.alcohol = "act", 6, [23, 23]
    for _ in range(args.calls // 4):
        state.pos[state.turn] = r.randrange(squares)
        action = Go(to=(r.choice(places),))
        t0 = time.perf_counter()
        with contextlib.suppress(RuleError):  # already there: refused, also timed
            BOARD_GAME.apply(state, state.turn, action)
        apply_times.append(time.perf_counter() - t0)

    print(
        f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}"
    )
    print(f"board: {squares} squares, {len(b.by_name)} places")
    for label, times in (("route search (/go)", route_times), ("apply(/go)", apply_times)):
        ms = [t * 1000 for t in times]
        print(
            f"{label}: {len(ms)} calls, mean {statistics.mean(ms):.3f} ms, "
            f"median {statistics.median(ms):.3f} ms, p99 {_percentile(ms, 0.99):.3f} ms, "
            f"max {max(ms):.3f} ms"
        )


if __name__ == "__main__":
    main()
