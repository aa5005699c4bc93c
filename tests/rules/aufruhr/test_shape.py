"""AUFRUHR!'s package keeps DESIGN.md's "One shape per game": phases never import one
another (engine.py chains them through steps.py), no import cycle, no module near 400
lines, no `common.py`, every button carries a typed action, never a dict, and the engine
builds no text for players (render/aufruhr.py and the catalogs do)."""

import ast
from typing import Any

import grimp
import pytest

from rules.aufruhr import SPEC
from rules.aufruhr.model import Options
from tests.fixtures.conformance import Seeded, playout
from tests.fixtures.paths import ROOT

PACKAGE = ROOT / "rules" / "aufruhr"
PHASES = (
    "election",
    "folders",
    "subventions",
    "intention",
    "auction",
    "realisation",
    "event_cards",
    "ending",
)


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("rules")


def test_phases_do_not_import_each_other(graph):
    phases = {f"rules.aufruhr.{p}" for p in PHASES}
    for phase in sorted(phases):
        assert (PACKAGE / f"{phase.rsplit('.', 1)[1]}.py").exists(), phase
        assert not graph.find_modules_directly_imported_by(phase) & phases, phase


def test_no_import_cycle_in_the_package(graph):
    modules = sorted(m for m in graph.modules if m.startswith("rules.aufruhr."))
    for a in modules:
        for b in graph.find_modules_directly_imported_by(a):
            if b.startswith("rules.aufruhr.") and b != a:
                assert not graph.chain_exists(importer=b, imported=a), f"{a} ↔ {b}"


def test_modules_stay_well_under_400_lines():
    sizes = {p.name: len(p.read_text().splitlines()) for p in PACKAGE.glob("*.py")}
    assert not {name: n for name, n in sizes.items() if n >= 350}
    assert "common.py" not in sizes and "utils.py" not in sizes


def test_every_button_and_input_carries_a_typed_action():
    """Along a whole random game: every prompt's buttons and inputs."""
    seen: set[str] = set()
    record = playout(SPEC, 5, Options(events=2), 3, Seeded(3))
    state = SPEC.setup(5, Options(events=2), 3)
    for seat, answer in record.moves:
        for p in SPEC.prompts(state):
            actions = [o.action for o in p.options] + ([p.input.action] if p.input else [])
            assert not any(isinstance(a, dict) for a in actions), p.id
            seen |= {type(a).__name__ for a in actions}
        state, _ = SPEC.apply(state, seat, SPEC.parse_action(answer))
    assert {"Vote", "Give", "Hand", "Put", "Bid", "Pay"} <= seen


# What player-visible text built in rules/ looked like before it moved to render/aufruhr.py:
# stars, dashes for "none", lists joined with ", ", phrases filled with .format.
DISPLAY_MARKS = "★—–"


def _docstrings(tree: ast.AST) -> set[int]:
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return {
        id(n.body[0].value)
        for n in ast.walk(tree)
        if isinstance(n, kinds) and n.body and isinstance(n.body[0], ast.Expr)
    }


def _for_developers(tree: ast.AST) -> set[int]:
    """f-strings in an `assert`'s message or a raised Python error (not a RuleError or
    ParseError, whose text is a message key): read by developers, not players."""
    found: set[int] = set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Assert) and n.msg is not None:
            found |= {id(m) for m in ast.walk(n.msg)}
        elif isinstance(n, ast.Raise) and isinstance(n.exc, ast.Call):
            name = getattr(n.exc.func, "id", "")
            if name not in ("RuleError", "ParseError"):
                found |= {id(m) for m in ast.walk(n.exc)}
    return found


def display_text(source: str) -> list[str]:
    """Where `source` builds text for players: a string (docstrings aside) holding a star
    or a dash, a string's `.join`, a `.format` call, an f-string with words in it."""
    tree = ast.parse(source)
    docstrings, developers = _docstrings(tree), _for_developers(tree)
    found = []
    for n in ast.walk(tree):
        line = getattr(n, "lineno", 0)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings:
            if any(mark in n.value for mark in DISPLAY_MARKS):
                found.append(f"{line}: {n.value!r}")
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute):
            if n.func.attr == "format" or (
                n.func.attr == "join" and isinstance(n.func.value, ast.Constant)
            ):
                found.append(f"{line}: .{n.func.attr}(…)")
        elif isinstance(n, ast.JoinedStr) and id(n) not in developers:
            words = [v.value for v in n.values if isinstance(v, ast.Constant)]
            if any(" " in w for w in words):
                found.append(f"{line}: an f-string with words")
    return found


def test_the_engine_builds_no_text_for_players():
    """DESIGN.md: text for players is built from message keys in bot/ or render/, never
    in rules/. The engine's events, prompts and refusals carry numbers and ids."""
    found = {p.name: display_text(p.read_text()) for p in sorted(PACKAGE.glob("*.py"))}
    assert not {name: lines for name, lines in found.items() if lines}


@pytest.mark.parametrize(
    "source",
    [
        'stars = "★" * n',
        'shown = [b or "—" for b in bids]',
        'numbers = ", ".join(str(n) for n in open_)',
        'text = phrases["en"].format(amount)',
        'text = f"{amount} for me"',
    ],
)
def test_the_check_for_text_in_the_engine_finds_each_way_it_was_built(source):
    assert display_text(source)


def test_the_check_lets_keys_ids_and_developer_messages_pass():
    source = """
def f(kind, doubled, n):
    \"\"\"A docstring — with a dash.\"\"\"
    key = f"aufruhr.demand.{kind}"
    assert n >= 0, f"a treasury below zero: {n}"
    raise ValueError(f"card ids used twice: {doubled}")
"""
    assert display_text(source) == []


def _structured(value: Any) -> bool:
    if isinstance(value, list | tuple):
        return all(_structured(v) for v in value)
    return value is None or isinstance(value, bool | int | str)


def test_events_prompts_and_buttons_carry_only_numbers_ids_and_lists():
    """Along a whole random game: no parameter is a model or text made for display
    (a star, a dash); render/aufruhr.py's `params` hook makes those."""
    record = playout(SPEC, 5, Options(events=2), 7, Seeded(7))
    state = SPEC.setup(5, Options(events=2), 7)
    seen: set[str] = set()
    for seat, answer in record.moves:
        shown = [(p.key, p.params) for p in SPEC.prompts(state)]
        shown += [(o.label, o.params) for p in SPEC.prompts(state) for o in p.options]
        state, events = SPEC.apply(state, seat, SPEC.parse_action(answer))
        shown += [(e.key, e.params) for e in events]
        for key, params in shown:
            for name, value in params.items():
                assert _structured(value), (key, name, value)
                texts = [v for v in (value if isinstance(value, list) else [value])]
                assert not any(isinstance(v, str) and set(v) & set(DISPLAY_MARKS) for v in texts)
                seen.add(name)
    assert {"card", "category", "token_stars", "bids_by_seat"} <= seen
