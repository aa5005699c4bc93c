"""The shape of rules/einsistkeins/ (DESIGN.md, "One shape per game"): two games in one
box as two subpackages, whose phase modules never import each other (the engine chains
them), with no import cycle anywhere in the package."""

import grimp
import pytest

PHASES = {
    "board": ("roll", "drinking", "moving", "cards", "clock"),
    "cards": ("leading", "following", "taking", "dealing"),
}
SHAPE = ("__init__", "model", "engine", "views")


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("rules")


@pytest.mark.parametrize("game", sorted(PHASES))
def test_phases_never_import_each_other(graph, game):
    package = f"rules.einsistkeins.{game}"
    for phase in PHASES[game]:
        module = f"{package}.{phase}"
        for other in PHASES[game]:
            if other != phase:
                assert not graph.chain_exists(module, f"{package}.{other}"), (module, other)


@pytest.mark.parametrize("game", sorted(PHASES))
def test_each_game_has_the_one_shape(graph, game):
    modules = graph.find_children(f"rules.einsistkeins.{game}")
    for name in SHAPE[1:]:
        assert f"rules.einsistkeins.{game}.{name}" in modules


def test_no_import_cycle_in_the_package(graph):
    modules = {m for m in graph.modules if m.startswith("rules.einsistkeins")}
    for module in sorted(modules):
        for imported in graph.find_modules_directly_imported_by(module):
            if imported in modules and imported != module:
                assert not graph.chain_exists(imported, module), f"{module} ↔ {imported}"


def test_the_games_do_not_reach_into_each_other(graph):
    assert not graph.chain_exists("rules.einsistkeins.cards", "rules.einsistkeins.board", True)
    assert not graph.chain_exists("rules.einsistkeins.board", "rules.einsistkeins.cards", True)
