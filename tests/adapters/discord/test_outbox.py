"""Discord on the durable outbox (adapters/discord/sending.py, bot/chat/courier.py): what a
change says is kept in Redis with the change and removed once Discord took it; the
process that received an interaction says its replies through it when it holds the
chat's send lease, and otherwise they go out from whoever holds it, to the channel and
by DM; a process that starts sends what a killed one left. The real discord.py client
against the fake Discord of tests/fixtures/fake_discord.py (`world`: tests/conftest.py)."""

import asyncio

from bot.chat.router import Incoming, Router
from bot.store.outboxes import Outboxes
from tests.fixtures.fake_discord import EPHEMERAL, World

ALICE, BOB = 11, 22
THREAD = 4000  # a game thread made before (an existing thread: no thread to make)
HERE = {"channel": THREAD, "thread": True}


def outboxes(world: World) -> Outboxes:
    return Outboxes(world.redis, "discord")


def prompts(world: World, channel: int | None) -> list[dict]:
    """Messages in `channel` with live components, oldest first."""
    return [
        m
        for m in world.fake.messages.values()
        if m["channel_id"] == str(channel) and m["components"]
    ]


def buttons(message: dict) -> dict[str, str]:
    return {
        c.get("label") or c["custom_id"]: c["custom_id"]
        for row in message["components"]
        for c in row["components"]
    }


async def lobby(world: World) -> None:
    """Alice opens an auction in the thread and Bob sits down."""
    fake = world.fake
    new = fake.command("new", ALICE, "Alice", {"game": "auktion", "options": "rounds=1"}, **HERE)
    await world.feed(new)
    await world.feed(fake.command("join", BOB, "Bob", **HERE))


async def test_what_a_change_says_is_kept_until_discord_took_it(world):
    router = world.bot.adapter.router
    seen: list = []
    handle = router.handle

    async def recording(msg):
        replies = await handle(msg)
        seen.append(replies)
        # written with the change, before anything was sent
        seen.append(await outboxes(world).waiting(msg.chat))
        return replies

    router.handle = recording
    await lobby(world)
    await world.feed(world.fake.command("start", ALICE, "Alice", **HERE))
    started, kept = seen[-2:]
    assert started and all(r.outbox_id for r in started)
    assert [field for field, _ in kept] == [r.outbox_id for r in started]
    assert await outboxes(world).chats() == {}  # all sent, all removed
    # Alice started it: her sealed-bid prompt came through her interaction, ephemeral
    (mine,) = [m for m in prompts(world, THREAD) if m["flags"] & EPHEMERAL]
    assert "sealed bid" in mine["content"]
    # a refusal is kept nowhere
    await world.feed(world.fake.command("join", BOB, "Bob", **HERE))
    refused = seen[-2]
    assert refused and all(r.error and not r.outbox_id for r in refused)


async def test_what_a_killed_process_wrote_is_sent_by_the_next_one_to_start(world):
    """A process died right after its writes: it sent nothing. The next one to start
    sends everything in order, the prompts with live buttons among it — Alice's, which
    her own interaction would have shown her ephemerally, by DM."""
    fake = world.fake
    dead = Router(world.redis)
    dead.durable.add("discord")
    for user, name, text in [
        (ALICE, "Alice", "/new auktion rounds=1"),
        (BOB, "Bob", "/join"),
        (ALICE, "Alice", "/start"),
    ]:
        said = Incoming("discord", str(THREAD), str(user), name, text, update_id=f"u{text}")
        await dead.handle(said)
    assert len(await outboxes(world).waiting(str(THREAD))) >= 5
    assert not fake.called("POST", r"/channels/.+/messages")
    later = await world.start_bot(sweep=True, sync=False)
    loop = asyncio.get_running_loop()
    end = loop.time() + 5
    while await outboxes(world).chats() and loop.time() < end:
        await asyncio.sleep(0.02)
    await later.adapter.drain()
    thread = fake.text_of(THREAD)
    assert thread.count("opened a table") == 1 and thread.count("begins!") == 1
    assert "sealed bid" not in thread
    for user, name in [(ALICE, "Alice"), (BOB, "Bob")]:
        dm = fake.dm_channel(user)
        (prompt,) = [p for p in prompts(world, dm) if "sealed bid" in p["content"]]
        assert not prompt["flags"] & EPHEMERAL
        press = fake.press(prompt, buttons(prompt)["0"], user, name, channel=dm, guild=None)
        await world.feed(press, later)  # the buttons work
    assert "is over" in fake.text_of(THREAD)  # (a tie at 0: nobody buys, one round)
    assert await outboxes(world).chats() == {}


async def test_an_interaction_whose_chat_another_process_sends_for_is_answered_at_once(world):
    """Another process holds the thread's send lease (it sends there now): the /start is
    answered without waiting for it, and what it says comes from that process — to the
    thread, and Alice's prompt by DM, since only her interaction could show it to her
    alone. Here the other process dies and its lease runs out: the sweep sends."""
    fake = world.fake
    await lobby(world)
    assert await outboxes(world).take(str(THREAD), "another process", 0.5) is not None
    start = fake.command("start", ALICE, "Alice", **HERE)
    began = asyncio.get_running_loop().time()
    await world.feed(start)
    assert asyncio.get_running_loop().time() - began < 0.5  # not held up by the lease
    answered = [(c.method, c.body.get("type")) for c in fake.answers(start)]
    assert answered == [("POST", 5), ("DELETE", None)]  # "thinking…", then nothing
    assert "begins!" not in fake.text_of(THREAD)
    await asyncio.sleep(0.55)
    await world.bot.adapter.sender.courier.sweep()
    await world.bot.adapter.drain()
    assert fake.text_of(THREAD).count("begins!") == 1
    (prompt,) = [p for p in prompts(world, fake.dm_channel(ALICE)) if "sealed bid" in p["content"]]
    assert {"0", "Type a number"} <= set(buttons(prompt))
    assert not [m for m in prompts(world, THREAD) if m["flags"] & EPHEMERAL]
    assert await outboxes(world).chats() == {}


async def test_what_discord_did_not_take_stays_and_goes_out_once_it_is_back(world):
    fake = world.fake
    await lobby(world)
    await world.feed(fake.command("start", ALICE, "Alice", **HERE))
    router = world.bot.adapter.router
    (timeout,) = [m for m in await router.deadlines("discord").claim_due(1e12) if "|timeout|" in m]
    fake.down = True  # Discord away: the deadline's replies stay in the outbox
    await world.bot.adapter.fire(timeout)
    await world.bot.adapter.drain()
    assert "Time is up" not in fake.text_of(THREAD)
    waiting = await outboxes(world).chats()
    assert waiting.get(str(THREAD), 0) >= 1
    fake.down = False
    await world.bot.adapter.sender.courier.sweep()
    await world.bot.adapter.drain()
    assert fake.text_of(THREAD).count("Time is up") == 1
    assert await outboxes(world).chats() == {}
