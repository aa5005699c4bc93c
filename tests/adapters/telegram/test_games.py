"""Whole games through Telegram with robot players (tests/fixtures/robot.py): every prompt of a
game must reach the right chat with buttons that work, and nothing private the group."""

import hashlib

import fakeredis
import pytest

from bot.proof import games as game_proof
from rules import registry
from tests.fixtures.fake_telegram import GROUP, FakeTelegram, running_bot, until
from tests.fixtures.robot import PLAYS, play_out, robot_games, telegram_act


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

        act = telegram_act(fake, users)

        fake.say(*users[0], f"/new {game} {options}")
        for user in users[1:]:
            fake.say(*user, "/join")
        fake.say(*users[0], "/start")
        await until(lambda: "begins" in fake.everything(GROUP))
        await bot.adapter.sender.drain()
        moves = await play_out(load, act, seed=len(game))
        await until(lambda: "is over" in fake.everything(GROUP))
        await bot.adapter.sender.drain()
        proof = (await router.table("telegram", str(GROUP), answers=True)).proof
    await redis.aclose()
    assert moves > players
    # The /start message commits to the seed; the end reveals it (bot/proof/games.py).
    started = [m["text"] for m in fake.sent.values() if "begins" in m.get("text", "")]
    assert f"seed has SHA-256 {proof.commitment}." in started[0]
    assert hashlib.sha256(bytes.fromhex(proof.seed)).hexdigest() == proof.commitment
    assert f"The seed was {proof.seed} " in fake.everything(GROUP)
    assert game_proof.check(proof).match  # its answers, as the bot logged them, replay
    group = fake.everything(GROUP)
    leaked = {line for line in private_lines(fake, [u for u, _ in users]) if line in group}
    assert not leaked, f"private lines in the group: {leaked}"
    assert not [a for a in fake.called("answerCallbackQuery") if a.get("show_alert")]
    # the chat's own menu while the game ran, the general one again after it
    chat_scope = {"type": "chat", "chat_id": GROUP}
    assert [m["scope"] for m in fake.called("setMyCommands")].count(chat_scope) == 1
    assert [m["scope"] for m in fake.called("deleteMyCommands")] == [chat_scope]


def test_every_registered_game_is_played_through_both_platforms():
    games = {g.id for g in registry.all_games()}
    for platform in ("telegram", "discord"):
        assert {p.values[0] for p in robot_games(platform)} == games
    assert "auktion" in games  # registered from tests/games/ alone
    assert set(PLAYS) <= games, "options kept for a game that is no longer registered"
