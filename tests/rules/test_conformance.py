"""Every registered game, at every player count it allows, plays random legal games to
the end under the conformance checks (tests/fixtures/conformance.py); and the checks can fail:
a game that leaks a secret or lets an unasked seat act is caught."""

import dataclasses

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

from rules import registry
from rules.core.errors import RuleError
from rules.core.protocol import Event, GameSpec
from tests.fixtures.conformance import Seeded, dealt_back, leaks, options_for, playout, replay
from tests.fixtures.examples import examples
from tests.games import auktion
from tests.games.auktion import engine
from tests.games.auktion.model import PublicView

# Every count a game allows; past its smallest, slow (`tests/run --fast` plays each game
# at its smallest table only).
GAMES = [
    pytest.param(
        spec.id, n, id=f"{spec.id}-{n}", marks=pytest.mark.slow if n > spec.min_players else ()
    )
    for spec in registry.all_games()
    for n in range(spec.min_players, spec.max_players + 1)
]


# Options a random game needs to reach its end: random players do not aim at the one end
# a rule book leaves to the players (Bohei: 7 cards at the start of one's own turn, off by
# default any other end), so a table's own option bounds the playout — drawn within the
# bounds it had when it was on by default, never off.
TO_END = {"bohei": {"closing": st.integers(5, 50)}}


@pytest.mark.parametrize(("game", "players"), GAMES)
# Hypothesis draws the seed and the options; the game's answers come from a PRNG of that
# seed (a whole game draws more than hypothesis can hold, and is long to shrink: the
# failure names what broke, and the seed replays it).
@settings(
    max_examples=examples(3),
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**63), data=st.data())
def test_random_games_conform_and_replay(game, players, seed, data):
    spec = registry.get(game)
    assert spec is not None
    options = options_for(spec, data)
    bounds = {name: data.draw(values) for name, values in TO_END.get(game, {}).items()}
    options = options.model_copy(update=bounds)
    try:
        spec.setup(players, options, seed)
    except RuleError:  # options refused for this many players (/start says why): no game
        assume(False)
    record = playout(spec, players, options, seed, Seeded(seed))
    assert replay(spec, record) == record.final


def test_every_game_declares_its_catalogs_and_secrets():
    for spec in registry.all_games():
        assert spec.locales is not None, f"{spec.id}: no locales/ beside the game"
        assert (spec.locales / "de.po").exists() and (spec.locales / "en.po").exists(), spec.id


# ----- the checks fail where they should ------------------------------------------------


class LeakyView(PublicView):
    bids: dict[int, int]  # the sealed bids, shown before they are all in


def _leaky_view(state):
    view = engine.public_view(state)
    return LeakyView(**view.model_dump(), bids=state.bids.answers)


def _telling_apply(state, seat, action):
    """Tells the whole table what the bidder has left after a bid."""
    state, events = engine.apply(state, seat, action)
    return state, [*events, Event(key="auktion.bid_taken", params={"coins": state.coins})]


def _careless_apply(state, seat, action):
    """Forgets to check who is asked: an unasked seat answers for the first asked one."""
    asked = [s for p in engine.prompts(state) for s in p.seats]
    return engine.apply(state, seat if seat in asked else asked[0], action)


def _fails_within(spec: GameSpec, seeds: int) -> str:
    """The first conformance failure of `spec` within `seeds` seeded random games."""
    for seed in range(seeds):
        try:
            playout(spec, 3, spec.options(), seed, Seeded(seed))
        except AssertionError as e:
            return str(e)
    raise AssertionError("the conformance checks passed a faulty game")


def test_a_sealed_bid_in_the_public_view_is_caught():
    leaky = dataclasses.replace(auktion.SPEC, id="leaky", public_view=_leaky_view)
    assert "public view shows secrets" in _fails_within(leaky, 5)


def test_a_treasury_in_a_public_event_is_caught():
    telling = dataclasses.replace(auktion.SPEC, id="telling", apply=_telling_apply)
    assert "public event auktion.bid_taken shows secrets" in _fails_within(telling, 5)


def test_an_unasked_seat_allowed_to_act_is_caught():
    careless = dataclasses.replace(auktion.SPEC, id="careless", apply=_careless_apply)
    assert "not asked, was allowed" in _fails_within(careless, 20)


def test_a_card_played_and_dealt_back_to_its_player_is_no_leak_but_a_hand_card_told_is():
    bohei = registry.get("bohei")
    assert bohei is not None
    options = bohei.options(reaction=127, challenge=223, go_min=29, go_max=6, closing=30)
    playout(bohei, 8, options, 1264, Seeded(1264))  # seat 2 plays a draw2, draws a draw2

    before = {2: {"hand": ["draw2", "go_all"]}}
    played = Event(key="played", params={"seat": 2, "card_id": "draw2"})
    drew = Event(key="drew", params={"cards": ["draw2"]}, to=(2,))
    after = {2: {"hand": ["draw2", "go_all"]}}
    assert not leaks(played.params, dealt_back(after, before, [played, drew]))
    # told without being dealt again: it is still in the hand, and that is a leak
    assert leaks(played.params, dealt_back(after, before, [played]))
    # dealt in this step but not held before: told publicly, a leak
    told = Event(key="played", params={"seat": 2, "card_id": "go_all"})
    fresh = {2: {"hand": ["draw2"]}}
    assert leaks(told.params, dealt_back(after, fresh, [told, drew]))
