"""Every platform update is handled once, however late or often it comes again, and a
Redis failure mid-write is answered truthfully (issue 17, items 3 and 4)."""

import pytest
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.chat.router import Incoming
from bot.store.keys import table_key, updates_key
from bot.store.versioned import MARKER_TTL_SECONDS, Duplicate, Marker, RedisStore, Write
from bot.store.write_outcome import landed
from tests.fixtures.chat import Chat

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
    assert 0 < await redis.pttl(updates_key("console", "group")) <= MARKER_TTL_SECONDS * 1000


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


class LosesAnswer:
    """The answer to the compare-and-set is lost: the write reached Redis (`land=True`)
    or did not, and either way the store sees a timeout, as redis-py raises it when an
    answer does not come within the socket timeout. Put where the store sends a write
    (`RedisStore._sent`), once armed."""

    def __init__(self, land: bool) -> None:
        self.land, self.armed = land, False
        self.sent = RedisStore._sent

    def install(self, monkeypatch) -> None:
        async def sent(store, keys, args, also):
            if not self.armed:
                return await self.sent(store, keys, args, also)
            self.armed = False
            if self.land:
                await self.sent(store, keys, args, also)  # the answer, lost
            raise RedisTimeoutError("Timeout reading from socket")

        monkeypatch.setattr(RedisStore, "_sent", sent)


async def _with_lost_answer(redis, monkeypatch, land: bool) -> tuple[list, object]:
    lost = LosesAnswer(land)
    lost.install(monkeypatch)
    chat = Chat.make(redis)
    await chat.say(*STARTED)
    lost.armed = True
    replies = await chat.router.handle(_private("alice", "1", "u-lost"))
    assert not lost.armed, "the write was not sent"
    return replies, await chat.table()


async def test_a_write_that_landed_before_a_timeout_is_told_as_done(redis, monkeypatch):
    replies, table = await _with_lost_answer(redis, monkeypatch, land=True)
    assert table.state["bids"]["answers"] == {"0": 1}
    assert any("Your bid of 1 is sealed." in r.text for r in replies)
    assert not any(r.error for r in replies)


async def test_a_write_that_did_not_land_is_told_as_not_done(redis, monkeypatch):
    replies, table = await _with_lost_answer(redis, monkeypatch, land=False)
    assert table.state["bids"]["answers"] == {}
    assert [r.text for r in replies] == [
        "Redis could not be reached in time. Nothing was changed; please try again."
    ]
    # trying again works, once
    chat = Chat.make(redis)
    again = await chat.router.handle(_private("alice", "1", "u-retry"))
    assert any("Your bid of 1 is sealed." in r.text for r in again)


KEY, MARKER = table_key("console", "group"), Marker.of("console", "group", "u-1")


async def test_a_write_sent_again_by_the_clients_retry_is_known_as_its_own(redis):
    """A client that sends a write again after a timeout (redis-py's default retries)
    finds the marker its first try set: that is this write having won, not another
    delivery of its update (which would be answered with nothing)."""
    store = RedisStore(redis)
    assert await store._write(KEY, 0, Write(b"1"), None, MARKER, token="t-1") is None
    assert await store._write(KEY, 0, Write(b"1"), None, MARKER, token="t-1") is None  # won before
    with pytest.raises(Duplicate):  # the same update, delivered again
        await store._write(KEY, 0, Write(b"1"), None, MARKER, token="t-2")
    stored = await store.load(KEY)
    assert (stored.version, stored.data) == (1, b"1")


async def test_a_write_that_comes_after_it_was_told_not_applied_never_lands(redis):
    """A paused server reads its connections in any order when it resumes, so the
    question "did the write land?" may run before the write itself: the question fences
    the update's marker, and the write that comes late is refused — the player was told
    "nothing was changed", and it stays true."""
    store = RedisStore(redis)

    async def asked(marker: str, token: str) -> bool:
        ttl = MARKER_TTL_SECONDS * 1000
        return await landed(
            redis, store.load, KEY, 0, None, marker=marker, token=token, marker_ttl_ms=ttl
        )

    assert not await asked(MARKER, "t-1")  # asked first: not there
    with pytest.raises(Duplicate):  # the write, read by the server only now
        await store._write(KEY, 0, Write(b"1"), None, MARKER, token="t-1")
    assert (await store.load(KEY)).data is None
    # the platform delivers the update again (a write of its own): it is applied, once,
    # and the fenced write stays refused
    assert await store._write(KEY, 0, Write(b"1"), None, MARKER, token="t-3") is None
    with pytest.raises(Duplicate):
        await store._write(KEY, 1, Write(b"1"), None, MARKER, token="t-1")
    with pytest.raises(Duplicate):
        await store._write(KEY, 1, Write(b"1"), None, MARKER, token="t-4")
    assert (await store.load(KEY)).data == b"1"
    # and once it has landed, the question says so
    other = Marker.of("console", "group", "u-2")
    assert await store._write(KEY, 1, Write(b"2"), None, other, token="t-2") is None
    assert await asked(other, "t-2")
