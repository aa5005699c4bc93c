"""AUFRUHR! as a whole game: what the conformance suite (tests/rules/test_conformance.py, which
plays random games of every registered game and checks `SPEC.invariants` at every step)
cannot say, because it is told by events rather than kept in the state:

- a winner pays his whole bid and an owner the whole licence (money promised to the bank
  cannot have been paid across the table meanwhile, NOTES.md 32);
- a private message (a treasury, one's own bid or ballot, a folder offered) goes to one
  mayor alone, and no public event names an amount of money but the public ones;
- a full-length game lasts one round more than it has event cards.

And the invariants themselves can fail (rules/aufruhr/invariants.py).
"""

import random

import pytest

from rules.aufruhr import SPEC
from rules.aufruhr.actions import Pay
from rules.aufruhr.model import Options, State
from rules.aufruhr.projects import LICENCE
from rules.core.errors import RuleError

PRIVATE_EVENT_KEYS = {"aufruhr.treasury", "aufruhr.your_bid", "aufruhr.your_vote", "aufruhr.offer"}
PUBLIC_MONEY_KEYS = {"aufruhr.subvention", "aufruhr.paid"}


def check_audience(events) -> None:
    for e in events:
        if e.key in PRIVATE_EVENT_KEYS:
            assert e.to is not None and len(e.to) == 1, e
        if e.to is None and e.key not in PUBLIC_MONEY_KEYS:
            assert "money" not in e.params and "amount" not in e.params, e


def check_payments(bank_before: int, state: State, events) -> None:
    owed = 0
    for e in events:
        if e.key == "aufruhr.sold":
            owed += e.params["price"]
        if e.key in ("aufruhr.realised", "aufruhr.realised_coop"):
            assert e.params["licence"] in LICENCE.values(), e
            owed += e.params["licence"]
    assert state.bank_in - bank_before >= owed


def random_game(players: int, seed: int, events: int = 2, timeouts: float = 0.1) -> State:
    """A whole game of random legal moves (some timeouts, large public payments too)."""
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
            answers = [o.action for o in main.options]
            if main.input and main.input.kind == "number":
                answers.append(main.input.fill(r.randrange(0, 200, 10)))
            action = SPEC.parse_action(r.choice(answers))
        if r.random() < 0.1:
            payer = r.randrange(players)
            city = state.mayors[(payer + 1) % players].city
            amount = r.choice((10, 50, state.mayors[payer].money // 10 * 10 or 10))
            action, seat = Pay(text=f"{city} {amount}"), payer
        bank_before = state.bank_in
        try:
            state, told = SPEC.apply(state, seat, action)
        except RuleError:
            continue
        SPEC.invariants(state)
        check_payments(bank_before, state, told)
        check_audience(told)
    raise AssertionError("no end")


def test_random_whole_games_pay_the_bank_in_full_and_tell_privately():
    for seed in range(12):
        final = random_game(4 + seed % 3, seed)
        assert final.phase == "over" and SPEC.outcome(final) is not None
        assert final.hall is not None


def test_a_full_length_six_player_game_has_one_round_more_than_event_cards():
    final = random_game(6, 99, events=14)
    assert final.round == 15 and SPEC.outcome(final) is not None


@pytest.mark.parametrize(
    ("breach", "change"),
    [
        ("money not conserved", lambda s: setattr(s.mayors[0], "money", s.mayors[0].money + 10)),
        ("markers", lambda s: setattr(s.mayors[1], "markers", s.mayors[1].markers - 1)),
        ("bribe token", lambda s: s.tokens.pop()),
        ("projects", lambda s: s.board["herne"].extend(s.board["essen"])),
    ],
)
def test_the_invariants_catch_a_breach(breach, change):
    state = SPEC.setup(4, Options(), 1)
    SPEC.invariants(state)
    state.board["herne"] = list(state.board["duisburg"])
    state.mayors[0].markers -= 2
    SPEC.invariants(state)  # still whole: Duisburg's markers moved with its projects
    change(state)
    with pytest.raises(AssertionError, match=breach):
        SPEC.invariants(state)
