"""Dice benchmark: what parsing and rolling one `/roll` expression costs in the engine.

    python -m bench.dice [--runs 2000]

Prints the median and p99 per expression, from a typical roll to the largest one the
limits allow (1,000 dice of 1,000,000 sides).
"""

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.core.rng import Rng
from rules.dice import roll

EXPRESSIONS = ("d20", "4d6kh3+2", "6x 4d6kh3", "5d10!>=8", "4dF", "1000d1000000")


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
    for text in EXPRESSIONS:
        runs = args.runs if "1000d" not in text else max(20, args.runs // 20)
        times = timed(text, runs)
        p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
        print(f"{text:>14}: median {statistics.median(times):8.1f} µs   p99 {p99:8.1f} µs")


if __name__ == "__main__":
    main()
