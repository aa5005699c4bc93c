"""Playing through Telegram: the real python-telegram-bot client, polling a fake Bot API.

Every update goes the real way (getUpdates → handlers → router → queues → Bot API
calls), and every call the bot makes is recorded by tests/fixtures/fake_telegram.py.
"""

import asyncio

import fakeredis
import pytest

from bot.chat import pictures
from bot.replies import Button, InputRequest, Reply
from bot.store import mailbox
from bot.store.keys import mailbox_key
from tests.fixtures.fake_telegram import (
    BOT_USERNAME,
    GROUP,
    Clock,
    FakeTelegram,
    running_bot,
    said,
    until,
)
from tests.fixtures.telegram_photo import png as png_of

ALICE, BOB = 11, 22


@pytest.fixture
async def redis():
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    yield redis
    await redis.aclose()


@pytest.fixture
async def bot(fake, redis):
    async with running_bot(fake, redis) as bot:
        yield bot


def _sent_to(fake: FakeTelegram, chat: int) -> list[dict]:
    return [c for c in fake.done("sendMessage") if c["chat_id"] == chat]


async def test_a_whole_game_through_the_polling_path(fake, bot):
    fake.say(ALICE, "Alice", f"/new@{BOT_USERNAME} auktion rounds=1")
    fake.say(BOB, "Bob", "/join")
    fake.say(ALICE, "Alice", "/start")
    await until(lambda: _sent_to(fake, ALICE) and _sent_to(fake, BOB))
    # The sealed bids are asked privately, with buttons; the group only hears whom we wait for.
    assert "Your sealed bid" in _sent_to(fake, ALICE)[0]["text"]
    assert "inline_keyboard" in _sent_to(fake, BOB)[0]["reply_markup"]
    # whoever must act is mentioned: Telegram notifies them
    alice, bob = (
        f'<a href="tg://user?id={u}">{n}</a>' for u, n in ((ALICE, "Alice"), (BOB, "Bob"))
    )
    await until(lambda: f"⏳ Waiting for {alice}, {bob}" in fake.everything(GROUP))

    fake.press_label(ALICE, "Alice", "1", chat=ALICE)  # a button, privately
    fake.say(BOB, "Bob", "0", chat=BOB)  # a typed sealed bid, privately
    await until(lambda: "buys the lot for 1" in fake.everything(GROUP))
    assert "The bids: Alice: 1, Bob: 0." in fake.everything(GROUP)
    # (privately, and perhaps after the group's line: each chat has its own queue)
    await until(lambda: "Your bid of 0 is sealed." in "\n".join(fake.texts(BOB)))

    fake.press_label(BOB, "Bob", "Pass", chat=GROUP)  # Bob lets Alice's purchase stand
    await until(lambda: "is over" in fake.everything(GROUP))
    group = fake.everything(GROUP)
    assert "1. Alice" in group and "2. Bob" in group
    assert "sealed bid for" not in group  # the private question never reached the group
    answers = fake.called("answerCallbackQuery")
    assert len(answers) == 2 and all(not a.get("show_alert") for a in answers)
    assert all(c["parse_mode"] == "HTML" for c in fake.called("sendMessage"))


async def test_commands_with_and_without_the_bot_name_in_groups_and_privately(fake, bot):
    fake.say(ALICE, "Alice", "/roll 3d1")
    fake.say(ALICE, "Alice", f"/roll@{BOT_USERNAME} 2d1")
    fake.say(ALICE, "Alice", "/roll@some_other_bot 4d1")  # for another bot: not ours
    fake.say(ALICE, "Alice", "/roll 1d1", chat=ALICE)  # privately
    await until(lambda: fake.texts(ALICE))
    await bot.adapter.sender.drain()
    group = fake.everything(GROUP)
    assert "3d1 (1, 1, 1) = 3" in group and "2d1 (1, 1) = 2" in group
    assert "4d1" not in group
    assert "1d1 (1) = 1" in fake.texts(ALICE)[0]


async def test_a_player_who_never_started_the_bot_gets_one_link_then_everything(fake, bot):
    fake.blocked.add(BOB)
    fake.say(ALICE, "Alice", "/new auktion rounds=1")
    fake.say(BOB, "Bob", "/join")
    # told when he sits down, not after his first sealed bid fails
    await until(lambda: "cannot write to you privately" in fake.everything(GROUP))
    assert not [c for c in fake.called("sendMessage") if c["chat_id"] == BOB]  # none tried yet
    fake.say(ALICE, "Alice", "/start")
    fake.say(BOB, "Bob", "/hand")  # a second private reply for Bob (a picture) waits too
    await until(lambda: [c for c in fake.called("sendPhoto") if c["chat_id"] == BOB])
    await bot.adapter.sender.drain()

    links = [c for c in _sent_to(fake, GROUP) if "cannot write" in c["text"]]
    assert len(links) == 1  # one message, however many replies wait
    button = links[0]["reply_markup"]["inline_keyboard"][0][0]
    assert button["url"] == f"https://t.me/{BOT_USERNAME}?start=mail"
    assert f'<a href="tg://user?id={BOB}">Bob</a>' in links[0]["text"]  # it notifies Bob
    assert "sealed bid" not in fake.everything(GROUP)  # nothing private in the group

    fake.blocked.discard(BOB)
    fake.say(BOB, "Bob", "/start mail", chat=BOB)  # Bob presses Start under the link
    await until(lambda: len(fake.texts(BOB)) >= 2)
    await bot.adapter.sender.drain()
    delivered = fake.texts(BOB)
    assert "Your sealed bid" in delivered[0] and "<pre>Coins: 10" in delivered[1]
    assert "inline_keyboard" in _sent_to(fake, BOB)[-2]["reply_markup"]  # the bid buttons too
    assert not any("Stammtisch runs" in t for t in delivered)  # no help text after the mail

    fake.press_label(BOB, "Bob", "0", chat=BOB)  # and the kept buttons work
    await until(lambda: "✓ Bob ·" in fake.everything(GROUP))


async def test_a_stale_button_is_answered_outdated_and_changes_nothing(fake, bot, redis):
    fake.say(ALICE, "Alice", "/new auktion rounds=2")
    fake.say(BOB, "Bob", "/join")
    fake.say(ALICE, "Alice", "/start")
    await until(lambda: _sent_to(fake, ALICE) and _sent_to(fake, BOB))
    old = _sent_to(fake, ALICE)[0]
    fake.press_label(ALICE, "Alice", "0", chat=ALICE)
    fake.press_label(BOB, "Bob", "0", chat=BOB)
    await until(lambda: "Round 2" in fake.everything(GROUP))
    table = await bot.router.table("telegram", str(GROUP))
    step = table.step
    # Alice presses a bid button of the first round again.
    data = old["reply_markup"]["inline_keyboard"][0][2]["callback_data"]
    message_id = min(i for i, m in fake.sent.items() if m["chat"]["id"] == ALICE)
    # pressed, it lost its buttons and shows the choice
    await until(lambda: fake.sent[message_id]["text"].endswith("✓ 0"))
    assert "reply_markup" not in fake.sent[message_id]
    fake.press(ALICE, "Alice", message_id, data)
    await until(lambda: len(fake.called("answerCallbackQuery")) == 3)
    answer = fake.called("answerCallbackQuery")[-1]
    assert answer["text"] == "That button is outdated; use the latest message."
    assert answer["show_alert"] is True
    assert (await bot.router.table("telegram", str(GROUP))).step == step


async def test_chat_admins_may_abort_and_are_asked_for_once(fake, bot):
    fake.admins[GROUP] = {BOB}
    fake.say(ALICE, "Alice", "/new auktion")
    fake.say(BOB, "Bob", "/abort")
    await until(lambda: "ended the game" in fake.everything(GROUP))
    fake.say(ALICE, "Alice", "/new auktion")
    fake.say(BOB, "Bob", f"/abort@{BOT_USERNAME}")
    await until(lambda: fake.everything(GROUP).count("ended the game") == 2)
    assert len(fake.called("getChatAdministrators")) == 1  # remembered for a while
    fake.say(ALICE, "Alice", "/new auktion")
    fake.say(22222, "Carol", "/abort")  # no admin, no host
    await until(lambda: "Only the host" in fake.everything(GROUP))


async def test_each_forum_topic_is_a_table_and_hears_its_own_replies(fake, bot):
    fake.forums.add(GROUP)
    fake.say(ALICE, "Alice", "/new auktion", thread=7)
    fake.say(BOB, "Bob", "/join", thread=9)  # another topic: no table there
    fake.say(BOB, "Bob", "/join", thread=7)
    await until(lambda: "Bob sits down" in "\n".join(fake.texts(GROUP, thread=7)))
    await bot.adapter.sender.drain()
    assert "opened a table" in fake.texts(GROUP, thread=7)[0]
    assert ["No table is open" in t for t in fake.texts(GROUP, thread=9)] == [True]
    assert (await bot.router.table("telegram", f"{GROUP}:7")).status == "lobby"
    assert await bot.router.table("telegram", str(GROUP)) is None
    # A button under a topic's message finds that topic's table.
    fake.say(ALICE, "Alice", "/start", thread=7)
    await until(lambda: fake.texts(ALICE) and fake.texts(BOB))
    # (the status goes out with the board's picture, drawn after the private questions)
    await bot.adapter.sender.drain()
    fake.press_label(ALICE, "Alice", "0", chat=ALICE)
    # the topic's living status is edited: Alice has answered
    await until(
        lambda: any(
            "✓ Alice" in c["caption"] and c.get("message_id") in fake.sent
            for c in fake.done("editMessageCaption")  # (the board photo carries it)
        )
    )


async def test_a_group_that_becomes_a_supergroup_keeps_its_table(fake, bot):
    old, new = -4001, -1004001
    fake.basic_groups.add(old)
    fake.say(ALICE, "Alice", "/new auktion", chat=old)
    await until(lambda: fake.texts(old))
    fake.migrate(old, new)
    fake.say(BOB, "Bob", "/join", chat=new)
    await until(lambda: fake.texts(new))
    assert "Bob sits down (2/5)" in fake.texts(new)[0]
    assert await bot.router.table("telegram", str(old)) is None


async def test_a_reply_to_a_group_that_has_just_migrated_follows_it(fake, bot):
    old, new = -4002, -1004002
    fake.basic_groups.add(old)
    fake.say(ALICE, "Alice", "/new auktion", chat=old)
    await until(lambda: fake.texts(old))
    # The next reply finds the old group gone before its service message came.
    fake.fail("sendMessage", 400, "Bad Request: group chat was upgraded", migrate_to_chat_id=new)
    fake.say(BOB, "Bob", "/join", chat=old)
    await until(lambda: fake.texts(new))
    assert "Bob sits down (2/5)" in fake.texts(new)[0]
    assert (await bot.router.table("telegram", str(new))).status == "lobby"


async def test_deadlines_fire_in_the_process_and_reach_the_group(fake, redis):
    clock = Clock()
    async with running_bot(fake, redis, clock=clock):
        fake.say(ALICE, "Alice", "/new auktion rounds=1 deadline=30")
        fake.say(BOB, "Bob", "/join")
        fake.say(ALICE, "Alice", "/start")
        await until(lambda: "30 s left" in fake.everything(GROUP))
        clock.now += 31
        await until(lambda: "Time is up for Alice, Bob" in fake.everything(GROUP))


async def test_the_command_menus_in_english_and_german_for_groups_and_private_chats(fake, bot):
    menus = {
        (m["scope"]["type"], m.get("language_code")): {
            c["command"]: c["description"] for c in m["commands"]
        }
        for m in fake.called("setMyCommands")
    }
    assert set(menus) == {
        (scope, lang) for scope in ("all_group_chats", "all_private_chats") for lang in (None, "de")
    }
    assert menus["all_group_chats", None]["roll"] == "Roll dice, e.g. 4d6kh3"
    assert menus["all_group_chats", "de"]["roll"] == "Würfeln, z. B. 4d6kh3"
    # a game's verb is offered everywhere (a sealed bid is typed privately), described
    # by the game's own catalog where it has a line for it
    assert menus["all_private_chats", None]["bid"] == "Your sealed bid in the auction, e.g. /bid 60"
    assert menus["all_group_chats", "de"]["go"].startswith("Zu einer Kneipe oder Haltestelle")
    # AUFRUHR!'s folder handed at any time, and its answers (issue 19)
    assert menus["all_private_chats", None]["folder"].startswith("Hand a mayor your bribe folder")
    assert {"take", "refuse"} <= set(menus["all_private_chats", "de"])
    # a private chat's menu offers only what works there
    assert "new" in menus["all_group_chats", None] and "start" in menus["all_group_chats", None]
    assert {"new", "join", "start", "abort"}.isdisjoint(menus["all_private_chats", None])
    assert {"roll", "hand", "help"} <= set(menus["all_private_chats", "de"])


async def test_private_start_delivers_what_waited_or_else_answers_as_help(fake, bot):
    """Telegram's Start button says `/start` privately; it is no table's /start."""
    fake.say(ALICE, "Alice", "/start", chat=ALICE)
    await until(lambda: fake.texts(ALICE))
    assert "Stammtisch runs" in fake.texts(ALICE)[0]
    assert await bot.router.table("telegram", str(ALICE)) is None


async def test_a_crashing_handler_is_logged_with_its_chat_and_the_bot_goes_on(
    fake, bot, caplog, monkeypatch
):
    real = bot.router.handle

    async def broken(msg):
        if msg.text == "/boom":
            raise RuntimeError("a bug")
        return await real(msg)

    monkeypatch.setattr(bot.router, "handle", broken)
    fake.say(ALICE, "Alice", "/boom")
    fake.say(ALICE, "Alice", "/roll 1d1")
    await until(lambda: fake.texts(GROUP))
    assert f"telegram handler failed in chat {GROUP}" in caplog.text
    assert "a bug" not in fake.everything(GROUP) and "Traceback" not in fake.everything(GROUP)


async def test_a_slow_chat_does_not_hold_up_another_and_each_keeps_its_order(
    fake, bot, monkeypatch
):
    real = bot.router.handle

    async def slow_in_the_group(msg):
        if msg.chat == str(GROUP):
            await asyncio.sleep(0.3)
        return await real(msg)

    monkeypatch.setattr(bot.router, "handle", slow_in_the_group)
    fake.say(ALICE, "Alice", "/new auktion")
    fake.say(BOB, "Bob", "/join")  # after /new, although both wait
    fake.say(BOB, "Bob", "/roll 1d1", chat=BOB)
    await until(lambda: "Bob sits down" in fake.everything(GROUP))
    first_private = next(c.at for c in fake.calls if c.params.get("chat_id") == BOB)
    first_group = next(c.at for c in fake.calls if c.params.get("chat_id") == GROUP)
    assert first_private < first_group  # Bob's private roll did not wait for the group


async def test_the_mailbox_keeps_replies_as_json_and_the_group_is_told_once(redis):
    reply = Reply(
        text="Your bid",
        to="22",
        pre="Coins: 10",
        buttons=((Button("0", "st1:-1:2:0.0"),),),
        input=InputRequest("Type a number", "number", "st1:-1:2:0.i", min=0, max=10),
        chat="-1",
    )
    assert await mailbox.keep(redis, "telegram", "22", reply) is True
    assert await mailbox.keep(redis, "telegram", "22", reply) is False  # told already
    assert await mailbox.take(redis, "telegram", "22") == [reply, reply]
    assert await mailbox.take(redis, "telegram", "22") == []  # delivered once
    assert await mailbox.keep(redis, "telegram", "22", reply) is True  # a new absence
    for _ in range(mailbox.MAX_WAITING + 5):
        await mailbox.keep(redis, "telegram", "23", reply)
    assert len(await mailbox.take(redis, "telegram", "23")) == mailbox.MAX_WAITING
    assert 0 < await redis.ttl(mailbox_key("telegram", "22")) <= mailbox.TTL_SECONDS


def _boards(fake: FakeTelegram) -> list[dict]:
    """The board messages the bot posted in the group (photos or text snapshots)."""
    return [
        c
        for c in fake.done("sendPhoto") + fake.done("sendMessage")
        if c["chat_id"] == GROUP and ("photo" in c or "<pre>" in c.get("text", ""))
    ]


async def test_board_posts_the_board_anew_and_the_next_turn_edits_that_one(fake, bot):
    fake.say(ALICE, "Alice", "/new auktion rounds=2")
    fake.say(BOB, "Bob", "/join")
    fake.say(ALICE, "Alice", "/start")
    await until(lambda: _boards(fake) and _sent_to(fake, ALICE) and _sent_to(fake, BOB))
    await bot.adapter.sender.drain()
    edits_before = len(fake.done("editMessageMedia"))
    fake.say(BOB, "Bob", "/board")
    # In a busy chat an edit far up shows nothing: Bob sees a new board at the bottom.
    await until(lambda: len(_boards(fake)) == 2)
    await bot.adapter.sender.drain()
    assert len(fake.done("editMessageMedia")) == edits_before
    # the old prompt's status now points below, where it was asked again
    # (the status rides on the board photo: its caption is edited, the picture kept)
    (moved,) = [c for c in fake.done("editMessageCaption") if "Asked again below" in c["caption"]]
    assert "reply_markup" not in moved
    newest = max(m for m, msg in fake.sent.items() if msg["chat"]["id"] == GROUP)
    # The next turn edits the board Bob just got, not the old one.
    before = len(fake.calls)
    fake.press_label(ALICE, "Alice", "0", chat=ALICE)
    fake.press_label(BOB, "Bob", "0", chat=BOB)

    def edited() -> list[dict]:  # the board photo's edits, its status caption's too
        edits = ("editMessageMedia", "editMessageCaption")
        return [c.params for c in fake.calls[before:] if c.method in edits and c.ok]

    await until(edited)
    assert {c["message_id"] for c in edited()} == {newest}


async def test_a_press_that_fails_is_still_answered_with_an_apology(fake, bot):
    fake.say(ALICE, "Alice", "/new auktion rounds=1")
    fake.say(BOB, "Bob", "/join")
    fake.say(ALICE, "Alice", "/start")
    await until(lambda: _sent_to(fake, ALICE))
    await bot.adapter.sender.drain()

    async def broken(msg):
        raise RuntimeError("secret internals")

    bot.adapter.router.handle = broken
    fake.press_label(ALICE, "Alice", "1", chat=ALICE)
    # The button stops spinning: Alice gets a short apology, nobody a traceback.
    await until(lambda: fake.called("answerCallbackQuery"))
    await bot.adapter.sender.drain()
    (answer,) = fake.called("answerCallbackQuery")
    assert answer["show_alert"] and answer["text"].startswith("Sorry")
    assert "secret internals" not in str(fake.calls)


async def test_a_picture_with_more_text_than_a_caption_holds_sends_the_rest(fake, bot, monkeypatch):
    async def png(svg: str) -> bytes:
        return png_of(8, 8)

    monkeypatch.setattr(pictures, "png", png)
    lines = [f"Card {n}: " + "x" * 60 for n in range(80)]  # ~5 600 characters
    ok = Button("OK", "st1:x")
    reply = Reply(text="\n".join(lines), to=str(ALICE), svg=lambda: "<svg/>", buttons=((ok,),))
    bot.adapter.sender.send([reply])
    await bot.adapter.sender.drain()
    (photo,) = [c for c in fake.done("sendPhoto") if c["chat_id"] == ALICE]
    after = _sent_to(fake, ALICE)
    assert len(photo["caption"]) <= 1024 and all(len(m["text"]) <= 4096 for m in after)
    # Alice reads every line, in order; the buttons sit under the last message.
    assert "\n".join([photo["caption"], *(m["text"] for m in after)]).split("\n") == lines
    assert "reply_markup" not in photo
    assert after[-1]["reply_markup"]["inline_keyboard"][0][0]["text"] == "OK"


async def test_a_player_without_a_seat_is_asked_to_start_the_bot_by_name(fake, bot):
    fake.blocked.add(BOB)
    fake.say(BOB, "Bob", "hello")  # Bob is in the group, but at no table
    psst = Reply(text="psst", to=str(BOB), chat=str(GROUP))
    bot.adapter.sender.send([psst])
    await until(lambda: "cannot write to you privately" in fake.everything(GROUP))
    (link,) = [c for c in _sent_to(fake, GROUP) if "cannot write" in c["text"]]
    assert link["text"].startswith(f'<a href="tg://user?id={BOB}">Bob</a>, I cannot')
    # Telegram will not name him: the link still notifies him, and reads as a greeting.
    fake.fail("getChatMember", 400, "Bad Request: user not found")
    await mailbox.take(bot.router.redis, "telegram", str(BOB))  # his next message is a first
    bot.adapter.sender.send([psst])
    await until(lambda: len([c for c in _sent_to(fake, GROUP) if "cannot write" in c["text"]]) == 2)
    link = [c for c in _sent_to(fake, GROUP) if "cannot write" in c["text"]][-1]
    assert link["text"].startswith(f'<a href="tg://user?id={BOB}">Hello</a>, I cannot')
    assert ">?<" not in link["text"] and "psst" not in fake.everything(GROUP)


async def test_r_is_roll(fake, bot):
    fake.say(ALICE, "Alice", "/r 2d6")
    await until(lambda: "🎲 Alice rolls" in fake.everything(GROUP))


async def test_the_lobby_by_buttons(fake, bot):
    fake.say(ALICE, "Alice", "/new auktion rounds=1")
    await until(lambda: "opened a table" in fake.everything(GROUP))
    await bot.adapter.sender.drain()
    fake.press_label(BOB, "Bob", "🪑 Join", chat=GROUP)
    await until(lambda: "Bob sits down" in fake.everything(GROUP))
    fake.press_label(BOB, "Bob", "▶ Start", chat=GROUP)  # only the host starts: told Bob alone
    await until(lambda: len(fake.called("answerCallbackQuery")) == 2)
    refusal = fake.called("answerCallbackQuery")[-1]
    assert refusal["show_alert"] and "Only the host" in refusal["text"]
    assert "Only the host" not in fake.everything(GROUP)
    fake.press_label(ALICE, "Alice", "▶ Start", chat=GROUP)
    await until(lambda: "begins" in fake.everything(GROUP))
    await bot.adapter.sender.drain()
    # the lobby's buttons are gone once the game runs, and its message says why
    (lobby,) = [m for m in fake.sent.values() if "opened a table" in m.get("text", "")]
    assert "reply_markup" not in lobby and lobby["text"].endswith("▶ The game has begun.")
    # under the sealed bid's group message, a button that says what it opens
    status = max(m for m, v in fake.sent.items() if v["chat"]["id"] == GROUP and "⏳" in said(v))
    (row,) = fake.sent[status]["reply_markup"]["inline_keyboard"]
    assert [b["text"] for b in row] == ["🔒 Bid secretly"]


async def test_hand_asks_a_pending_secret_question_again(fake, bot):
    fake.say(ALICE, "Alice", "/new auktion rounds=1")
    fake.say(BOB, "Bob", "/join")
    fake.say(ALICE, "Alice", "/start")
    await until(lambda: _sent_to(fake, BOB))
    fake.say(BOB, "Bob", "/hand")
    await until(lambda: len([m for m in _sent_to(fake, BOB) if "reply_markup" in m]) == 2)
    again = [m for m in _sent_to(fake, BOB) if "reply_markup" in m][-1]
    assert "Your sealed bid" in again["text"]


async def test_a_refusal_in_the_group_answers_the_message_that_caused_it(fake, bot):
    said = fake.say(ALICE, "Alice", "/start")  # no table here
    await until(lambda: _sent_to(fake, GROUP))
    (refusal,) = _sent_to(fake, GROUP)
    assert refusal["reply_parameters"]["message_id"] == said["message"]["message_id"]


async def test_a_deal_is_answered_with_its_buttons_which_go_when_all_have(fake, bot):
    players = [(ALICE, "Alice"), (BOB, "Bob"), (33, "Carol"), (44, "Dora")]
    fake.say(ALICE, "Alice", "/new aufruhr")
    for user, name in players[1:]:
        fake.say(user, name, "/join")
    fake.say(ALICE, "Alice", "/start")
    await until(lambda: "begins" in fake.everything(GROUP))
    fake.say(ALICE, "Alice", "/deal Essen Bochum: we all vote for Dora")
    await until(lambda: "proposes to" in fake.everything(GROUP))
    await bot.adapter.sender.drain()
    (deal,) = [m for m, v in fake.sent.items() if "proposes to" in v.get("text", "")]
    (row,) = fake.sent[deal]["reply_markup"]["inline_keyboard"]
    assert [b["text"] for b in row] == ["✅ Accept", "❌ Decline"]
    assert f'<a href="tg://user?id={BOB}">Bob</a>' in fake.sent[deal]["text"]  # called
    fake.press_label(44, "Dora", "✅ Accept", chat=GROUP)  # Dora is not asked: told alone
    await until(lambda: fake.called("answerCallbackQuery"))
    assert fake.called("answerCallbackQuery")[-1]["show_alert"]
    fake.press_label(BOB, "Bob", "✅ Accept", chat=GROUP)
    await until(lambda: "Bob accepts deal 1" in fake.everything(GROUP))
    await bot.adapter.sender.drain()
    assert fake.sent[deal]["reply_markup"]  # Carol has not answered yet
    fake.press_label(33, "Carol", "❌ Decline", chat=GROUP)
    await until(lambda: "Carol declines deal 1" in fake.everything(GROUP))
    await until(lambda: "reply_markup" not in fake.sent[deal])
    assert fake.sent[deal]["text"].endswith("✓ Everyone has answered.")


async def test_the_chat_menu_offers_the_games_verbs_while_it_runs(fake, bot):
    fake.say(ALICE, "Alice", "/new auktion rounds=1")
    fake.say(BOB, "Bob", "/join")
    fake.say(ALICE, "Alice", "/start")
    await until(lambda: fake.called("setMyCommands")[-1].get("scope", {}).get("type") == "chat")
    menu = fake.called("setMyCommands")[-1]
    assert menu["scope"] == {"type": "chat", "chat_id": GROUP}
    names = [c["command"] for c in menu["commands"]]
    assert names[0] == "bid" and "hand" in names and "board" in names
    assert menu["commands"][0]["description"] == "Your sealed bid for the lot, e.g. /bid 3"
    fake.say(ALICE, "Alice", "/abort")  # the game ends: the chat gets the general menu back
    await until(lambda: fake.called("deleteMyCommands"))
    assert fake.called("deleteMyCommands")[-1]["scope"] == {"type": "chat", "chat_id": GROUP}
