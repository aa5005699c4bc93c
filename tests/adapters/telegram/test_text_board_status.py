"""What the group sees of each decision on Telegram where the board is text (a chat that
refuses the bot photos): the step's living status rides below the board's <pre>
snapshot in one message, with its buttons (adapters/telegram/board.py), so that an
answer costs one of the group's 20 calls a minute, as with a board photo's caption."""

import fakeredis
import pytest

from bot.i18n import LANGUAGES, t
from bot.replies import Button, Reply
from tests.fixtures.fake_telegram import (
    GROUP,
    Call,
    FakeTelegram,
    button_data,
    button_labels,
    group_calls,
    running_bot,
    until,
)
from tests.fixtures.telegram_html import plain

ALICE, BOB = 11, 22


@pytest.fixture
async def redis():
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    yield redis
    await redis.aclose()


def _snapshot(html: str) -> str:
    """The board's <pre> block of a message, as Telegram shows it."""
    assert html.count("<pre>") == 1, html
    return plain(html[html.index("<pre>") : html.index("</pre>") + len("</pre>")])


def _below(html: str) -> list[str]:
    """The lines a message shows below its <pre> block: the step's status."""
    return plain(html[html.index("</pre>") + len("</pre>") :]).strip("\n").split("\n")


async def _after(fake: FakeTelegram, bot, since: int) -> list[Call]:
    await until(lambda: group_calls(fake, since), timeout=10)
    await bot.adapter.sender.drain()
    return group_calls(fake, since)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_each_decision_is_one_edit_of_the_text_board_that_carries_the_step(fake, redis, lang):
    fake.no_photos.add(GROUP)
    async with running_bot(fake, redis) as bot:
        fake.say(ALICE, "Alice", "/new auktion rounds=2", lang=lang)
        fake.say(BOB, "Bob", "/join")
        fake.say(ALICE, "Alice", "/start")
        await until(lambda: any("<pre>" in text for text in fake.texts(GROUP)))
        await until(lambda: fake.texts(ALICE) and fake.texts(BOB))
        await bot.adapter.sender.drain()
        # The group is told once why the board is text; the step's message is the board:
        # the snapshot, the question below it, the secret bid's button under both, and
        # no status message of its own.
        assert [x for x in fake.texts(GROUP) if x == t(lang, "tg.no_photos")]
        (board,) = [c for c in fake.done("sendMessage") if "<pre>" in c["text"]]
        assert t(lang, "auktion.board.title") in plain(board["text"]).split("\n")[0]
        below = _below(board["text"])
        assert t(lang, "prompt.secret_waiting") in "\n".join(below)
        assert "⏳" in below[-1]  # the living status ends the message
        # those who must bid are called by name, in the status line (notified)
        assert 'href="tg://user?id=11"' in board["text"].split("\n")[-1]
        assert button_labels(board) == [t(lang, "auktion.open.bid")]
        assert not [x for x in fake.texts(GROUP) if "⏳" in x and "<pre>" not in x]
        table = await bot.router.table("telegram", str(GROUP))
        board_id = int(table.board_message.removeprefix("text:"))
        assert table.status_message == str(board_id)

        # Alice bids: one edit of that message, the snapshot sent again as it was, the
        # status saying she has answered, the button kept; her bid stays private.
        since = len(fake.calls)
        fake.press_label(ALICE, "Alice", "2", chat=ALICE)
        (call,) = await _after(fake, bot, since)
        assert call.method == "editMessageText" and call.params["message_id"] == board_id
        assert _snapshot(call.params["text"]) == _snapshot(board["text"])
        assert t(lang, "status.answered", seats="Alice") in _below(call.params["text"])[-1]
        assert button_labels(call.params) == [t(lang, "auktion.open.bid")]
        # (what she bid is told to her alone)
        private = t(lang, "auktion.bid_taken", amount=2)
        await until(lambda: any(private in plain(x) for x in fake.texts(ALICE)))
        assert private not in fake.everything(GROUP) and ": 2" not in call.params["text"]

        # Bob bids: the lot is sold, the board changes: the new snapshot and the status
        # in one edit, with the next question's buttons, what happened kept.
        since = len(fake.calls)
        fake.press_label(BOB, "Bob", "1", chat=BOB)
        (call,) = await _after(fake, bot, since)
        assert call.method == "editMessageText" and call.params["message_id"] == board_id
        assert _snapshot(call.params["text"]) != _snapshot(board["text"])
        assert t(lang, "auktion.sold", winner_seat="Alice", price=2) in call.params["text"]
        assert _below(call.params["text"])[0] == below[0]
        passing = t(lang, "auktion.button.pass")
        assert passing in button_labels(call.params)
        stale = button_data(call.params, passing)

        # Bob presses a button of the board's message: one edit again.
        since = len(fake.calls)
        fake.press(BOB, "Bob", board_id, stale)
        (call,) = await _after(fake, bot, since)
        assert call.method == "editMessageText" and call.params["message_id"] == board_id
        assert "<pre>" in call.params["text"]
        assert t(lang, "status.chose", seat="Bob", choice=passing) in call.params["text"]
        assert passing not in button_labels(call.params)

        # The same button pressed again is outdated: Bob is told, the group sees nothing.
        since = len(fake.calls)
        fake.press(BOB, "Bob", board_id, stale)
        await until(lambda: len(fake.called("answerCallbackQuery")) >= 4)
        await bot.adapter.sender.drain()
        assert fake.called("answerCallbackQuery")[-1]["text"] == t(lang, "error.outdated")
        assert not group_calls(fake, since)
    # Not a photo tried again after the first refusal.
    assert len(fake.called("sendPhoto")) == 1


async def test_names_in_the_text_board_and_its_status_read_as_typed(fake, redis):
    fake.no_photos.add(GROUP)
    host, guest = "<b>Al</b> & Co", "&amp; <i>Bo"
    async with running_bot(fake, redis) as bot:
        fake.say(ALICE, host, "/new auktion rounds=1")
        fake.say(BOB, guest, "/join")
        fake.say(ALICE, host, "/start")
        await until(lambda: any("<pre>" in text for text in fake.texts(GROUP)))
        await bot.adapter.sender.drain()
        (board,) = [c for c in fake.done("sendMessage") if "<pre>" in c["text"]]
        # both names in the snapshot and in the status line, as typed; the status line's
        # names are the players' mentions, nothing else formatted
        for name in (host, guest):
            assert name in _snapshot(board["text"])
            assert name in _below(board["text"])[-1]
        last = board["text"].split("\n")[-1]
        assert f'<a href="tg://user?id={ALICE}">&lt;b&gt;Al&lt;/b&gt; &amp; Co</a>' in last
        assert f'<a href="tg://user?id={BOB}">&amp;amp; &lt;i&gt;Bo</a>' in last


async def _lobby(fake: FakeTelegram, bot) -> str:
    """A table's token to remember a status under (a lobby's will do)."""
    fake.say(ALICE, "Alice", "/new auktion")
    await until(lambda: fake.texts(GROUP))
    await bot.adapter.sender.drain()
    return (await bot.router.table("telegram", str(GROUP))).step_token


def _board(snapshot: str) -> Reply:
    """A text board: the table shows no pictures (`/images off`) or the chat takes none."""
    return Reply(text="The board", pre=snapshot, board=True, chat=str(GROUP))


async def test_an_edit_that_changes_nothing_is_not_sent_and_the_status_stays(fake, redis):
    go = ((Button("Go", "st1:go"),),)
    async with running_bot(fake, redis) as bot:
        token = await _lobby(fake, bot)
        since = len(fake.calls)
        text = "Anna rolls 4 & <wins>.\n⏳ Waiting for Anna"
        status = Reply(text=text, status=token, buttons=go, chat=str(GROUP))
        bot.adapter.sender.send([status, _board("A <1>")])
        (posted,) = await _after(fake, bot, since)
        assert posted.method == "sendMessage"
        assert plain(posted.params["text"]).split("\n") == ["The board", "A <1>", *text.split("\n")]
        assert button_labels(posted.params) == ["Go"]
        message = max(m for m, sent in fake.sent.items() if "<pre>" in sent.get("text", ""))
        assert (await bot.router.table("telegram", str(GROUP))).status_message == str(message)

        # The same board and the same status once more: nothing to send (Telegram would
        # refuse it: "message is not modified").
        since = len(fake.calls)
        bot.adapter.sender.send([Reply(text=text, buttons=go, edit=str(message), chat=str(GROUP))])
        bot.adapter.sender.send([_board("A <1>")])
        await bot.adapter.sender.drain()
        assert not group_calls(fake, since)

        # The board alone changed: one edit, the step's status and buttons kept below it.
        since = len(fake.calls)
        bot.adapter.sender.send([_board("A <2>")])
        (call,) = await _after(fake, bot, since)
        assert call.method == "editMessageText" and call.params["message_id"] == message
        assert plain(call.params["text"]).split("\n") == ["The board", "A <2>", *text.split("\n")]
        assert button_labels(call.params) == ["Go"]

        # The step is over: its status says so and its buttons go, the board kept.
        since = len(fake.calls)
        done = "Anna rolls 4 & <wins>.\n✓ Anna"
        bot.adapter.sender.send([Reply(text=done, edit=str(message), chat=str(GROUP))])
        (call,) = await _after(fake, bot, since)
        assert plain(call.params["text"]).split("\n") == ["The board", "A <2>", *done.split("\n")]
        assert "reply_markup" not in call.params


async def test_a_status_too_long_to_share_a_message_with_the_board_is_a_message_of_its_own(
    fake, redis
):
    lines = [f"Line {n}: " + "x" * 60 for n in range(40)]  # ~2 800 characters
    snapshot = "\n".join(f"row {n} " + "." * 40 for n in range(30))  # ~1 400
    go = ((Button("Go", "st1:go"),),)
    async with running_bot(fake, redis) as bot:
        token = await _lobby(fake, bot)
        since = len(fake.calls)
        status = Reply(text="\n".join(lines), status=token, buttons=go, chat=str(GROUP))
        bot.adapter.sender.send([status, _board(snapshot)])
        message, board = await _after(fake, bot, since)
        # every line in one message with the buttons, the board apart, whole, without any
        assert message.method == "sendMessage" and message.params["text"].split("\n") == lines
        assert button_labels(message.params) == ["Go"]
        assert board.method == "sendMessage" and "reply_markup" not in board.params
        assert _snapshot(board.params["text"]) == snapshot
        asked = next(m for m, sent in fake.sent.items() if "Line 0" in sent.get("text", ""))
        table = await bot.router.table("telegram", str(GROUP))
        assert table.status_message == str(asked)  # its answers edit it, not the board

        # Its answers edit the status's message alone.
        since = len(fake.calls)
        bot.adapter.sender.send(
            [Reply(text="\n".join([*lines[:-1], "✓ Anna"]), edit=str(asked), chat=str(GROUP))]
        )
        (call,) = await _after(fake, bot, since)
        assert call.method == "editMessageText" and call.params["message_id"] == asked
        assert "<pre>" not in call.params["text"]


async def test_a_board_that_outgrows_the_message_is_posted_below_the_status(fake, redis):
    go = ((Button("Go", "st1:go"),),)
    text = "Anna rolls 4.\n⏳ Waiting for Anna"
    big = "\n".join(f"row {n} " + "." * 60 for n in range(60))  # ~4 000 characters
    async with running_bot(fake, redis) as bot:
        token = await _lobby(fake, bot)
        since = len(fake.calls)
        status = Reply(text=text, status=token, buttons=go, chat=str(GROUP))
        bot.adapter.sender.send([status, _board("small")])
        (posted,) = await _after(fake, bot, since)
        assert posted.method == "sendMessage" and _snapshot(posted.params["text"]) == "small"
        message = max(m for m, sent in fake.sent.items() if "<pre>small" in sent.get("text", ""))

        # The next board does not fit beside the status: the status stays where the players
        # look, with its buttons; the board, whole, goes below it, and is the board now.
        since = len(fake.calls)
        bot.adapter.sender.send([_board(big)])
        edit, board = await _after(fake, bot, since)
        assert edit.method == "editMessageText" and edit.params["message_id"] == message
        assert plain(edit.params["text"]).split("\n") == text.split("\n")
        assert button_labels(edit.params) == ["Go"]
        assert board.method == "sendMessage" and _snapshot(board.params["text"]) == big
        table = await bot.router.table("telegram", str(GROUP))
        assert table.status_message == str(message)
        assert table.board_message == f"text:{max(fake.sent)}"

        # An answer edits the status alone now; the board is left as it is.
        since = len(fake.calls)
        edit = Reply(text="Anna rolls 4.\n✓ Anna", edit=str(message), chat=str(GROUP))
        bot.adapter.sender.send([edit])
        (call,) = await _after(fake, bot, since)
        assert call.params["message_id"] == message and "<pre>" not in call.params["text"]


async def test_a_text_board_that_told_a_step_stays_when_the_board_moves_down(fake, redis):
    go = ((Button("Go", "st1:go"),),)
    async with running_bot(fake, redis) as bot:
        token = await _lobby(fake, bot)
        since = len(fake.calls)
        bot.adapter.sender.send([_board("alone")])  # a board that tells no step
        (alone,) = await _after(fake, bot, since)
        assert alone.method == "sendMessage" and "reply_markup" not in alone.params
        first = max(fake.sent)
        since = len(fake.calls)
        anna = Reply(text="⏳ Waiting for Anna", status=token, buttons=go, chat=str(GROUP))
        bot.adapter.sender.send([anna, _board("one")])
        (posted,) = await _after(fake, bot, since)
        assert posted.method == "sendMessage" and _snapshot(posted.params["text"]) == "one"
        told = max(fake.sent)
        # the board came down with the step: the one above, which told nothing, is gone
        assert [c["message_id"] for c in fake.done("deleteMessage")] == [first]

        # The next step is posted anew below, with the board: the message that told the
        # last one keeps its board and what it said.
        since = len(fake.calls)
        ben = Reply(text="⏳ Waiting for Ben", status=token, buttons=go, chat=str(GROUP))
        moved = Reply(
            text="The board", pre="two", board=True, replaces=f"text:{told}", chat=str(GROUP)
        )
        bot.adapter.sender.send([ben, moved])
        (posted,) = await _after(fake, bot, since)
        assert _snapshot(posted.params["text"]) == "two"
        assert _below(posted.params["text"]) == [ben.text]
        assert plain(fake.sent[told]["text"]).split("\n") == ["The board", "one", anna.text]
        assert [c["message_id"] for c in fake.done("deleteMessage")] == [first]

        # `/board` posts it anew alone (the table forgets the board it had, as
        # bot/table/play.py's show_board does): the message that tells the step stays.
        since = len(fake.calls)
        step = max(fake.sent)
        await bot.router.remember_board("telegram", str(GROUP), None)
        again = Reply(
            text="The board", pre="two", board=True, replaces=f"text:{step}", chat=str(GROUP)
        )
        bot.adapter.sender.send([again])
        (posted,) = await _after(fake, bot, since)
        assert posted.method == "sendMessage" and _snapshot(posted.params["text"]) == "two"
        assert step in fake.sent and [c["message_id"] for c in fake.done("deleteMessage")] == [
            first
        ]
