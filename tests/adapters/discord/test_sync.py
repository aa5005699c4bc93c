"""The slash commands as Discord registers them: every command, in both languages, held
to Discord's limits by the strict fake; a refused registration logged with its field
and value, and tried again without what was refused (adapters/discord/sync.py)."""

import logging

from adapters.discord import commands
from tests.fixtures import discord_rules
from tests.fixtures.fake_discord import APP_ID

REGISTER = rf"/applications/{APP_ID}/commands"


def registered(world) -> dict[str, dict]:
    """The commands of the last registration Discord accepted, by name."""
    accepted = [c for c in world.fake.called("PUT", REGISTER) if not c.refused]
    return {c["name"]: c for c in accepted[-1].body}


async def test_every_command_in_both_languages_is_within_discord_s_limits(world):
    by_name = registered(world)
    assert len(by_name) == len(commands.all_commands(lambda *a, **k: None))
    assert {"coop", "snøl", "play", "go", "folder"} <= set(by_name)  # /snøl keeps its ø
    for name, command in by_name.items():
        german = command["description_localizations"]["de"]
        assert 1 <= len(command["description"]) <= 100, name
        assert 1 <= len(german) <= 100, (name, german)
        for option in command.get("options", []):
            assert 1 <= len(option["description"]) <= 100, (name, option["name"])
            assert 1 <= len(option["description_localizations"]["de"]) <= 100
    # the documented rules the schema cannot carry hold for the whole registration
    tree: dict = {}
    held = discord_rules.check(
        "PUT", "/applications/{application_id}/commands", list(by_name.values()), tree
    )
    assert tree == {} and "description 1-100, every localization" in held
    assert world.fake.violations == []


async def test_coop_is_described_in_german_within_100_characters(world):
    coop = registered(world)["coop"]
    assert coop["description_localizations"]["de"].startswith("Schlag ein großes RuhrCity-Projekt")


async def test_a_refused_localization_is_logged_and_left_out(world, monkeypatch, caplog):
    long = "Ü" * 111
    real = commands.t
    monkeypatch.setattr(
        commands,
        "t",
        lambda lang, key, **kw: (
            long if (lang, key) == ("de", "aufruhr.command.coop") else real(lang, key, **kw)
        ),
    )
    with caplog.at_level(logging.ERROR, logger="adapters.discord.sync"):
        await world.start_bot()
    (refusal,) = world.fake.take_violations()
    # the first try was refused as Discord refuses it: the field, in Discord's error tree
    (index,) = refusal.errors
    assert refusal.body[int(index)]["name"] == "coop"
    (error,) = refusal.errors[index]["description_localizations"]["de"]["_errors"]
    assert error["message"] == "Must be 100 or fewer in length."
    logged = [r.getMessage() for r in caplog.records]
    assert any("/coop" in m and "description_localizations.de" in m and long in m for m in logged)
    by_name = registered(world)
    assert "de" not in (by_name["coop"].get("description_localizations") or {})
    assert by_name["roll"]["description_localizations"]["de"].startswith("Würfeln")
    assert len(by_name) == len(commands.all_commands(lambda *a, **k: None))


async def test_a_command_refused_in_its_own_field_is_left_out_and_the_rest_serve(
    world, monkeypatch, caplog
):
    real = commands.t
    monkeypatch.setattr(
        commands,
        "t",
        lambda lang, key, **kw: (
            "x" * 101 if key == "aufruhr.command.folder" else real(lang, key, **kw)
        ),
    )
    with caplog.at_level(logging.ERROR, logger="adapters.discord.sync"):
        bot = await world.start_bot()
    assert world.fake.take_violations()
    logged = " ".join(r.getMessage() for r in caplog.records)
    assert "Discord refused /folder: description = 'xxxx" in logged
    by_name = registered(world)
    assert "folder" not in by_name and {"coop", "roll", "new"} <= set(by_name)
    # and the bot serves: a roll is answered
    roll = world.fake.command("roll", 11, "Alice", {"expression": "2d6"})
    await world.feed(roll, client=bot)
    assert "Alice rolls" in world.fake.original(roll)["content"]


async def test_every_game_verb_asks_for_its_words_by_type(world):
    """A player is a user option, a place or card is completed from the game's list, a
    number is an integer with its bounds; none is left with the untyped `value`."""
    by_name = registered(world)
    kinds = {name: {o["name"]: o for o in c.get("options", [])} for name, c in by_name.items()}
    assert not [name for name, options in kinds.items() if "value" in options]
    for verb in ("coop", "folder", "foul", "snøl", "snol", "pay", "deal"):
        first = next(iter(kinds[verb].values()))
        assert first["type"] == 6 and first["required"], verb  # USER
    assert kinds["take"]["mayor"]["type"] == 6 and not kinds["take"]["mayor"].get("required")
    for verb, word in (("play", "card"), ("go", "where"), ("coop", "project"), ("snøl", "call")):
        assert kinds[verb][word]["type"] == 3 and kinds[verb][word]["autocomplete"], verb
    guess = kinds["guess"]["number"]
    assert (guess["type"], guess["min_value"], guess["max_value"]) == (4, 1, 20)  # INTEGER
    assert kinds["bid"]["amount"]["type"] == 4 and kinds["bid"]["amount"]["min_value"] == 0
    # the verbs whose words the game ignores ask for none
    assert all(not kinds[verb] for verb in ("bohei", "done", "giveup", "where"))


async def test_play_completes_the_cards_of_the_card_game(world):
    fake = world.fake
    await world.feed(fake.command("new", 11, "Alice", {"game": "einsistkeins_karten"}))
    (thread,) = fake.threads
    here = {"channel": thread, "thread": True}
    await world.feed(fake.command("join", 22, "Bob", **here))
    await world.feed(fake.command("start", 11, "Alice", **here))
    typed = fake.autocomplete("play", "card", "lind", 11, **here)
    await world.feed(typed)
    (call,) = fake.called("POST", rf"/interactions/{typed['id']}/.+/callback")
    names = [c["name"] for c in call.body["data"]["choices"]]
    assert names and all("lind" in n.casefold() for n in names)
