"""Deadlines on fakeredis and a real redis-server: order, cancelling, and exactly once."""

import asyncio
import contextlib
import logging
import signal
import subprocess
import sys
import zlib
from collections import Counter

import pytest
from redis.exceptions import ConnectionError as RedisConnectionError

from bot.store.keys import deadlines_key
from bot.store.scheduler import Claim, Deadlines, run_ticker, shard_of, stop
from tests.conftest import make_backend
from tests.fixtures.paths import ROOT

PLATFORM = "test"
KEY = deadlines_key(PLATFORM, 0)


def one_queue(redis) -> Deadlines:
    """The deadlines in one shard (KEY), where their order is the claim order."""
    return Deadlines(redis, PLATFORM, shards=1)


# Also against a Redis Cluster of three masters (issue 21): every key and script of one
# table or one deadline queue stays in one slot.
@pytest.fixture(params=["fake", "real", "cluster"])
async def backend(request):
    async for made in make_backend(request):
        yield made


async def test_due_deadlines_come_in_time_order_and_only_once(redis):
    d = one_queue(redis)
    assert await d.next_due() is None
    assert await d.claim_due(1e12) == []
    await d.add({"late": 30.0, "early": 10.0, "future": 99.0, "exact": 50.0})
    assert await d.next_due() == 10.0
    assert await d.claim_due(5.0) == []
    assert await d.claim_due(50.0) == ["early", "late", "exact"]  # due at `now` counts
    assert await d.claim_due(50.0) == []
    assert await d.next_due() == 99.0
    assert await d.claim_due(100.0) == ["future"]
    assert await redis.zcard(KEY) == 0


async def test_cancel_and_move(redis):
    d = one_queue(redis)
    await d.add({"a": 10.0, "b": 10.0, "c": 80.0})
    await d.cancel("a")
    await d.cancel()  # nothing to cancel: no command
    await d.cancel("never-added")
    await d.add({"b": 60.0})  # re-adding moves it later …
    await d.add({"c": 15.0})  # … or earlier
    await d.add({})
    assert await d.claim_due(20.0) == ["c"]
    assert await d.claim_due(59.0) == []
    assert await d.claim_due(60.0) == ["b"]


async def test_claim_respects_the_limit_earliest_first(redis):
    d = one_queue(redis)
    await d.add({f"m{i}": float(i) for i in range(10)})
    assert await d.claim_due(100.0, limit=4) == ["m0", "m1", "m2", "m3"]
    assert await d.claim_due(100.0) == [f"m{i}" for i in range(4, 10)]


async def test_a_deadline_moved_during_a_claim_is_not_lost(redis, redis_factory):
    """The router re-adds a deadline (moves it later) just as a ticker claims it. The
    claim must see it either before the move (fired at its old time, the moved one
    kept) or after (not due yet); never remove the moved one, so it never fires."""
    claimer = one_queue(redis)
    mover = one_queue(await redis_factory())
    await mover.add({"m": 10.0})
    send, moved = redis.execute_command, False

    async def move_after_the_first_answer(*args, **kwargs):
        nonlocal moved
        answer = await send(*args, **kwargs)
        if not moved:
            moved = True
            await mover.add({"m": 100.0})
        return answer

    redis.execute_command = move_after_the_first_answer
    claimed = await claimer.claim_due(50.0)
    assert moved
    assert claimed in (["m"], [])
    assert await mover.redis.zscore(KEY, "m") == 100.0
    assert await mover.claim_due(100.0) == ["m"]


async def _stop(*tasks: asyncio.Task) -> None:
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError):
            await task


async def test_two_tickers_fire_each_deadline_exactly_once(redis, redis_factory, backend):
    # 100 due at once, 200 falling due one by one over 0.2 s of the injected clock.
    members = {f"m{i}": 0.0 if i < 100 else (i - 100) / 1000 for i in range(300)}
    await one_queue(redis).add(members)
    now = 0.0
    fired: list[tuple[int, str]] = []

    def fire_as(process: int):
        async def fire(member: str) -> None:
            fired.append((process, member))
            await asyncio.sleep(0)  # firing takes a moment: the other ticker runs

        return fire

    tickers = [
        asyncio.create_task(
            run_ticker(
                one_queue(await redis_factory()),  # two processes: own clients
                fire_as(process),
                clock=lambda: now,
                interval=0.005,
            )
        )
        for process in range(2)
    ]
    loop = asyncio.get_running_loop()
    try:
        for step in range(1, 41):  # time passes; both tickers race over what falls due
            now = step / 200
            await asyncio.sleep(0.005)
        give_up = loop.time() + 5
        while len(fired) < len(members) and loop.time() < give_up:
            await asyncio.sleep(0.005)
        await asyncio.sleep(0.05)  # ten more ticks each: a second firing would show now
    finally:
        await _stop(*tickers)
    assert await redis.zcard(KEY) == 0  # all claimed
    times = Counter(member for _, member in fired)
    assert set(times) == set(members)  # none lost
    assert [m for m, n in times.items() if n != 1] == []  # none fired twice
    per_process = Counter(process for process, _ in fired)
    print(f"{backend.kind}: fired per ticker {dict(per_process)}")
    # Measured: about 100 and 200 each time. A ticker that never won a claim would
    # mean the two never raced, and the test proved nothing.
    assert len(per_process) == 2, per_process


async def test_a_failing_deadline_is_logged_and_the_ticker_goes_on(redis, caplog):
    d = one_queue(redis)
    await d.add({"bad": 1.0, "good": 2.0, "later": 20.0})
    fired = []
    now = 10.0

    async def fire(member: str) -> None:
        if member == "bad":
            raise RuntimeError("boom")
        fired.append(member)

    with caplog.at_level(logging.ERROR, logger="bot.store.scheduler"):
        task = asyncio.create_task(run_ticker(d, fire, clock=lambda: now, interval=0.001))
        try:
            for _ in range(400):
                if fired == ["good"]:
                    now = 30.0  # the next tick, after the failure, still fires
                if len(fired) == 2:
                    break
                await asyncio.sleep(0.005)
        finally:
            await _stop(task)
    assert fired == ["good", "later"]
    assert "deadline bad failed" in caplog.text and "RuntimeError: boom" in caplog.text


async def test_a_backlog_is_fired_in_one_tick_not_one_batch_per_interval(redis):
    d = one_queue(redis)
    await d.add({f"m{i}": float(i) for i in range(250)})  # e.g. after a restart
    fired: list[str] = []

    async def fire(member: str) -> None:
        fired.append(member)

    task = asyncio.create_task(run_ticker(d, fire, clock=lambda: 1000.0, interval=3600))
    try:
        for _ in range(400):
            if len(fired) == 250:
                break
            await asyncio.sleep(0.005)
    finally:
        await _stop(task)
    assert fired == [f"m{i}" for i in range(250)]  # all, in time order, within the first tick


async def test_a_ticker_survives_redis_being_unreachable(redis, caplog):
    class Flaky(Deadlines):
        failures = 2

        async def claim(self, now: float, lease: float = 60.0):
            if self.failures:
                self.failures -= 1
                raise RedisConnectionError("connection refused")
            return await super().claim(now, lease)

    d = Flaky(redis, PLATFORM)
    await d.add({"m": 1.0})
    fired: list[str] = []

    async def fire(member: str) -> None:
        fired.append(member)

    with caplog.at_level(logging.ERROR, logger="bot.store.scheduler"):
        task = asyncio.create_task(run_ticker(d, fire, clock=lambda: 5.0, interval=0.001))
        try:
            for _ in range(400):
                if fired:
                    break
                await asyncio.sleep(0.005)
        finally:
            await _stop(task)
    assert fired == ["m"]
    assert caplog.text.count("deadline ticker could not reach Redis") == 2


async def test_a_claimer_that_dies_before_acknowledging_loses_nothing(redis, redis_factory):
    """A process killed between claim and acknowledgement: its lease runs out and another
    process claims the deadline again; acknowledged, it is gone for good."""
    d = one_queue(redis)
    await d.add({f"m{i}": float(i) for i in range(100)})
    dead = [await d.claim(200.0, lease=30.0) for _ in range(85)]  # claimed, never acked
    assert [c.member for c in dead] == [f"m{i}" for i in range(85)]
    other = one_queue(await redis_factory())
    alive = []
    while (c := await other.claim(200.0, lease=30.0)) is not None:
        alive.append(c.member)
        await other.ack(c)
    assert alive == [f"m{i}" for i in range(85, 100)]  # the dead claims are not due yet
    late = []
    while (c := await other.claim(231.0, lease=30.0)) is not None:  # their leases ran out
        late.append(c.member)
        await other.ack(c)
    assert sorted(late, key=lambda m: int(m[1:])) == [f"m{i}" for i in range(85)]
    assert await other.claim(10_000.0) is None  # nothing fires twice once acknowledged


async def test_an_acknowledgement_after_the_lease_ran_out_spares_the_new_claim(redis):
    d = one_queue(redis)
    await d.add({"m": 1.0})
    slow = await d.claim(5.0, lease=10.0)
    again = await d.claim(16.0, lease=10.0)  # the slow claimer's lease ran out
    assert slow is not None and again is not None and again.member == "m"
    await d.ack(slow)  # late: must not remove the new claim
    assert await d.claim(27.0, lease=10.0) is not None  # the new claim ran out in turn


async def test_a_graceful_stop_hands_back_what_it_was_firing(redis):
    """A ticker cancelled mid-fire (a graceful stop) releases its claim: due at once, for
    the next process."""
    d = one_queue(redis)
    await d.add({f"m{i}": float(i) for i in range(100)})
    started = asyncio.Event()
    fired: list[str] = []

    async def fire(member: str) -> None:
        if len(fired) == 15:
            started.set()
            await asyncio.sleep(3600)  # stopped while firing this one
        fired.append(member)

    task = asyncio.create_task(run_ticker(d, fire, clock=lambda: 500.0, interval=0.001))
    await asyncio.wait_for(started.wait(), 5)
    await _stop(task)
    rest = []
    while (c := await d.claim(500.0)) is not None:
        rest.append(c.member)
        await d.ack(c)
    assert len(fired) == 15 and "m15" in rest  # the one being fired was handed back
    assert sorted(fired + rest) == sorted(f"m{i}" for i in range(100))  # none lost, none twice


# A ticker in a real OS process against the real redis-server: each fire is recorded in a
# Redis list, slowly, so the process can be killed mid-fire.
TICKER = """
import asyncio, signal, sys, time
import redis.asyncio as aioredis
from bot.store.scheduler import Deadlines, run_ticker

from bot.store.cluster import Cluster

async def main():
    r = (Cluster if sys.argv[3] == "cluster" else aioredis.Redis).from_url(sys.argv[1])
    d = Deadlines(r, "test")
    async def fire(member):
        await r.rpush("fired", member)
        await asyncio.sleep(0.002)
    ticker = asyncio.create_task(
        run_ticker(d, fire, clock=time.time, interval=0.01, lease=float(sys.argv[2]))
    )
    # SIGTERM stops it as the bots' on_stop does: the ticker task is cancelled
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, ticker.cancel)
    try:
        await ticker
    except asyncio.CancelledError:
        pass

asyncio.run(main())
"""


def _ticker(backend, lease: float = 2.0) -> subprocess.Popen:
    args = [sys.executable, "-c", TICKER, backend.url, str(lease), backend.kind]
    return subprocess.Popen(args, cwd=ROOT)


# The ticker processes against one server and against the cluster (3 masters, a
# replica each): a claim and its lease live in one deadline shard's slot either way.
@pytest.fixture(params=["real", "cluster"])
async def process_backend(request):
    async for made in make_backend(request):
        yield made


@pytest.mark.slow  # a ticker process of its own
async def test_a_ticker_process_stopped_gracefully_mid_batch_loses_no_deadline(process_backend):
    """1,000 due deadlines; a ticker process is stopped (SIGTERM: its ticker cancelled)
    while firing them: it hands back its claim before it exits, so a second one fires
    the rest at once, none lost — without waiting for a lease (an hour here) to run out."""
    r = process_backend.client()  # (flushed)
    d = Deadlines(r, "test")
    await d.add({f"m{i}": float(i) for i in range(1000)})
    first = _ticker(process_backend, lease=3600)
    try:
        for _ in range(500):
            if await r.llen("fired") >= 100:
                break
            await asyncio.sleep(0.01)
        first.send_signal(signal.SIGTERM)
        assert first.wait(10) == 0  # it stopped by itself
        stopped_after = await r.llen("fired")
        assert 0 < stopped_after < 1000, "the stop must come mid-batch"
        claimed = [k + ":claimed" for k in d.keys]
        assert sum([await r.zcard(k) for k in claimed]) == 0  # nothing left claimed
        second = _ticker(process_backend, lease=3600)
        try:
            for _ in range(3000):
                if len({m for m in await r.lrange("fired", 0, -1)}) == 1000:
                    break
                await asyncio.sleep(0.01)
        finally:
            second.send_signal(signal.SIGTERM)
            second.wait(10)
        all_fired = [m.decode() for m in await r.lrange("fired", 0, -1)]
        assert set(all_fired) == {f"m{i}" for i in range(1000)}, "a deadline was lost"
        assert len(all_fired) - len(set(all_fired)) <= 1  # the one cut short, at most
        print(f"stopped after {stopped_after} of 1000; fired twice: {len(all_fired) - 1000}")
    finally:
        if first.poll() is None:
            first.kill()


@pytest.mark.slow  # a ticker process of its own
async def test_a_ticker_process_killed_mid_batch_loses_no_deadline(process_backend):
    """1,000 due deadlines; a ticker process is SIGKILLed while firing them, and a second
    one fires the rest, and the dead one's claim once its lease (2 s here) has run out."""
    r = process_backend.client()  # (flushed)
    d = Deadlines(r, "test")
    await d.add({f"m{i}": float(i) for i in range(1000)})  # all long due
    first = _ticker(process_backend)
    try:
        for _ in range(500):
            if await r.llen("fired") >= 100:
                break
            await asyncio.sleep(0.01)
        first.send_signal(signal.SIGKILL)
        first.wait(5)
        killed_after = await r.llen("fired")
        assert 0 < killed_after < 1000, "the kill must come mid-batch"
        second = _ticker(process_backend)
        try:
            for _ in range(3000):
                fired = {m.decode() for m in await r.lrange("fired", 0, -1)}
                if len(fired) == 1000:
                    break
                await asyncio.sleep(0.01)
        finally:
            second.send_signal(signal.SIGTERM)
            second.wait(5)
        all_fired = [m.decode() for m in await r.lrange("fired", 0, -1)]
        assert set(all_fired) == {f"m{i}" for i in range(1000)}, "a deadline was lost"
        # At most the one being fired when the process died fires twice.
        assert len(all_fired) - len(set(all_fired)) <= 1
        print(f"killed after {killed_after} of 1000; fired twice: {len(all_fired) - 1000}")
    finally:
        if first.poll() is None:
            first.kill()


async def test_deadlines_are_spread_over_shards_and_one_chats_stay_in_order(redis):
    """On a cluster the shards live on different masters; one chat's deadlines share a
    shard, so its reminder still fires before its timeout after a backlog."""
    d = Deadlines(redis, PLATFORM)
    chats = [f"{PLATFORM}|chat{i}" for i in range(40)]
    await d.add({f"{c}|remind|1|": 1.0 for c in chats} | {f"{c}|timeout|1|": 2.0 for c in chats})
    used = [k for k in d.keys if await redis.zcard(k)]
    assert len(used) == len(d.keys) == 8  # 40 chats reach every shard
    fired = await d.claim_due(10.0, limit=1000)
    assert sorted(fired) == sorted(f"{c}|{k}|1|" for c in chats for k in ("remind", "timeout"))
    for c in chats:
        assert fired.index(f"{c}|remind|1|") < fired.index(f"{c}|timeout|1|")


class AnswersAsItIsCancelled:
    """A Redis command as redis-py sends it (through asyncio.wait_for, with the socket
    timeout), whose answer comes in the same instant as the task's cancellation: Python
    3.11's wait_for then returns the answer and the cancellation is lost (gh-86296)."""

    def __init__(self, answer) -> None:
        self.answer, self.pending = answer, None

    async def command(self):
        self.pending = asyncio.get_running_loop().create_future()
        return await asyncio.wait_for(self.pending, 5)

    async def cancel_as_it_answers(self, task: asyncio.Task) -> None:
        while self.pending is None or self.pending.done():
            await asyncio.sleep(0.001)
        self.pending.set_result(self.answer)
        await stop(task, within=1.0)


async def test_a_ticker_stops_even_when_a_redis_command_loses_the_cancellation():
    redis = AnswersAsItIsCancelled(None)
    due = [Claim("test|chat|timeout|1", "9")]

    class OneDue:
        async def claim(self, now, lease):
            return due.pop() if due else None

        async def ack(self, claim):
            pass

        async def release(self, claim, now):
            pass

    async def fire(member: str) -> None:
        await redis.command()  # the table's write, inside the ticker's own task

    ticker = asyncio.create_task(run_ticker(OneDue(), fire, lambda: 0.0, interval=0.001))
    await redis.cancel_as_it_answers(ticker)
    assert ticker.cancelled()


def test_a_deadlines_shard_is_its_chats_and_stays_what_it_was():
    """Deadlines already stored lie in the shard this rule gave them: it must not change
    (crc32 of `platform|chat`, the member's first two parts)."""
    members = ["telegram|-1001|timeout|3|3.ab", "telegram|-1001|remind|3|3.ab", "telegram|-1001"]
    assert {shard_of(m) for m in members} == {zlib.crc32(b"telegram|-1001") % 8}
    assert [shard_of(m) for m in ("x", "console|a|lobby|0|1.5|z", "a|b")] == [
        zlib.crc32(b"x") % 8,
        zlib.crc32(b"console|a") % 8,
        zlib.crc32(b"a|b") % 8,
    ]
