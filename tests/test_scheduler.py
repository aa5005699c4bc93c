"""Deadlines on fakeredis and a real redis-server: order, cancelling, and exactly once."""

import asyncio
import contextlib
import logging

from bot.scheduler import Deadlines, run_ticker


async def test_due_deadlines_come_in_time_order_and_only_once(redis):
    d = Deadlines(redis, key="test:deadlines")
    await d.add({"late": 30.0, "early": 10.0, "future": 99.0})
    assert await d.next_due() == 10.0
    assert await d.claim_due(50.0) == ["early", "late"]
    assert await d.claim_due(50.0) == []
    assert await d.claim_due(100.0) == ["future"]


async def test_cancel_and_move(redis):
    d = Deadlines(redis, key="test:deadlines")
    await d.add({"a": 10.0, "b": 10.0})
    await d.cancel("a")
    await d.add({"b": 60.0})  # re-adding moves it
    assert await d.claim_due(20.0) == []
    assert await d.claim_due(60.0) == ["b"]


async def test_claim_respects_the_limit(redis):
    d = Deadlines(redis, key="test:deadlines")
    await d.add({f"m{i}": float(i) for i in range(10)})
    assert len(await d.claim_due(100.0, limit=4)) == 4
    assert len(await d.claim_due(100.0)) == 6


async def test_two_tickers_fire_each_deadline_exactly_once(redis, redis_factory):
    members = {f"m{i}": i / 1000 for i in range(300)}
    await Deadlines(redis, key="test:deadlines").add(members)
    fired: list[tuple[int, str]] = []
    now = [0.0]

    def fire_as(process: int):
        async def fire(member: str) -> None:
            fired.append((process, member))
            await asyncio.sleep(0)

        return fire

    tickers = [
        asyncio.create_task(
            run_ticker(
                Deadlines(await redis_factory(), key="test:deadlines"),
                fire_as(p),
                clock=lambda: now[0],
                interval=0.001,
            )
        )
        for p in range(2)
    ]
    for step in range(1, 31):  # time passes; both tickers race over what falls due
        now[0] = step / 100
        await asyncio.sleep(0.005)
    while len(fired) < 300 and now[0] < 5:
        now[0] += 0.1
        await asyncio.sleep(0.01)
    for task in tickers:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    names = [m for _, m in fired]
    assert sorted(names) == sorted(members)  # every one fired, none twice


async def test_a_failing_deadline_is_logged_and_the_ticker_goes_on(redis, caplog):
    d = Deadlines(redis, key="test:deadlines")
    await d.add({"bad": 1.0, "good": 2.0})
    fired = []

    async def fire(member: str) -> None:
        if member == "bad":
            raise RuntimeError("boom")
        fired.append(member)

    with caplog.at_level(logging.ERROR):
        task = asyncio.create_task(run_ticker(d, fire, clock=lambda: 10.0, interval=0.001))
        for _ in range(100):
            if fired:
                break
            await asyncio.sleep(0.005)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    assert fired == ["good"] and "deadline bad failed" in caplog.text
