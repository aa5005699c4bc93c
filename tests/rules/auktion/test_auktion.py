"""The test-only auction game: unit tests of its rules and the conformance playouts."""

import pytest

from rules.core.errors import RuleError
from tests.games import auktion
from tests.games.auktion.engine import apply, outcome, prompts, public_view, seat_view, setup
from tests.games.auktion.model import Bid, Options, Pass, Protest

SPEC = auktion.SPEC


def bid_all(state, amounts):
    for seat, amount in enumerate(amounts):
        state, events = apply(state, seat, Bid(amount=amount))
    return state, events


def test_bids_are_secret_until_all_are_in():
    state = setup(3, Options(), seed=1)
    state, events = apply(state, 0, Bid(amount=4))
    assert [e.key for e in events] == ["auktion.bid_taken"]
    assert events[0].to == (0,), "the bid is told to its bidder only"
    assert "4" not in public_view(state).model_dump_json().replace(f'"lot":{state.lot}', "")
    assert public_view(state).answered == (0,)
    assert seat_view(state, 0).my_bid == 4 and seat_view(state, 1).my_bid is None
    assert prompts(state)[0].seats == (1, 2) and prompts(state)[0].secret


def test_highest_single_bid_buys_and_pays():
    state = setup(3, Options(), seed=1)
    worth = state.lot
    state, events = bid_all(state, [4, 7, 2])
    assert [e.key for e in events] == ["auktion.bid_taken", "auktion.reveal", "auktion.sold"]
    assert events[1].params == {"bids_by_seat": [4, 7, 2]} and events[1].public
    assert state.coins == [10, 3, 10] and state.points == [0, worth, 0]
    assert state.phase == "protest" and prompts(state)[0].seats == (0, 2)


def test_tie_means_no_sale_and_next_round():
    state = setup(2, Options(rounds=2), seed=3)
    state, events = bid_all(state, [5, 5])
    assert "auktion.no_sale" in [e.key for e in events]
    assert state.round == 2 and state.coins == [10, 10]


def test_cannot_bid_more_than_you_have():
    state = setup(2, Options(), seed=1)
    with pytest.raises(RuleError) as err:
        apply(state, 0, Bid(amount=11))
    assert err.value.key == "auktion.error.too_poor" and err.value.params == {"coins": 10}


def test_unprompted_seat_is_refused():
    state = setup(3, Options(), seed=1)
    state, _ = apply(state, 0, Bid(amount=1))
    with pytest.raises(RuleError) as err:
        apply(state, 0, Bid(amount=2))  # already bid: no longer prompted
    assert err.value.key == "error.not_prompted"


def test_protest_rerolls_for_the_winner_and_costs_a_coin():
    state = setup(3, Options(rounds=2), seed=5)
    worth = state.lot
    state, _ = bid_all(state, [0, 3, 0])
    state, events = apply(state, 2, Protest())
    protest = events[0]
    assert protest.key == "auktion.protested" and protest.params["old"] == worth
    assert protest.params["new"] == sum(protest.params["dice"])
    assert state.points[1] == protest.params["new"] and state.coins[2] == 9
    assert state.round == 2, "the first protest closes the window"


def test_window_closes_when_everybody_passed():
    state = setup(3, Options(rounds=2), seed=5)
    state, _ = bid_all(state, [0, 3, 0])
    state, _ = apply(state, 0, Pass())
    assert state.round == 1 and prompts(state)[0].seats == (2,)
    state, _ = apply(state, 2, Pass())
    assert state.round == 2 and prompts(state)[0].id == "bid:2"


def test_timeout_actions_are_the_engine_s():
    state = setup(2, Options(), seed=1)
    prompt = prompts(state)[0]
    assert SPEC.timeout(state, prompt, 0) == Bid(amount=0)
    state, _ = bid_all(state, [0, 1])
    assert SPEC.timeout(state, prompts(state)[0], 0) == Pass()


def test_outcome_ranks_by_coins_plus_points():
    state = setup(2, Options(rounds=1), seed=9)
    worth = state.lot
    state, _ = bid_all(state, [0, 2])
    state, _ = apply(state, 0, Pass())
    result = outcome(state)
    assert result is not None and prompts(state) == []
    assert result.scores == {0: 10, 1: 8 + worth}
    assert result.ranking[0] == ((1,) if 8 + worth > 10 else (0,))
