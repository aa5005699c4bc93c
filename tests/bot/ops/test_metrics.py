"""What an operator watches: metrics by command and outcome, a health check, JSON logs."""

import asyncio
import json
import logging
import urllib.request

from bot.chat.router import Incoming
from bot.ops import logs, metrics
from bot.store.scheduler import Deadlines, run_ticker
from tests.fixtures.chat import Chat


def _value(name: str, **labels: str) -> float:
    return metrics.REGISTRY.get_sample_value(name, labels) or 0.0


async def test_commands_are_counted_by_kind_and_outcome(redis):
    chat = Chat.make(redis)
    before_ok = _value("stammtisch_commands_total", platform="console", kind="new", outcome="ok")
    before_refused = _value(
        "stammtisch_commands_total", platform="console", kind="join", outcome="refused"
    )
    before_n = _value("stammtisch_command_seconds_count", platform="console", kind="new")
    await chat.say("alice: /new auktion", "alice: /join")  # opened; then refused
    await chat.router.handle(
        Incoming("console", "group", "bob", "bob", text="/join", update_id="x")
    )
    await chat.router.handle(
        Incoming("console", "group", "bob", "bob", text="/join", update_id="x")
    )
    labels = {"platform": "console"}
    assert _value("stammtisch_commands_total", **labels, kind="new", outcome="ok") == before_ok + 1
    assert (
        _value("stammtisch_commands_total", **labels, kind="join", outcome="refused")
        == before_refused + 1
    )
    assert _value("stammtisch_commands_total", **labels, kind="join", outcome="duplicate") >= 1
    assert _value("stammtisch_command_seconds_count", **labels, kind="new") == before_n + 1


async def test_deadlines_report_their_lag_and_the_ticker_its_health(redis):
    d = Deadlines(redis, "lag")
    await d.add({"lag|c|timeout|1|t": 100.0})
    fired = []

    async def fire(member: str) -> None:
        fired.append(member)

    before = _value("stammtisch_deadline_lag_seconds_count")
    metrics._beat["at"] -= 3600  # long silent: unhealthy
    assert not metrics.healthy()
    task = asyncio.create_task(run_ticker(d, fire, clock=lambda: 102.5, interval=0.01))
    for _ in range(200):
        if fired:
            break
        await asyncio.sleep(0.01)
    task.cancel()
    assert fired and metrics.healthy()
    assert _value("stammtisch_deadline_lag_seconds_count") == before + 1
    assert _value("stammtisch_deadline_lag_seconds_bucket", le="5.0") >= 1


def test_metrics_and_health_are_served_on_their_port():
    server = metrics.serve(0, "127.0.0.1")
    try:
        port = server.server_port
        metrics.beat()
        body = urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics").read().decode()
        assert "stammtisch_commands_total" in body and "stammtisch_cas_retries_total" in body
        health = urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz")
        assert health.status == 200
        metrics._beat["at"] -= 3600
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz")
        except urllib.error.HTTPError as e:
            assert e.code == 503
        else:
            raise AssertionError("an unhealthy process answered 200")
    finally:
        metrics.beat()
        server.shutdown()


async def test_json_logs_carry_the_platform_chat_and_table_version(redis, capsys):
    logs.configure({"STAMMTISCH_LOG": "json"})
    try:
        chat = Chat.make(redis)
        await chat.say("alice: /new auktion")
        logging.getLogger("stammtisch.test").info("after the write")
        line = json.loads(capsys.readouterr().err.strip().splitlines()[-1])
        assert line["message"] == "after the write" and line["level"] == "INFO"
        assert line["platform"] == "console" and line["chat"] == "group"
        assert line["version"] == 2  # the lobby, then its message's id (remember_status)
    finally:
        logging.basicConfig(force=True)


def test_command_samples_are_prometheus_clients_own():
    """The commands' counts and latencies (counted without prometheus_client's locks,
    bot/ops/metrics.py) are scraped as its Counter and Histogram would show them."""
    from prometheus_client import CollectorRegistry, Counter, Histogram

    registry = CollectorRegistry()
    counter = Counter("stammtisch_commands", "", ["platform", "kind", "outcome"], registry=registry)
    histogram = Histogram(
        "stammtisch_command_seconds",
        "",
        ["platform", "kind"],
        buckets=metrics.LATENCY_BUCKETS,
        registry=registry,
    )
    ours = metrics._Handled()
    times = [0.0001, 0.0005, 0.0007, 0.001, 0.0031, 0.2, 1, 4.9, 5, 7.5]
    for i, seconds in enumerate(times):
        kind, outcome = ("button", "ok") if i % 3 else ("join", "refused")
        ours.add("sample", kind, outcome, seconds)
        counter.labels("sample", kind, outcome).inc()
        histogram.labels("sample", kind).observe(seconds)

    def samples(families):  # (a `_created` sample's time is each side's own)
        return sorted(
            (s.name, tuple(sorted(s.labels.items())), None if created else s.value)
            for family in families
            for s in family.samples
            for created in [s.name.endswith("_created")]
        )

    theirs = samples(registry.collect())
    assert samples(ours.collect()) == theirs
    assert (
        "stammtisch_command_seconds_bucket",
        (("kind", "button"), ("le", "+Inf"), ("platform", "sample")),
        6.0,
    ) in theirs
