"""The EINS IST KEINS card game: every rule on a literal state."""

import pytest

from bot.table.outbox import Outbox
from rules.core.errors import RuleError
from rules.einsistkeins.cards import CARD_GAME
from rules.einsistkeins.cards.engine import setup, timeout
from rules.einsistkeins.cards.model import Announce, Options, Play, Played, State
from rules.einsistkeins.cards.tricks import calls_for, playable, trumps
from rules.einsistkeins.pubs import PUBS, pub

ALL = [p.name for p in PUBS]


def table(hands, pile=None, leader=0, visited=None) -> State:
    """A literal state: these hands, the rest (or `pile`) in the pile, `leader` to lead."""
    held = {c for h in hands for c in h} | {c for v in visited or [] for c in v}
    pile = [c for c in ALL if c not in held] if pile is None else pile
    n = len(hands)
    return State(
        players=n,
        options=Options(),
        rng=1,
        pile=pile,
        hands=[list(h) for h in hands],
        visited=[list(v) for v in visited] if visited else [[] for _ in range(n)],
        dealer=(leader - 1) % n,
        leader=leader,
        turn=leader,
        needed=[12] * n,
    )


def lead(state, card, call):
    state, e1 = CARD_GAME.apply(state, state.turn, Play(card=card))
    state, e2 = CARD_GAME.apply(state, state.turn, Announce(call=call))
    return state, e1 + e2


def keys(events):
    return [e.key for e in events]


# ---------------------------------------------------------------- each trump rule


@pytest.mark.parametrize(
    ("card", "top", "call", "expected"),
    [
        ("Cheers", "Mezzo", "opening", True),  # 09:00 = 09:00: the same trumps
        ("Destille", "Mezzo", "opening", False),  # 10:00 is later than 09:00
        ("Destille", "Bier-Maxe", "opening", True),  # 10:00 earlier than 11:00
        ("Gaststätte Kaiser", "Centrum", "opening", True),  # Kaiser's earliest span: 11:00
        ("Grotte", "Centrum", "closing", True),  # 01:00 counts past midnight: later than 00:00
        ("Centrum", "Grotte", "closing", False),
        ("Kuriosum", "Centrum", "closing", True),  # 00:30 after 00:00
        ("Zum Stern", "The Harp", "closing", False),  # 22:00 before 23:00
        ("Gaststätte Kaiser", "Grotte", "closing", True),  # Kaiser's latest: 01:00 = 01:00
        ("Elfi's Stübchen", "Alte Liebe", "closing", True),  # 06:00 after 05:00
        ("Izarro", "Piccolo Fiasko", "district", True),
        ("Destille", "Piccolo Fiasko", "district", False),
        ("Das Ei", "Izarro", "lifebuoy", True),
        ("Extrakt", "Izarro", "lifebuoy", False),  # Linden-Nord, but in no lifebuoy
        ("Hannovers Wohnzimmer", "Schateke", "lifebuoy", True),  # the touch of Südstadt
        ("Hannovers Wohnzimmer", "Schateke", "district", False),
    ],
)
def test_trump_rules(card, top, call, expected):
    assert trumps(pub(card), pub(top), call) is expected


def test_the_jokers_cannot_be_trumped():
    for p in PUBS:
        assert not trumps(p, pub("Frosch"), "district")
        assert not trumps(p, pub("C'est la vie"), "closing")
    # with another announcement they are ordinary cards
    assert trumps(pub("Cheers"), pub("C'est la vie"), "opening")
    assert trumps(pub("C'est la vie"), pub("Elfi's Stübchen"), "closing")


def test_lifebuoy_only_for_a_card_in_a_lifebuoy():
    assert calls_for(pub("Izarro")) == ("opening", "closing", "district", "lifebuoy")
    assert calls_for(pub("Frosch")) == ("opening", "closing", "district")
    state = table([["Frosch"], ["Izarro"]])
    state, _ = CARD_GAME.apply(state, 0, Play(card="Frosch"))
    with pytest.raises(RuleError) as err:
        CARD_GAME.apply(state, 0, Announce(call="lifebuoy"))
    assert err.value.key == "einsistkeins_karten.error.no_lifebuoy"


# ---------------------------------------------------------------- a trick


def test_the_rule_book_example():
    """Brombert plays the Fiasko (lifebuoy); Keith has no Linden-Nord card; Baggi plays the
    Izarro; Gaffa plays the Ei and takes the three cards."""
    state = table([["Piccolo Fiasko"], ["Destille"], ["Izarro"], ["Das Ei"]])
    state, events = lead(state, "Piccolo Fiasko", "lifebuoy")
    assert keys(events)[-1] == "einsistkeins_karten.passed" and events[-1].params["seat"] == 1
    assert state.turn == 2
    state, events = CARD_GAME.apply(state, 2, Play(card="Izarro"))
    assert state.turn == 3
    state, events = CARD_GAME.apply(state, 3, Play(card="Das Ei"))
    took = next(e for e in events if e.key == "einsistkeins_karten.took")
    assert took.params["seat"] == 3
    assert took.params["cards"] == ["Piccolo Fiasko", "Izarro", "Das Ei"]
    assert state.visited[3] == ["Piccolo Fiasko", "Izarro", "Das Ei"]
    assert state.leader == 3 and state.turn == 3 and state.phase == "lead"


def test_whoever_can_must_trump_and_only_with_a_trump():
    state = table([["Piccolo Fiasko"], ["Izarro", "Destille"]])
    state, _ = lead(state, "Piccolo Fiasko", "district")
    assert playable(state, 1) == ["Izarro"]
    prompt = CARD_GAME.prompts(state)[0]
    assert [o.label for o in prompt.options] == ["Izarro"]  # no pass button: must trump
    assert prompt.secret
    with pytest.raises(RuleError) as err:
        CARD_GAME.apply(state, 1, Play(card="Destille"))
    assert err.value.key == "einsistkeins_karten.error.cannot_trump"


def test_the_follower_compares_with_the_last_card_laid():
    state = table([["Bier-Maxe"], ["Destille"], ["Ramberg-Eck"]])
    state, _ = lead(state, "Bier-Maxe", "opening")  # 11:00
    state, _ = CARD_GAME.apply(state, 1, Play(card="Destille"))  # 10:00
    # Ramberg-Eck opens at 11:00: it would trump Bier-Maxe but not the Destille
    assert state.last_taker == 1
    assert [p.card for p in state.last_trick] == ["Bier-Maxe", "Destille"]


def test_once_round_the_table_and_the_leader_takes_an_untrumped_trick():
    state = table([["Frosch", "Izarro"], ["Das Ei"], ["Destille"]])
    state, events = lead(state, "Frosch", "district")
    assert "einsistkeins_karten.joker" in keys(events)
    assert keys(events).count("einsistkeins_karten.passed") == 2
    assert state.visited[0] == ["Frosch"] and state.leader == 0


def test_nobody_may_act_out_of_turn():
    state = table([["Izarro"], ["Das Ei"]])
    with pytest.raises(RuleError):
        CARD_GAME.apply(state, 1, Play(card="Das Ei"))
    with pytest.raises(RuleError):
        CARD_GAME.apply(state, 0, Announce(call="district"))  # lay a card first
    with pytest.raises(RuleError):
        CARD_GAME.apply(state, 0, Play(card="Das Ei"))  # not in the hand


def test_a_card_may_be_typed_by_its_beginning():
    state = table([["Piccolo Fiasko", "Pinte Pjöng"], ["Das Ei"]])
    state2, _ = CARD_GAME.apply(state, 0, Play(card="picc"))
    assert state2.trick[0].card == "Piccolo Fiasko"
    with pytest.raises(RuleError) as err:
        CARD_GAME.apply(state, 0, Play(card="pi"))
    assert err.value.key == "einsistkeins_karten.error.ambiguous"
    # each card it could mean is offered as a button (bot/chat/offers.py)
    assert [o.action for o in err.value.choices] == [
        Play(card="Piccolo Fiasko"),
        Play(card="Pinte Pjöng"),
    ]


def test_a_typed_card_is_looked_for_among_the_trumps_first():
    state = table([["Das Ei"], ["Pinte Pjöng", "Piccolo Fiasko"]])
    state, _ = lead(state, "Das Ei", "district")
    state, _ = CARD_GAME.apply(state, 1, Play(card="pi"))  # only the Fiasko trumps
    assert state.visited[1] == ["Das Ei", "Piccolo Fiasko"]


# ---------------------------------------------------------------- dealing, going out, end


def test_setup_deals_one_card_each_and_the_left_of_the_dealer_leads():
    for n in range(2, 6):
        state = setup(n, Options(), 7)
        assert [len(h) for h in state.hands] == [1] * n
        assert len(state.pile) == 50 - n
        assert state.leader == (state.dealer + 1) % n == state.turn


def test_the_taker_deals_everyone_a_card_from_the_left_and_leads():
    pile = ["Destille", "Grotte", "Mezzo"]
    state = table([["Izarro", "Havana"], ["Das Ei"], ["Frosch"]], pile=pile)
    state, events = lead(state, "Izarro", "district")
    state, events = CARD_GAME.apply(state, 1, Play(card="Das Ei"))
    # seat 1 took the trick, deals to seat 2, seat 0, then itself
    assert state.hands == [["Havana", "Grotte"], ["Mezzo"], ["Frosch", "Destille"]]
    dealt = [e for e in events if e.key == "einsistkeins_karten.dealt"]
    assert [e.to for e in dealt] == [(2,), (0,), (1,)]  # each card told privately
    assert state.leader == 1 and state.dealer == 1


def test_players_without_cards_are_out():
    state = table([["Izarro"], ["Das Ei"], ["Frosch", "Destille"]], pile=["Grotte", "Mezzo"])
    state, events = lead(state, "Izarro", "district")
    state, events = CARD_GAME.apply(state, 1, Play(card="Das Ei"))
    # seat 1 took the trick and dealt the last two cards to seats 2 and 0: it is out itself
    assert state.hands == [["Mezzo"], [], ["Frosch", "Destille", "Grotte"]]
    assert state.out == [1]
    assert [e.params["seat"] for e in events if e.key == "einsistkeins_karten.out"] == [1]
    assert state.leader == 2  # the taker has no card: the next player with cards leads
    state, events = lead(state, "Frosch", "district")  # nobody trumps the joker
    assert "einsistkeins_karten.out" not in keys(events) and state.out == [1] and state.leader == 2


def test_the_game_ends_when_fewer_than_two_hold_cards():
    state = table([["Izarro"], ["Das Ei"]], pile=[])
    state, _ = lead(state, "Izarro", "district")
    state, events = CARD_GAME.apply(state, 1, Play(card="Das Ei"))
    assert "einsistkeins_karten.no_more_tricks" in keys(events)
    result = CARD_GAME.outcome(state)
    assert result is not None and result.ranking == ((1,), (0,))


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        (
            "en",
            "Equal pubs: ahead is who has pubs in more districts (equal in both share a place):"
            " bob (pubs: 2, districts: 2) · anna (pubs: 2, districts: 1)"
            " · cora (pubs: 2, districts: 1).",
        ),
        (
            "de",
            "Gleich viele Kneipen: vorn steht, wer Kneipen aus mehr Stadtteilen hat (ist beides"
            " gleich, teilt man sich den Platz): bob (Kneipen: 2, Stadtteile: 2)"
            " · anna (Kneipen: 2, Stadtteile: 1) · cora (Kneipen: 2, Stadtteile: 1).",
        ),
    ],
)
def test_a_tie_says_how_districts_decided_it(lang, told):
    # The ranking (no scores in the card game) read "1. bob / 2. anna, cora" with no word
    # of the equal pubs, nor of the districts that ordered them.
    visited = [["Izarro", "Debakel"], ["Destille", "Grotte"], ["Havana", "Das Ei"]]
    state = table([["Frosch"], [], []], pile=[], visited=visited)
    state.phase = "over"
    result = CARD_GAME.outcome(state)
    assert result.ranking == ((1,), (0, 2))
    out = Outbox(lang=lang, game="einsistkeins_karten", names=["anna", "bob", "cora"])
    assert out.text(result.tiebreak.key, **result.tiebreak.params) == told


def test_a_leader_without_cards_passes_the_lead_on():
    state = table([["Izarro"], ["Destille"], ["Frosch", "Grotte"]], pile=[])
    state, _ = lead(state, "Izarro", "district")  # nobody trumps: seat 0 takes, has no card
    assert state.out == [0] and state.leader == 1


def test_a_win_ends_the_game_at_once():
    ten = ["Schateke", "Centrum", "Alexander", "Dublin Inn", "Cheers", "Bier-Maxe"]
    ten += ["Destille", "Was nun?", "Klein Kröpcke"]  # 3 Nordstadt + 4 Mitte ring = needs 9
    state = table([["Izarro"], ["Das Ei"]], visited=[[], ten[:8]])
    state, _ = lead(state, "Izarro", "lifebuoy")
    state, events = CARD_GAME.apply(state, 1, Play(card="Das Ei"))
    assert state.phase == "over" and state.winner == 1
    assert keys(events)[-1].startswith("einsistkeins_karten.won.")
    assert CARD_GAME.outcome(state).ranking[0] == (1,)


def test_the_tourist_wins_with_six():
    visited = ["Izarro", "Destille", "Barkarole", "Schateke"]  # four lifebuoys
    state = table([["Grotte", "Extrakt"], ["Frosch"]], visited=[visited, []])
    state, events = lead(state, "Grotte", "district")
    assert "einsistkeins_karten.passed" in keys(events)
    assert state.phase == "lead"  # five pubs, one from each ring: one more needed
    state, events = lead(state, "Extrakt", "district")
    assert state.phase == "over" and state.win_kind == "tourist"
    assert keys(events)[-1] == "einsistkeins_karten.won.tourist"


def test_the_winning_trick_says_the_win_not_the_pubs_still_needed():
    # "pubs visited: 6, a win needs 12" came right before "… wins – Tourist!"
    visited = ["Izarro", "Destille", "Barkarole", "Schateke"]
    state = table([["Grotte", "Extrakt"], ["Frosch"]], visited=[visited, []])
    state, _ = lead(state, "Grotte", "district")
    state, events = lead(state, "Extrakt", "district")
    for lang, said in (
        (
            "en",
            [
                "anna takes the trick (Extrakt).",
                "anna has a pub from each of the five lifebuoys plus a sixth and wins – Tourist!",
            ],
        ),
        (
            "de",
            [
                "anna bekommt den Stich (Extrakt).",
                "anna hat eine Kneipe aus jedem der fünf Rettungsringe plus eine sechste und"
                " gewinnt – Tourist!",
            ],
        ),
    ):
        out = Outbox(lang=lang, game="einsistkeins_karten", names=["anna", "bob"])
        told = [out.text(e.key, **e.params) for e in events]
        assert told[-2:] == said
        assert not any("needs" in line or "nötig" in line for line in told)


# ---------------------------------------------------------------- deadlines and views


def test_timeouts_lay_the_first_card_call_opening_and_trump_if_possible():
    state = table([["Piccolo Fiasko", "Destille"], ["Izarro"]])
    prompt = CARD_GAME.prompts(state)[0]
    assert timeout(state, prompt, 0) == Play(card="Piccolo Fiasko")
    state, _ = CARD_GAME.apply(state, 0, Play(card="Piccolo Fiasko"))
    assert timeout(state, CARD_GAME.prompts(state)[0], 0) == Announce(call="opening")
    state, _ = CARD_GAME.apply(state, 0, Announce(call="district"))
    assert timeout(state, CARD_GAME.prompts(state)[0], 1) == Play(card="Izarro")


def test_deadlines_fit_chat_play():
    state = setup(3, Options(), 1)
    assert all(p.deadline == 180 for p in CARD_GAME.prompts(state))


def test_hands_only_in_the_seat_view():
    state = table([["Piccolo Fiasko", "Destille"], ["Izarro"]])
    public = CARD_GAME.public_view(state).model_dump_json()
    assert "Destille" not in public and "Izarro" not in public
    assert CARD_GAME.seat_view(state, 1).hand == ("Izarro",)
    assert CARD_GAME.public_view(state).hand_sizes == (2, 1)


def test_played_cards_and_tricks_are_public():
    state = table([["Piccolo Fiasko"], ["Izarro"]])
    state, _ = lead(state, "Piccolo Fiasko", "lifebuoy")
    view = CARD_GAME.public_view(state)
    assert view.trick == (Played(seat=0, card="Piccolo Fiasko"),) and view.call == "lifebuoy"
    state, _ = CARD_GAME.apply(state, 1, Play(card="Izarro"))
    view = CARD_GAME.public_view(state)
    assert view.visited[1] == ("Piccolo Fiasko", "Izarro") and view.last_taker == 1
