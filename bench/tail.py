"""The slowest 1 % of commands, and what made them slow.

Each command of bench/load.py's quiet run is kept with what it did and what its wall
time held (bench/load.py `Record`): this process's CPU, the garbage collector's pauses,
and the time this process or redis-server was ready to run but had no CPU (Linux's
schedstat: on a machine shared with other work, the other work's). The p99 is then
told apart: the commands that ended their step (the next prompts asked privately, the
group told, often the board drawn), a pause of the collector, a wait for a CPU.
"""

import statistics
from typing import Any

WAIT = 0.0005  # seconds without a CPU from which a command counts as having waited


def _p(xs: list[float], p: int) -> float:
    if len(xs) < 2:
        return xs[0] * 1000 if xs else 0.0
    return statistics.quantiles(xs, n=100, method="inclusive")[p - 1] * 1000


def slowest(records: list[Any], waits: bool) -> str:
    """What the slowest 1 % of `records` (one game's commands) did; `waits`: whether
    redis-server's waits for a CPU were seen (one server on this machine)."""
    if not records:
        return ""
    n = max(1, round(len(records) / 100))
    top = sorted(records, key=lambda r: r.wall, reverse=True)[:n]
    ended = [r for r in records if r.advanced]
    rest = [r for r in records if not r.advanced]
    paused = [r for r in top if r.gc > 0]
    waited = [r for r in top if r.waited >= WAIT]
    who = "this process or redis-server" if waits else "this process"
    mean = statistics.mean
    lines = [
        f"    slowest 1 % ({n} commands, {top[-1].wall * 1000:.2f} ms and more): "
        f"{sum(r.advanced for r in top)} ended their step, {sum(r.board for r in top)} drew "
        f"the board; {len(paused)} held a GC pause"
        + (f" ({mean(r.gc for r in paused) * 1000:.2f} ms on average)" if paused else "")
        + f"; {len(waited)} waited ≥ {WAIT * 1000:.1f} ms for a CPU ({who})"
        + (f", {mean(r.waited for r in waited) * 1000:.2f} ms on average" if waited else ""),
        "    CPU of a command that ended its step "
        + (
            f"({len(ended) / len(records):.0%} of them): p50 {_p([r.cpu for r in ended], 50):.2f}, "
            f"p99 {_p([r.cpu for r in ended], 99):.2f} ms; of the others: p50 "
            f"{_p([r.cpu for r in rest], 50):.2f}, p99 {_p([r.cpu for r in rest], 99):.2f} ms; "
            if rest
            else f"(all of them): p50 {_p([r.cpu for r in ended], 50):.2f}, p99 "
            f"{_p([r.cpu for r in ended], 99):.2f} ms; "
        )
        + f"wall p99 less the waits for a CPU {_p([r.wall - r.waited for r in records], 99):.2f} "
        f"ms, less GC pauses too {_p([r.wall - r.waited - r.gc for r in records], 99):.2f} ms",
    ]
    return "\n".join(lines)
