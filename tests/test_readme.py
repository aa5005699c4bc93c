"""The README says what the code does: its games table agrees with the registry, its
commands table with the bot's command table."""

import re
from pathlib import Path

from bot.chat import commands
from rules import registry
from rules.core.protocol import GameSpec

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()


def _table(header: str) -> list[list[str]]:
    """The rows of the README table whose header row starts with `header`, as cells."""
    lines = README.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def _real_games() -> dict[str, GameSpec]:
    """The games under rules/ (the test games registered from tests/ have no row)."""
    return {g.id: g for g in registry.all_games() if g.setup.__module__.startswith("rules.")}


def test_the_games_table_agrees_with_the_registry():
    rows = {row[0].strip("`"): row for row in _table("| id | game | players | state |")}
    games = _real_games()
    playable = {game_id for game_id, row in rows.items() if row[3] == "playable"}
    assert playable == set(games), "a registered game needs a row marked playable, and back"
    for game_id, game in games.items():
        _, name, players, _, _ = rows[game_id]
        assert name == game.name("en"), game_id
        assert players == f"{game.min_players}–{game.max_players}", game_id


def test_the_commands_table_names_every_command():
    rows = _table("| command | what |")
    named = {m for row in rows for m in re.findall(r"`/([a-z_]+)", row[0])}
    assert named == {c.name for c in commands.COMMANDS}
