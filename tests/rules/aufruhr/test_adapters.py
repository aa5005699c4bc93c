"""AUFRUHR! through the chat adapters: paying a mayor named by @handle or by a mention
the platform inserts. (Whole games with robot players run for every registered game in
tests/adapters/telegram/test_games.py and tests/adapters/discord/test_games.py.)"""

import fakeredis

from tests.fixtures.fake_discord import EPHEMERAL
from tests.fixtures.fake_telegram import GROUP, running_bot, until


async def test_pay_by_username_and_by_text_mention_through_telegram(fake):
    """`/pay @bob_k 30` names Bob by his @handle; a user without one is picked from the
    member list, and Telegram marks their name (a text mention) instead."""
    users = [(11, "Anna", "anna_k"), (22, "Bob", "bob_k"), (33, "Carol Smith", None)]
    users.append((44, "Dora", "dora"))
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis):
        fake.say(11, "Anna", "/new aufruhr events=1", username="anna_k")
        for user, name, handle in users[1:]:
            fake.say(user, name, "/join", username=handle)
        fake.say(11, "Anna", "/start", username="anna_k")
        await until(lambda: "begins" in fake.everything(GROUP))
        fake.say(11, "Anna", "/pay @bob_k 30", username="anna_k")
        await until(lambda: "Anna pays 30 to Bob." in fake.everything(GROUP))
        fake.say(22, "Bob", "/pay Carol Smith 20", mention=("Carol Smith", 33, "Carol"))
        await until(lambda: "Bob pays 20 to Carol Smith." in fake.everything(GROUP))
        await until(lambda: any("Your treasury: 260." in t for t in fake.texts(33)))
        assert any("Your treasury: 250." in t for t in fake.texts(22))
        assert "treasury" not in fake.everything(GROUP)
    await redis.aclose()


async def test_pay_by_mention_through_discord(world):
    """/pay's player option (a user picked in Discord's menu) reaches the game as `<@id>`."""
    dc = world.fake
    users = [(101, "Anna"), (102, "Bob"), (103, "Carol"), (104, "Dora")]
    await world.feed(dc.command("new", *users[0], {"game": "aufruhr", "options": "events=1"}))
    (thread,) = dc.threads
    where = {"channel": thread, "thread": True}
    for user in users[1:]:
        await world.feed(dc.command("join", *user, **where))
    await world.feed(dc.command("start", *users[0], **where))
    pay = {"mayor": (102, "Bob"), "amount": 30}  # the user picked in /pay's player option
    await world.feed(dc.typed_command("pay", *users[0], pay, **where))
    assert "Anna pays 30 to Bob." in dc.text_of(thread)
    nobody = {"mayor": (999, "Nobody"), "amount": 30}
    await world.feed(dc.typed_command("pay", *users[0], nobody, **where))
    assert dc.text_of(thread).count("Anna pays") == 1


async def test_a_folder_handed_privately_through_telegram(fake):
    """`/folder` in a private chat with the bot: the group learns who handed whom, the
    two mayors alone what was inside; `/take` privately too (issue 19)."""
    users = [(11, "Anna"), (22, "Bob"), (33, "Carol"), (44, "Dora")]
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis):
        fake.say(11, "Anna", "/new aufruhr events=1")
        for user, name in users[1:]:
            fake.say(user, name, "/join")
        fake.say(11, "Anna", "/start")
        await until(lambda: "begins" in fake.everything(GROUP))
        fake.say(11, "Anna", "/folder Essen 2: vote for me", chat=11)
        await until(lambda: "Duisburg (Anna) hands Bob a bribe folder." in fake.everything(GROUP))
        await until(lambda: any("inside: ★★" in t for t in fake.texts(22)))
        fake.say(22, "Bob", "/take", chat=22)
        await until(lambda: "Bob takes the folder of Duisburg (Anna)" in fake.everything(GROUP))
        await until(lambda: any("Bob took your folder (★★)" in t for t in fake.texts(11)))
        assert "★" not in fake.everything(GROUP) and "vote for me" not in fake.everything(GROUP)
    await redis.aclose()


async def test_a_folder_handed_by_slash_command_through_discord(world):
    """A slash command is answered ephemerally: `/folder` in the game's thread is as
    private as a DM; the thread sees only that a folder changed hands."""
    dc = world.fake
    users = [(101, "Anna"), (102, "Bob"), (103, "Carol"), (104, "Dora")]
    await world.feed(dc.command("new", *users[0], {"game": "aufruhr", "options": "events=1"}))
    (thread,) = dc.threads
    where = {"channel": thread, "thread": True}
    for user in users[1:]:
        await world.feed(dc.command("join", *user, **where))
    await world.feed(dc.command("start", *users[0], **where))
    # the mayor a user option, the tokens and the demand text options
    folder = {"mayor": (102, "Bob"), "tokens": "3 1", "demand": "vote for me"}
    give = dc.typed_command("folder", *users[0], folder, **where)
    await world.feed(give)
    assert "Duisburg (Anna) hands Bob a bribe folder." in dc.text_of(thread)
    told = [m["content"] for m in dc.messages.values() if m["flags"] & EPHEMERAL]
    told += [m["content"] for m in dc.messages.values() if m["channel_id"] != str(thread)]
    assert any("You hand Bob your folder" in t and "★★★ ★" in t for t in told), told
    assert any("Duisburg (Anna) hands you a folder" in t and "★★★ ★" in t for t in told), told
    await world.feed(dc.typed_command("take", *users[1], {}, **where))
    assert "Bob takes the folder of Duisburg (Anna) and covers what was inside." in dc.text_of(
        thread
    )
    assert "★" not in dc.text_of(thread) and "vote for me" not in dc.text_of(thread)


async def test_a_deal_pressed_again_after_answering_says_so_through_telegram(fake):
    """A mayor who answered a deal and presses its other button is told they answered
    already (not that it is not their turn); the deal stands as answered."""
    users = [(11, "Anna"), (22, "Bob"), (33, "Cem"), (44, "Dora")]
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis) as bot:
        fake.say(*users[0], "/new aufruhr events=1")
        for user in users[1:]:
            fake.say(*user, "/join")
        fake.say(*users[0], "/start")
        await until(lambda: "begins" in fake.everything(GROUP))
        fake.say(*users[0], "/deal Bob Cem: we all vote for Dora")

        def deal_buttons() -> bool:
            return any(
                m["chat"]["id"] == GROUP and "✅ Accept" in str(m.get("reply_markup"))
                for m in fake.sent.values()
            )

        await until(deal_buttons)
        fake.press_label(22, "Bob", "✅ Accept", GROUP)
        await until(lambda: "Bob accepts deal 1 of Anna." in fake.everything(GROUP))
        fake.press_label(22, "Bob", "❌ Decline", GROUP)
        await until(lambda: len(fake.called("answerCallbackQuery")) == 2)
        answer = fake.called("answerCallbackQuery")[-1]
        assert answer["text"] == "You have already answered; now we wait for the others."
        fake.press_label(44, "Dora", "✅ Accept", GROUP)  # not asked by the deal at all
        await until(lambda: len(fake.called("answerCallbackQuery")) == 3)
        assert (
            fake.called("answerCallbackQuery")[-1]["text"] == "It is not your turn to answer that."
        )
        await bot.adapter.sender.drain()
        edits = [e["text"] for e in fake.called("editMessageText")]
        assert not [e for e in edits if "Deal 1" in e]  # the deal's buttons stay: Cem answers
        fake.press_label(33, "Cem", "❌ Decline", GROUP)
        await until(lambda: "Cem declines deal 1 of Anna." in fake.everything(GROUP))
        assert "Bob declines" not in fake.everything(GROUP)
    await redis.aclose()
