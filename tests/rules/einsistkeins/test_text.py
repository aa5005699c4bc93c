"""DESIGN.md: text for players is built from message keys in bot/ or render/, never in
rules/. EINS IST KEINS's engines send pub ids, square indices, minutes and lists; the
cards as printed, announcement values, clock times, route legs and path squares' names
are made by render/einsistkeins.py and render/einsistkeins_karten.py (their `params`
hooks), the same bytes as before (tests/transcripts/einsistkeins*)."""

import ast
from typing import Any

import pytest

from render.einsistkeins import params as board_params
from render.einsistkeins_karten import params as card_params
from rules.einsistkeins.board import BOARD_GAME
from rules.einsistkeins.cards import CARD_GAME
from tests.fixtures.conformance import Seeded, playout
from tests.fixtures.paths import ROOT

PACKAGE = ROOT / "rules" / "einsistkeins"
# What display text built in rules/einsistkeins looked like before it moved to render/:
# 🛟 and 🚋/🚶 in cards and legs, " · " and "–" between parts, "↔" in a path's name.
DISPLAY_MARKS = "–—·↔🛟🚋🚶"


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, kinds) and n.body and isinstance(n.body[0], ast.Expr)
    }


def _not_for_players(tree: ast.AST) -> set[int]:
    """What players never read: an `assert`'s message and a raised Python error (not a
    RuleError or ParseError, whose text is a message key) are for developers; a spec's
    `names=` is the game's title per language, which the protocol declares there."""
    found: set[int] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Assert) and n.msg is not None:
            found |= {id(m) for m in ast.walk(n.msg)}
        elif isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call):
            if getattr(n.exc.func, "id", "") not in ("RuleError", "ParseError"):
                found |= {id(m) for m in ast.walk(n.exc)}
        elif isinstance(n, ast.keyword) and n.arg == "names":
            found |= {id(m) for m in ast.walk(n.value)}
    return found


def display_text(source: str) -> list[str]:
    """Where `source` builds text for players: a string holding a display mark, a
    non-empty string's `.join` (joining characters with "" makes no phrase: it folds
    a typed name for matching), a `.format` call, an f-string with words or marks."""
    tree = ast.parse(source)
    skip = _docstrings(tree) | _not_for_players(tree)
    found = []
    for n in ast.walk(tree):
        line = getattr(n, "lineno", 0)
        if id(n) in skip:
            continue
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            if any(mark in n.value for mark in DISPLAY_MARKS):
                found.append(f"{line}: {n.value!r}")
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            joined = n.func.value
            if n.func.attr == "format" or (
                n.func.attr == "join" and isinstance(joined, ast.Constant) and joined.value
            ):
                found.append(f"{line}: .{n.func.attr}(…)")
        elif isinstance(n, ast.JoinedStr):
            words = [v.value for v in n.values if isinstance(v, ast.Constant)]
            if any(" " in w or set(w) & set(DISPLAY_MARKS) for w in words):
                found.append(f"{line}: an f-string with words")
    return found


def test_the_engines_build_no_text_for_players():
    found = {
        str(p.relative_to(PACKAGE)): display_text(p.read_text())
        for p in sorted(PACKAGE.rglob("*.py"))
    }
    assert not {name: lines for name, lines in found.items() if lines}


@pytest.mark.parametrize(
    "source",
    [
        'text = f"{p.name} ({hours})"',
        'text = " · ".join(parts)',
        'leg = f"🚶 {n}"',
        'name = f"{near}↔{far}"',
        'span = f"{a}–{b}"',
        'text = "{} opens".format(t)',
        'buoy = "🛟"',
    ],
)
def test_the_check_finds_each_way_the_text_was_built(source):
    assert display_text(source)


def test_the_check_lets_keys_ids_titles_and_developer_messages_pass():
    source = """
def f(kind, n, text):
    \"\"\"A docstring – with a dash · and a dot.\"\"\"
    key = f"einsistkeins.end.{kind}"
    spec = GameSpec(id="x", names={"en": "Eins ist keins – board game"})
    folded = "".join(c for c in text if c.isalnum())
    assert n >= 0, "alcohol within 0–2.3 ‰"
    raise ValueError(f"bad opening span {n}–{n}")
"""
    assert display_text(source) == []


def _structured(value: Any) -> bool:
    if isinstance(value, list | tuple):
        return all(_structured(v) for v in value)
    return value is None or isinstance(value, bool | int | float | str)


def _shown_along_a_game(spec, players: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """Every prompt's, button's and event's parameters along a whole random game."""
    options = spec.options()
    record = playout(spec, players, options, seed, Seeded(seed))
    state = spec.setup(players, options, seed)
    shown: list[tuple[str, dict[str, Any]]] = []
    for seat, answer in record.moves:
        prompts = spec.prompts(state)
        shown += [(p.key, p.params) for p in prompts]
        shown += [(o.label, o.params) for p in prompts for o in p.options]
        state, events = spec.apply(state, seat, spec.parse_action(answer))
        shown += [(e.key, e.params) for e in events]
    return shown


@pytest.mark.parametrize(
    ("spec", "players", "names"),
    [
        (BOARD_GAME, 3, {"minute", "legs", "place_square"}),
        (CARD_GAME, 4, {"card_id", "hand_ids", "card_ids", "called"}),
    ],
)
def test_events_prompts_and_buttons_carry_only_ids_numbers_and_lists(spec, players, names):
    seen: set[str] = set()
    for key, params in _shown_along_a_game(spec, players, 5):
        for name, value in params.items():
            assert _structured(value), (key, name, value)
            flat = str(value)
            assert not set(flat) & set(DISPLAY_MARKS), (key, name, value)
            seen.add(name)
    assert names <= seen


def test_the_hooks_make_the_text_players_read():
    legs = board_params("einsistkeins.moved", {"legs": [[None, 3, 0]], "minute": 1530}, str)
    assert legs == {"legs": "🚶 3", "minute": 1530, "time": "01:30"}
    card = card_params(
        "einsistkeins_karten.trumped", {"card_id": "Izarro", "called": "opening"}, str
    )
    assert card["card"].startswith("Izarro (") and "🛟" not in card["value"]
    assert card["value"] == card["card"].split("(")[1][:5]  # the opening time on the card
