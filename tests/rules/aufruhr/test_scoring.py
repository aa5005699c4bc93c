"""AUFRUHR! final scoring on literal boards (NOTES.md 13–14)."""

from rules.aufruhr.model import Project
from rules.aufruhr.scoring import bribe_bonus, project_points


def test_project_points():
    board = {
        "gladbeck": (
            Project(kind="municipal", size="small", categories=("economy",), owners=(0,)),
            Project(kind="municipal", size="big", categories=("economy",), owners=(1,)),
        ),
        "herne": (Project(kind="ruhrcity", size="big", categories=("a", "b"), owners=(0, 2)),),
        "marl": (Project(kind="ruhrcity", size="big", categories=("a", "b"), owners=(3,)),),
        "unna": (Project(kind="ruhrcity", size="small", categories=("a",), owners=(1,)),),
    }
    assert project_points(board, 4) == [11, 7, 10, 15]


def test_bribe_bonus_ties_share_the_place():
    assert bribe_bonus([3, 1, 0, 2]) == [2, 0, 0, 1]
    assert bribe_bonus([3, 3, 1, 0]) == [2, 2, 1, 0]
    assert bribe_bonus([0, 0, 0, 0]) == [0, 0, 0, 0]


def test_a_realised_negative_project_scores_like_a_small_ruhrcity_one():
    """NOTES.md 13: "the same applies as for small RuhrCity projects" — 5 points."""
    board = {
        "herne": (
            Project(kind="ruhrcity", size="small", categories=(), owners=(2,), negative=True),
        )
    }
    assert project_points(board, 4) == [0, 0, 5, 0]
