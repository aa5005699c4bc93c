"""AUFRUHR! building rules and EU subventions on literal boards (NOTES.md 7–9)."""

import pytest

from rules.aufruhr.actions import Hand, Vote
from rules.aufruhr.data import ruhr_map
from rules.aufruhr.engine import apply, prompts, setup, timeout
from rules.aufruhr.model import AMOUNTS, Options
from rules.aufruhr.sites import municipal_sites, ruhrcity_sites


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


@pytest.mark.parametrize("n", [4, 5, 6])
def test_subventions_use_each_amount_once(n):
    state = setup(n, Options(), 1)
    for seat in range(n):  # everyone elects seat 1 (seat 1 elects seat 0)
        state, _ = apply(state, seat, Vote(seat=0 if seat == 1 else 1))
    while state.phase == "folders":
        main = next(p for p in prompts(state) if not p.standing)
        state, _ = apply(state, main.seats[0], Hand(hand=False))
    given = {}
    while state.phase == "subvention":
        main = next(p for p in prompts(state) if not p.standing)
        state, events = apply(state, 1, timeout(state, main, 1))
        given |= {
            e.params["seat"]: e.params["amount"] for e in events if e.key == "aufruhr.subvention"
        }
    assert sorted(given) == list(range(n))
    assert sorted(given.values(), reverse=True) == list(AMOUNTS[n])


def test_great_cities_not_in_play_are_ordinary_communities():
    four = ("duisburg", "essen", "bochum", "dortmund")
    assert "recklinghausen" in municipal_sites({"herten": ((1,),)}, 1, "essen", four)
    assert "recklinghausen" not in municipal_sites({"herten": ((1,),)}, 1, "essen")
