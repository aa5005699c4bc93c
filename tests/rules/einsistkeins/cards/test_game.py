"""The EINS IST KEINS card game as whole games: what tests/rules/test_conformance.py cannot
express about one state (random playouts, replay, the hands' privacy and the game's
invariants — 50 cards conserved, out players hold none — run there, for 2–5 players)."""

import pytest

from rules import registry
from rules.core.rng import Rng
from rules.einsistkeins.cards import CARD_GAME
from rules.einsistkeins.cards.model import Options, State


def random_game(players: int, seed: int) -> State:
    state = CARD_GAME.setup(players, Options(), seed)
    rng = Rng.from_seed(seed + 1000)
    for _ in range(500):
        if CARD_GAME.outcome(state) is not None:
            return state
        prompt = CARD_GAME.prompts(state)[0]
        option = rng.choice(prompt.options)
        state, _ = CARD_GAME.apply(state, prompt.seats[0], option.action)
    raise AssertionError("no end")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_games_end_in_more_than_one_way_and_rank_every_player(players):
    ends = set()
    for seed in range(20):
        final = random_game(players, seed)
        result = CARD_GAME.outcome(final)
        assert result is not None
        assert sorted(s for group in result.ranking for s in group) == list(range(players))
        ends.add(final.win_kind or "no_more_tricks")
    assert len(ends) >= 2


def test_timeouts_alone_finish_a_game():
    state = CARD_GAME.setup(5, Options(), 3)
    for _ in range(500):
        if CARD_GAME.outcome(state) is not None:
            break
        prompt = CARD_GAME.prompts(state)[0]
        seat = prompt.seats[0]
        state, _ = CARD_GAME.apply(state, seat, CARD_GAME.timeout(state, prompt, seat))
        CARD_GAME.invariants(state)
    assert CARD_GAME.outcome(state) is not None


def test_registered_by_its_id():
    assert registry.get("einsistkeins_karten") is CARD_GAME
    assert CARD_GAME.name("de") == "Eins ist keins – Kartenspiel"
    assert CARD_GAME.name("en") == "Eins ist keins – card game"
    assert (CARD_GAME.min_players, CARD_GAME.max_players) == (2, 5)


def test_the_invariants_catch_a_lost_card_or_an_out_player_holding_one():
    state = CARD_GAME.setup(3, Options(), 1)
    CARD_GAME.invariants(state)
    lost = state.model_copy(deep=True)
    lost.pile.pop()
    holding = state.model_copy(update={"out": [0]})
    for broken in (lost, holding):
        with pytest.raises(AssertionError):
            CARD_GAME.invariants(broken)
