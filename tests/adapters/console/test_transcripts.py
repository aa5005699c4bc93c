"""Console transcripts of whole games: input scripts with their reviewed output (golden files).

Each tests/transcripts/NAME.txt is played with `--seed 1` (language: `NAME.de.txt` is
German) and must print exactly NAME.out. After a deliberate change, regenerate with
`UPDATE_GOLDEN=1 python -m pytest tests/adapters/console/test_transcripts.py` and review the diff.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.console.__main__ import run_script
from tests.fixtures.paths import TRANSCRIPTS

HERE = TRANSCRIPTS
SCRIPTS = sorted(HERE.glob("*.txt"))


def _lang(path: Path) -> str:
    return "de" if path.name.endswith(".de.txt") else "en"


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
async def test_transcript(script: Path):
    lines: list[str] = []
    await run_script(
        script.read_text().splitlines(), seed=1, lang=_lang(script), write=lines.append
    )
    got = "\n".join(lines) + "\n"
    golden = script.with_suffix(".out")
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(got)
    assert golden.exists(), f"no golden file {golden.name}: run with UPDATE_GOLDEN=1 and review it"
    assert got == golden.read_text()


def test_the_command_line_script_mode_prints_the_same():
    """The public contract: `python -m adapters.console --script FILE --seed N` (no test game)."""
    script = HERE / "roll.txt"
    run = subprocess.run(
        [sys.executable, "-m", "adapters.console", "--script", str(script), "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=HERE.parent.parent,
        check=True,
    )
    assert run.stdout == script.with_suffix(".out").read_text()
