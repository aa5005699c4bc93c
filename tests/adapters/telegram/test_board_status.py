"""What the group sees of each decision on Telegram: a step's living status is the board
photo's caption, with its buttons (adapters/telegram/board.py), so that an answer costs
one of the group's 20 calls a minute, not one for the status and one for the board."""

import fakeredis
import pytest

from bot.chat import pictures
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
from tests.fixtures.telegram_photo import png

ALICE, BOB = 11, 22


@pytest.fixture
async def redis():
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    yield redis
    await redis.aclose()


async def _after(fake: FakeTelegram, bot, since: int) -> list[Call]:
    await until(lambda: group_calls(fake, since), timeout=10)
    await bot.adapter.sender.drain()
    return group_calls(fake, since)


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_each_decision_is_one_edit_of_the_board_photo_that_carries_the_step(
    fake, redis, lang
):
    async with running_bot(fake, redis) as bot:
        fake.say(ALICE, "Alice", "/new auktion rounds=2", lang=lang)
        fake.say(BOB, "Bob", "/join")
        fake.say(ALICE, "Alice", "/start")
        await until(lambda: fake.done("sendPhoto") and fake.texts(ALICE) and fake.texts(BOB))
        await bot.adapter.sender.drain()
        # The step's message is the board photo: its question under the picture, and the
        # button that opens the secret bid on the photo; no status message of its own.
        (photo,) = [c for c in fake.done("sendPhoto") if c["chat_id"] == GROUP]
        assert t(lang, "prompt.secret_waiting") in photo["caption"]
        assert button_labels(photo) == [t(lang, "auktion.open.bid")]
        assert not [text for text in fake.texts(GROUP) if "⏳" in text]
        table = await bot.router.table("telegram", str(GROUP))
        photo_id = int(table.board_message.removeprefix("photo:"))
        assert table.status_message == str(photo_id)

        # Alice bids: the board is the same, so only the caption says she has answered.
        since = len(fake.calls)
        fake.press_label(ALICE, "Alice", "2", chat=ALICE)
        (call,) = await _after(fake, bot, since)
        assert call.method == "editMessageCaption" and call.params["message_id"] == photo_id
        assert t(lang, "status.answered", seats="Alice") in call.params["caption"]
        assert button_labels(call.params) == [t(lang, "auktion.open.bid")]

        # Bob bids: the lot is sold, the board changes: picture and caption in one edit,
        # with the next question's buttons.
        since = len(fake.calls)
        fake.press_label(BOB, "Bob", "1", chat=BOB)
        (call,) = await _after(fake, bot, since)
        assert call.method == "editMessageMedia" and call.params["message_id"] == photo_id
        caption = call.params["media"]["caption"]
        assert t(lang, "auktion.sold", winner_seat="Alice", price=2) in caption
        assert caption.startswith(photo["caption"].split("\n")[0])  # what happened: kept
        passing = t(lang, "auktion.button.pass")
        assert passing in button_labels(call.params)
        stale = button_data(call.params, passing)

        # Bob presses a button under the photo: one edit again.
        since = len(fake.calls)
        fake.press(BOB, "Bob", photo_id, stale)
        (call,) = await _after(fake, bot, since)
        assert call.params["message_id"] == photo_id
        shown = call.params.get("caption") or call.params["media"]["caption"]
        assert t(lang, "status.chose", seat="Bob", choice=passing) in shown
        assert passing not in button_labels(call.params)

        # The same button pressed again is outdated: Bob is told, the group sees nothing.
        since = len(fake.calls)
        fake.press(BOB, "Bob", photo_id, stale)
        await until(lambda: len(fake.called("answerCallbackQuery")) >= 4)
        await bot.adapter.sender.drain()
        assert fake.called("answerCallbackQuery")[-1]["text"] == t(lang, "error.outdated")
        assert not group_calls(fake, since)


async def _lobby(fake: FakeTelegram, bot) -> str:
    """A table's token to remember a status under (a lobby's will do)."""
    fake.say(ALICE, "Alice", "/new auktion")
    await until(lambda: fake.texts(GROUP))
    await bot.adapter.sender.drain()
    return (await bot.router.table("telegram", str(GROUP))).step_token


def _board(svg: str, snapshot: str) -> Reply:
    return Reply(text="The board", pre=snapshot, svg=lambda: svg, board=True, chat=str(GROUP))


async def test_an_unchanged_picture_is_not_sent_again_and_the_caption_stays(
    fake, redis, monkeypatch
):
    drawn = {"a": png(1, 1), "b": png(2, 2)}

    async def rasterised(svg: str) -> bytes:
        return drawn[svg]

    monkeypatch.setattr(pictures, "png", rasterised)
    go = ((Button("Go", "st1:go"),),)
    async with running_bot(fake, redis) as bot:
        token = await _lobby(fake, bot)
        since = len(fake.calls)
        text = "Anna rolls 4.\n⏳ Waiting for Anna"
        status = Reply(text=text, status=token, buttons=go, chat=str(GROUP))
        bot.adapter.sender.send([status, _board("a", "1")])
        (posted,) = await _after(fake, bot, since)
        assert posted.method == "sendPhoto" and posted.params["caption"] == text
        assert button_labels(posted.params) == ["Go"]
        photo = str(max(m for m, message in fake.sent.items() if "photo" in message))
        assert (await bot.router.table("telegram", str(GROUP))).status_message == photo

        # The board's text changed, its picture did not: the caption alone is edited.
        since = len(fake.calls)
        edit = Reply(text="Anna rolls 4.\n✓ Anna", edit=photo, chat=str(GROUP))
        bot.adapter.sender.send([edit, _board("a", "2")])
        (call,) = await _after(fake, bot, since)
        assert call.method == "editMessageCaption" and call.params["caption"] == edit.text
        assert "reply_markup" not in call.params  # the step is over: its buttons go

        # A new picture alone keeps the step's caption under it.
        since = len(fake.calls)
        bot.adapter.sender.send([_board("b", "3")])
        (call,) = await _after(fake, bot, since)
        assert call.method == "editMessageMedia" and call.params["media"]["caption"] == edit.text

        # The same picture once more: nothing to send.
        since = len(fake.calls)
        bot.adapter.sender.send([_board("b", "4")])
        await bot.adapter.sender.drain()
        assert not group_calls(fake, since)
        assert fake.sent[int(photo)]["caption"] == edit.text


async def test_a_status_longer_than_a_caption_is_a_message_of_its_own(fake, redis, monkeypatch):
    async def rasterised(svg: str) -> bytes:
        return png(1, 1)

    monkeypatch.setattr(pictures, "png", rasterised)
    lines = [f"Line {n}: " + "x" * 60 for n in range(16)]  # ~1 100 characters
    go = ((Button("Go", "st1:go"),),)
    async with running_bot(fake, redis) as bot:
        token = await _lobby(fake, bot)
        since = len(fake.calls)
        status = Reply(text="\n".join(lines), status=token, buttons=go, chat=str(GROUP))
        bot.adapter.sender.send([status, _board("a", "snapshot")])
        message, photo = await _after(fake, bot, since)
        # every line in one message with the buttons, the board apart with its own caption
        assert message.method == "sendMessage" and message.params["text"].split("\n") == lines
        assert button_labels(message.params) == ["Go"]
        assert photo.method == "sendPhoto" and "reply_markup" not in photo.params
        assert photo.params["caption"] == "The board\n<pre>snapshot</pre>"
        asked = next(m for m, sent in fake.sent.items() if "Line 0" in sent.get("text", ""))
        table = await bot.router.table("telegram", str(GROUP))
        assert table.status_message == str(asked)  # its answers edit the message, not the photo
