"""EINS IST KEINS – the board game through the chat adapters: whole games with robot
players on the fake Discord and the fake Telegram (tests/robot.py) — every prompt
reaches the group with buttons or a typed `/go` that works, and the game ends."""

import pytest

from tests.test_discord_games import test_a_whole_game_with_robot_players as through_discord
from tests.test_discord_games import world  # noqa: F401  (the fixture)
from tests.test_telegram_games import fake  # noqa: F401  (the fixture)
from tests.test_telegram_games import test_a_whole_game_with_robot_players as through_telegram


@pytest.mark.parametrize("players", [2, 4])
async def test_board_game_through_discord(world, players):  # noqa: F811
    await through_discord(world, "einsistkeins", players, "deadline=60")


@pytest.mark.parametrize("players", [1])
async def test_board_game_through_telegram(fake, players):  # noqa: F811
    await through_telegram(fake, "einsistkeins", players, "deadline=60")
