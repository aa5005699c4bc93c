"""Deadlines of a step that has passed leave the sorted set with the change that ends
the step, in the table's own compare-and-set (bot/store/versioned.py, bot/table/saved.py): on
fakeredis, a real redis-server and a 3-master cluster (where they follow the won write)."""

import pytest

from bot.store.keys import table_key
from bot.store.versioned import RedisStore
from tests.bot.store.test_versioned import round_trips  # noqa: F401  (the fixture)
from tests.conftest import make_backend
from tests.fixtures.chat import Chat

LOBBY = ["alice: /new auktion rounds=2", "bob: /join", "carol: /join"]


@pytest.fixture(params=["fake", "real", "cluster"])
async def backend(request):
    async for made in make_backend(request):
        yield made


async def scheduled(chat: Chat) -> dict[str, float]:
    """Every deadline of the console's group still waiting in the sorted sets."""
    return await chat.router.deadlines("console").matching("console|group|*")


async def test_a_step_s_deadlines_leave_when_the_step_passes(redis):
    chat = Chat.make(redis)
    await chat.say(*LOBBY)
    assert [m.split("|")[2] for m in await scheduled(chat)] == ["lobby"]

    await chat.say("alice: /start")  # the lobby's expiry goes; the first bid's come
    table = await chat.table()
    first = {
        f"console|group|{kind}|{table.step}|{table.step_token}" for kind in ("timeout", "remind")
    }
    assert set(await scheduled(chat)) == first

    await chat.say("alice> 1")  # one bid of three: the step goes on, so do its deadlines
    assert set(await scheduled(chat)) == first

    await chat.say("bob> 0", "carol> 0")  # all bids in: a new step
    table = await chat.table()
    now = set(await scheduled(chat))
    assert now and not now & first
    assert all(f"|{table.step}|{table.step_token}" in m for m in now)

    await chat.say("alice: /abort")  # no step at all: nothing left to fire
    assert (await chat.table()).status == "idle"
    assert await scheduled(chat) == {}


async def test_a_write_that_loses_its_race_removes_no_deadline(redis, redis_factory):
    """A deadline is removed only by the write that wins: an attempt decided on a table
    that changed meanwhile must not take the live step's deadlines with it."""
    store, rival = RedisStore(redis), RedisStore(await redis_factory())
    key, zset = table_key("console", "g"), "stammtisch:{deadlines:console:0}:zset"
    await redis.zadd(zset, {"console|g|timeout|1|a": 5.0})
    assert await rival.cas(key, 0, b"rival")
    assert not await store.cas(key, 0, b"mine", drop=(zset, ["console|g|timeout|1|a"]))
    assert await redis.zscore(zset, "console|g|timeout|1|a") == 5.0
    assert await store.cas(key, 1, b"mine", drop=(zset, ["console|g|timeout|1|a"]))
    assert await redis.zscore(zset, "console|g|timeout|1|a") is None


async def test_ending_a_step_costs_no_extra_round_trip(redis, round_trips, backend):  # noqa: F811
    """The removal rides in the table's script (on a cluster it cannot: the sorted set
    lies on another slot, and it follows the won write, while the new deadlines go
    before the write: bot/store/versioned.py says why)."""
    chat = Chat.make(redis)
    await chat.say(*LOBBY, "alice: /start", "alice> 1")

    async def trips(line: str) -> int:
        round_trips["trips"] = 0
        await chat.say(line)
        return round_trips["trips"]

    within = await trips("bob> 0")  # a bid: the step goes on (its route, then the write)
    ending = await trips("carol> 0")  # the last bid: the step's deadlines go
    assert all("|timeout|1|" not in m for m in await scheduled(chat))
    # the same (on a cluster two more: the new step's deadlines before the write, the
    # passed ones' removal after it; the bid has neither, which costs no trip)
    assert ending == within + (2 if backend.kind == "cluster" else 0)


async def test_a_table_s_deadlines_change_only_with_what_the_router_compares(redis):
    """The router asks deadlines.of_table again after a change only if
    what_of_table_reads changed: every other field of a table, taken from a table in
    another state, leaves of_table as it was."""
    from bot.table.deadlines import of_table, what_of_table_reads

    chat = Chat.make(redis)
    await chat.say(*LOBBY)
    lobby = await chat.table()
    await chat.say("alice: /start", "alice> 1")
    playing = await chat.table()
    await chat.say("bob> 0", "carol> 0")
    later = await chat.table()
    for one, other in [(lobby, playing), (playing, lobby), (playing, later), (later, playing)]:
        for name in type(one).model_fields:
            changed = one.model_copy(update={name: getattr(other, name)})
            if what_of_table_reads(changed) == what_of_table_reads(one):
                assert of_table(changed) == of_table(one), name
            else:
                assert name in ("status", "step", "step_token", "opened_at"), name
