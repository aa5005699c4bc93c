"""The board stays in sight (issue 18, item 2), through the real Telegram client: once
BOARD_DISTANCE new messages of ours stand below the board, the next step posts it anew
under its question and deletes the old one (or, on Telegram, brings it down as the new
step's photo); never is it further up than that."""

import fakeredis
import pytest

from bot.table import status
from bot.table.play import BOARD_DISTANCE
from tests.fixtures.fake_telegram import GROUP, running_bot, until
from tests.fixtures.robot import play_out, telegram_act


@pytest.mark.slow  # a whole game through the fake Telegram
async def test_the_board_is_never_more_than_a_few_messages_up(fake, monkeypatch):
    # Players who are never watching (bot/table/status.py WATCHING): every step is a
    # message of its own, the most that can push the board up.
    monkeypatch.setattr(status, "WATCHING", -1)
    users = [(100 + i, f"Player{i}") for i in range(3)]
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis) as bot:

        async def load():
            return await bot.adapter.router.table("telegram", str(GROUP))

        async def think() -> None:
            await bot.adapter.sender.drain()

        act = telegram_act(fake, users, think)

        fake.say(*users[0], "/new auktion rounds=4")
        for user in users[1:]:
            fake.say(*user, "/join")
        fake.say(*users[0], "/start")
        await until(lambda: "begins" in fake.everything(GROUP))
        await play_out(load, act, seed=3)
        await bot.adapter.sender.drain()
    await redis.aclose()
    below, most, boards = 0, 0, []
    for call in fake.calls:
        if call.ok and call.method in ("sendMessage", "sendPhoto"):
            if call.params["chat_id"] != GROUP:
                continue
            if call.method == "sendPhoto" or "<pre>" in call.params["text"]:
                below = 0
                boards.append(call)
            else:
                below += 1
                most = max(most, below)
    assert len(boards) >= 2, "the board was never posted anew"
    # the question that triggers the re-post stands above it: one more than the distance
    assert most <= BOARD_DISTANCE + 1
    deleted = [c.params["message_id"] for c in fake.calls if c.method == "deleteMessage"]
    # Every board but the last is gone, but for the photos that carried a step's status
    # (on Telegram its caption, adapters/telegram/board.py): they are what happened.
    told = [c for c in boards[:-1] if "⏳" in c.params.get("caption", "")]
    assert told and len(deleted) == len(boards) - 1 - len(told)
