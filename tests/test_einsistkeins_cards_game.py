"""The EINS IST KEINS card game as whole games: conformance playouts for 2–5 players with
the invariants (50 cards conserved, no hand in the public view or a public event)."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import registry
from rules.core.rng import Rng
from rules.einsistkeins.cards import CARD_GAME
from rules.einsistkeins.cards.model import Options, State
from rules.einsistkeins.cards.tricks import playable
from rules.einsistkeins.pubs import PUBS
from tests.conformance import playout, replay

ALL = sorted(p.name for p in PUBS)


def check_invariants(state: State) -> None:
    cards = state.pile + [c for h in state.hands for c in h] + [p.card for p in state.trick]
    cards += [c for v in state.visited for c in v]
    assert sorted(cards) == ALL, "the 50 cards are conserved"
    assert all(not state.hands[s] for s in state.out), "a player who is out holds no card"
    if state.phase != "over":
        assert state.hands[state.turn] or state.phase == "call"
        if state.phase == "follow":
            assert playable(state, state.turn), "only a player who can trump is asked"


def check_privacy(state: State, events) -> None:
    public = CARD_GAME.public_view(state).model_dump_json()
    for hand in state.hands:
        for card in hand:
            assert json.dumps(card)[1:-1] not in public, f"{card} from a hand is public"
    for event in events:
        if event.to is None:
            text = json.dumps(event.params, ensure_ascii=False)
            assert all(c not in text for h in state.hands for c in h), event


def random_game(players: int, seed: int) -> State:
    state = CARD_GAME.setup(players, Options(), seed)
    rng = Rng.from_seed(seed + 1000)
    for _ in range(500):
        check_invariants(state)
        if CARD_GAME.outcome(state) is not None:
            return state
        prompt = CARD_GAME.prompts(state)[0]
        option = rng.choice(prompt.options)
        state, events = CARD_GAME.apply(
            state, prompt.seats[0], CARD_GAME.parse_action(option.action)
        )
        check_privacy(state, events)
    raise AssertionError("no end")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_whole_games_keep_the_invariants(players):
    ends = set()
    for seed in range(40):
        final = random_game(players, seed)
        check_invariants(final)
        result = CARD_GAME.outcome(final)
        assert result is not None
        assert sorted(s for group in result.ranking for s in group) == list(range(players))
        ends.add(final.win_kind or "no_more_tricks")
    assert len(ends) >= 2  # games end in more than one way


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(seed=st.integers(0, 2**63), data=st.data())
def test_random_playouts_conform(players, seed, data):
    record = playout(CARD_GAME, players, Options(), seed, data, max_moves=800)
    state = CARD_GAME.setup(players, Options(), seed)
    for seat, payload in record.moves:
        state, events = CARD_GAME.apply(state, seat, CARD_GAME.parse_action(payload))
        check_invariants(state)
        check_privacy(state, events)
    assert state == record.final == replay(CARD_GAME, record)
    assert CARD_GAME.outcome(state) is not None


def test_timeouts_alone_finish_a_game():
    state = CARD_GAME.setup(5, Options(), 3)
    for _ in range(500):
        if CARD_GAME.outcome(state) is not None:
            break
        prompt = CARD_GAME.prompts(state)[0]
        seat = prompt.seats[0]
        state, _ = CARD_GAME.apply(state, seat, CARD_GAME.timeout(state, prompt, seat))
        check_invariants(state)
    assert CARD_GAME.outcome(state) is not None


def test_registered_by_its_id():
    assert registry.get("einsistkeins_karten") is CARD_GAME
    assert CARD_GAME.name("de") == "Eins ist keins – Kartenspiel"
    assert CARD_GAME.name("en") == "Eins ist keins – card game"
    assert (CARD_GAME.min_players, CARD_GAME.max_players) == (2, 5)
