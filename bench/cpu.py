"""Where a run's CPU went: a process's own, redis-server's, the whole machine's.

Linux's /proc: `schedstat` says how long a process ran and how long it was ready to
run but waited for a CPU (another process had it); `/proc/stat` how busy the machine
was. redis-server's own CPU comes from `INFO cpu` (every thread, its network work
included). Where /proc is absent the figures are zeros.
"""

import os
import resource
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def max_rss() -> float:
    """The most resident memory this process has held so far, in MB (Linux: KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def own_cpu() -> float:
    """This process's CPU seconds so far (user and system)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def waited(pid: int | str = "self") -> float:
    """Seconds the process's main thread was ready to run and waited for a CPU."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


@dataclass(frozen=True)
class Machine:
    """Core-seconds the machine spent busy and idle since boot (every core)."""

    busy: float
    idle: float

    @classmethod
    def now(cls) -> "Machine":
        try:
            first = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
        except OSError:
            return cls(0.0, 0.0)
        user, nice, system, idle, iowait, irq, softirq, steal = (int(x) for x in first[:8])
        busy = user + nice + system + irq + softirq + steal
        return cls(busy / TICK, (idle + iowait) / TICK)

    @property
    def total(self) -> float:
        return max(self.busy + self.idle, 1e-9)

    def __sub__(self, other: "Machine") -> "Machine":
        return Machine(self.busy - other.busy, self.idle - other.idle)


@dataclass(frozen=True)
class Servers:
    """redis-server's CPU seconds (every server of a cluster) and their time waiting
    for a CPU (main threads, when they run on this machine)."""

    cpu: float
    waited: float

    def __sub__(self, other: "Servers") -> "Servers":
        return Servers(self.cpu - other.cpu, self.waited - other.waited)


async def _nodes(url: str, cluster: bool) -> list[Any]:
    if not cluster:
        return [aioredis.Redis.from_url(url)]
    rc = RedisCluster.from_url(url)
    await rc.initialize()
    nodes = [aioredis.Redis(host=n.host, port=n.port) for n in rc.get_nodes()]
    await rc.aclose()
    return nodes


async def servers(url: str, cluster: bool) -> Servers:
    cpu = wait = 0.0
    for client in await _nodes(url, cluster):
        info = await client.info("cpu")
        cpu += float(info["used_cpu_user"]) + float(info["used_cpu_sys"])
        wait += waited((await client.info("server"))["process_id"])
        await client.aclose()
    return Servers(cpu, wait)


async def server_pid(url: str) -> int:
    client = aioredis.Redis.from_url(url)
    pid = int((await client.info("server"))["process_id"])
    await client.aclose()
    return pid


@dataclass(frozen=True)
class Account:
    """Where the CPU of a run of `workers` worker processes went, and what it allows."""

    workers: int
    done: int  # commands
    span: float  # seconds, the first worker's start to the last one's end
    cores: int
    worker_cpu: float  # the workers' CPU seconds, all of them, their robots' included
    robot_cpu: float  # of which the robots' (sending their prepared answers)
    gc: float  # of which the garbage collector's pauses (wall, in all)
    worker_waited: float  # seconds the workers were ready to run and had no CPU
    redis: Servers
    machine: Machine
    rss: float = 0.0  # MB, the largest a worker's resident memory grew (ru_maxrss)

    @classmethod
    def of(
        cls, results: list[dict], done: int, span: float, cores: int, robots: float
    ) -> "Account":
        first = min(results, key=lambda r: r["span"][0])
        last = max(results, key=lambda r: r["span"][1])
        return cls(
            workers=len(results),
            done=done,
            span=span,
            cores=cores,
            worker_cpu=sum(r["cpu"] for r in results),
            robot_cpu=robots,
            gc=sum(r["gc"] for r in results),
            worker_waited=sum(r["waited"] for r in results),
            redis=last["after"][1] - first["before"][1],
            machine=last["after"][0] - first["before"][0],
            rss=max(r.get("rss", 0.0) for r in results),
        )

    @property
    def costs(self) -> tuple[float, float]:
        """CPU seconds a command: a worker's (its robots' included), redis-server's."""
        return self.worker_cpu / self.done, self.redis.cpu / self.done

    @property
    def ceiling(self) -> float:
        """Commands/s the cores allow at these costs with nothing else running: a
        worker is one process (one core at most), and the workers and redis-server
        share the cores."""
        w, r = self.costs
        return min(self.workers / w, self.cores / (w + r))

    def report(self) -> str:
        w, r = self.costs
        others = max(0.0, self.machine.busy - self.worker_cpu - self.redis.cpu)
        each = " each" if self.workers > 1 else ""
        return (
            f"  CPU in those {self.span:.2f} s ({self.cores} cores: "
            f"{self.cores * self.span:.1f} core-s): the worker{'s' if self.workers > 1 else ''} "
            f"{self.worker_cpu:.2f} s ({self.worker_cpu / self.workers / self.span:.0%} of a "
            f"core{each}; {w * 1000:.2f} ms a command, the robots' part "
            f"{self.robot_cpu / self.done * 1000:.2f} ms, GC pauses {self.gc:.2f} s in all), "
            f"ready but without a CPU {self.worker_waited:.2f} s; redis-server "
            f"{self.redis.cpu:.2f} s ({r * 1000:.2f} ms a command), without a CPU "
            f"{self.redis.waited:.2f} s; other processes on the machine {others:.2f} s; idle "
            f"{self.machine.idle:.2f} core-s; a worker's resident memory at most "
            f"{self.rss:.0f} MB\n"
            f"  at these costs {self.cores} cores serve at most {self.ceiling:.0f} commands/s "
            f"(min({self.workers} / worker, {self.cores} / (worker + redis-server))): this "
            f"run reached {self.done / self.span / self.ceiling:.0%} of it"
            + (
                f"\n  (other processes took {others / self.machine.total:.0%} of the "
                "cores: not the bench's machine alone, these figures are the machine's)"
                if others > 0.1 * self.machine.total
                else ""
            )
        )


def scaling(runs: dict[int, list[tuple[float, "Account"]]]) -> str:
    """Commands/s of n workers against one, beside what the cores allow at the costs
    measured in each run; run by run (the k-th of n workers against the k-th of one, run
    just before it), and their median with its spread when there are several."""
    ones = runs[1]
    lines = []
    for n, measured in sorted(runs.items()):
        if n == 1:
            continue
        got, allowed = [], []
        for (rate, acc), (one_rate, one) in zip(measured, ones, strict=False):
            w, r = acc.costs
            got.append(rate / one_rate)
            allowed.append(acc.ceiling / one.ceiling)
            lines.append(
                f"{n} workers / 1: {got[-1]:.2f}× the commands/s. At the CPU costs "
                f"measured (a worker's {w * 1000:.2f} ms a command, redis-server's "
                f"{r * 1000:.2f} ms), {acc.cores} cores allow {acc.ceiling:.0f}/s with {n} "
                f"workers, {one.ceiling:.0f}/s with one: {allowed[-1]:.2f}×"
            )
        if len(got) > 1:
            lines.append(
                f"{n} workers / 1 in {len(got)} runs each, in turn: median {_spread(got)}; "
                f"the cores allowed {_spread(allowed)}; commands/s with one "
                f"{_spread([r for r, _ in ones], '.0f', '')}, with {n} "
                f"{_spread([r for r, _ in measured], '.0f', '')}"
            )
    return "\n" + "\n".join(lines)


def _spread(xs: list[float], form: str = ".2f", unit: str = "×") -> str:
    """`median (lowest–highest)`."""
    return f"{statistics.median(xs):{form}}{unit} ({min(xs):{form}}–{max(xs):{form}}{unit})"
