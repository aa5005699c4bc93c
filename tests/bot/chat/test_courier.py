"""The durable outbox (bot/store/outboxes.py, bot/chat/courier.py): what a change says is kept
in Redis with the change, sent by whichever process holds the chat's send lease, and
removed only once the platform took it — on fakeredis and a real redis-server."""

import asyncio
import contextlib

import fakeredis
import pytest
from redis.asyncio.connection import AbstractConnection

from bot.chat import pictures
from bot.chat.courier import Courier
from bot.chat.router import Incoming, Router
from bot.replies import Reply
from bot.store import outboxes as outbox_store
from bot.store.keys import outbox_key, outboxes_key, sending_key, table_key
from bot.store.mailbox import loads
from bot.store.outboxes import Outboxes
from bot.store.versioned import RedisStore
from bot.table import deadlines
from tests.bot.store.test_scheduler import AnswersAsItIsCancelled
from tests.bot.store.test_versioned import round_trips  # noqa: F401  (the fixture)
from tests.conftest import make_backend
from tests.fixtures.fake_telegram import GROUP, running_bot, until

CHAT = "-100"


# Also against a Redis Cluster of three masters: the outbox shares its table's slot, the
# index sets are spread (tests/conftest.make_backend).
@pytest.fixture(params=["fake", "real", "cluster"])
async def backend(request):
    async for made in make_backend(request):
        yield made


def say(user: str, text: str, chat: str = CHAT) -> Incoming:
    return Incoming(platform="telegram", chat=chat, user=user, name=user.title(), text=text)


async def no_table(chat: str) -> None:
    return None


def futures(send):
    """A courier's `deliver` from `async send(replies) -> [done?]`: one future each."""

    def deliver(replies):
        outcomes = [asyncio.get_running_loop().create_future() for _ in replies]

        async def settle():
            for outcome, done in zip(outcomes, await send(replies), strict=True):
                outcome.set_result(done)

        tasks.add(asyncio.create_task(settle()))
        return outcomes

    return deliver


tasks: set = set()  # (kept, so that they are not collected while running)


async def test_a_change_keeps_what_it_says_and_a_refusal_keeps_nothing(redis):
    router = Router(redis)
    router.durable.add("telegram")
    outboxes = Outboxes(redis, "telegram")
    opened = await router.handle(say("ann", "/new auktion rounds=1"))
    ids = [r.outbox_id for r in opened]
    assert opened and all(ids)
    waiting = await outboxes.waiting(CHAT)
    assert [f for f, _ in waiting] == ids
    assert [loads(raw).text for _, raw in waiting] == [r.text for r in opened]
    refused = await router.handle(say("ann", "/join"))  # seated already: refused
    assert refused and all(r.error and not r.outbox_id for r in refused)
    assert await outboxes.waiting(CHAT) == waiting  # nothing more kept
    assert await outboxes.chats() == {CHAT: len(ids)}
    await outboxes.ack(CHAT, ids)
    assert await outboxes.chats() == {}  # an empty outbox leaves the index
    joined = await router.handle(say("ben", "/join"))
    # ordered by the table's version: later changes sort after earlier ones
    assert min(r.outbox_id for r in joined) > max(ids)
    assert await redis.pttl(outbox_key("telegram", CHAT)) > 0  # expires with its table


async def test_a_write_that_loses_its_race_keeps_nothing(redis):
    store = RedisStore(redis)
    key = table_key("telegram", CHAT)
    push, _ = outbox_store.push("telegram", CHAT, [Reply(text="won")], 1)
    assert await store.cas(key, 0, b"{}", push=push)
    lost, _ = outbox_store.push("telegram", CHAT, [Reply(text="lost")], 1)
    assert not await store.cas(key, 0, b"{}", push=lost)  # version 1 now: refused
    waiting = await Outboxes(redis, "telegram").waiting(CHAT)
    assert [loads(raw).text for _, raw in waiting] == ["won"]


async def test_the_sweep_finds_a_chat_whose_write_won_and_none_whose_write_lost(redis):
    """The table's script adds a chat to the index if its write wins, on one Redis; on a
    cluster the entry goes just before the write, whatever it does, and the sweep drops
    it with the outbox empty."""
    store, outboxes = RedisStore(redis), Outboxes(redis, "telegram")
    key, index = table_key("telegram", CHAT), outbox_store.index("telegram", CHAT)
    lost, _ = outbox_store.push("telegram", CHAT, [Reply(text="lost")], 1)
    assert not await store.cas(key, 5, b"{}", push=lost, index=index)  # no version 5
    assert await outboxes.chats() == {}
    assert await redis.smembers(index[0]) == set()
    won, ids = outbox_store.push("telegram", CHAT, [Reply(text="won")], 1)
    assert await store.cas(key, 0, b"{}", push=won, index=index)
    assert await outboxes.chats() == {CHAT: 1}
    await outboxes.ack(CHAT, ids)
    assert await outboxes.chats() == {}


async def test_a_platform_without_a_durable_adapter_keeps_nothing(redis):
    replies = await Router(redis).handle(say("ann", "/new auktion rounds=1"))
    assert replies and not any(r.outbox_id for r in replies)
    assert await Outboxes(redis, "telegram").chats() == {}


async def test_a_change_s_replies_cost_the_courier_three_round_trips(redis, round_trips):  # noqa: F811
    """Take the lease and read the outbox (one script), acknowledge what the platform
    took, give the lease up (its script sees the outbox empty: not read again first)."""
    router = Router(redis)
    router.durable.add("telegram")
    sent: list[Reply] = []

    async def send(replies):
        sent.extend(replies)
        return [True] * len(replies)

    courier = Courier(Outboxes(redis, "telegram"), futures(send), no_table)
    for user, text in [("ann", "/new auktion rounds=1"), ("ben", "/join")]:
        replies = await router.handle(say(user, text))
        round_trips["trips"] = 0  # (the first change's count: the scripts load on first use)
        courier.offer(replies)
        await courier.drain()
    assert round_trips["trips"] == 3
    assert [r.text for r in sent[-len(replies) :]] == [r.text for r in replies]
    assert await Outboxes(redis, "telegram").waiting(CHAT) == []
    assert not await redis.exists(sending_key("telegram", CHAT))  # the lease given up


async def test_the_send_lease_is_one_process_s_and_given_up_only_when_sent(redis):
    outboxes = Outboxes(redis, "telegram")
    (key, fields), ids = outbox_store.push("telegram", CHAT, [Reply(text="hi")], 1)
    await redis.hset(key, mapping=fields)
    waiting = await outboxes.waiting(CHAT)
    assert [f for f, _ in waiting] == ids
    assert await outboxes.take(CHAT, "a", 5) == waiting  # taken, and read with it
    assert await outboxes.take(CHAT, "b", 5) is None
    assert not await outboxes.renew(CHAT, "b", 5)
    assert not await outboxes.release(CHAT, "a")  # something waits: send on
    await outboxes.ack(CHAT, ids)
    assert await outboxes.release(CHAT, "a")
    assert await outboxes.take(CHAT, "b", 5) == []
    assert await outboxes.release(CHAT, "a")  # not a's any more: nothing to give up
    assert await outboxes.take(CHAT, "a", 5) is None  # still b's


async def _write(redis, n: int, chat: str = CHAT) -> Reply:
    """What process made change `n` wrote with it: one reply."""
    reply = Reply(text=f"r{n}", chat=chat)
    (key, fields), (field,) = outbox_store.push("telegram", chat, [reply], n)
    await redis.hset(key, mapping=fields)
    await redis.sadd(outboxes_key("telegram", outbox_store.shard_of(chat)), chat)
    return Reply(text=f"r{n}", chat=chat, outbox_id=field)


async def test_two_processes_send_a_chat_s_outbox_once_and_in_order(redis, redis_factory):
    sent: list[tuple[str, str]] = []

    def deliverer(name: str):
        async def send(replies):
            for reply in replies:
                sent.append((name, reply.text))
                await asyncio.sleep(0.002)  # the platform takes its time
            return [True] * len(replies)

        return futures(send)

    a = Courier(Outboxes(redis, "telegram"), deliverer("a"), no_table, lease=2)
    b = Courier(Outboxes(await redis_factory(), "telegram"), deliverer("b"), no_table, lease=2)
    for n in range(1, 41):
        reply = await _write(redis, n)
        (a if n % 2 else b).offer([reply])  # each process offers what it wrote
        await asyncio.sleep(0.001 * (n % 3))
    await asyncio.gather(a.drain(), b.drain())
    assert [text for _, text in sent] == [f"r{n}" for n in range(1, 41)]
    assert {name for name, _ in sent} <= {"a", "b"}
    assert await Outboxes(redis, "telegram").waiting(CHAT) == []


async def test_what_the_platform_did_not_take_stays_and_a_sweep_sends_it(redis):
    answers = [False, True]
    sent = []

    async def deliver(replies):
        ok = answers.pop(0)
        sent.extend(r.text for r in replies if ok)
        return [ok] * len(replies)

    courier = Courier(Outboxes(redis, "telegram"), futures(deliver), no_table, lease=2)
    courier.offer([await _write(redis, 1)])
    await courier.drain()
    assert sent == [] and len(await courier.outboxes.waiting(CHAT)) == 1  # kept
    assert await courier.sweep() == 1
    await courier.drain()
    assert sent == ["r1"] and await courier.outboxes.waiting(CHAT) == []


async def test_a_chat_whose_sender_died_is_sent_by_a_sweep_once_its_lease_ran_out(redis):
    sent = []

    async def deliver(replies):
        sent.extend(r.text for r in replies)
        return [True] * len(replies)

    outboxes = Outboxes(redis, "telegram")
    assert await outboxes.take(CHAT, "dead process", 0.3) is not None  # it died holding it
    courier = Courier(outboxes, futures(deliver), no_table, lease=2)
    courier.offer([await _write(redis, 1)])
    await courier.drain()
    assert sent == []  # the dead one's lease still holds
    await asyncio.sleep(0.35)
    await courier.sweep()
    await courier.drain()
    assert sent == ["r1"]


async def test_a_picture_read_back_is_drawn_from_the_table_as_it_is(redis):
    router = Router(redis)
    router.durable.add("telegram")
    for line in ("ann: /new auktion rounds=1", "ben: /join", "ann: /start"):
        user, text = line.split(": ")
        started = await router.handle(say(user, text))
    board = next(r for r in started if r.board)
    assert board.svg is not None
    got = []

    async def deliver(replies):
        got.extend(replies)
        return [True] * len(replies)

    courier = Courier(
        Outboxes(redis, "telegram"), futures(deliver), lambda chat: router.table("telegram", chat)
    )
    await courier.sweep()  # another process: nothing of this one in memory
    await courier.drain()
    again = next(r for r in got if r.board)
    assert again.outbox_id == board.outbox_id and again.text == board.text
    assert again.svg is not None and again.svg() == board.svg()


async def test_a_prompt_written_but_never_sent_goes_out_when_a_process_starts(fake):
    """A process that died right after its writes (it sent nothing): the next one to
    start sends what they said, the sealed-bid prompts with live buttons among it."""
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    dead = Router(redis)
    dead.durable.add("telegram")
    group = str(GROUP)
    for user, text in (("11", "/new auktion rounds=1"), ("22", "/join"), ("11", "/start")):
        await dead.handle(say(user, text, chat=group))
    assert len(await Outboxes(redis, "telegram").waiting(group)) >= 4
    assert not fake.calls
    async with running_bot(fake, redis) as bot:
        await until(lambda: "begins" in fake.everything(GROUP))
        await until(lambda: any("inline_keyboard" in str(c) for c in fake.done("sendMessage")))
        fake.press_label(11, "Ann", "1", chat=11)  # the buttons work
        fake.press_label(22, "Ben", "0", chat=22)
        await until(lambda: "buys the lot for 1" in fake.everything(GROUP))
        await bot.adapter.sender.drain()
        assert await Outboxes(redis, "telegram").waiting(group) == []
    opened = [t for t in fake.texts(GROUP) if "opened a table" in t]
    assert len(opened) == 1  # sent once
    if await pictures.png("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>"):
        assert fake.done("sendPhoto")  # the board's picture, drawn again from the table
    await redis.aclose()


class Killed(BaseException):
    """The process died (nothing in redis-py or the bot catches it)."""


@contextlib.contextmanager
def dies_once_written(monkeypatch, key: str):
    """The process dies the moment the compare-and-set of `key` has gone out: the write
    lands, and nothing the process would send after it does. Patched where every
    command and pipeline goes over the wire (fakeredis' connection inherits it)."""
    send = AbstractConnection.send_packed_command
    dead = False

    async def sending(self, command, *args, **kwargs):
        nonlocal dead
        if dead:
            raise Killed
        wire = command if isinstance(command, bytes) else b"".join(command)
        await send(self, command, *args, **kwargs)
        dead = b"EVAL" in wire and key.encode() in wire

    monkeypatch.setattr(AbstractConnection, "send_packed_command", sending)
    with contextlib.suppress(Killed):  # (on one Redis nothing follows the write's pipeline)
        yield
    assert dead, "the write never went out"
    monkeypatch.setattr(AbstractConnection, "send_packed_command", send)


async def test_a_process_killed_as_its_write_went_out_leaves_its_prompt_and_deadline_found(
    redis, redis_factory, monkeypatch
):
    """Killed between the table's write and anything after it (on a cluster the index
    and the deadlines lie in other slots): the next process's sweep finds the sealed-bid
    prompts the write kept, and the new step's deadline is there to time it out."""
    dead = Router(redis)
    dead.durable.add("telegram")
    for user, text in (("11", "/new auktion rounds=1 deadline=60"), ("22", "/join")):
        await dead.handle(say(user, text))
    outboxes = Outboxes(redis, "telegram")
    await outboxes.ack(CHAT, [f for f, _ in await outboxes.waiting(CHAT)])  # all sent
    assert await outboxes.chats() == {}  # (and out of the index)
    with dies_once_written(monkeypatch, table_key("telegram", CHAT)):
        await dead.handle(say("11", "/start"))

    later = await redis_factory()
    router, got = Router(later), []

    async def deliver(replies):
        got.extend(replies)
        return [True] * len(replies)

    courier = Courier(Outboxes(later, "telegram"), futures(deliver), no_table)
    await courier.sweep()
    await courier.drain()
    assert any("begins" in r.text for r in got)
    assert {r.to for r in got if r.buttons and "sealed bid" in r.text} == {"11", "22"}
    table = await router.table("telegram", CHAT)
    assert table.status == "playing"
    scheduled = await router.deadlines("telegram").matching(f"telegram|{CHAT}|*")
    assert scheduled[deadlines.of_step(table)[0]] == table.deadline_at


async def test_the_sweep_stops_even_when_a_redis_command_loses_the_cancellation():
    redis = AnswersAsItIsCancelled({})

    class Empty(Outboxes):
        async def chats(self):
            return await redis.command()  # no outbox holds anything

    courier = Courier(Empty(fakeredis.FakeAsyncRedis(), "telegram"), futures(None), no_table)
    courier.sweep_every = 0.001
    sweep = asyncio.create_task(courier.run())
    await redis.cancel_as_it_answers(sweep)
    assert sweep.cancelled()
