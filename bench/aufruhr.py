"""AUFRUHR! engine benchmark: whole random 6-player games, engine time only.

    python -m bench.aufruhr [--games 20] [--players 6] [--events 14]

A random but plausible table: ballots for random others, most mayors keep their folders
(one in ten fills one at random), bids of 0, the minimum or a little more, every other
decision a random button. "Engine time" is the time spent in `apply` (every answer,
refused ones included) plus one `prompts` call per answer, as the bot makes them.
The target (issue 6) is at most 50 ms for a whole 6-player game.
"""

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.aufruhr import SPEC
from rules.aufruhr.model import Options
from rules.core.errors import RuleError
from rules.core.protocol import payload


def choose(prompt, r: random.Random) -> dict:
    if prompt.id.startswith("folder") and r.random() < 0.9:
        return {"type": "hand", "hand": False}
    if prompt.id.startswith("bid"):
        return payload(r.choice(prompt.options[:3]).action)
    return payload(r.choice(prompt.options).action)


def game(players: int, events: int, seed: int) -> tuple[float, int, int]:
    """Engine seconds, answers applied, rounds played."""
    r = random.Random(seed)
    engine = 0.0
    t0 = time.perf_counter()
    state = SPEC.setup(players, Options(events=events), seed)
    engine += time.perf_counter() - t0
    answers = 0
    while True:
        t0 = time.perf_counter()
        done = SPEC.outcome(state) is not None
        prompts = [] if done else SPEC.prompts(state)
        engine += time.perf_counter() - t0
        if done:
            return engine, answers, state.round
        prompt = prompts[0]
        seat = r.choice(prompt.seats)
        action = SPEC.parse_action(choose(prompt, r))
        t0 = time.perf_counter()
        try:
            state, _ = SPEC.apply(state, seat, action)
            answers += 1
        except RuleError:
            pass
        engine += time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--events", type=int, default=14)
    args = parser.parse_args()
    game(args.players, args.events, 0)  # warm the caches (map, cards)
    times, answers = [], []
    for seed in range(1, args.games + 1):
        seconds, n, rounds = game(args.players, args.events, seed)
        times.append(seconds * 1000)
        answers.append(n)
    print(f"AUFRUHR! {args.players} players, {args.events} event cards ({rounds} rounds)")
    print(f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}")
    print(
        f"engine time per whole game: median {statistics.median(times):.1f} ms, "
        f"max {max(times):.1f} ms over {args.games} games "
        f"({statistics.mean(answers):.0f} answers per game, "
        f"{statistics.median(times) * 1000 / statistics.mean(answers):.0f} µs per answer)"
    )


if __name__ == "__main__":
    main()
