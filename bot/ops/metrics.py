"""What an operator watches: Prometheus metrics and a health check, off by default.

With STAMMTISCH_METRICS_PORT set, a process serves `/metrics` (the Prometheus text
format) and `/healthz` on that port, from a thread of its own (prometheus-client's
WSGI server), so a stuck event loop still answers `/metrics` and fails `/healthz`.

The metrics (README, "Running it for real", says what to alert on):
- stammtisch_commands_total{platform,kind,outcome}: every update handled; kind is the
  command (`roll`, `new`, a game's verb), `button` or `text`; outcome is ok, refused,
  duplicate, not_applied, maybe_applied or error.
- stammtisch_command_seconds{platform,kind}: how long the router took, Redis included.
- stammtisch_cas_retries_total: compare-and-set writes that lost a race and ran again.
- stammtisch_redis_errors_total{where}: Redis failures (command, ticker, outbox).
- stammtisch_deadline_lag_seconds: how late a deadline fired after it fell due.
- stammtisch_deadlines_fired_total: deadlines claimed and fired.
- stammtisch_outbox_backlog{platform}: replies waiting in this process to be sent.
- stammtisch_outbox_waiting{platform}: replies waiting in Redis, in every chat's durable
  outbox, as this process's last sweep counted them (bot/chat/courier.py).
"""

import threading
import time
from bisect import bisect_left
from collections.abc import Callable, Iterable
from itertools import accumulate
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, make_wsgi_app
from prometheus_client.core import CounterMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.exposition import ThreadingWSGIServer
from prometheus_client.samples import Sample
from prometheus_client.utils import floatToGoString

REGISTRY = CollectorRegistry(auto_describe=True)

CAS_RETRIES = Counter(
    "stammtisch_cas_retries", "Compare-and-set writes that lost a race", registry=REGISTRY
)
REDIS_ERRORS = Counter(
    "stammtisch_redis_errors", "Redis failures, by where they hit", ["where"], registry=REGISTRY
)
UNREPLICATED_WRITES = Counter(
    "stammtisch_unreplicated_writes",
    "Table writes on a Redis Cluster master that no replica confirmed in time",
    registry=REGISTRY,
)
DEADLINE_LAG = Histogram(
    "stammtisch_deadline_lag_seconds",
    "How late a deadline fired after it fell due",
    buckets=(0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900),
    registry=REGISTRY,
)
DEADLINES_FIRED = Counter(
    "stammtisch_deadlines_fired", "Deadlines claimed and fired", registry=REGISTRY
)
OUTBOX_BACKLOG = Gauge(
    "stammtisch_outbox_backlog",
    "Replies waiting in this process to be sent",
    ["platform"],
    registry=REGISTRY,
)

OUTBOX_WAITING = Gauge(
    "stammtisch_outbox_waiting",
    "Replies waiting in the durable outboxes in Redis, at the last sweep",
    ["platform"],
    registry=REGISTRY,
)

COMMANDS_HELP = "Updates handled, by kind and outcome"
LATENCY_HELP = "Time the router took for an update, Redis included"
# Seconds, the upper bounds of stammtisch_command_seconds's buckets.
LATENCY_BUCKETS = (0.0005, 0.001, 0.002, 0.003, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5)


class _Handled:
    """stammtisch_commands_total and stammtisch_command_seconds: counted in plain dicts
    by the event loop's thread, and turned into Prometheus samples only when scraped (a
    custom collector). prometheus_client's Counter and Histogram take a lock for each
    number they change and find a histogram's bucket in a loop of Python, on every
    update, for numbers nobody reads until a scrape. A scrape (another thread) reads
    copies, each taken whole under the GIL: a histogram it reads in the middle of an
    update may show the count one ahead of the sum, as prometheus_client's may."""

    def __init__(self) -> None:
        self.counts: dict[tuple[str, str, str], int] = {}
        # (platform, kind) → how many in each bucket (the last one: above them all), then
        # the sum of the seconds
        self.latency: dict[tuple[str, str], list[float]] = {}
        # each label set's first update (its `_created` sample, as prometheus_client's)
        self.created: dict[tuple[str, ...], float] = {}

    def add(self, platform: str, kind: str, outcome: str, seconds: float) -> None:
        key = (platform, kind, outcome)
        n = self.counts.get(key)
        if n is None:
            n, self.created[key] = 0, time.time()
        self.counts[key] = n + 1
        times = self.latency.get((platform, kind))
        if times is None:
            times = self.latency[(platform, kind)] = [0] * (len(LATENCY_BUCKETS) + 2)
            self.created[(platform, kind)] = time.time()
        times[bisect_left(LATENCY_BUCKETS, seconds)] += 1  # (its bound the first ≥ it)
        times[-1] += seconds

    def describe(self) -> list[Metric]:
        return self._families({}, {}, {})

    def collect(self) -> list[Metric]:
        return self._families(self.counts.copy(), self.latency.copy(), self.created.copy())

    @staticmethod
    def _families(
        counts: dict[tuple[str, str, str], int],
        latency: dict[tuple[str, str], list[float]],
        created: dict[tuple[str, ...], float],
    ) -> list[Metric]:
        commands = CounterMetricFamily(
            "stammtisch_commands",
            COMMANDS_HELP,
            labels=["platform", "kind", "outcome"],
        )
        for labels, n in counts.items():
            commands.add_metric(list(labels), n, created=created.get(labels))
        seconds = HistogramMetricFamily(
            "stammtisch_command_seconds",
            LATENCY_HELP,
            labels=["platform", "kind"],
        )
        for labels, times in latency.items():
            times = list(times)  # (one copy: consistent with itself)
            cumulative = list(accumulate(times[:-1]))
            buckets = [(_LE[i], cumulative[i]) for i in range(len(_LE))]
            seconds.add_metric(list(labels), buckets, sum_value=times[-1])
            if labels in created:  # (the family's add_metric takes no `created`)
                named = dict(zip(("platform", "kind"), labels, strict=True))
                seconds.samples.append(Sample(f"{seconds.name}_created", named, created[labels]))
        return [commands, seconds]


_LE = [floatToGoString(b) for b in LATENCY_BUCKETS] + ["+Inf"]
_HANDLED = _Handled()
REGISTRY.register(_HANDLED)


def command(platform: str, kind: str, outcome: str, seconds: float) -> None:
    """One update handled: counted by kind and outcome, its time by kind."""
    _HANDLED.add(platform, kind, outcome, seconds)


HEALTHY_WITHIN = 30.0  # seconds: a ticker that has not reached Redis for longer is unhealthy
_beat = {"at": time.monotonic()}


def beat() -> None:
    """The ticker reached Redis: the process is alive and connected."""
    _beat["at"] = time.monotonic()


def healthy() -> bool:
    return time.monotonic() - _beat["at"] <= HEALTHY_WITHIN


def backlog(platform: str, count: Callable[[], float]) -> None:
    """Report `count()` as the platform's outbox backlog whenever metrics are read."""
    OUTBOX_BACKLOG.labels(platform).set_function(count)


# HTTP for monitors, not players: no catalog.
HEALTHY = ("200 OK", b"ok\n")
UNHEALTHY = ("503 Service Unavailable", b"no contact with Redis\n")


def _app() -> Callable[..., Iterable[bytes]]:
    metrics = make_wsgi_app(REGISTRY)

    def app(environ: dict[str, Any], start: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("PATH_INFO") == "/healthz":
            status, body = HEALTHY if healthy() else UNHEALTHY
            start(status, [("Content-Type", "text/plain")])
            return [body]
        return metrics(environ, start)

    return app


class _Quiet(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # a scrape is no news
        pass


def serve(port: int, addr: str = "0.0.0.0") -> WSGIServer:
    """Serve /metrics and /healthz on `port` from a daemon thread; returns the server
    (prometheus-client's own server knows no /healthz)."""
    server = make_server(addr, port, _app(), ThreadingWSGIServer, handler_class=_Quiet)
    threading.Thread(target=server.serve_forever, daemon=True, name="metrics").start()
    return server


def serve_from_env(env: Any) -> WSGIServer | None:
    port = env.get("STAMMTISCH_METRICS_PORT")
    return serve(int(port)) if port else None
