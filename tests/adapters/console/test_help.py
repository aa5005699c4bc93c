"""`python -m adapters.console --help` as a newcomer reads it: the game its example opens
is one a player can open (a test-only game is not: the console outside the tests knows
only the games under rules/)."""

import re
import subprocess
import sys

from tests.fixtures.paths import ROOT


def console(*args: str, text: str | None = None) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "adapters.console", *args],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        check=True,
    )
    return done.stdout


def test_the_help_opens_a_game_a_player_can_open():
    opened = re.findall(r"/new (\w+)", console("--help"))
    assert opened, "the help shows how to open a table"
    for game in opened:
        said = console("--script", "-", text=f"alice: /new {game}\n")
        assert said.startswith("[group] alice opened a table for "), said
