"""A typed answer longer than its prompt allows names the command it was for (issue #41)."""

import pytest

from adapters.console.__main__ import run_script

SCRIPT = [
    "alice: /new heinzel",
    "bob: /join",
    "alice: /start",
    "alice: [{roll}]",
    "alice: /go " + "x" * 61,
]


@pytest.mark.parametrize(
    ("lang", "roll", "line"),
    [
        ("en", "🎲 Roll", "Too long for /go: write between 1 and 60 characters."),
        ("de", "🎲 Würfeln", "Zu lang für /go: schreib zwischen 1 und 60 Zeichen."),
    ],
)
async def test_a_too_long_go_names_the_command(lang: str, roll: str, line: str):
    lines: list[str] = []
    script = [s.replace("{roll}", roll) for s in SCRIPT]
    await run_script(script, seed=1, lang=lang, write=lines.append)
    assert any(line in out for out in lines), "\n".join(lines[-5:])
    assert not any("between 1 and 60 characters." in out and "/go" not in out for out in lines)
