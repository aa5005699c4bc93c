"""What holds after every answer of every AUFRUHR! game (`GameSpec.invariants`; the
conformance playouts check it at each step).

Money only enters from the bank and leaves to the bank, so the treasuries add up to the
seed money plus the bank's ledger; nobody's treasury, nor what is left of it beside money
bound to the bank, is below zero; every marker is either in a mayor's supply or on a
project; every bribe token and scandal is somewhere, and a folder handed outside the windows
holds its giver's tokens (one folder each); a community holds at most two
projects, a RuhrCity project alone.
"""

from rules.aufruhr import data, treasury
from rules.aufruhr.model import MARKERS, SEED_MONEY, State
from rules.aufruhr.sites import MAX_PER_COMMUNITY


def invariants(state: State) -> None:
    n = state.n
    money = [m.money for m in state.mayors]
    assert all(m >= 0 for m in money), f"a treasury below zero: {money}"
    assert sum(money) == SEED_MONEY * n + state.bank_out - state.bank_in, "money not conserved"
    for seat in range(n):
        assert treasury.free(state, seat) >= 0, f"seat {seat} owes the bank more than he has"
    for community, ps in state.board.items():
        assert len(ps) <= MAX_PER_COMMUNITY, f"{community}: {len(ps)} projects"
        if any(p.kind == "ruhrcity" for p in ps):
            assert len(ps) == 1, f"{community}: a RuhrCity project beside another"
    for seat, m in enumerate(state.mayors):
        assert 0 <= m.markers <= MARKERS, f"seat {seat}: {m.markers} markers"
        assert _markers_on_board(state, seat) + m.markers == MARKERS, f"seat {seat}: markers"
    stars = data.cards().bribe_stars
    assert len(state.tokens) == len(stars) * n, "a bribe token lost or doubled"
    assert all(-1 <= t.holder < n for t in state.tokens), "a bribe token nowhere"
    assert sorted(s.origin for s in state.scandals) == list(range(n)), "a scandal lost"
    assert all(0 <= s.holder < n for s in state.scandals), "a scandal nowhere"
    givers = [g.giver for g in state.gifts]
    assert len(givers) == len(set(givers)), "a mayor with two folders out"
    for g in state.gifts:
        assert all(state.tokens[i].holder == g.giver for i in g.tokens), "a folder's token moved"
        assert g.giver != g.to and g.tokens, "a folder to oneself, or empty"
    hands = [c for m in state.mayors for c in m.hand]
    assert len(hands) == len(set(hands)), "a project in two hands"


def _markers_on_board(state: State, seat: int) -> int:
    """A municipal project takes one marker of its owner; a RuhrCity project three of a
    lone owner, or two of the owner and one of his partner."""
    used = 0
    for ps in state.board.values():
        for p in ps:
            if seat not in p.owners:
                continue
            if p.kind != "ruhrcity":
                used += 1
            elif len(p.owners) == 1:
                used += 3
            else:
                used += 2 if p.owners[0] == seat else 1
    return used
