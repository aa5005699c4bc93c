"""AUFRUHR! building rules and EU subventions on literal boards (NOTES.md 7–9)."""

import pytest

from rules.aufruhr.building import municipal_sites, ruhrcity_sites
from rules.aufruhr.mapdata import ruhr_map
from rules.aufruhr.subventions import check_assignment
from rules.core.errors import RuleError


def test_municipal_sites_border_the_own_city():
    sites = municipal_sites({}, 1, "essen")
    assert set(sites) == {
        c for c in ruhr_map().neighbours("essen") if not ruhr_map().communities[c].great_city
    }
    assert "essen" not in sites and "bochum" not in sites


def test_municipal_sites_extend_through_own_projects():
    start = set(municipal_sites({}, 1, "essen"))
    step = next(iter(sorted(start)))
    further = set(municipal_sites({step: ((1,),)}, 1, "essen")) - start
    assert further and further <= ruhr_map().neighbours(step)


def test_two_projects_fill_a_community():
    full = {"gladbeck": ((0,), (2,))}
    assert "gladbeck" not in municipal_sites(full, 1, "essen")


def test_ruhrcity_needs_an_empty_community():
    board = {"gladbeck": ((0,),)}
    sites = ruhrcity_sites(board)
    assert "gladbeck" not in sites and "herne" in sites and "essen" not in sites


def test_subventions_must_use_each_amount_once():
    check_assignment(4, [10, 40, 20, 30])
    with pytest.raises(RuleError):
        check_assignment(4, [40, 40, 20, 10])
    check_assignment(6, [60, 10, 20, 30, 40, 50])


def test_great_cities_not_in_play_are_ordinary_communities():
    four = ("duisburg", "essen", "bochum", "dortmund")
    assert "recklinghausen" in municipal_sites({"herten": ((1,),)}, 1, "essen", four)
    assert "recklinghausen" not in municipal_sites({"herten": ((1,),)}, 1, "essen")
