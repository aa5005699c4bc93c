"""The robots' moves through the fake Telegram (tests/fixtures/robot.py): a move whose
step ended while its player thought is chosen again, and a button the bot never sent
still fails the game."""

import asyncio

import pytest

from bot.table import buttons
from tests.fixtures import robot
from tests.fixtures.fake_telegram import GROUP, Clock, running_bot, until
from tests.fixtures.robot import Move, play_out, telegram_act

PLAYERS = [(100 + i, f"Player{i}") for i in range(3)]


async def _begin(fake, bot) -> None:
    fake.say(*PLAYERS[0], "/new auktion rounds=2 deadline=30")
    for user in PLAYERS[1:]:
        fake.say(*user, "/join")
    fake.say(*PLAYERS[0], "/start")
    await until(lambda: "begins" in fake.everything(GROUP))
    await bot.adapter.sender.drain()


async def test_a_move_whose_step_timed_out_while_its_player_thought_is_chosen_anew(fake, redis):
    clock = Clock()
    async with running_bot(fake, redis, clock=clock) as bot:

        async def load():
            return await bot.adapter.router.table("telegram", str(GROUP))

        timed_out = []

        async def think() -> None:  # the first player thinks past the bids' deadline
            await bot.adapter.sender.drain()
            if not timed_out:
                table = await load()
                clock.now += 31
                await until(lambda: "Time is up" in fake.everything(GROUP))
                for _ in range(2000):  # (bounds a broken bot)
                    if (await load()).step != table.step:
                        break
                    await asyncio.sleep(0.005)
                print("stepped", flush=True)
                timed_out.append(table.step)

        await _begin(fake, bot)
        moves = await play_out(load, telegram_act(fake, PLAYERS, think, load), seed=3)
        await until(lambda: "is over" in fake.everything(GROUP))
    assert timed_out and moves > 0
    # no robot pressed a button of the bids that timed out (it would be told so)
    answered = [c.get("text", "") for c in fake.called("answerCallbackQuery")]
    assert answered and not any("outdated" in text for text in answered)


async def test_a_button_the_bot_never_sent_fails_the_game_still(fake, redis, monkeypatch):
    monkeypatch.setattr(robot, "PATIENCE", 1.0)
    async with running_bot(fake, redis) as bot:

        async def load():
            return await bot.adapter.router.table("telegram", str(GROUP))

        await _begin(fake, bot)
        table = await load()
        never = buttons.encode(table.chat, table.step_token, 7, 7)  # no prompt 7
        act = telegram_act(fake, PLAYERS, load=load)
        with pytest.raises(AssertionError, match="no button"):
            await act(table, Move(0, True, never))
        assert (await load()).step == table.step  # (the step is open: no Stale)
