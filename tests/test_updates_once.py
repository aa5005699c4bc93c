"""Every platform update is handled once, however late or often it comes again, and a
Redis failure mid-write is answered truthfully (issue 17, items 3 and 4)."""

from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.keys import update_key
from bot.router import Incoming
from bot.store import MARKER_TTL_SECONDS
from tests.chat import Chat

STARTED = ["alice: /new auktion rounds=5", "bob: /join", "carol: /join", "alice: /start"]


def _private(user: str, text: str, update_id: str) -> Incoming:
    return Incoming(
        "console", f"dm:{user}", user, user, text=text, private=True, update_id=update_id
    )


def _group(user: str, text: str, update_id: str) -> Incoming:
    return Incoming("console", "group", user, user, text=text, update_id=update_id)


async def test_an_update_delivered_again_after_100_changes_and_an_hour_is_applied_once(redis):
    chat = Chat.make(redis)
    await chat.say(*STARTED)
    first = await chat.router.handle(_private("alice", "1", "u-first"))
    assert any("Your bid of 1 is sealed." in r.text for r in first)
    for i in range(100):  # a hundred other changes of the table: lobbies come and go
        await chat.router.handle(_group("dave", "/lang de" if i % 2 else "/lang en", f"u{i}"))
    chat.router.clock.now += 3600  # an hour later
    assert await chat.router.handle(_private("alice", "1", "u-first")) == []
    table = await chat.table()
    assert table.state["bids"]["answers"] == {"0": 1}
    assert (
        0 < await redis.pttl(update_key("console", "group", "u-first")) <= MARKER_TTL_SECONDS * 1000
    )


async def test_a_roll_delivered_twice_is_answered_once(redis):
    chat = Chat.make(redis)
    first = await chat.router.handle(_group("alice", "/roll 3d6", "u-roll"))
    assert len(first) == 1 and "3d6" in first[0].text
    assert await chat.router.handle(_group("alice", "/roll 3d6", "u-roll")) == []
    assert len(await chat.router.handle(_group("alice", "/roll 3d6", "u-roll-2"))) == 1


async def test_a_refusal_delivered_twice_is_answered_once_and_never_applied_later(redis):
    """Refused once (not asked now), the same update must not be applied when it comes
    again after the game has moved on to where it would fit."""
    chat = Chat.make(redis)
    await chat.say("alice: /new auktion rounds=5", "bob: /join")
    early = await chat.router.handle(_private("bob", "2", "u-early"))
    assert early and early[0].error  # nothing to answer yet: the game has not begun
    await chat.say("alice: /start")
    assert await chat.router.handle(_private("bob", "2", "u-early")) == []
    assert (await chat.table()).state["bids"]["answers"] == {}


class Flaky:
    """A client whose answer to the compare-and-set is lost: the command reached Redis
    (`land=True`) or did not, and either way the caller sees a timeout."""

    def __init__(self, redis, land: bool) -> None:
        self.redis, self.land, self.armed = redis, land, False

    def __getattr__(self, name):
        return getattr(self.redis, name)

    async def execute_command(self, *args, **kwargs):
        """A write with nothing to go with it is one EVALSHA, without a pipeline."""
        if not self.armed or args[0] != "EVALSHA":
            return await self.redis.execute_command(*args, **kwargs)
        self.armed = False
        if self.land:
            await self.redis.execute_command(*args, **kwargs)
        raise RedisTimeoutError("Timeout reading from socket")

    def pipeline(self, *a, **k):
        pipe = self.redis.pipeline(*a, **k)
        execute = pipe.execute

        async def lost(*x, **y):
            if not self.armed:
                return await execute(*x, **y)
            self.armed = False
            if self.land:
                await execute(*x, **y)
            raise RedisTimeoutError("Timeout reading from socket")

        pipe.execute = lost
        return pipe


async def _with_lost_answer(redis, land: bool) -> tuple[list, object]:
    flaky = Flaky(redis, land)
    chat = Chat.make(flaky)
    await chat.say(*STARTED)
    flaky.armed = True
    replies = await chat.router.handle(_private("alice", "1", "u-lost"))
    return replies, await chat.table()


async def test_a_write_that_landed_before_a_timeout_is_told_as_done(redis):
    replies, table = await _with_lost_answer(redis, land=True)
    assert table.state["bids"]["answers"] == {"0": 1}
    assert any("Your bid of 1 is sealed." in r.text for r in replies)
    assert not any(r.error for r in replies)


async def test_a_write_that_did_not_land_is_told_as_not_done(redis):
    replies, table = await _with_lost_answer(redis, land=False)
    assert table.state["bids"]["answers"] == {}
    assert [r.text for r in replies] == [
        "Redis did not answer in time, and nothing was changed. Please try again."
    ]
    # trying again works, once
    chat = Chat.make(redis)
    again = await chat.router.handle(_private("alice", "1", "u-retry"))
    assert any("Your bid of 1 is sealed." in r.text for r in again)
