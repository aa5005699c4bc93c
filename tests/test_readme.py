"""The README and docs/ say what the code does: the games table agrees with the registry,
the commands table with the bot's command table, every setting the code reads is
documented and every one documented is read, and what they point to exists."""

import importlib.util
import re
from pathlib import Path

from bot.chat import commands
from rules import registry
from rules.core.protocol import GameSpec

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()
DOCS = {path.name: path.read_text() for path in sorted((ROOT / "docs").glob("*.md"))}
SETTING = re.compile(r"\b(?:STAMMTISCH|TELEGRAM|DISCORD|REDIS)_[A-Z_]+\b")


def _table(section: str, header: str) -> list[list[str]]:
    """The rows of the first table under the README's heading `section` whose header row
    starts with `header`, as cells."""
    lines = README.splitlines()
    begin = lines.index(section)
    start = next(i for i in range(begin, len(lines)) if lines[i].startswith(header))
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
    rows = {row[0].strip("`"): row for row in _table("# Stammtisch", "| id | game | players |")}
    games = _real_games()
    playable = {game_id for game_id, row in rows.items() if row[3] == "playable"}
    assert playable == set(games), "a registered game needs a row marked playable, and back"
    for game_id, game in games.items():
        _, name, players, _, _ = rows[game_id]
        assert name == game.name("en"), game_id
        assert players == f"{game.min_players}–{game.max_players}", game_id


def test_every_game_has_its_paragraph_with_its_commands():
    """A player reading the README finds each game under its id, and every command the
    game lets them type named there."""
    sections = re.split(r"^### ", README, flags=re.M)
    for game_id, game in _real_games().items():
        [text] = [s for s in sections if s.splitlines()[0].count(f"(`{game_id}`,")]
        missing = [verb for verb in game.commands if f"/{verb}" not in text]
        assert not missing, f"{game_id}: {missing}"


def test_a_new_game_touches_no_file_of_the_bot_or_the_adapters():
    """docs/architecture.md, "Adding a game": the bot and the adapters find games through
    the registry, and no module of theirs names one."""
    ids = "|".join(re.escape(game_id) for game_id in _real_games())
    named = [
        f"{path.relative_to(ROOT)}: {m.group(0)}"
        for package in ("bot", "adapters")
        for path in (ROOT / package).rglob("*.py")
        for m in re.finditer(rf"[\"']({ids})[\"'.:]", path.read_text())
    ]
    assert named == []


def test_the_commands_table_names_every_command():
    rows = _table("## Commands", "| command | what |")
    named = {m for row in rows for m in re.findall(r"`/([a-z_]+)", row[0])}
    assert named == {c.name for c in commands.COMMANDS} | set(commands.ALIASES)


def test_the_readme_is_for_players_and_operators():
    """At most about 400 lines, and no lab notebook: no clock times, benchmark passes
    or branch names (figures, with their machine and date, go to docs/benchmarks.md)."""
    assert len(README.splitlines()) <= 400
    assert not re.search(r"\b\d\d:\d\d\b[^\n]{0,20}\bUTC\b", README)
    assert not re.search(r"\b(first|second|third|[a-z]+th) pass\b|\bbranch `", README, re.I)


def test_every_setting_the_code_reads_is_documented_and_back():
    sources = [
        path.read_text()
        for package in ("bot", "adapters", "render", "rules")
        for path in (ROOT / package).rglob("*.py")
    ]
    read = {m for text in sources for m in re.findall(rf'"({SETTING.pattern})"', text)}
    documented = set(SETTING.findall(README)) | {
        m for text in DOCS.values() for m in SETTING.findall(text)
    }
    assert read - documented == set(), "a setting the code reads is in no table"
    assert documented - read == set(), "a documented setting the code does not read"
    assert read <= set(SETTING.findall(README)), "every setting is in the README's tables"


def test_what_the_readme_and_docs_point_to_exists():
    texts = {"README.md": README, **{f"docs/{name}": text for name, text in DOCS.items()}}
    for name, text in texts.items():
        for target in re.findall(r'src="([^"]+)"|\]\(([^)#:]+)[)#]', text):
            path = next(t for t in target if t)
            assert (ROOT / name).parent.joinpath(path).exists(), f"{name}: {path}"
        for module in re.findall(r"python -m ([a-z_.]+)", text):
            assert importlib.util.find_spec(module), f"{name}: python -m {module}"
