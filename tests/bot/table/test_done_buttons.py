"""Buttons that are done are gone (issue 18, item 3), through the real clients: a
private prompt answered by typing (Telegram) or in a modal (Discord) loses its buttons
and shows the answer, as a pressed one does (tests/adapters/telegram/test_playing.py,
tests/adapters/discord/test_playing.py)."""

import fakeredis
import pytest

from tests.fixtures.fake_telegram import GROUP, FakeTelegram, begin, running_bot, until

ALICE, BOB = 11, 22

pytestmark = pytest.mark.usefixtures("text_boards")


def prompt_of(fake: FakeTelegram, user: int) -> int:
    return min(i for i, m in fake.sent.items() if m["chat"]["id"] == user)


async def test_telegram_a_typed_answer_closes_its_prompt(fake):
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis) as bot:
        begin(fake, "/new auktion rounds=1", [(ALICE, "Alice"), (BOB, "Bob")])
        await until(lambda: [m for m in fake.sent.values() if m["chat"]["id"] == BOB])
        await bot.adapter.sender.drain()
        alice, bob = prompt_of(fake, ALICE), prompt_of(fake, BOB)
        assert "reply_markup" in fake.sent[bob]
        fake.say(BOB, "Bob", "0", chat=BOB)  # typed, not pressed
        await until(lambda: "reply_markup" not in fake.sent[bob], timeout=10)
        assert fake.sent[bob]["text"].endswith("✓ 0")
        assert "reply_markup" in fake.sent[alice]  # Alice's is still open
        fake.press_label(ALICE, "Alice", "1", chat=ALICE)
        await until(lambda: "reply_markup" not in fake.sent[alice], timeout=10)
        assert fake.sent[alice]["text"].endswith("✓ 1")
        await until(lambda: "protest" in fake.everything(GROUP), timeout=10)
    await redis.aclose()


async def test_discord_a_modal_answer_closes_its_dm_prompt(world):
    fake = world.fake
    await world.feed(
        fake.command("new", ALICE, "Alice", {"game": "auktion", "options": "rounds=1"})
    )
    (thread,) = fake.threads
    await world.feed(fake.command("join", BOB, "Bob", channel=thread, thread=True))
    await world.feed(fake.command("start", ALICE, "Alice", channel=thread, thread=True))
    dm = fake.dm_channel(BOB)
    (prompt,) = [m for m in fake.messages.values() if m["channel_id"] == str(dm)]
    opener = next(
        c["custom_id"]
        for row in prompt["components"]
        for c in row["components"]
        if c.get("label") == "Type a number"
    )
    where = {"channel": dm, "guild": None}
    press = fake.press(prompt, opener, BOB, "Bob", **where)
    await world.feed(press)
    modal = fake.answers(press)[0].body["data"]["custom_id"]
    await world.feed(fake.submit(modal, "0", BOB, "Bob", **where))
    assert prompt["components"] == [] and prompt["content"].endswith("✓ 0")
