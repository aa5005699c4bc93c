"""EINS IST KEINS – the board game as whole games: conformance playouts for 1–4 players
with the invariants (alcohol within 0–2.3 ‰, the 50 cards conserved, the clock never
going back)."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.einsistkeins.board import BOARD_GAME as GAME
from rules.einsistkeins.board.model import END_CLOCK, LIMIT, Options, State
from tests.conformance import playout, replay


def _cards(state: State) -> int:
    return (
        sum(len(h) for h in state.hands)
        + sum(len(v) for v in state.visited)
        + len(state.pile)
        + len(state.boxed)
        + (1 if state.faceup else 0)
    )


def _check(state: State) -> None:
    assert all(0 <= a <= LIMIT for a in state.alcohol)
    assert _cards(state) == 50
    assert state.clock <= END_CLOCK


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_random_games_end_and_conform(players, seed, data):
    record = playout(GAME, players, Options(), seed, data, max_moves=3000)
    final = replay(GAME, record)
    assert final == record.final
    _check(final)
    assert GAME.outcome(final) is not None


def test_invariants_hold_at_every_step_of_many_games():
    import random

    for seed in range(24):
        chooser = random.Random(seed)
        state = GAME.setup(seed % 4 + 1, Options(), seed)
        clocks = [state.clock]
        while GAME.outcome(state) is None:
            prompt = GAME.prompts(state)[0]
            option = chooser.choice(prompt.options)
            state, _ = GAME.apply(state, prompt.seats[0], GAME.parse_action(dict(option.action)))
            _check(state)
            clocks.append(state.clock)
        assert clocks == sorted(clocks)
