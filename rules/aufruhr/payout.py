"""III.b Payouts: every municipal project of the category pays its owner.

Small 20, big 40; doubled by a double card; doubled again when a bordering community
holds a RuhrCity project of that category; halved when a bordering community holds a
negative RuhrCity project. RuhrCity projects themselves pay nothing. The payout pile
also holds EU cards: the EU Commission inspects the Lord Mayor instead.
"""

from collections.abc import Mapping

from rules.aufruhr import data, projects, treasury
from rules.aufruhr.inspection import inspect
from rules.aufruhr.model import Project, State
from rules.aufruhr.steps import EndRound, Step
from rules.core.protocol import Event
from rules.core.rng import Rng

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


def card(state: State, category: str, events: list[Event]) -> Step:
    """The top payout card for `category` (the pile reshuffled when it is used up)."""
    if not state.payouts:
        rng = Rng(state.rng)
        state.payouts = list(state.payouts_used)
        state.payouts_used = []
        rng.shuffle(state.payouts)
        state.rng = rng.state
        events.append(Event(key="aufruhr.payouts_reshuffled"))
    top = state.payouts.pop(0)
    state.payouts_used.append(top)
    kind = data.payout_kind(top)
    if kind == "eu":
        events.append(Event(key="aufruhr.payout_eu"))
        if inspect(state, events):  # an impeachment ends the round at once (NOTES.md)
            state.payouts_used.remove(top)  # "the card is played and placed into the box"
        return EndRound()
    events.append(Event(key=f"aufruhr.payout_{kind}", params=projects.categories([category])))
    pay_out(state, category, kind == "double", events)
    return EndRound()
