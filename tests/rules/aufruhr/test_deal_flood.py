"""10,000 `/deal` through the router on a real redis-server (issue 17): refused past the
round's cap with one line, in English and German, and the table's size in Redis stays
flat. How long a command takes early and late in such a flood is bench/deal_flood.py's."""

import pytest
import redis.asyncio as aioredis

from bot.chat.router import Incoming, Router
from bot.store.keys import table_key

# Slow (ten thousand commands on a real redis-server): `tests/run --fast` leaves it out.
pytestmark = pytest.mark.slow

CHAT = "-100777"


async def test_ten_thousand_deals_are_refused_past_the_cap_and_the_table_stays_flat(
    real_redis_url,
):
    redis = aioredis.Redis.from_url(real_redis_url)
    router = Router(redis)
    users = [str(500 + i) for i in range(4)]

    def said(i: int, text: str, n: int | None = None) -> Incoming:
        return Incoming(
            "telegram", CHAT, users[i], f"P{i}", text=text, update_id=None if n is None else str(n)
        )

    try:
        await router.handle(said(0, "/new aufruhr"))
        for i in range(1, 4):
            await router.handle(said(i, "/join"))
        await router.handle(said(0, "/start"))
        await router.handle(said(0, "/lang de"))  # half of the refusals in German
        cities = [m["city"] for m in (await router.table("telegram", CHAT)).state["mayors"]]
        key = table_key("telegram", CHAT)
        sizes: list[int] = []
        refusals: set[str] = set()
        accepted = 0
        for n in range(10_000):
            if n == 5_000:
                await router.handle(said(0, "/lang en"))
            seat = n % 4
            text = f"/deal {cities[(seat + 1) % 4]}: deal {n} " + "x" * 180
            replies = await router.handle(said(seat, text, n))
            if any(r.error for r in replies):
                refusals.update(r.text for r in replies if r.error)
            else:
                accepted += 1
            if n in (100, 9_999):
                sizes.append(await redis.memory_usage(key))
        table = await router.table("telegram", CHAT)
    finally:
        await redis.aclose()

    assert accepted == 12 and len(table.state["deals"]) == 12
    assert refusals == {
        "In dieser Runde liegen schon 12 Deals auf dem Tisch: Klärt erst die.",
        "This round already has 12 deals on the table: settle those first.",
    }
    assert sizes[1] == sizes[0], sizes  # not one byte more after 9,900 refusals
