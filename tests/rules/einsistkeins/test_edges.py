"""EINS IST KEINS at the edges a rule-book player finds (issue 19): `/go` where you stand,
spaces round a route's arrow, the clock card, drinking less than the most, the takeaway's
walk towards the nearest open pub, the cards' districts and lifebuoys on the text board,
the endings at 05:00 and "no pub open", which today's deck never reaches, and the card
game's first card. Through the console: tests/transcripts/einsistkeins_edges.txt."""

import random

import pytest

from bot.table.outbox import Outbox
from render.einsistkeins import board as text_board
from render.einsistkeins import card_line
from render.text import SNAPSHOT_LIMIT
from rules.core.errors import RuleError
from rules.einsistkeins.board import BOARD_GAME as GAME
from rules.einsistkeins.board import clock as board_clock
from rules.einsistkeins.board.graph import index, square
from rules.einsistkeins.board.hours import any_pub_open, dead
from rules.einsistkeins.board.model import (
    END_CLOCK,
    HALF_HOUR,
    HAND,
    START_CLOCK,
    Drink,
    Go,
    Options,
    Stay,
)
from rules.einsistkeins.board.moving import takeaway_targets
from rules.einsistkeins.board.route import distances
from rules.einsistkeins.cards import CARD_GAME
from rules.einsistkeins.cards.model import Options as CardOptions
from rules.einsistkeins.pubs import PUBS, START, is_open
from tests.rules.einsistkeins.board.test_rules import at, keys, play, rolled, state


def labels(s) -> list[str]:
    return [o.label for o in GAME.prompts(s)[0].options]


# ---------------------------------------------------------------- /go and the clock card


def test_go_where_you_stand_says_you_are_there_even_with_no_energy():
    s, _ = rolled(state(turn=0, alcohol=[0, 0]), 5)  # in Café Safran with 0.0 ‰
    with pytest.raises(RuleError) as refused:
        play(s, 0, Go(to=("Café Safran",)))
    assert refused.value.key == "einsistkeins.error.already_there"
    assert refused.value.params == {"place": START.name}


def test_a_route_is_read_without_the_spaces_round_its_arrow():
    s, _ = rolled(state(turn=0, alcohol=[5, 0]), 6)
    with pytest.raises(RuleError) as refused:
        play(s, 0, Go.model_validate({"to": "Glocksee >  Nowhere "}))
    assert refused.value.params["text"] == "Nowhere"


def test_the_clock_card_is_told_only_when_it_changes_hands():
    solo = state(players=1, turn=0)
    assert solo.keeper == 0
    _, events = rolled(solo, 5)
    assert "einsistkeins.clock_card" not in keys(events)
    two = state(turn=0)
    two.keeper = 1
    two, events = rolled(two, 5)
    assert two.keeper == 0 and "einsistkeins.clock_card" in keys(events)


# ---------------------------------------------------------------- drinking less


def test_the_drink_prompt_offers_every_amount_up_to_the_most_and_the_spritzer():
    s, _ = rolled(state(turn=0, alcohol=[3, 0]), 4)
    options = GAME.prompts(s)[0].options
    drinks = [o.action.amount for o in options if isinstance(o.action, Drink)]
    assert drinks == [4, 3, 2, 1]  # the most first
    assert options[-1].label == "einsistkeins.button.stay"  # nothing at all: the spritzer
    s, _ = play(s, 0, Drink(amount=2))
    assert s.alcohol[0] == 5


def test_drinking_less_is_capped_at_2_3_too():
    s, _ = rolled(state(turn=0, alcohol=[20, 0]), 6)
    drinks = [o.action.amount for o in GAME.prompts(s)[0].options if isinstance(o.action, Drink)]
    assert drinks == [3, 2, 1]  # 2.0 ‰ + at most 0.3
    with pytest.raises(RuleError) as refused:
        play(s, 0, Drink(amount=4))
    assert refused.value.key == "einsistkeins.error.drink_amount"


# ---------------------------------------------------------------- the takeaway


def test_the_takeaway_walks_free_towards_the_nearest_open_pub_only():
    s, _ = rolled(state(turn=0, alcohol=[5, 0]), 3)  # Café Safran at 14:00
    (nearest,) = takeaway_targets(s, 0)
    walk = distances(index(START.name), trams=False)
    open_pubs = [p.name for p in PUBS if is_open(p, s.clock)]
    assert walk[nearest] == min(walk[index(name)] for name in open_pubs)
    prompt = GAME.prompts(s)[0]
    assert prompt.key == "einsistkeins.prompt.takeaway"
    button = next(o for o in prompt.options if o.label == "einsistkeins.button.takeaway")
    free, events = play(s, 0, button.action)
    assert free.alcohol[0] == 5 and keys(events)[0].endswith("_takeaway")
    to_pub = distances(nearest, trams=False)
    assert to_pub[free.pos[0]] == to_pub[index(START.name)] - min(3, walk[nearest])


def test_a_takeaway_elsewhere_is_an_ordinary_move_and_needs_energy():
    s, _ = rolled(state(turn=0, alcohol=[5, 0]), 3)
    paid, events = play(s, 0, Go(to=("Hauptbahnhof",)))  # by tram, away from the nearest pub
    assert paid.alcohol[0] < 5 and not keys(events)[0].endswith("_takeaway")
    dry, _ = rolled(state(turn=0, alcohol=[0, 0]), 3)
    with pytest.raises(RuleError) as refused:
        play(dry, 0, Go(to=("Hauptbahnhof",)))
    assert refused.value.key == "einsistkeins.error.takeaway_only"
    assert refused.value.params["pubs"]


def test_the_takeaway_never_rides_the_tram():
    s, _ = rolled(state(turn=0, alcohol=[0, 0]), 3)
    (nearest,) = takeaway_targets(s, 0)
    free, _ = play(s, 0, Go(to=(square(nearest).name,)))
    walk = distances(index(START.name), trams=False)
    assert 1 <= walk[free.pos[0]] <= 3 and free.alcohol[0] == 0


# ---------------------------------------------------------------- the text board


def test_every_card_on_the_text_board_shows_its_district_and_lifebuoy():
    izarro = card_line("Izarro", GAME.public_view(state()))
    assert izarro == "○ Izarro (17:00–03:00 · 🛟 Linden-Nord)"  # closed at 14:00
    grotte = card_line("Grotte", GAME.public_view(state()))
    assert grotte.endswith("(18:00–01:00 · Oststadt · 🛟 Oststadt/List)")
    assert card_line("Cheers", GAME.public_view(state())).endswith("(09:00–01:00 · Mitte)")


def test_four_players_with_the_longest_cards_fit_one_message():
    s = state(players=4)
    view = GAME.public_view(s)
    longest = sorted((p.name for p in PUBS), key=lambda n: -len(card_line(n, view)))
    s.hands = [longest[i * HAND : (i + 1) * HAND] for i in range(4)]
    s.faceup = longest[24]
    s.visited = [longest[25 + i * 6 : 31 + i * 6] for i in range(4)]
    s.pile = []
    names = ["alice", "bob", "carol", "dave"]
    for lang in ("en", "de"):
        text = text_board(GAME.public_view(s), names, Outbox(lang=lang, names=names).text)
        assert len(text) <= SNAPSHOT_LIMIT and not text.endswith("…")
        assert all(card_line(c, view) in text for hand in s.hands for c in hand)
        assert "🛟 " in text.splitlines()[-1]  # the visited pubs, by lifebuoy


# ---------------------------------------------------------------- the endings


def test_a_pub_is_open_at_every_half_hour_of_the_night():
    """So "no pub open" never ends a game: C'est la vie (22:00–10:00) alone covers the night."""
    assert all(any_pub_open(m) for m in range(START_CLOCK, END_CLOCK + 1, HALF_HOUR))


def test_the_pile_runs_out_before_five_oclock_with_any_number_of_players():
    """After the 04:30 closing time a pile not yet empty needs six live cards in every hand
    and a live face-up card: seven at least, but only six pubs are open at 04:30."""
    live = [p.name for p in PUBS if not dead(p.name, END_CLOCK - HALF_HOUR)]
    assert len(live) == 6 < HAND + 1


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_nights_end_with_a_win_or_the_pile(players):
    for seed in range(8):
        s, chooser = GAME.setup(players, Options(), seed), random.Random(seed)
        while GAME.outcome(s) is None:
            prompt = GAME.prompts(s)[0]
            option = chooser.choice(prompt.options)
            try:
                s, _ = GAME.apply(s, prompt.seats[0], option.action)
            except RuleError:
                s, _ = GAME.apply(s, prompt.seats[0], prompt.options[-1].action)
        assert s.end_reason in ("win", "pile")


def test_five_oclock_still_ends_a_constructed_game():
    s = state(turn=0, clock=at("04:30"))  # a full pile at 04:30: never so in play
    s.keeper = 0
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Stay())
    assert s.end_reason == "five" and "einsistkeins.end.five" in keys(events)


def test_no_pub_open_still_ends_a_constructed_game(monkeypatch):
    """A night in which every pub has closed for good (the data never give one)."""
    monkeypatch.setattr(board_clock, "any_pub_open", lambda minute: False)
    monkeypatch.setattr(board_clock, "dead", lambda name, minute: True)
    s, _ = rolled(state(turn=1, alcohol=[0, 5]), 6)
    s, events = play(s, 1, Stay())
    assert s.end_reason == "closed" and "einsistkeins.end.closed" in keys(events)


# ---------------------------------------------------------------- the card game's first card


@pytest.mark.parametrize("players", [2, 5])
def test_everyone_but_the_leader_is_told_their_first_card_as_the_game_begins(players):
    s = CARD_GAME.setup(players, CardOptions(), 3)
    assert CARD_GAME.opening is not None
    told = CARD_GAME.opening(s)
    assert [e.to for e in told] == [(seat,) for seat in range(players) if seat != s.leader]
    for event in told:
        (seat,) = event.to
        assert event.key == "einsistkeins_karten.first_card"
        assert event.params == {"card_id": s.hands[seat][0], "seat": s.leader}
