"""Redis paused past the client's timeout, then stopped: every command gets a truthful
answer, none is applied twice on retry, and the game goes on after (issue 17).

A real redis-server of the test's own (append-only file, so a restart keeps the
tables) serves the real Telegram application (polling the fake Bot API), through a
client made as production makes it (bot/store/connection.connect: no retries) but with a 1 s
timeout instead of 5 s, so that the outages may be a few seconds and still last several
timeouts. The server is frozen (SIGSTOP: it holds the connections and answers nothing)
or shut down (connections refused) while players press their sealed-bid buttons and
roll.

The same against a Redis Cluster of its own (3 masters, a replica each, append-only
files; issue 39), where "Redis" is every node at once: the bot reaches none of them, as
when the network between them and the bot fails. (One node out alone is a failover:
tests/bot/store/test_failover.py.)
"""

import asyncio
import random
import time

import pytest
import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff

from bot.chat.incoming import Incoming
from bot.chat.router import Router
from bot.store.connection import Pool, connect
from bot.store.keys import table_key
from bot.store.markers import Marker
from bot.store.versioned import KEEP, MaybeApplied, NotApplied, RedisStore
from bot.store.write_outcome import SETTLE_SECONDS
from tests.fixtures.fake_telegram import GROUP, FakeTelegram, running_bot, until
from tests.fixtures.outage import own_redis, own_server
from tests.fixtures.robot import legal_moves

TIMEOUT = 1.0  # the client's, in seconds (production: 5 s)
LIMIT = 50  # seconds a test may take at most (it fails then, rather than hang the suite)
ALICE, BOB = 11, 22
NOT_CHANGED = "Nothing was changed"  # error.internal and error.not_applied both say it
NOT_CHANGED_WORDS = ("nothing was changed", NOT_CHANGED)
MAYBE = "cannot tell yet"
ALREADY = "already"
SEALED = "Your bid of {} is sealed."


def _answer_to(fake: FakeTelegram, query_id: str) -> str | None:
    for call in fake.called("answerCallbackQuery"):
        if str(call.get("callback_query_id")) == query_id:
            return call.get("text") or ""
    return None


def _bid_button(fake: FakeTelegram, user: int, label: str) -> tuple[int, str]:
    for message_id in sorted(fake.sent, reverse=True):
        message = fake.sent[message_id]
        if message["chat"]["id"] != user:
            continue
        for row in message.get("reply_markup", {}).get("inline_keyboard", []):
            for button in row:
                if button["text"] == label:
                    return message_id, button["callback_data"]
    raise AssertionError(f"no button {label} for {user}")


async def _started(fake: FakeTelegram, bot) -> None:
    """Alice and Bob at an auction, each shown their sealed-bid buttons."""
    fake.say(ALICE, "Alice", "/new auktion rounds=1 deadline=600")
    fake.say(BOB, "Bob", "/join")
    fake.say(ALICE, "Alice", "/start")
    await until(lambda: "inline_keyboard" in str(fake.done("sendMessage")), 20)
    await until(lambda: any(c["chat_id"] == BOB for c in fake.done("sendMessage")), 20)
    await bot.adapter.sender.drain()


async def _bids(reader: Router) -> dict:
    table = await reader.table("telegram", str(GROUP))
    return table.state["bids"]["answers"]


async def _press_and_roll(
    fake: FakeTelegram, user: int, name: str, label: str, wait: float, told: float = 0.0
):
    """A press of the bid button `label` and a `/roll` in the group, while Redis is out:
    (the press's answer, what the group was told after the roll, the button pressed),
    each within `wait` (the group's, `told` seconds more)."""
    message, data = _bid_button(fake, user, label)
    said = len(fake.texts(GROUP))
    query = fake.press(user, name, message, data)["callback_query"]["id"]
    fake.say(user, name, "/roll 1d6")
    await until(lambda: _answer_to(fake, query) is not None, wait)
    await until(lambda: len(fake.texts(GROUP)) > said, wait + told)
    return _answer_to(fake, query) or "", fake.texts(GROUP)[said:], (message, data)


async def _press_again(fake: FakeTelegram, user: int, name: str, button: tuple) -> str:
    """The player tries again with the button pressed (its message may be closed by
    now, if the press landed: the client still shows it until the edit arrives, and
    Telegram may deliver the press again)."""
    message, data = button
    again = fake.press(user, name, message, data)["callback_query"]["id"]
    await until(lambda: _answer_to(fake, again) is not None, 10)
    return _answer_to(fake, again) or ""


KINDS = ["server", "cluster"]


@pytest.mark.slow  # a real redis-server paused for seconds
@pytest.mark.parametrize("kind", KINDS)
async def test_every_command_in_an_outage_gets_a_truthful_answer(fake, kind):
    with own_redis(kind) as server:
        redis = server.client(TIMEOUT)
        reader = Router(server.reader())
        try:
            async with (
                asyncio.timeout(LIMIT),
                running_bot(fake, redis, lease=1.0, sweep=0.3) as bot,
            ):
                await _started(fake, bot)

                # 1. Frozen past the client's timeout, back before the bot stops asking
                # whether the write landed: the answer says which, truthfully.
                server.freeze()
                asyncio.get_running_loop().call_later(2.5 * TIMEOUT, server.thaw)
                wait = TIMEOUT + SETTLE_SECONDS + 2
                frozen, told, button = await _press_and_roll(fake, ALICE, "Alice", "1", wait)
                # The roll's apology, on the cluster too: its client gives up after one
                # timeout, long before the nodes are back (bot/store/cluster.py).
                assert any(NOT_CHANGED in line for line in told), told
                assert MAYBE not in frozen, frozen
                applied = "0" in await _bids(reader)
                if any(words in frozen for words in NOT_CHANGED_WORDS):
                    assert not applied, f"told {frozen!r}, yet applied"
                else:  # applied: said as when nothing went wrong (from the outbox)
                    assert applied, f"told {frozen!r}, yet not applied"
                    await until(lambda: SEALED.format(1) in fake.everything(ALICE), 10)
                # Alice tries again: applied once in all, and told so if it was already.
                again = await _press_again(fake, ALICE, "Alice", button)
                assert (await _bids(reader)).get("0") == 1
                assert (ALREADY in again) == applied, again

                # 2. Shut down: connections refused, so the write never left: nothing
                # was changed, and the player is told so at once.
                server.stop()
                started = time.monotonic()
                stopped, told, _ = await _press_and_roll(fake, BOB, "Bob", "0", 2 * TIMEOUT + 3)
                assert NOT_CHANGED in stopped, stopped
                assert any(NOT_CHANGED in line for line in told), told  # unpaced apology
                assert time.monotonic() - started < 2 * TIMEOUT + 3
                await asyncio.sleep(2)
                server.start()
                assert "1" not in await _bids(reader)

                # 3. Back: Bob bids again; both bids in, the lot is sold or not, said once,
                # and the game goes on.
                fake.press(BOB, "Bob", *_bid_button(fake, BOB, "0"))
                await until(lambda: "The bids: Alice: 1, Bob: 0." in fake.everything(GROUP), 20)
                await bot.adapter.sender.drain()
        finally:
            await redis.aclose()
            await reader.redis.aclose()
    # Said once: in the group's messages as they stand (the result may be edited into
    # the living status message, a text or a board's caption, rather than sent anew).
    shown = [
        m.get("text") or m.get("caption") or ""
        for m in fake.sent.values()
        if m["chat"]["id"] == GROUP
    ]
    assert "\n".join(shown).count("The bids: Alice: 1, Bob: 0.") == 1


@pytest.mark.slow  # a real redis-server paused for seconds
@pytest.mark.parametrize("kind", KINDS)
async def test_a_pause_longer_than_the_bot_asks_is_told_as_unknown_and_a_retry_applies_once(
    fake, kind
):
    """On the cluster the press's write never goes out: what goes before it (its chat's
    outbox entry, on another node: bot/store/versioned.py) meets the frozen node first,
    and the player hears at once that nothing was changed."""
    settle = 1.0  # seconds the bot asks whether its write landed (production: 6 s)
    with own_redis(kind) as server:
        redis = server.client(TIMEOUT)
        reader = Router(server.reader())
        try:
            async with (
                asyncio.timeout(LIMIT),
                running_bot(fake, redis, lease=1.0, sweep=0.3) as bot,
            ):
                await _started(fake, bot)
                bot.router.store.settle = settle
                server.freeze()
                started = time.monotonic()
                answer, _, button = await _press_and_roll(
                    fake, ALICE, "Alice", "1", TIMEOUT + settle + 3
                )
                told_as = NOT_CHANGED if kind == "cluster" else MAYBE
                took = _answered_at(fake, told_as, started) - started
                assert told_as in answer, answer
                assert took < TIMEOUT + settle + 2, took
                server.thaw()
                # What the server held in its sockets runs now: the write, or the bot's
                # fence against it (whichever it read first); the update's mark says which
                # (a fenced write leaves its update unmarked).
                marker = Marker.of("telegram", str(GROUP), _update_of(fake, ALICE))
                landed = await reader.redis.hexists(marker.record, marker.update)
                assert ("0" in await _bids(reader)) == landed
                again = await _press_again(fake, ALICE, "Alice", button)
                assert (await _bids(reader)).get("0") == 1  # applied once in all
                assert (ALREADY in again) == landed, again
        finally:
            await redis.aclose()
            await reader.redis.aclose()


def _answered_at(fake: FakeTelegram, words: str, since: float) -> float:
    """When the first button answer saying `words` after `since` reached Telegram."""
    return min(
        call.at
        for call in fake.calls
        if call.method == "answerCallbackQuery"
        and words in (call.params.get("text") or "")
        and call.at > since
    )


def _update_of(fake: FakeTelegram, user: int) -> str:
    """The update id of the user's latest button press."""
    return str(
        max(
            u["update_id"]
            for u in fake.updates
            if u.get("callback_query", {}).get("from", {}).get("id") == user
        )
    )


@pytest.mark.parametrize("retries", ["none", "redis.asyncio.Redis's default"])
async def test_a_write_to_a_stopped_redis_is_known_not_applied(retries):
    """Whatever the client's retries, a write that never reached the server is told as
    such at once — NotApplied, not MaybeApplied."""
    with own_server() as server:
        if retries == "none":
            redis = connect(server.url, timeout=TIMEOUT)
        else:
            # 3 retries with a backoff, as redis.asyncio.Redis(...) makes them, on the
            # pool that tells a connection it could not make (bot/store/connection.py)
            retry = Retry(ExponentialBackoff(cap=10, base=1), 3)
            pool = Pool(port=server.port, socket_timeout=TIMEOUT, retry=retry)
            redis = aioredis.Redis.from_pool(pool)
        store = RedisStore(redis)
        key = table_key("telegram", "-1")
        marker = Marker.of("telegram", "-1", "1")
        try:
            await store.transact(key, lambda data: (b"one", None))  # remembered: no read next
            server.stop()
            await asyncio.sleep(0.1)  # (down, not dying this instant: its sockets are closed)
            started = time.monotonic()
            with pytest.raises(NotApplied):
                await store.transact(key, lambda data: (data + b"two", None), marker=marker)
            with pytest.raises(NotApplied):  # (and on a fresh read)
                await RedisStore(redis).transact(key, lambda data: (b"three", None))
            assert time.monotonic() - started < TIMEOUT  # at once: refused takes no timeout
            server.start()
            assert (await store.load(key)).data == b"one"
        finally:
            await redis.aclose()


@pytest.mark.slow  # a real redis-server paused for seconds
@pytest.mark.parametrize("kind", KINDS)
async def test_a_write_paused_past_the_timeout_is_told_as_landed_or_not_truthfully(kind):
    """The store alone, many times: the server frozen while a write is in flight, thawed
    within the store's wait; each write ends as done or NotApplied, never unknown, and
    the table says the same."""
    with own_redis(kind) as server:
        redis = server.client(TIMEOUT / 2)
        store = RedisStore(redis, settle=3.0)
        key = table_key("telegram", "-1")
        try:
            await store.transact(key, lambda data: (b"0", None))
            told = []
            for n in range(1, 4):
                await store.transact(key, lambda data: (KEEP, None))  # known: no read next
                server.freeze()
                asyncio.get_running_loop().call_later(TIMEOUT, server.thaw)
                marker = Marker.of("telegram", "-1", str(n))
                try:
                    await store.transact(key, lambda data: (data + b"+", None), marker=marker)
                    told.append(True)
                except NotApplied:
                    told.append(False)
                except MaybeApplied:
                    raise AssertionError("Redis answered within the wait: it could tell") from None
                await asyncio.sleep(TIMEOUT)  # (thawed: what it held has run)
                stored = (await store.load(key)).data
                assert stored == b"0" + b"+" * sum(told), (told, stored)
        finally:
            await redis.aclose()


@pytest.mark.slow  # a real redis-server or cluster paused for seconds
@pytest.mark.parametrize("kind", KINDS)
async def test_every_read_on_a_frozen_redis_gives_up_after_one_timeout(kind):
    """Every node frozen: a `/roll`, a `/verify` and a press in a process that must read
    the table first are told "Nothing was changed" after one timeout, on the cluster as on
    one server, and so is each of them again (the cluster client, closed by the first
    timeout, then asks every node it knows for the layout: bot/store/cluster.py)."""
    chat = "-1"
    with own_redis(kind) as server:
        # Three processes, one act each: redis-py's pool for one server makes a connection
        # under its lock, so two commands of one process that need one at once wait for
        # each other's connect (docs/operations.md).
        clients = [server.client(TIMEOUT) for _ in range(3)]
        here, elsewhere, third = (Router(client) for client in clients)
        for router in (here, elsewhere, third):
            router.durable.add("telegram")  # (as the Telegram adapter makes it)
        updates = iter(range(1, 1000))

        async def say(router: Router, chat: str, user: str, **what) -> str:
            update = str(next(updates))
            msg = Incoming("telegram", chat, user, user, update_id=update, **what)
            return "\n".join(reply.text for reply in await router.handle(msg) if reply.text)

        try:
            async with asyncio.timeout(LIMIT):
                await say(here, chat, "11", text="/new auktion rounds=1 deadline=600")
                await say(here, chat, "22", text="/join")
                await say(here, chat, "11", text="/start")
                for router in (elsewhere, third):  # (its connections open, as a live bot's)
                    await router.table("telegram", chat, answers=True)
                table = await here.table("telegram", chat)
                bid = next(m for m in legal_moves(table, random.Random(1)) if m.seat == 1)
                server.freeze()
                for _ in range(3):
                    started = time.monotonic()
                    told = await asyncio.gather(
                        say(elsewhere, "22", "22", button=bid.data, private=bid.secret),
                        say(here, chat, "33", text="/roll 1d6"),
                        say(third, chat, "44", text="/verify"),  # (a pipeline: table and log)
                    )
                    took = time.monotonic() - started
                    assert all(NOT_CHANGED in answer for answer in told), told
                    assert took < 2 * TIMEOUT, (told, took)
                server.thaw()
                table = await here.table("telegram", chat)
                assert table.state["bids"]["answers"] == {}  # (nothing of the press landed)
        finally:
            server.thaw()
            for client in clients:
                await client.aclose()
