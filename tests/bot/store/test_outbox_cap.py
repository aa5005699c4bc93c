"""A chat's durable outbox is bounded (bot/outbox_store.CAP): a chat whose platform
refuses for long keeps at most CAP replies, the oldest dropped first, plain lines before
prompts and boards, never the newest change's — on fakeredis, a real redis-server and
a 3-master cluster."""

import fakeredis
import pytest

from bot.chat.router import Incoming, Router
from bot.replies import Button, Reply
from bot.store import outboxes as outbox_store
from bot.store.keys import outbox_key, table_key
from bot.store.mailbox import loads
from bot.store.outboxes import CAP, Outboxes
from bot.store.versioned import RedisStore
from tests.conftest import make_backend
from tests.fixtures.fake_telegram import GROUP, running_bot, until

CHAT = "-100"


@pytest.fixture(params=["fake", "real", "cluster"])
async def backend(request):
    async for made in make_backend(request):
        yield made


async def test_the_outbox_keeps_the_newest_and_the_prompts_past_its_cap(redis):
    store, key = RedisStore(redis), table_key("telegram", CHAT)
    prompt = Reply(text="Bid?", buttons=((Button("1", "st2:x"),),))

    async def change(version: int, replies: list[Reply]) -> list[str]:
        push, ids = outbox_store.push("telegram", CHAT, replies, version)
        assert await store.cas(key, version - 1, b"{}", push=push)
        return ids

    asked = await change(1, [Reply(text="line 1"), prompt])
    for v in range(2, 2 * CAP):  # the platform takes nothing meanwhile
        await change(v, [Reply(text=f"line {v}")])
    waiting = [f for f, _ in await Outboxes(redis, "telegram").waiting(CHAT)]
    assert len(waiting) == CAP
    assert asked[1] in waiting and asked[0] not in waiting  # the prompt outlived its line
    assert waiting[-(CAP - 1) :] == [outbox_store.field(v, 0) for v in range(CAP + 1, 2 * CAP)]

    # One change that says more than CAP keeps all it says (never the newest dropped) …
    big = await change(2 * CAP, [Reply(text=f"big {i}", board=True) for i in range(CAP + 5)])
    waiting = [f for f, _ in await Outboxes(redis, "telegram").waiting(CHAT)]
    assert waiting == big
    # … and prompts go too, oldest first, when nothing else is left to drop
    await change(2 * CAP + 1, [Reply(text="after")])
    waiting = [f for f, _ in await Outboxes(redis, "telegram").waiting(CHAT)]
    assert len(waiting) == CAP and waiting[-1] == outbox_store.field(2 * CAP + 1, 0)
    assert waiting[:-1] == big[-(CAP - 1) :]


async def test_a_chat_nobody_could_reach_for_long_gets_its_lobby_buttons_when_back(fake):
    """300 changes while Telegram took nothing: the outbox holds CAP replies, the lobby's
    Join/Start message among them; once a bot can send, its buttons work."""
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    dead = Router(redis)
    dead.durable.add("telegram")
    group = str(GROUP)

    def say(user: str, text: str) -> Incoming:
        return Incoming(platform="telegram", chat=group, user=user, name=user, text=text)

    await dead.handle(say("11", "/new auktion rounds=1"))
    for _ in range(150):
        await dead.handle(say("22", "/join"))
        await dead.handle(say("22", "/leave"))
    await dead.handle(say("22", "/join"))
    waiting = await Outboxes(redis, "telegram").waiting(group)
    assert len(waiting) == CAP == await redis.hlen(outbox_key("telegram", group))
    assert "opened a table" in loads(waiting[0][1]).text  # the lobby's buttons are kept
    assert "sits down" in loads(waiting[-1][1]).text  # and the newest line
    async with running_bot(fake, redis) as bot:
        await until(lambda: "opened a table" in fake.everything(GROUP), timeout=20)
        await until(lambda: "sits down" in fake.everything(GROUP), timeout=20)
        fake.press_label(11, "11", "▶ Start", chat=GROUP)  # the kept button works
        await until(lambda: "begins" in fake.everything(GROUP), timeout=20)
        await bot.adapter.sender.drain()
    await redis.aclose()
