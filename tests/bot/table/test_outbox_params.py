"""A game's own parameters become text in one place: its render module's `params` hook,
which bot/table/outbox.py calls for every message of the table's game (events, prompts,
button labels, refusals) before seats become names and the catalog is filled."""

from typing import Any

import pytest

from bot.table.outbox import Outbox
from render import boards

GAME = "hooked"  # a game id nobody registers: its renderers exist only in this test


def shown(key: str, params: dict[str, Any], label: boards.Label) -> dict[str, Any]:
    """The test game's hook: `first` (a list of seats) as the seat it starts with;
    `least` (a seat) as a whole line of the catalog, said through `label`."""
    out = dict(params)
    if "least" in params:
        out["min"] = label("status.chose", seat=params["least"], choice="x")
    if "first" in params:
        out["seat"] = params["first"][0]
    return out


@pytest.fixture
def hooked(monkeypatch):
    renderers = boards.Renderers(lambda *a: "", lambda *a: "", params=shown)
    monkeypatch.setitem(boards._GAMES, GAME, renderers)


def test_the_tables_game_shows_its_parameters_before_seats_become_names(hooked):
    out = Outbox(lang="en", game=GAME, names=["Ann", "Ben"])
    assert out.text("status.chose", first=[1, 0], choice="x") == "✓ Ben: x"
    # the hook's label is the table's own: its language, its names
    assert out.text("error.number_min", least=0) == "Too small: at least ✓ Ann: x."
    de = Outbox(lang="de", game=GAME, names=["Ann"])
    assert de.text("status.chose", first=[0], choice="x") == "✓ Ann: x"
    out.group("status.chose", first=[0], choice="x")
    assert out.group_lines == ["✓ Ann: x"]


def test_a_refusal_and_a_record_of_another_game_go_through_the_same_hook(hooked):
    plain = Outbox(lang="en", names=["Ann", "Ben"])
    assert plain.shown("status.chose", {"first": [1]}) == {"first": [1]}
    assert plain.shown("status.chose", {"first": [1]}, GAME)["seat"] == 1
    assert plain.text_of(GAME, "status.chose", {"first": [1], "choice": "x"}) == "✓ Ben: x"


def test_a_game_without_a_hook_or_a_table_without_a_game_is_shown_as_it_is():
    params = {"first": [1], "seat": 0}
    assert Outbox(lang="en", game="auktion").shown("prompt.answered", params) is params
    assert Outbox(lang="en").shown("prompt.answered", params) is params
    assert boards.params("", "prompt.answered", params, str) is params
