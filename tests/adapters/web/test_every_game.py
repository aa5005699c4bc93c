"""Every game through the page: a robot game answered through `/api/answer`, as each
player's page posts it, ends exactly as the same game answered through the bot's buttons
(the same seed, the same robot): the same answers logged, the same final public view and
ranking, the same closing lines in the group. On Telegram the page knows its player by
the Mini App's signed initData (through the strict fake Telegram), on Discord by the
signed seat link /hand sent privately (through the strict fake Discord)."""

import pytest

from rules import registry
from tests.fixtures.web_robot import discord_game, telegram_game

FAST = {"auktion"}  # the test game takes every path in a few moves
GAMES = [
    pytest.param(g.id, marks=() if g.id in FAST else pytest.mark.slow, id=g.id)
    for g in registry.all_games()
]


@pytest.mark.parametrize("game", GAMES)
async def test_a_game_through_the_mini_app_ends_as_through_the_buttons(game, text_boards):
    pressed, _ = await telegram_game(game, "buttons")
    tapped, fake = await telegram_game(game, "page")
    assert not fake.violations, fake.violations
    assert tapped.engine_seed == pressed.engine_seed  # (the bot's entropy is seeded)
    assert len(tapped.answers) > 1
    assert tapped.answers == pressed.answers
    assert tapped.public == pressed.public
    assert tapped.outcome == pressed.outcome and tapped.outcome is not None
    assert tapped.told == pressed.told


@pytest.mark.parametrize("game", GAMES)
async def test_a_game_through_seat_links_ends_as_through_the_buttons(game, text_boards):
    pressed, _ = await discord_game(game, "buttons")
    tapped, _ = await discord_game(game, "page")
    assert tapped.engine_seed == pressed.engine_seed  # (the bot's entropy is seeded)
    assert len(tapped.answers) > 1
    assert tapped.answers == pressed.answers
    assert tapped.public == pressed.public
    assert tapped.outcome == pressed.outcome and tapped.outcome is not None
    assert tapped.told == pressed.told


def test_the_six_games_and_the_test_game_are_all_played_here():
    ids = {p.values[0] for p in GAMES}
    assert {"aufruhr", "bohei", "einsistkeins", "einsistkeins_karten", "heinzel", "tube"} <= ids
