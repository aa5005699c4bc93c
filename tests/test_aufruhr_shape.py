"""AUFRUHR!'s package keeps DESIGN.md's "One shape per game": phases never import one
another (engine.py chains them through steps.py), no import cycle, no module near 400
lines, no `common.py`, and every button carries a typed action, never a dict."""

from pathlib import Path

import grimp
import pytest

from rules.aufruhr import SPEC
from rules.aufruhr.model import Options
from tests.conformance import Seeded, playout

PACKAGE = Path(__file__).parent.parent / "rules" / "aufruhr"
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
