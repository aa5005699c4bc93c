"""Whole games through Telegram with robot players (tests/robot.py): every prompt of a
game must reach the right chat with buttons that work, and nothing private the group."""

import hashlib

import fakeredis
import pytest

from bot import game_proof
from rules import registry
from tests.fake_telegram import GROUP, FakeTelegram, running_bot, until
from tests.robot import PLAYS, Move, play_out, robot_games


@pytest.fixture
async def fake():
    fake = FakeTelegram()
    runner = await fake.start()
    yield fake
    await runner.cleanup()


def latest_with(fake: FakeTelegram, chat: int, data: str) -> int | None:
    """The newest message in `chat` carrying a button with `data`."""
    for message_id in sorted(fake.sent, reverse=True):
        message = fake.sent[message_id]
        if message["chat"]["id"] != chat:
            continue
        for row in message.get("reply_markup", {}).get("inline_keyboard", []):
            if any(b.get("callback_data") == data for b in row):
                return message_id
    return None


def private_lines(fake: FakeTelegram, users: list[int]) -> set[str]:
    """What players were told privately, line by line (long lines only: short ones like
    a bare number can also appear in public by chance)."""
    lines = set()
    for call in fake.done("sendMessage") + fake.done("sendPhoto"):
        if call["chat_id"] in users:
            text = call.get("text") or call.get("caption") or ""
            lines |= {line for line in text.splitlines() if len(line) >= 25}
    return lines


@pytest.mark.parametrize(("game", "players", "options"), robot_games("telegram"))
async def test_a_whole_game_with_robot_players(fake, game, players, options):
    users = [(100 + i, f"Player{i}") for i in range(players)]
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis) as bot:
        router = bot.adapter.router

        async def load():
            return await router.table("telegram", str(GROUP))

        async def act(table, move: Move) -> None:
            user, name = users[move.seat]
            chat = user if move.secret else GROUP
            if move.data is not None:
                await until(lambda: latest_with(fake, chat, move.data), timeout=10)
                fake.press(user, name, latest_with(fake, chat, move.data), move.data)
            elif move.command and not move.secret:
                fake.say(user, name, f"/{move.command} {move.typed}", chat=chat)
            else:
                fake.say(user, name, move.typed or "", chat=chat)

        fake.say(*users[0], f"/new {game} {options}")
        for user in users[1:]:
            fake.say(*user, "/join")
        fake.say(*users[0], "/start")
        await until(lambda: "begins" in fake.everything(GROUP))
        await bot.adapter.sender.drain()
        moves = await play_out(load, act, seed=len(game))
        await until(lambda: "is over" in fake.everything(GROUP))
        await bot.adapter.sender.drain()
        proof = (await load()).proof
    await redis.aclose()
    assert moves > players
    # The /start message commits to the seed; the end reveals it (bot/game_proof.py).
    started = [m["text"] for m in fake.sent.values() if "begins" in m.get("text", "")]
    assert f"seed has SHA-256 {proof.commitment}." in started[0]
    assert hashlib.sha256(bytes.fromhex(proof.seed)).hexdigest() == proof.commitment
    assert f"The seed was {proof.seed} " in fake.everything(GROUP)
    assert game_proof.check(proof).match  # its answers, as the bot logged them, replay
    group = fake.everything(GROUP)
    leaked = {line for line in private_lines(fake, [u for u, _ in users]) if line in group}
    assert not leaked, f"private lines in the group: {leaked}"
    assert not [a for a in fake.called("answerCallbackQuery") if a.get("show_alert")]


def test_every_registered_game_is_played_through_both_platforms():
    games = {g.id for g in registry.all_games()}
    for platform in ("telegram", "discord"):
        assert {p.values[0] for p in robot_games(platform)} == games
    assert "auktion" in games  # registered from tests/games/ alone
    assert set(PLAYS) <= games, "options kept for a game that is no longer registered"
