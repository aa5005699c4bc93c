"""AUFRUHR! payouts with RuhrCity neighbour effects on literal boards (NOTES.md 12)."""

from rules.aufruhr.model import Project
from rules.aufruhr.payout import payouts


def _muni(size, cat, owner):
    return Project(kind="municipal", size=size, categories=(cat,), owners=(owner,))


def test_plain_and_double():
    board = {"gladbeck": (_muni("small", "education", 0), _muni("big", "education", 1))}
    assert payouts(board, "education", False, 4) == [20, 40, 0, 0]
    assert payouts(board, "education", True, 4) == [40, 80, 0, 0]
    assert payouts(board, "economy", True, 4) == [0, 0, 0, 0]


def test_bordering_ruhrcity_doubles_its_categories():
    rc = Project(kind="ruhrcity", size="big", categories=("education", "culture"), owners=(2,))
    board = {"gladbeck": (_muni("small", "education", 0),), "bottrop": (rc,)}
    assert payouts(board, "education", False, 4) == [40, 0, 0, 0]
    assert payouts(board, "education", True, 4) == [80, 0, 0, 0]


def test_bordering_negative_ruhrcity_halves():
    neg = Project(kind="ruhrcity", size="small", categories=(), owners=(3,), negative=True)
    board = {"gladbeck": (_muni("big", "nature", 0),), "bottrop": (neg,)}
    assert payouts(board, "nature", False, 4) == [20, 0, 0, 0]
