"""The store on fakeredis and on a real redis-server: versions, compare-and-set, TTL, races."""

import asyncio
import json

import pytest

from bot.keys import table_key, user_tables_key
from bot.store import KEEP, RedisStore

KEY = table_key("telegram", "-100123")


def test_keys_are_pinned_and_share_the_chat_hash_tag():
    assert KEY == "stammtisch:{telegram:-100123}:table"
    assert user_tables_key("telegram", "42") == "stammtisch:{telegram:user:42}:tables"
    tag = KEY[KEY.index("{") : KEY.index("}") + 1]
    assert tag == "{telegram:-100123}"


async def test_missing_key_is_version_zero(redis):
    current = await RedisStore(redis).load(KEY)
    assert current.version == 0 and current.data is None


async def test_compare_and_set_checks_the_version(redis):
    store = RedisStore(redis)
    assert await store.cas(KEY, 0, b"one")
    assert not await store.cas(KEY, 0, b"two")  # somebody wrote in between
    current = await store.load(KEY)
    assert (current.version, current.data) == (1, b"one")
    assert await store.cas(KEY, 1, b"two")
    assert (await store.load(KEY)).version == 2
    assert await store.cas(KEY, 2, None)  # None deletes
    assert (await store.load(KEY)).data is None


async def test_every_write_renews_the_idle_expiry(redis):
    store = RedisStore(redis, ttl_seconds=3600)
    await store.cas(KEY, 0, b"x")
    ttl = await redis.pttl(KEY)
    assert 3_590_000 < ttl <= 3_600_000


async def test_idle_tables_expire(redis):
    store = RedisStore(redis, ttl_seconds=0.3)
    await store.cas(KEY, 0, b"x")
    await asyncio.sleep(0.5)
    assert (await store.load(KEY)).data is None


async def test_transact_returns_its_result_and_keep_writes_nothing(redis):
    store = RedisStore(redis)
    assert await store.transact(KEY, lambda data: (b"a", "wrote")) == "wrote"
    assert await store.transact(KEY, lambda data: (KEEP, data)) == b"a"
    assert (await store.load(KEY)).version == 1
    await store.transact(KEY, lambda data: (None, None))
    assert (await store.load(KEY)).data is None


class Counting:
    """Counts round trips: every command sent through this client."""

    def __init__(self, client) -> None:
        self.client, self.trips = client, 0
        original = client.execute_command

        async def counted(*args, **kwargs):
            self.trips += 1
            return await original(*args, **kwargs)

        client.execute_command = counted


async def test_a_write_costs_two_round_trips_and_a_read_only_one(redis):
    counter = Counting(redis)
    store = RedisStore(redis)
    await store.transact(KEY, lambda data: (b"warm-up", None))  # loads the script once
    counter.trips = 0
    await store.transact(KEY, lambda data: (b"next", None))
    assert counter.trips == 2
    counter.trips = 0
    await store.transact(KEY, lambda data: (KEEP, None))
    assert counter.trips == 1


async def test_200_racing_writers_in_four_processes_lose_nothing(backend, redis_factory):
    stores = [RedisStore(await redis_factory()) for _ in range(4)]
    conflicts = 0
    for store in stores:  # count lost compare-and-sets: the race must really happen
        cas = store.cas

        async def counted(*args, _cas=cas):
            nonlocal conflicts
            won = await _cas(*args)
            conflicts += not won
            return won

        store.cas = counted

    def add(i: int):
        def fn(data):
            doc = json.loads(data) if data else {"n": 0, "ids": []}
            doc["n"] += 1
            doc["ids"].append(i)
            return json.dumps(doc).encode(), None

        return fn

    await asyncio.gather(*(stores[i % 4].transact(KEY, add(i)) for i in range(200)))
    final = await stores[0].load(KEY)
    doc = json.loads(final.data)
    assert doc["n"] == 200 and sorted(doc["ids"]) == list(range(200))
    assert final.version == 200
    if backend.kind == "real":  # in-process fakeredis answers without a real interleaving
        assert conflicts > 0, "four stores never raced: the test proves nothing"


@pytest.mark.parametrize("n", [1, 3])
async def test_in_process_writers_queue_without_conflicts(redis, n):
    store = RedisStore(redis)
    await asyncio.gather(
        *(store.transact(KEY, lambda d: ((d or b"") + b"x", None)) for _ in range(n))
    )
    assert (await store.load(KEY)).data == b"x" * n
