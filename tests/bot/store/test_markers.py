"""The record of handled updates is bounded per chat whatever is sent, and an update
delivered again is applied once at any distance (issue 39, item 2; bot/store/markers.py).

On fakeredis, a real redis-server and the 3-master cluster; the bytes (MEMORY USAGE) on
the real servers only."""

import pytest

from bot.chat.router import Incoming
from bot.store.keys import updates_key
from bot.store.markers import BOUND_BYTES, FULL, MAX_ID, WINDOW, Marker
from bot.store.versioned import Duplicate, RedisStore
from tests.conftest import make_backend
from tests.fixtures.chat import Chat

STARTED = ["alice: /new auktion rounds=5", "bob: /join", "carol: /join", "alice: /start"]
SNOWFLAKE = 1_300_000_000_000_000_001  # a Discord id: more digits than a double holds


@pytest.fixture(params=["fake", "real", "cluster"])
async def backend(request):
    async for made in make_backend(request):
        yield made


def _group(user: str, text: str, update_id: int | str) -> Incoming:
    return Incoming("console", "group", user, user, text=text, update_id=str(update_id))


def _private(user: str, text: str, update_id: int | str) -> Incoming:
    chat = f"dm:{user}"
    return Incoming("console", chat, user, user, text=text, private=True, update_id=str(update_id))


async def _keys(redis, backend) -> list[bytes]:
    if backend.kind == "cluster":
        from redis.asyncio.cluster import RedisCluster

        return await redis.keys("*", target_nodes=RedisCluster.PRIMARIES)
    return await redis.keys("*")


async def test_2000_refusals_and_rolls_cost_one_bounded_record(redis, backend):
    """2,000 refused moves and rolls from someone not at the table: one record of at most
    FULL updates, under BOUND_BYTES, beside the table — no key per update."""
    chat = Chat.make(redis)
    await chat.say(*STARTED)
    before = sorted(await _keys(redis, backend))
    for n in range(2000):
        text = "/roll 1d6" if n % 2 else "/pay 5"  # a roll; a verb of no game here
        replies = await chat.router.handle(_group("mallory", text, 10_000 + n))
        assert len(replies) == 1, replies
    after = sorted(await _keys(redis, backend))
    assert after == before  # (the record was there since the lobby's first command)
    record = updates_key("console", "group")
    assert WINDOW + 2 <= await redis.hlen(record) <= FULL + 2  # (and its two counters)
    if backend.kind != "fake":
        used = await redis.memory_usage(record)
        assert used <= BOUND_BYTES, used
        print(f"\nrecord after 2,000 updates: {used} bytes")


async def test_a_reply_that_changes_nothing_leaves_no_mark(redis):
    chat = Chat.make(redis)
    for n in range(50):
        assert await chat.router.handle(_group("mallory", "/help", n + 1))
    assert await redis.exists(updates_key("console", "group")) == 0
    # said twice, it is answered twice, the same
    again = await chat.router.handle(_group("mallory", "/help", 1))
    assert [r.text for r in again] == [
        r.text for r in await chat.router.handle(_group("x", "/help", 1))
    ]


async def test_an_update_delivered_again_after_2000_other_writes_is_applied_once(redis):
    """A bid, then 2,000 other writes (1,000 in the same chat, 1,000 in others): the bid
    delivered again far outside the window of the last WINDOW updates is still applied
    once, and a new update is still applied."""
    chat = Chat.make(redis)
    await chat.say(*STARTED)
    first = await chat.router.handle(_private("alice", "1", 5_000))
    assert any("Your bid of 1 is sealed." in r.text for r in first)
    for n in range(1000):
        lang = "/lang en" if n % 2 else "/lang de"  # (English last)
        await chat.router.handle(_group("dave", lang, 5_001 + n))
        other = Incoming("console", f"other{n % 7}", "eve", "eve", text=lang, update_id=str(n))
        await chat.router.handle(other)
    assert await chat.router.handle(_private("alice", "1", 5_000)) == []
    table = await chat.table()
    assert table.state["bids"]["answers"] == {"0": 1}
    fresh = await chat.router.handle(_private("bob", "2", 7_000))
    assert any("Your bid of 2 is sealed." in r.text for r in fresh)
    assert (await chat.table()).state["bids"]["answers"] == {"0": 1, "1": 2}


async def test_the_window_keeps_the_last_updates_and_the_floor_the_older_ones(redis):
    """Snowflakes one apart (a double would round them together): the last WINDOW stay
    marked, older ones count as handled by the floor, newer ones are new."""
    store = RedisStore(redis)
    ids = [SNOWFLAKE + i for i in range(FULL + 2)]  # past FULL (and its counter): trimmed
    for i in ids:
        await store.claim(Marker.of("discord", "c", str(i)))
    record = updates_key("discord", "c")
    assert await redis.hlen(record) == WINDOW + 2
    for i in (ids[0], ids[-WINDOW - 1], ids[-WINDOW], ids[-1]):
        with pytest.raises(Duplicate):
            await store.claim(Marker.of("discord", "c", str(i)))
    await store.claim(Marker.of("discord", "c", str(ids[-1] + 1)))  # one more: new
    # ids that are not numbers are kept by the window alone
    await store.claim(Marker.of("discord", "c", "u-1"))
    with pytest.raises(Duplicate):
        await store.claim(Marker.of("discord", "c", "u-1"))


async def test_a_long_update_id_is_kept_short():
    marker = Marker.of("console", "group", "x" * 500)
    assert len(marker.update) <= 32 and marker == Marker.of("console", "group", "x" * 500)


async def test_the_bound_holds_at_every_count_for_the_longest_ids(redis, backend):
    """Ids of MAX_ID characters that are not numbers (so no floor trims them: only the
    cap does), claimed one after another well past FULL: the record never holds more
    than FULL ids and, on a real server, never costs more than BOUND_BYTES."""
    store = RedisStore(redis)
    record = updates_key("discord", "c")
    most = 0
    for n in range(3 * FULL):
        update = f"x{n:0{MAX_ID - 1}d}"
        assert len(update) == MAX_ID
        await store.claim(Marker.of("discord", "c", update))
        assert await redis.hlen(record) <= FULL + 2, n
        if backend.kind != "fake" and n % 5 == 0:
            most = max(most, await redis.memory_usage(record))
            assert most <= BOUND_BYTES, (n, most)
    if backend.kind != "fake":
        print(f"\nrecord of {MAX_ID}-character ids: at most {most} bytes")


def test_a_longer_id_is_kept_as_long_as_the_longest_kept():
    kept = Marker.of("discord", "c", "9" * MAX_ID).update
    hashed = Marker.of("discord", "c", "9" * (MAX_ID + 1)).update
    assert kept == "9" * MAX_ID
    assert hashed.startswith("#") and len(hashed) == MAX_ID
    assert Marker.of("discord", "c", "8" * 200).update != hashed
