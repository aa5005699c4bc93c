"""The command table (bot/chat/commands.py): every command in it is dispatched, said where its
scope allows, described in both languages on both platforms, and every game's verb
reaches the menus from the registry alone."""

import pytest

from bot import i18n
from bot.chat import commands
from rules import registry
from tests.fixtures.chat import Chat

NAMES = [c.name for c in commands.COMMANDS]


def test_each_command_does_exactly_one_thing():
    for c in commands.COMMANDS:
        assert (c.reply is None) != (c.change is None), c.name
        assert not c.via_private or (c.change is not None and c.scope == "both"), c.name
    assert len(set(NAMES)) == len(NAMES)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_menu_line_and_usage_is_in_the_catalogs(lang):
    keys = i18n.keys(lang)
    for c in commands.COMMANDS:
        for platform in ("tg", "dc"):
            assert commands.menu_key(platform, c.help) in keys, (platform, c.name)
        assert c.usage is None or c.usage in keys, c.name
    for verb in commands.verbs():
        for platform in ("tg", "dc"):
            assert commands.menu_key(platform, verb.help) in keys, verb


def test_the_verbs_are_every_registered_games_own():
    declared = {v for g in registry.all_games() for v in g.commands} - set(NAMES)
    assert {v.name for v in commands.verbs()} == declared
    assert "bid" in declared  # the test game's, registered in tests/ only
    helps = {v.name: v.help for v in commands.verbs()}
    # a verb several games declare is described by the first of them (by id) that has
    # its own line, a game without one falls back to the generic line
    assert helps["bid"] == "aufruhr.command.bid"  # aufruhr before auktion
    assert helps["go"] == "einsistkeins.command.go"
    for verb, help in helps.items():
        owners = [g.id for g in registry.all_games() if verb in g.commands]
        assert help in {"cmd.move", *(f"{g}.command.{verb}" for g in owners)}
    assert commands.menu_key("tg", helps["bid"]) == "aufruhr.command.bid"
    assert commands.menu_key("tg", "cmd.move") == "tg.cmd.move"


@pytest.fixture
def chat(redis):
    return Chat.make(redis)


@pytest.mark.parametrize("name", NAMES)
async def test_every_command_in_the_table_is_dispatched(chat, name):
    said = await chat.say(f"alice: /{name}")
    assert said and all(line.startswith("[group] ") for line in said)
    assert not any("Unknown command" in line for line in said)


@pytest.mark.parametrize("name", [c.name for c in commands.COMMANDS if c.scope == "group"])
async def test_a_group_command_said_privately_is_refused_in_one_line(chat, name):
    assert await chat.say(f"alice> /{name}") == [
        f"[dm:alice] /{name} works in the group chat, not here."
    ]
    assert await chat.stored() is None


@pytest.mark.parametrize("name", [c.name for c in commands.COMMANDS if c.scope == "both"])
async def test_a_command_for_both_works_privately(chat, name):
    said = await chat.say(f"alice> /{name}")
    assert said and all(line.startswith("[dm:alice] ") for line in said)
    assert not any("works in the group chat" in line for line in said)


async def test_games_lists_every_registered_game_the_test_game_too(chat):
    said = await chat.say("alice: /games")
    listed = [line for line in said if line.startswith("[group] • ")]
    games = registry.all_games()
    assert "auktion" in {g.id for g in games}  # registered from tests/games/ alone
    assert listed == [
        f"[group] • {g.id} – {g.name('en')}, {g.min_players}–{g.max_players} players" for g in games
    ]
