"""Gaa Under Gunnar benchmark: the legal-route search and a whole `/go`.

    python -m bench.tube [--calls 500] [--seed 1]

1. The search for every way a 12-point turn can end (the most a turn has: a 6 doubled)
   from the busiest station, with no heading (every direction open): the target (issue
   15) is a median of at most 5 ms. Also from random stations and headings.
2. A whole `/go <station>` apply on a game state: name lookup, search, the route chosen,
   the move, sips, drop and the die passed on (the next player's roll); and that apply
   followed by `prompts` (the next mover's buttons: a second search), as the bot does.
Each prints the median with the 10th and 90th percentiles and the maximum.
"""

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.tube import SPEC
from rules.tube.model import Choose, Go, Options
from rules.tube.network import net
from rules.tube.route import ends, search


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _report(name: str, seconds: list[float]) -> None:
    ms = [s * 1000 for s in seconds]
    print(
        f"{name:<44} median {statistics.median(ms):6.2f} ms  "
        f"p10 {_percentile(ms, 0.1):6.2f}  p90 {_percentile(ms, 0.9):6.2f}  "
        f"max {max(ms):6.2f}  (n={len(ms)})"
    )


def _timed(fn, calls: int) -> list[float]:
    out = []
    for _ in range(calls):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    r = random.Random(args.seed)
    n = net()
    busiest = max(sorted(n.adj), key=lambda s: len(n.adj[s]))
    print(f"python {platform.python_version()} on {platform.machine()}, {args.calls} calls each")
    print(f"busiest station: {n.names[busiest]} ({len(n.adj[busiest])} line-edges)")
    ends(busiest, None, 12)  # build the search's state table once, as a running bot has
    _report(
        "search, 12 points from the busiest station",
        _timed(lambda: search(busiest, None, 12), args.calls),
    )
    _report(
        "reachable ends (search + names), same", _timed(lambda: ends(busiest, None, 12), args.calls)
    )

    stations = sorted(n.adj)

    def random_search() -> None:
        here = r.choice(stations)
        line_to = r.choice(n.adj[here])
        search(here, (line_to[1], line_to[0]), r.randint(1, 12))

    _report("search, random station, heading and points", _timed(random_search, args.calls))

    state = SPEC.setup(3, Options(), args.seed)
    for s in ("baker_street", "victoria", "aldgate"):
        seat = next(p for p in SPEC.prompts(state) if not p.standing).seats[0]
        state, _ = SPEC.apply(state, seat, Choose(station=s))
    mover = state.turn
    state.points = 12
    next(p for p in state.players if p.seat == mover).station = busiest
    targets = sorted(n.names[s] for s in ends(busiest, None, 12))

    def go() -> None:
        SPEC.apply(state, mover, Go(to=r.choice(targets)))

    def go_and_prompts() -> None:
        after, _ = SPEC.apply(state, mover, Go(to=r.choice(targets)))
        SPEC.prompts(after)

    calls = max(1, args.calls // 5)
    _report("/go apply, 12 points from the busiest station", _timed(go, calls))
    _report("/go apply + the next prompts", _timed(go_and_prompts, calls))


if __name__ == "__main__":
    main()
