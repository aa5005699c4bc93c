"""Dice benchmark: what parsing and rolling one `/roll` expression costs in the engine,
and the same against d20 (avrae's dice library, a test dependency) side by side.

    python -m bench.dice [--runs 2000]

First `4d6kh3+2`, parse + roll, ours and d20's with its parse cache off (a cache would
measure a dictionary look-up, not a parser; ours has none), interleaved in one run so
both see the same machine: the median, the 10th–90th percentile and the ratio. Then
ours alone from a typical roll to the largest the limits allow (1,000 dice of
1,000,000 sides): the median and p99.
"""

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.rng import Rng
from rules.dice import roll

EXPRESSIONS = (
    "d20",
    "4d6kh3+2",
    "6x 4d6kh3",
    "5d10!>=8",
    "1d20+5 >= 15",
    "4d6r1",
    "1d8[slashing]+2d6[fire]+3",
    "4dF",
    "1000d1000000",
)
VERSUS = "4d6kh3+2"


def percentile(times: list[float], q: float) -> float:
    return times[min(len(times) - 1, int(len(times) * q))]


def side_by_side(runs: int) -> None:
    try:
        import d20
        import d20.diceast
    except ImportError:
        print("d20 is not installed (pip install -e '.[test]'): no comparison")
        return
    roller = d20.Roller()
    # A string given to `roll` is looked up in the roller's parse cache first, which has no
    # public switch; parsing with d20's grammar ourselves and rolling the tree is exactly
    # what a miss of that cache does, so every roll parses its text again, as ours does.
    parse = d20.diceast.parser.parse
    random.seed(1)  # d20 draws from the global generator
    rng = Rng.from_seed(1)
    contenders: dict[str, Callable[[], object]] = {
        "ours": lambda: roll(VERSUS, rng),
        "d20": lambda: roller.roll(parse(VERSUS, start="expr")),
    }
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for run in contenders.values():  # warm up: imports, lark's lexer, caches
        for _ in range(50):
            run()
    for _ in range(runs):  # interleaved: a busy moment hits both alike
        for name, run in contenders.items():
            start = time.perf_counter()
            run()
            times[name].append((time.perf_counter() - start) * 1e6)
    medians = {}
    for name, measured in times.items():
        measured.sort()
        medians[name] = statistics.median(measured)
        print(
            f"{VERSUS} parse + roll, {name:>4}: median {medians[name]:7.1f} µs"
            f"   p10–p90 {percentile(measured, 0.1):6.1f}–{percentile(measured, 0.9):7.1f} µs"
        )
    print(f"ours / d20 (medians): {medians['ours'] / medians['d20']:.2f}")


def timed(text: str, runs: int) -> list[float]:
    rng = Rng.from_seed(1)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        roll(text, rng)
        times.append((time.perf_counter() - start) * 1e6)
    return sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.runs} runs each")
    side_by_side(args.runs)
    print()
    for text in EXPRESSIONS:
        runs = args.runs if "1000d" not in text else max(20, args.runs // 20)
        times = timed(text, runs)
        print(
            f"{text:>26}: median {statistics.median(times):8.1f} µs"
            f"   p99 {percentile(times, 0.99):8.1f} µs"
        )


if __name__ == "__main__":
    main()
