"""Deadlines on fakeredis and a real redis-server: order, cancelling, and exactly once."""

import asyncio
import contextlib
import logging
from collections import Counter

from redis.exceptions import ConnectionError as RedisConnectionError

from bot.keys import deadlines_key
from bot.scheduler import Deadlines, run_ticker

PLATFORM = "test"
KEY = deadlines_key(PLATFORM)


async def test_due_deadlines_come_in_time_order_and_only_once(redis):
    d = Deadlines(redis, PLATFORM)
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
    d = Deadlines(redis, PLATFORM)
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
    d = Deadlines(redis, PLATFORM)
    await d.add({f"m{i}": float(i) for i in range(10)})
    assert await d.claim_due(100.0, limit=4) == ["m0", "m1", "m2", "m3"]
    assert await d.claim_due(100.0) == [f"m{i}" for i in range(4, 10)]


async def test_a_deadline_moved_during_a_claim_is_not_lost(redis, redis_factory):
    """The router re-adds a deadline (moves it later) just as a ticker claims it. The
    claim must see it either before the move (fired at its old time, the moved one
    kept) or after (not due yet); never remove the moved one, so it never fires."""
    claimer = Deadlines(redis, PLATFORM)
    mover = Deadlines(await redis_factory(), PLATFORM)
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
    await Deadlines(redis, PLATFORM).add(members)
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
                Deadlines(await redis_factory(), PLATFORM),  # two processes: own clients
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
    d = Deadlines(redis, PLATFORM)
    await d.add({"bad": 1.0, "good": 2.0, "later": 20.0})
    fired = []
    now = 10.0

    async def fire(member: str) -> None:
        if member == "bad":
            raise RuntimeError("boom")
        fired.append(member)

    with caplog.at_level(logging.ERROR, logger="bot.scheduler"):
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
    d = Deadlines(redis, PLATFORM)
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

        async def claim_due(self, now: float, limit: int = 100) -> list[str]:
            if self.failures:
                self.failures -= 1
                raise RedisConnectionError("connection refused")
            return await super().claim_due(now, limit)

    d = Flaky(redis, PLATFORM)
    await d.add({"m": 1.0})
    fired: list[str] = []

    async def fire(member: str) -> None:
        fired.append(member)

    with caplog.at_level(logging.ERROR, logger="bot.scheduler"):
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
