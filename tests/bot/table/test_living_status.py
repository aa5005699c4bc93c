"""One living status message per step (issue 18, item 1), through the real clients:
who has answered, whom we wait for and the time left are one group message, edited in
place as answers come; an answer that leaves the step open posts nothing new."""

import contextlib

import fakeredis
import pytest

from adapters.console.__main__ import run_script
from tests.fixtures.fake_discord import EPHEMERAL, World
from tests.fixtures.fake_telegram import GROUP, Clock, FakeTelegram, begin, running_bot, until

ALICE, BOB, CAROL = 11, 22, 33
PLAYERS = [(ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")]

pytestmark = pytest.mark.usefixtures("text_boards")


@contextlib.asynccontextmanager
async def auction_begun(fake: FakeTelegram, options: str, clock: Clock):
    """Our bot running, an auction of the three begun, its first status message sent."""
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis, clock=clock) as bot:
        begin(fake, f"/new auktion {options}", PLAYERS)
        await until(lambda: "s left" in fake.everything(GROUP))
        await bot.adapter.sender.drain()
        yield bot
    await redis.aclose()


def group_posts(fake: FakeTelegram) -> list[dict]:
    return [c for c in fake.done("sendMessage") + fake.done("sendPhoto") if c["chat_id"] == GROUP]


async def test_telegram_answers_edit_one_status_message(fake):
    clock = Clock()
    async with auction_begun(fake, "rounds=1 deadline=900", clock) as bot:
        table = await bot.router.table("telegram", str(GROUP))
        await until(lambda: fake.sent.get(int(table.status_message or 0)) is not None)
        table = await bot.router.table("telegram", str(GROUP))
        status = int(table.status_message)
        assert "900 s left" in fake.sent[status]["text"]  # the deadline, inside the status
        # whoever must act is mentioned, and notified (a text mention each)
        (posted,) = [c for c in group_posts(fake) if "900 s left" in c["text"]]
        links = [f'<a href="tg://user?id={u}">{n}</a>' for u, n in PLAYERS]
        assert posted["text"].endswith(f"⏳ Waiting for {', '.join(links)} · 900 s left")
        posts = len(group_posts(fake))
        fake.press_label(ALICE, "Alice", "1", chat=ALICE)
        await until(lambda: "✓ Alice · ⏳ Waiting for Bob, Carol" in fake.sent[status]["text"], 20)
        fake.press_label(BOB, "Bob", "0", chat=BOB)
        await until(lambda: "✓ Alice, Bob · ⏳ Waiting for Carol" in fake.sent[status]["text"], 20)
        await bot.adapter.sender.drain()
        assert len(group_posts(fake)) == posts  # status changes post nothing
        edits = [c for c in fake.done("editMessageText") if c["message_id"] == status]
        assert len(edits) == 2
        # the deadline is said once, in the status: no line of its own anywhere
        assert "Time to answer" not in fake.everything(GROUP)
        # the last answer ends the step: the status says so and one new message follows,
        # which notifies Bob, away for longer than bot/table/status.py WATCHING (Carol
        # just answered)
        clock.now += 200
        fake.press_label(CAROL, "Carol", "0", chat=CAROL)
        await until(lambda: "Everyone has answered" in fake.sent[status]["text"], timeout=20)
        await until(lambda: "protest" in group_posts(fake)[-1].get("text", ""), timeout=20)
        await bot.adapter.sender.drain()
        (new,) = group_posts(fake)[posts:]  # the decision: one new message, its own status
        assert new["text"].endswith(f"⏳ Waiting for {links[1]}, {links[2]} · 60 s left")


async def test_telegram_seats_that_just_answered_get_their_next_step_in_place(fake):
    """Bob and Carol answered a moment ago: they are watching the status message, so the
    next step that asks them is edited into it, with its buttons; nothing is posted."""
    async with auction_begun(fake, "rounds=1", Clock()) as bot:
        table = await bot.router.table("telegram", str(GROUP))
        status = int(table.status_message)
        posts = len(group_posts(fake))
        for (user, name), bid in zip(PLAYERS, ["2", "1", "0"], strict=True):
            fake.press_label(user, name, bid, chat=user)
        await until(lambda: "protest" in fake.sent[status]["text"], timeout=20)
        await bot.adapter.sender.drain()
        assert len(group_posts(fake)) == posts  # one message all along
        last = fake.sent[status]["text"].splitlines()[-1]
        assert last.startswith("⏳ Waiting for") and "tg://" not in last  # an edit calls nobody
        keyboard = fake.sent[status]["reply_markup"]["inline_keyboard"]
        assert [b["text"] for b in keyboard[0]] == ["Protest", "Pass"]


def public(world: World, channel: int) -> list[dict]:
    return [
        m
        for m in world.fake.messages.values()
        if m["channel_id"] == str(channel) and not m["flags"] & EPHEMERAL
    ]


async def test_discord_answers_edit_one_status_message(world):
    fake = world.fake
    await world.feed(
        fake.command("new", ALICE, "Alice", {"game": "auktion", "options": "rounds=1"})
    )
    (thread,) = fake.threads
    for user, name in PLAYERS[1:]:
        await world.feed(fake.command("join", user, name, channel=thread, thread=True))
    await world.feed(fake.command("start", ALICE, "Alice", channel=thread, thread=True))
    table = await world.bot.adapter.router.table("discord", str(thread))
    status = fake.messages[table.status_message]
    assert f"⏳ Waiting for <@{ALICE}>, <@{BOB}>, <@{CAROL}>" in status["content"]
    # exactly those three may be notified: never everyone, never a role
    (start,) = [c for c in fake.calls if "<@33>" in str(c.body)]
    data = start.body.get("data", start.body)
    assert data["allowed_mentions"] == {"parse": [], "users": [ALICE, BOB, CAROL]}
    before = len(public(world, thread))
    # Bob answers from his DM with a button
    (bob_prompt,) = [
        m for m in fake.messages.values() if m["channel_id"] == str(fake.dm_channel(BOB))
    ]
    button = next(
        c for row in bob_prompt["components"] for c in row["components"] if c.get("label") == "0"
    )
    dm = {"channel": fake.dm_channel(BOB), "guild": None}
    await world.feed(fake.press(bob_prompt, button["custom_id"], BOB, "Bob", **dm))
    assert "✓ Bob · ⏳ Waiting for Alice, Carol" in status["content"]  # edits call nobody
    assert len(public(world, thread)) == before  # nothing new in the thread
    edits = fake.called("PATCH", rf"/channels/{thread}/messages/{status['id']}")
    assert len(edits) == 1 and edits[0].body["allowed_mentions"] == {"parse": []}


async def test_telegram_an_old_status_message_is_posted_anew(fake):
    """Bob and Carol answered within bot/table/status.py WATCHING, but the status
    message is older than that (talk may have pushed it up): the next step is a new
    message that calls them."""
    clock = Clock()
    async with auction_begun(fake, "rounds=1 deadline=900", clock) as bot:
        posts = len(group_posts(fake))
        answers = zip(
            PLAYERS, ["2", "1", "0"], [0, 70, 70], ["✓ Alice ·", "✓ Alice, Bob ·", ""], strict=True
        )
        for (user, name), bid, later, shown in answers:
            clock.now += later
            fake.press_label(user, name, bid, chat=user)
            await until(lambda shown=shown: shown in fake.everything(GROUP), 20)
        await until(lambda: "protest" in fake.everything(GROUP), timeout=20)
        await bot.adapter.sender.drain()
        new = [c for c in group_posts(fake)[posts:] if "protest" in c.get("text", "")]
        assert new and 'href="tg://user?id=' in new[0]["text"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["That's me 🙋", "No, thanks", "Telegram Style", "Nothing", "bert plays nothing."]),
        ("de", ["Ich bin's 🙋", "Nein, danke", "Telegrammstil", "Nichts", "bert spielt nichts."]),
    ],
)
async def test_one_seats_secret_answer_ends_its_status_with_its_name(lang, words):
    """A step that asked one seat alone, secretly (Bohei's card chosen privately), ended
    "✓ Everyone has answered." after that one player's choice: it names who answered
    (the choice itself is said in what follows, or stays private)."""
    owns_up, no_draw, rule, nothing, said = words
    lines = ["anna: /new bohei", "bert: /join", "cora: /join", "anna: /start"]
    lines += [f"bert: [{owns_up}]", f"bert: [{no_draw}]", f"bert> [{rule}]", f"bert> [{nothing}]"]
    out: list[str] = []
    await run_script(lines, seed=12, lang=lang, write=out.append)  # bert holds a rule
    said_at = out.index(f"[group] {said}")
    assert out[said_at - 1] == "[group:edit] ✓ bert"
    assert not any("Everyone has answered" in line or "Alle haben" in line for line in out)
