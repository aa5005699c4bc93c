"""III.b Payouts: every municipal project of the category pays its owner.

Small 20, big 40; doubled by a double card; doubled again when a bordering community
holds a RuhrCity project of that category; halved when a bordering community holds a
negative RuhrCity project. RuhrCity projects themselves pay nothing. A payout card
(intention.py) or an event card (event_cards.py) orders one.
"""

from collections.abc import Mapping

from rules.aufruhr import data, treasury
from rules.aufruhr.model import Project, State
from rules.core.protocol import Event

BASE = {"small": 20, "big": 40}


def payouts(
    board: Mapping[str, tuple[Project, ...]], category: str, double: bool, n: int
) -> list[int]:
    """What each of the `n` seats receives from the bank."""
    paid = [0] * n
    for community, ps in board.items():
        around = [p for c in data.neighbours(community) for p in board.get(c, ())]
        boost = any(p.kind == "ruhrcity" and not p.negative and category in p.categories
                    for p in around)  # fmt: skip
        blight = any(p.kind == "ruhrcity" and p.negative for p in around)
        for p in ps:
            if p.kind != "municipal" or category not in p.categories:
                continue
            value = BASE[p.size] * (2 if double else 1) * (2 if boost else 1)
            value = value // 2 if blight else value
            for owner in p.owners:
                paid[owner] += value
    return paid


def pay_out(state: State, category: str, double: bool, events: list[Event]) -> None:
    paid = payouts(state.board, category, double, state.n)
    for seat, amount in enumerate(paid):
        if amount:
            treasury.from_bank(state, seat, amount)
    events.append(Event(key="aufruhr.paid_out", params={"amounts_by_seat": paid}))
