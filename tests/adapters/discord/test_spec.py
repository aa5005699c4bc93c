"""Every registered game played by robots through the strict fake Discord, in English and
in German, with hostile names: not one request Discord's published rules refuse."""

import pytest

from tests.fixtures.discord_games import strict_game
from tests.fixtures.robot import robot_games


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("game", "players", "options"), robot_games("discord"))
async def test_a_whole_game_breaks_no_rule_of_discord(text_boards, game, players, options, lang):
    fake = await strict_game(game, players, options, lang)
    assert fake.violations == []
    assert fake.checked > 20 and fake.slowest < 3
    # the registration, messages, components, modals and first responses were all held
    held = " ".join(sorted(fake.limits))
    for limit in ("description 1-100", "content at most 2000", "first response within 3 s"):
        assert limit in held
