"""VI. Final scoring: project points plus the bribe-star bonus (most +2, second +1)."""

from collections.abc import Mapping

from rules.aufruhr.model import Project

MUNICIPAL_POINTS = {"small": 1, "big": 2}


def project_points(board: Mapping[str, tuple[Project, ...]], n: int) -> list[int]:
    points = [0] * n
    for projects in board.values():
        for p in projects:
            if p.kind == "municipal":
                value = MUNICIPAL_POINTS[p.size]
            elif p.size == "small":  # a negative RuhrCity project too (NOTES.md 13)
                value = 5
            else:  # big RuhrCity: 15 alone, 10 for each of two partners
                value = 15 if len(p.owners) == 1 else 10
            for owner in p.owners:
                points[owner] += value
    return points


def bribe_bonus(stars: list[int]) -> list[int]:
    """Stars received from other mayors → bonus. Ties share the place; nobody with none."""
    ranks = sorted({s for s in stars if s > 0}, reverse=True)
    bonus = {v: b for v, b in zip(ranks, (2, 1), strict=False)}
    return [bonus.get(s, 0) for s in stars]
