"""An expired table takes its deadlines with it (issue 39, item 3): counted after the
table's TTL, on fakeredis, a real redis-server and the 3-master cluster."""

import asyncio
import time

import pytest

from bot.chat.router import Incoming
from bot.store.scheduler import Deadlines, run_ticker, stop
from bot.store.versioned import RedisStore
from bot.table.deadlines import Deadline
from tests.conftest import make_backend
from tests.fixtures.chat import Chat

TTL = 1.0  # seconds an idle table lives here (production: 30 days)
GAME = ["alice: /new auktion rounds=5 deadline=600", "bob: /join", "alice: /start"]


@pytest.fixture(params=["fake", "real", "cluster"])
async def backend(request):
    async for made in make_backend(request):
        yield made


async def _abandoned_and_kept(redis) -> tuple[Chat, Chat]:
    """Two games waiting for their sealed bids (a timeout and a reminder each): one in a
    chat whose tables expire after TTL, one whose tables live on."""
    short = Chat.make(redis, store=RedisStore(redis, ttl_seconds=TTL))
    kept = Chat.make(redis)
    await short.say(*GAME)
    for n, line in enumerate(GAME):
        user, _, text = line.partition(": ")
        await kept.router.handle(Incoming("console", "kept", user, user, text, update_id=str(n)))
    return short, kept


async def _count(deadlines: Deadlines, chat: str) -> int:
    return len(await deadlines.matching(Deadline.of_chat("console", chat)))


async def test_an_expired_tables_deadlines_are_dropped(redis):
    short, kept = await _abandoned_and_kept(redis)
    deadlines = short.router.deadlines("console")
    assert await _count(deadlines, "group") >= 2 and await _count(deadlines, "kept") >= 2
    assert await deadlines.drop_orphans() == 0  # both tables there: nothing goes
    await asyncio.sleep(TTL + 0.3)
    assert await short.table() is None  # expired
    dropped = await deadlines.drop_orphans()
    assert dropped >= 2
    assert await _count(deadlines, "group") == 0
    assert await _count(deadlines, "kept") >= 2
    assert (await kept.router.table("console", "kept")).status == "playing"


async def test_the_ticker_drops_them_by_itself(redis):
    short, _ = await _abandoned_and_kept(redis)
    deadlines = short.router.deadlines("console")
    fired: list[str] = []

    async def fire(member: str) -> None:
        fired.append(member)

    ticker = asyncio.create_task(
        run_ticker(deadlines, fire, time.monotonic, interval=0.05, orphans_every=0.2)
    )
    try:
        end = time.monotonic() + TTL + 5
        while await _count(deadlines, "group") and time.monotonic() < end:
            await asyncio.sleep(0.1)
        assert await _count(deadlines, "group") == 0
        assert await _count(deadlines, "kept") >= 2
        assert fired == []  # dropped, not fired on nothing
    finally:
        await stop(ticker)
