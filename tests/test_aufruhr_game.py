"""AUFRUHR! as a whole game: conformance playouts for 4–6 players and the invariants.

Invariants checked after every move of every random game: money only enters from the
bank and leaves to the bank (treasuries = seed money + bank out − bank in), nobody is
below zero, at most two projects per community, no mayor uses more than 13 markers,
every bribe token is somewhere (a mayor or the EU), and the public view and public
events never carry a private value (a treasury, a sealed bid before the reveal).
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.aufruhr import SPEC
from rules.aufruhr.auction import LICENCE
from rules.aufruhr.model import MARKERS, SEED_MONEY, Options, State
from rules.core.errors import RuleError
from tests.conformance import playout

PRIVATE_EVENT_KEYS = {"aufruhr.treasury", "aufruhr.your_bid", "aufruhr.your_vote", "aufruhr.offer"}


def check_invariants(state: State) -> None:
    n = len(state.mayors)
    money = [m.money for m in state.mayors]
    assert all(m >= 0 for m in money)
    assert sum(money) == SEED_MONEY * n + state.bank_out - state.bank_in
    for community, projects in state.board.items():
        assert len(projects) <= 2, community
        if any(p.kind == "ruhrcity" for p in projects):
            assert len(projects) == 1, community
    for seat, m in enumerate(state.mayors):
        assert 0 <= m.markers <= MARKERS
        on_board = sum(
            (3 if len(p.owners) == 1 else (2 if p.owners[0] == seat else 1))
            if p.kind == "ruhrcity"
            else 1
            for ps in state.board.values()
            for p in ps
            if seat in p.owners
        )
        assert on_board + m.markers == MARKERS
    assert len(state.tokens) == 6 * n and all(-1 <= t.holder < n for t in state.tokens)


def check_privacy(state: State, events) -> None:
    public = SPEC.public_view(state).model_dump_json()
    for word in ("money", "bids", "ballots", "tokens", "rng", "drafts"):
        assert f'"{word}"' not in public
    for e in events:
        if e.key in PRIVATE_EVENT_KEYS:
            assert e.to is not None and len(e.to) == 1, e
        if e.to is None:
            assert ("money" not in e.params and "amount" not in e.params) or e.key in (
                "aufruhr.subvention",
                "aufruhr.paid",
            ), e


def check_payments(bank_before: int, state: State, events) -> None:
    """A winner pays his whole bid and an owner the whole licence: money promised to the
    bank cannot have been paid away meanwhile (NOTES.md 32)."""
    owed = 0
    for e in events:
        if e.key == "aufruhr.sold":
            owed += e.params["price"]
        if e.key in ("aufruhr.realised", "aufruhr.realised_coop"):
            assert e.params["licence"] in LICENCE.values(), e
            owed += e.params["licence"]
    assert state.bank_in - bank_before >= owed


def random_game(players: int, seed: int, events: int = 2, timeouts: float = 0.1) -> State:
    """A whole game of random legal moves (and some timeouts), checking as it goes."""
    r = random.Random(seed)
    state = SPEC.setup(players, Options(events=events), seed)
    for _ in range(20_000):
        if SPEC.outcome(state) is not None:
            return state
        main = next(p for p in SPEC.prompts(state) if not p.standing)
        seat = r.choice(main.seats)
        if r.random() < timeouts:
            action = SPEC.timeout(state, main, seat)
        else:
            payloads = [o.action for o in main.options]
            if main.input and main.input.kind == "number":
                payloads.append({**main.input.action, main.input.field: r.randrange(0, 200, 10)})
            action = SPEC.parse_action(r.choice(payloads))
        if r.random() < 0.1:  # now and then a public payment, large ones too
            payer = r.randrange(players)
            city = state.mayors[(payer + 1) % players].city
            amount = r.choice((10, 50, state.mayors[payer].money // 10 * 10 or 10))
            action = SPEC.parse_action({"type": "pay", "text": f"{city} {amount}"})
            seat = payer
        bank_before = state.bank_in
        try:
            state, events_ = SPEC.apply(state, seat, action)
        except RuleError:
            continue
        check_invariants(state)
        check_payments(bank_before, state, events_)
        check_privacy(state, events_)
    raise AssertionError("no end")


def test_random_whole_games_keep_the_invariants():
    for seed in range(12):
        final = random_game(4 + seed % 3, seed)
        assert final.phase == "over" and SPEC.outcome(final) is not None
        assert final.hall is not None


def test_a_full_length_six_player_game_ends():
    final = random_game(6, 99, events=14)
    assert final.round == 15 and SPEC.outcome(final) is not None


@pytest.mark.parametrize(("players", "events"), [(4, 0), (5, 0), (6, 0), (4, 1)])
@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.large_base_example,
    ],
)
@given(seed=st.integers(0, 2**63), data=st.data())
def test_random_playouts_conform(players, events, seed, data):
    record = playout(SPEC, players, Options(events=events), seed, data, max_moves=4000)
    state = SPEC.setup(players, Options(events=events), seed)
    for seat, payload in record.moves:
        state, told = SPEC.apply(state, seat, SPEC.parse_action(payload))
        check_invariants(state)
        check_privacy(state, told)
    assert state == record.final and state.phase == "over"
    json.loads(SPEC.public_view(state).model_dump_json())
