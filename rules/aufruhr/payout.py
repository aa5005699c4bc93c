"""III.b Payouts: every municipal project of the category pays its owner.

Small 20, big 40; doubled by a double card; doubled again when a bordering community
holds a RuhrCity project of that category; halved when a bordering community holds a
negative RuhrCity project. RuhrCity projects themselves pay nothing.
"""

from collections.abc import Mapping

from rules.aufruhr.mapdata import neighbours
from rules.aufruhr.model import Project

BASE = {"small": 20, "big": 40}


def payouts(
    board: Mapping[str, tuple[Project, ...]], category: str, double: bool, n: int
) -> list[int]:
    """What each of the `n` seats receives from the bank."""
    paid = [0] * n
    for community, projects in board.items():
        around = [p for c in neighbours(community) for p in board.get(c, ())]
        boost = any(p.kind == "ruhrcity" and not p.negative and category in p.categories
                    for p in around)  # fmt: skip
        blight = any(p.kind == "ruhrcity" and p.negative for p in around)
        for p in projects:
            if p.kind != "municipal" or category not in p.categories:
                continue
            value = BASE[p.size] * (2 if double else 1) * (2 if boost else 1)
            value = value // 2 if blight else value
            for owner in p.owners:
                paid[owner] += value
    return paid
