"""AUFRUHR! EU Commission impeachment on literal states (NOTES.md 16)."""

from rules.aufruhr.election import electable, vote
from rules.aufruhr.inspection import inspect
from rules.aufruhr.model import Options
from rules.aufruhr.setup import setup


def _in_office(seat):
    return setup(4, Options(), 1).model_copy(update={"lord_mayor": seat, "election": None})


def test_clean_lord_mayor_stays():
    state, events, stars = inspect(_in_office(2), None)
    assert state.lord_mayor == 2 and stars == 0 and events[0].key == "aufruhr.inspection_clean"


def test_bribed_lord_mayor_is_impeached_and_barred():
    state, events, stars = inspect(_in_office(2), (0, 3))
    assert state.lord_mayor is None and state.barred == 2 and stars == 3
    assert events[0].key == "aufruhr.impeached" and events[0].public
    assert 2 not in electable(state, 0)
    for seat, cand in enumerate([1, 0, 1, 1]):
        state, _ = vote(state, seat, cand)
    assert state.lord_mayor == 1 and state.barred is None
