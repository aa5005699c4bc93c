"""Die Heinzelmännchen von Köln through the chat adapters: whole games on the fake
Telegram and the fake Discord, played by robots that aim for the shops
(tests/fixtures/heinzel_robot.py; random robots would wander for some 600 moves) — every prompt
reaches the group with buttons or a typed `/go` that work, nothing private reaches the
group, and the game ends."""

import pytest

import tests.adapters.discord.test_games as discord_games
import tests.adapters.telegram.test_games as telegram_games
from tests.fixtures.heinzel_robot import play_aiming

# Slow (whole games through the fake platforms): `tests/run --fast` leaves it out.
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("players", [2])
async def test_heinzel_through_telegram(fake, players, monkeypatch, request):
    monkeypatch.setattr(telegram_games, "play_out", play_aiming)
    await telegram_games.test_a_whole_game_with_robot_players(
        fake, "heinzel", players, "", "en", "photo", request
    )


@pytest.mark.parametrize("players", [4])
async def test_heinzel_through_discord(world, players, monkeypatch):
    monkeypatch.setattr(discord_games, "play_out", play_aiming)
    await discord_games.test_a_whole_game_with_robot_players(world, "heinzel", players, "")
