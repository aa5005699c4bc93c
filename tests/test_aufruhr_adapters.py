"""AUFRUHR! through the chat adapters: whole (one-round) games with robot players on the
fake Discord and the fake Telegram (tests/robot.py) — every prompt reaches the right
chat with buttons, select menus or typed answers that work, and nothing said to one
mayor alone appears in the group. The adapters' own tests run only the test game."""

import pytest

from tests.test_discord_games import test_a_whole_game_with_robot_players as through_discord
from tests.test_discord_games import world  # noqa: F401  (the fixture)
from tests.test_telegram_games import fake  # noqa: F401  (the fixture)
from tests.test_telegram_games import test_a_whole_game_with_robot_players as through_telegram


@pytest.mark.parametrize(("players", "events"), [(4, 1), (5, 0), (6, 1)])
async def test_aufruhr_through_discord(world, players, events):  # noqa: F811
    await through_discord(world, "aufruhr", players, f"events={events} deadline=60")


@pytest.mark.parametrize(("players", "events"), [(4, 1), (5, 0), (6, 1)])
async def test_aufruhr_through_telegram(fake, players, events):  # noqa: F811
    await through_telegram(fake, "aufruhr", players, f"events={events} deadline=60")
