"""AUFRUHR! set-up and election, one rule per test on literal states (NOTES.md 1–5)."""

import pytest

from rules.aufruhr.actions import Abstain, Vote
from rules.aufruhr.data import ruhr_map
from rules.aufruhr.election import electable
from rules.aufruhr.engine import apply, setup
from rules.aufruhr.model import Election, Options
from rules.core.errors import RuleError


def vote(state, seat, candidate):
    """One ballot through the engine (None: the abstention a deadline casts)."""
    return apply(state, seat, Abstain() if candidate is None else Vote(seat=candidate))


def _votes(state, ballots):
    events = []
    for seat, cand in enumerate(ballots):
        state, ev = vote(state, seat, cand)
        events += ev
    return state, [e.key for e in events]


def test_map_data_loads_with_great_cities():
    m = ruhr_map()
    assert len(m.communities) == 53
    assert "bochum" in m.neighbours("essen")
    assert m.communities["hagen"].great_city


def test_setup_cities_per_player_count():
    assert [m.city for m in setup(4, Options(), 1).mayors] == [
        "duisburg", "essen", "bochum", "dortmund"
    ]  # fmt: skip
    six = setup(6, Options(), 1)
    assert [m.city for m in six.mayors][4:] == ["recklinghausen", "hagen"]
    # two of the 13 markers already sit on the initial projects (NOTES.md 1)
    assert all(m.money == 240 and m.markers == 11 for m in six.mayors)


def test_setup_refuses_three():
    with pytest.raises(RuleError):
        setup(3, Options(), 1)


def test_plurality_wins():
    state, keys = _votes(setup(4, Options(), 1), [1, 2, 1, None])
    assert state.lord_mayor == 1 and state.election is None
    assert keys[-1] == "aufruhr.elected"


def test_no_self_vote():
    with pytest.raises(RuleError):
        vote(setup(4, Options(), 1), 2, 2)


def test_first_tie_revotes():
    state, keys = _votes(setup(4, Options(), 1), [1, 0, 3, 2])
    assert "aufruhr.tie_revote" in keys
    assert state.lord_mayor is None and state.election.number == 2


def test_silent_table_does_not_stall():
    state, _ = _votes(setup(4, Options(), 1), [None] * 4)
    assert state.election.number == 2
    state, _ = _votes(state, [None] * 4)
    assert state.lord_mayor == 0


def test_incumbent_stays_on_tie():
    s = setup(4, Options(), 1)
    s = s.model_copy(update={"lord_mayor": 2, "election": Election.of(4)})
    state, keys = _votes(s, [2, 2, 0, 0])
    assert state.lord_mayor == 2 and "aufruhr.tie_incumbent" in keys


def test_runoff_among_tied():
    s = setup(4, Options(), 1)
    s = s.model_copy(update={"lord_mayor": 3, "election": Election.of(4)})
    state, keys = _votes(s, [1, 0, 0, 1])
    assert "aufruhr.runoff" in keys and state.election.candidates == (0, 1)
    assert electable(state, 0) == (1,)
    with pytest.raises(RuleError):
        vote(state, 2, 3)
    state, keys = _votes(state, [1, 0, 1, 1])
    assert state.lord_mayor == 1


def test_barred_not_electable():
    s = setup(4, Options(), 1)
    s = s.model_copy(update={"barred": 1})
    assert 1 not in electable(s, 0)
    with pytest.raises(RuleError):
        vote(s, 0, 1)
