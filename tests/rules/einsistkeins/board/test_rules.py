"""EINS IST KEINS – the board game's rules, one transition at a time on literal states:
set-up, every die face, drinking and moving, visiting, the clock, closing time, the
rhubarb-spritzer, know-your-limit, gum and night-star rules, the end and the winner."""

import pytest

from bot.i18n import t
from bot.table.outbox import Outbox
from render.einsistkeins import legs_text
from render.einsistkeins import params as shown_params
from rules.core.errors import RuleError
from rules.core.rng import Rng
from rules.einsistkeins.board import BOARD_GAME as GAME
from rules.einsistkeins.board.drinking import in_open_pub
from rules.einsistkeins.board.engine import setup, start_player
from rules.einsistkeins.board.graph import index
from rules.einsistkeins.board.hours import dead
from rules.einsistkeins.board.model import (
    Discard,
    Draw,
    Drink,
    Go,
    Options,
    Roll,
    State,
    Stay,
    Swap,
    Take,
)
from rules.einsistkeins.board.route import distances
from rules.einsistkeins.pubs import PUBS, START, minutes


def at(clock: str) -> int:
    """'01:30' → minutes of the game day (after midnight counts on past 1440)."""
    m = minutes(clock)
    return m + 1440 if m < 14 * 60 else m


def rng_for(*faces: int) -> int:
    """A PRNG state whose next rolls are `faces`."""
    for x in range(1, 10**6):
        r = Rng(x)
        if all(r.randint(1, 6) == f for f in faces):
            return x
    raise AssertionError


def state(players: int = 2, **changes) -> State:
    s = setup(players, Options(), 7)
    for key, value in changes.items():
        setattr(s, key, value)
    return s


def give(s: State, seat: int, name: str, slot: int = 0) -> None:
    """Put card `name` into `seat`'s hand at `slot`, swapping it with the card there."""
    old = s.hands[seat][slot]
    if old == name:
        return
    for cards in (s.pile, *s.hands):
        if name in cards:
            cards[cards.index(name)] = old
            break
    else:
        assert s.faceup == name
        s.faceup = old
    s.hands[seat][slot] = name


def on_top(s: State, names: list[str]) -> None:
    """Put cards `names` on top of the pile, in order; a hand or the face-up place that
    held one gets a card from the pile open till 05:00 instead."""
    for name in names:
        live = next(c for c in s.pile if c not in names and not dead(c, at("04:30")))
        places = [*s.hands, s.pile]
        held = next((h for h in places if name in h), None)
        if held is not None and held is not s.pile:
            held[held.index(name)] = live
            s.pile.remove(live)
        elif s.faceup == name:
            s.faceup = live
            s.pile.remove(live)
        if name in s.pile:
            s.pile.remove(name)
    s.pile[:0] = names


def cards(s: State) -> list[str]:
    every = [
        *s.pile,
        *s.boxed,
        *(c for h in s.hands for c in h),
        *(c for v in s.visited for c in v),
    ]
    return sorted([*every, *([s.faceup] if s.faceup else [])])


def play(s: State, seat: int, action):
    return GAME.apply(s, seat, action)


def keys(events) -> list[str]:
    return [e.key for e in events]


def rolled(s: State, face: int, seat: int | None = None):
    seat = s.turn if seat is None else seat
    s = s.model_copy(update={"rng": rng_for(face)}, deep=True)
    return play(s, seat, Roll())


# ---------------------------------------------------------------- set-up


def test_setup_six_face_up_cards_each_a_pile_and_one_face_up_card():
    s = setup(4, Options(), 3)
    assert [len(h) for h in s.hands] == [6] * 4
    assert len(s.pile) == 50 - 24 - 1 and s.faceup is not None
    assert s.clock == 14 * 60 and s.alcohol == [0] * 4
    assert s.pos == [index(START.name)] * 4
    cards = [c for h in s.hands for c in h] + s.pile + [s.faceup]
    assert sorted(cards) == sorted(p.name for p in PUBS)


def test_start_player_has_the_earliest_opening_pub_and_ties_compare_the_next():
    hands = [
        ["Cheers", "Zum Stern", "Frosch"],  # 09:00, 16:00, 17:00
        ["Mezzo", "Centrum", "Grotte"],  # 09:00, 11:00, 18:00
        ["Destille", "Bier-Maxe", "Centrum"],  # 10:00 …
    ]
    assert start_player(hands) == 1  # 09:00 tie; 11:00 beats 16:00


def test_the_player_before_the_starter_keeps_the_clock():
    for seed in range(10):
        s = setup(3, Options(), seed)
        assert s.turn == s.starter == start_player(s.hands)
        assert s.keeper == (s.starter - 1) % 3
    solo = setup(1, Options(), 1)
    assert solo.starter == solo.keeper == 0


# ---------------------------------------------------------------- the die faces


def test_face_1_eins_ist_keins_drink_a_tenth_then_roll_again():
    s = state(turn=0, rng=rng_for(1, 6))
    s, events = play(s, 0, Roll())
    assert s.phase == "one"
    s, events = play(s, 0, Drink())
    assert s.alcohol[0] == 1
    assert keys(events) == ["einsistkeins.drank", "einsistkeins.rolled"]
    assert s.roll == 6 and s.phase == "act"


def test_face_1_move_one_then_roll_again():
    s = state(turn=0, rng=rng_for(1, 6), alcohol=[5, 0])
    s, _ = play(s, 0, Roll())
    s, events = play(s, 0, Go(to="Glocksee"))
    assert s.alcohol[0] == 4 and s.pos[0] == index("Glocksee")
    assert keys(events)[-1] == "einsistkeins.rolled" and s.phase == "act"


def test_face_1_walked_dry_ends_the_turn_without_a_second_roll():
    # 0.1 ‰ in Café Safran, a 1: one step to Glocksee leaves 0.0 ‰ outside a pub. The
    # gum rule allows no dice while dry, so the 1's second roll is not made; before,
    # the player rolled (a 6) and read "move up to 0 … or stay".
    s = state(turn=0, rng=rng_for(1, 6), alcohol=[1, 0])
    s.keeper = 1
    s, _ = play(s, 0, Roll())
    s, events = play(s, 0, Go(to=("Glocksee",)))
    assert "einsistkeins.rolled" not in keys(events)
    assert keys(events)[-1] == "einsistkeins.dry_after_one"
    assert s.turn == 1 and s.phase == "roll" and s.roll is None
    told = t("en", events[-1].key, **{**events[-1].params, "seat": "anna"})
    assert told == "anna is dry now and not in an open pub: no second roll (gum rule)."


def test_face_1_offers_only_what_can_be_done():
    # Outside an open pub the 1 read "drink 0.1 ‰ or move one", and with 0.0 ‰ in a pub
    # "… or move one (0.0 ‰)": a drink there, or a step then, is refused.
    street = state(turn=0, rng=rng_for(1), alcohol=[5, 0], pos=[index("Steintor")] * 2)
    street, _ = play(street, 0, Roll())
    (prompt,) = GAME.prompts(street)
    assert not any(isinstance(o.action, Drink) for o in prompt.options)
    assert t("en", prompt.key, **{**prompt.params, "seat": "anna"}) == (
        "Eins ist keins! anna: move one (0.5 ‰), then roll again. /go <pub or station>"
    )
    dry_in_a_pub = state(turn=0, rng=rng_for(1), alcohol=[0, 0])
    dry_in_a_pub, _ = play(dry_in_a_pub, 0, Roll())
    (prompt,) = GAME.prompts(dry_in_a_pub)
    assert not any(isinstance(o.action, Go) for o in prompt.options)
    assert t("de", prompt.key, **{**prompt.params, "seat": "anna"}) == (
        "Eins ist keins! anna: 0,1 ‰ trinken (keine Energie zum Gehen), dann nochmal würfeln."
    )


@pytest.mark.parametrize(
    ("lang", "points", "told"),
    [
        ("de", 1, "bis zu 1 Punkt gehen"),
        ("de", 4, "bis zu 4 Punkte gehen"),
        ("en", 1, "move up to 1 point –"),
        ("en", 4, "move up to 4 points –"),
    ],
)
def test_the_move_prompt_says_what_its_number_counts(lang, points, told):
    # Outside a pub it read "bis zu 4 gehen" / "move up to 4", while the drink-or-move
    # prompt beside it says "gehen (bis 4 Punkte)".
    s = state(turn=0, alcohol=[points, 0], pos=[index("Steintor")] * 2)
    s, _ = rolled(s, 6)
    (prompt,) = GAME.prompts(s)
    assert prompt.key == "einsistkeins.prompt.move" and prompt.params["points"] == points
    assert told in t(lang, prompt.key, **{**prompt.params, "seat": "anna", "place": "Steintor"})


def test_face_2_swap_with_the_face_up_card():
    s = state(turn=0, rng=rng_for(2))
    mine, up = s.hands[0][0], s.faceup
    s, _ = play(s, 0, Roll())
    assert s.phase == "swap"
    s, events = play(s, 0, Swap(card=mine))
    assert up in s.hands[0] and mine not in s.hands[0] and s.faceup == mine
    assert keys(events) == ["einsistkeins.swapped"] and s.phase == "act"


def test_face_2_put_a_card_on_the_face_up_card_and_draw():
    s = state(turn=0, rng=rng_for(2))
    mine, top = s.hands[0][0], s.pile[0]
    s, _ = play(s, 0, Roll())
    s, events = play(s, 0, Discard(card=mine))
    assert s.faceup == mine and top in s.hands[0] and len(s.hands[0]) == 6
    assert keys(events) == ["einsistkeins.discarded", "einsistkeins.drew"]


def test_face_2_may_be_skipped():
    s = state(turn=0, rng=rng_for(2))
    before = list(s.hands[0])
    s, _ = play(s, 0, Roll())
    s, _ = play(s, 0, Stay())
    assert s.hands[0] == before and s.phase == "act"


def test_face_2_without_a_face_up_card_offers_only_putting_one_down():
    s = state(turn=0, rng=rng_for(2))
    s.boxed.append(s.faceup)
    s.faceup = None
    s, _ = play(s, 0, Roll())
    (prompt,) = GAME.prompts(s)
    assert prompt.key == "einsistkeins.prompt.swap_none"
    assert {type(o.action) for o in prompt.options} == {Discard, Stay}
    text = t("en", prompt.key, **prompt.params)
    assert text.endswith("swap a card with the face-up card –, or put one on it and draw?")


def test_face_3_takeaway_from_an_open_pub_costs_no_alcohol():
    s = state(turn=0, alcohol=[1, 0])  # Café Safran is open 10:00–02:00
    s, events = rolled(s, 3)
    assert s.takeaway and "einsistkeins.takeaway" in keys(events)
    (button,) = [o for o in GAME.prompts(s)[0].options if o.label == "einsistkeins.button.takeaway"]
    s, _ = play(s, 0, button.action)  # the free walk towards the nearest open pub
    assert s.alcohol[0] == 1
    moved = distances(index(START.name), trams=False)[s.pos[0]]
    assert 1 <= moved <= 3


def test_face_3_takeaway_works_in_a_pub_closing_at_this_half_hour():
    s = state(turn=0, clock=at("22:00"), pos=[index("Bier-Maxe")] * 2)  # closes 22:00
    assert not in_open_pub(s, 0)
    s, _ = rolled(s, 3)
    assert s.takeaway
    prompt = GAME.prompts(s)[0]  # nothing to drink there any more: only the moves
    assert prompt.key == "einsistkeins.prompt.takeaway_move" and prompt.params["nearest"]
    assert "einsistkeins.button.drink" not in [o.label for o in prompt.options]


def test_face_3_outside_a_pub_is_an_ordinary_move():
    s = state(turn=0, alcohol=[5, 0], pos=[index("Steintor")] * 2)
    s, _events = rolled(s, 3)
    assert not s.takeaway
    s, _ = play(s, 0, Go(to="Kröpcke"))
    assert s.alcohol[0] == 4


def test_face_4_round_of_drinks_for_everyone_in_an_open_pub_topping_up_to_the_limit():
    s = state(players=4, turn=0, alcohol=[0, 0, 21, 0], clock=at("15:00"))
    s.pos = [index(START.name), index(START.name), index(START.name), index("Steintor")]
    s, events = rolled(s, 4)
    assert s.alcohol == [0, 4, 23, 0]  # seat 2 tops up 2.1 → 2.3; seat 3 is in the street
    assert keys(events)[:2] == ["einsistkeins.rolled", "einsistkeins.round"]
    assert s.phase == "act"  # the roller drinks (up to 0.4) or moves instead
    s, _ = play(s, 0, Drink())
    assert s.alcohol[0] == 4


def test_face_4_a_player_at_the_limit_is_not_poured_a_round():
    # Know-your-limit: at 2.3 ‰ no more drinking. The table read "bob drinks 0.0 ‰ along
    # (now 2.3 ‰)"; now only those who drink are named.
    s = state(players=3, turn=0, alcohol=[0, 23, 5], clock=at("15:00"))
    s, events = rolled(s, 4)
    drank = [e.params["seat"] for e in events if e.key == "einsistkeins.round_drink"]
    assert drank == [2] and s.alcohol == [0, 23, 9]


def test_face_5_takes_the_clock_card_and_that_player_moves_the_clock():
    s = state(turn=0)
    s.keeper = 1
    s, events = rolled(s, 5)
    assert s.keeper == 0 and "einsistkeins.clock_card" in keys(events)
    s, events = play(s, 0, Stay())
    assert s.clock == 14 * 60 + 30 and "einsistkeins.clock" in keys(events)


def test_face_6_nothing_extra():
    s = state(turn=0)
    s, events = rolled(s, 6)
    assert keys(events) == ["einsistkeins.rolled"] and s.phase == "act"


# ---------------------------------------------------------------- drinking and moving


def test_drinking_only_in_an_open_pub():
    s = state(turn=0, pos=[index("Steintor")] * 2, alcohol=[5, 5])
    s, _ = rolled(s, 6)
    with pytest.raises(RuleError) as e:
        play(s, 0, Drink())
    assert e.value.key == "einsistkeins.error.no_pub"
    closed = state(turn=0, pos=[index("Grotte")] * 2, alcohol=[5, 5])  # opens 18:00
    closed, _ = rolled(closed, 6)
    with pytest.raises(RuleError):
        play(closed, 0, Drink())


def test_drinking_up_to_the_roll_never_above_2_3():
    s = state(turn=0, alcohol=[20, 0])
    s, _ = rolled(s, 6)
    with pytest.raises(RuleError) as e:
        play(s, 0, Drink(amount=4))
    assert e.value.key == "einsistkeins.error.drink_amount"
    s, _ = play(s, 0, Drink())  # know-your-limit: topping up to 2.3
    assert s.alcohol[0] == 23


def test_know_your_limit_at_2_3_no_more_drinking():
    s = state(turn=0, alcohol=[23, 0])
    s, _ = rolled(s, 6)
    with pytest.raises(RuleError) as e:
        play(s, 0, Drink())
    assert e.value.key == "einsistkeins.error.no_pub" or e.value.key == "einsistkeins.error.limit"
    labels = [o.label for o in GAME.prompts(s)[0].options]
    assert "einsistkeins.button.drink" not in labels


def test_moving_costs_a_tenth_a_step_and_never_more_steps_than_tenths():
    s = state(turn=0, alcohol=[2, 0])
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Go(to="Gaststätte Lorberg"))
    assert s.alcohol[0] == 0
    assert distances(index(START.name), trams=True)[s.pos[0]] == 2
    assert keys(events)[0] == "einsistkeins.moved_partway"


def test_with_no_alcohol_left_you_cannot_move():
    s = state(turn=0, alcohol=[0, 0])
    s, _ = rolled(s, 6)
    with pytest.raises(RuleError) as e:
        play(s, 0, Go(to="Izarro"))
    assert e.value.key == "einsistkeins.error.no_energy"


def test_rhubarb_spritzer_stay_in_a_pub_without_drinking():
    s = state(turn=0, alcohol=[5, 0])
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Stay())
    assert s.alcohol[0] == 5 and keys(events)[0] == "einsistkeins.spritzer"


def test_a_refused_action_changes_nothing():
    s = state(turn=0)
    s, _ = rolled(s, 6)
    before = s.model_dump_json()
    for action in (Go(to="Nowhere Bar"), Drink(amount=9), Swap(card="Izarro"), Draw()):
        with pytest.raises(RuleError):
            play(s, 0, action)
    with pytest.raises(RuleError):
        play(s, 1, Stay())  # not your turn
    assert s.model_dump_json() == before


# ---------------------------------------------------------------- visiting pubs


def test_arriving_at_an_open_pub_on_your_cards_scores_it_then_draw_or_take():
    s = state(turn=0, alcohol=[20, 0], clock=at("17:30"))
    give(s, 0, "Izarro")
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Go(to="Izarro"))
    assert s.pos[0] == index("Izarro")
    assert "einsistkeins.scored" in keys(events) and s.visited[0] == ["Izarro"]
    assert s.phase == "refill" and len(s.hands[0]) == 5
    up = s.faceup
    s, _ = play(s, 0, Take())
    assert up in s.hands[0] and len(s.hands[0]) == 6 and s.faceup != up
    assert cards(s) == sorted(p.name for p in PUBS)


def test_a_closed_pub_scores_nothing():
    s = state(turn=0, clock=at("14:30"), pos=[index("Grotte")] * 2, alcohol=[5, 5])
    give(s, 0, "Grotte")
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Stay())
    assert "einsistkeins.scored" not in keys(events) and "Grotte" in s.hands[0]


def test_the_face_up_card_can_be_visited_too():
    s = state(turn=0, clock=at("15:00"), alcohol=[5, 5])
    pub_name = "Destille"  # 10:00–04:00
    for h in s.hands:
        if pub_name in h:
            h[h.index(pub_name)] = s.pile.pop()
    s.pile = [c for c in s.pile if c != pub_name]
    s.pile.append(s.faceup)
    s.faceup = pub_name
    s.pos = [index(pub_name)] * 2
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Stay())
    assert s.visited[0] == [pub_name] and s.faceup != pub_name
    assert "einsistkeins.new_faceup" in keys(events)


# ---------------------------------------------------------------- clock, closing time, gum


def test_only_the_clock_keeper_moves_the_clock():
    s = state(turn=0)
    s.keeper = 1
    s, _ = rolled(s, 6)
    s, _ = play(s, 0, Stay())
    assert s.clock == 14 * 60 and s.turn == 1
    s, _ = rolled(s, 6)
    s, events = play(s, 1, Stay())
    assert s.clock == 14 * 60 + 30 and "einsistkeins.clock" in keys(events)


def test_opening_hours_across_midnight_and_kaisers_split_hours():
    assert dead("Bier-Maxe", at("22:00"))  # 11:00–22:00
    assert not dead("Bier-Maxe", at("21:30"))
    assert not dead("Gaststätte Kaiser", at("15:30"))  # 11–15 and 17–01: back at 17:00
    assert not dead("Gaststätte Kaiser", at("00:30"))
    assert dead("Gaststätte Kaiser", at("01:00"))
    assert not dead("C'est la vie", at("14:00"))  # 22:00–10:00: opens later
    assert not dead("C'est la vie", at("04:30"))
    assert dead("Kuriosum", at("00:30"))  # 18:00–00:30
    kaiser = state(clock=at("15:30"), pos=[index("Gaststätte Kaiser")] * 2)
    assert not in_open_pub(kaiser, 0)
    kaiser.clock = at("17:00")
    assert in_open_pub(kaiser, 0)
    late = state(clock=at("02:00"), pos=[index("C'est la vie")] * 2)
    assert in_open_pub(late, 0)


def test_closing_time_removes_closed_pubs_and_everyone_refills_to_six_in_turn():
    s = state(players=2, turn=0, clock=at("21:30"))
    s.keeper = 0
    give(s, 0, "Bier-Maxe")  # both close 22:00
    give(s, 1, "Zum Stern")
    n_pile = len(s.pile)
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Stay())
    assert s.clock == at("22:00")
    closed = next(e for e in events if e.key == "einsistkeins.closed")
    assert {"Bier-Maxe", "Zum Stern"} <= set(closed.params["pubs"])
    assert all(len(h) == 6 for h in s.hands)
    assert "Bier-Maxe" not in s.hands[0] and "Zum Stern" not in s.hands[1]
    drew = [e.params["seat"] for e in events if e.key == "einsistkeins.drew"]
    assert drew[:2] == [1, 0]  # from the player after the clock keeper
    assert len(s.pile) < n_pile
    assert cards(s) == sorted(p.name for p in PUBS)


def said_in(lang: str, key: str, params: dict, names: list[str] | None = None) -> str:
    """An event's line as the group reads it (seats named, lists joined)."""
    names = names or ["anna", "bob"]
    return Outbox(lang=lang, game="einsistkeins", names=names).text(key, **params)


def test_cards_drawn_dead_at_closing_time_are_told_in_one_line():
    # They went into the box unsaid: a pile of 3 at 03:00 became 0 with no card drawn,
    # and at 02:00 a pile of 16 became 3 with seven draws told.
    s = state(players=2, turn=0, clock=at("22:30"))
    s.keeper = 0
    give(s, 0, "Edenstube")  # closes at 23:00
    dead_on_top = ["Bier-Maxe", "Zum Stern"]  # closed since 22:00
    on_top(s, dead_on_top)
    n_pile = len(s.pile)
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Stay())
    assert s.clock == at("23:00")
    told = [e for e in events if e.key == "einsistkeins.boxed"]
    said = keys(events)
    last_draw = max(i for i, k in enumerate(said) if k == "einsistkeins.drew")
    assert len(told) == 1 and said.index("einsistkeins.boxed") > last_draw  # after the draws
    (boxed,) = told
    assert boxed.params["pubs"][:2] == dead_on_top
    assert boxed.params["count"] == len(boxed.params["pubs"])
    drawn = sum(e.key in ("einsistkeins.drew", "einsistkeins.new_faceup") for e in events)
    assert n_pile - len(s.pile) == drawn + boxed.params["count"]  # every card is accounted for
    assert cards(s) == sorted(p.name for p in PUBS)
    one = {"pubs": ["Bier-Maxe"], "count": 1}
    assert said_in("en", "einsistkeins.boxed", one) == (
        "1 card drawn is a pub closed for the night and leaves the game unplayed: Bier-Maxe."
    )
    assert said_in("de", "einsistkeins.boxed", boxed.params).startswith(
        f"{boxed.params['count']} gezogene Karten sind Kneipen, die heute nicht mehr öffnen, "
        "und gehen ungespielt aus dem Spiel: Bier-Maxe, Zum Stern"
    )


def test_a_card_drawn_dead_after_a_score_is_told():
    s = state(players=2, turn=0, clock=at("22:30"), alcohol=[5, 5])
    give(s, 0, "Izarro")
    s.pos[0] = index("Izarro")
    on_top(s, ["Bier-Maxe"])
    s, _ = rolled(s, 6)
    s, _ = play(s, 0, Stay())
    assert s.phase == "refill"
    s, events = play(s, 0, Draw())
    assert keys(events)[:2] == ["einsistkeins.boxed", "einsistkeins.drew"]
    assert events[0].params == {"pubs": ["Bier-Maxe"], "count": 1}


def test_gum_rule_dry_outside_an_open_pub_no_dice_one_step():
    s = state(turn=0, alcohol=[1, 0], pos=[index("Steintor")] * 2)
    s.keeper = 0
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Go(to="Kröpcke"))
    assert s.turn == 1  # seat 1 is at Steintor with 0.0 ‰
    assert s.phase == "gum" and "einsistkeins.gum" in keys(events)
    with pytest.raises(RuleError):
        play(s, 1, Roll())
    s, _ = play(s, 1, Go(to="Gaststätte Lorberg"))
    assert distances(index("Steintor"), trams=True)[s.pos[1]] == 1
    assert s.alcohol[1] == 0


def test_night_star_on_the_half_hour_you_walk():
    s = state(turn=0, alcohol=[6, 0], clock=at("01:30"), pos=[index("Glocksee")] * 2)
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Go(to="Hauptbahnhof/ZOB"))
    assert "🚋" not in legs_text(events[0].params["legs"])
    s2 = state(turn=0, alcohol=[6, 0], clock=at("02:00"), pos=[index("Glocksee")] * 2)
    s2, _ = rolled(s2, 6)
    s2, events = play(s2, 0, Go(to="Hauptbahnhof/ZOB"))
    assert "🚋 10" in legs_text(events[0].params["legs"]) and s2.pos[0] == index("Hauptbahnhof/ZOB")


# ---------------------------------------------------------------- typing places


def test_go_finds_a_place_by_its_beginning_or_without_accents():
    s = state(turn=0, alcohol=[6, 0], pos=[index("Steintor")] * 2)
    s, _ = rolled(s, 6)
    moved, _ = play(s, 0, Go(to="kropcke"))
    assert moved.pos[0] == index("Kröpcke")  # the station, not Klein Kröpcke
    moved, _ = play(s, 0, Go(to="Markthalle"))
    assert moved.pos[0] == index("Markthalle/Landtag")
    with pytest.raises(RuleError) as e:
        play(s, 0, Go(to="Steintor > Haupt"))
    assert e.value.key == "einsistkeins.error.ambiguous"
    # each place it could mean, as the whole route, is offered as a button (bot/chat/offers.py)
    choices = [(o.label, o.action) for o in e.value.choices]
    assert ("Hauptbahnhof", Go(to=("Steintor", "Hauptbahnhof"))) in choices
    assert len(choices) == len(e.value.params["places"]) >= 2


def test_go_along_an_explicit_route():
    s = state(turn=0, alcohol=[6, 0], pos=[index("Glocksee")] * 2)
    s, _ = rolled(s, 6)
    s, _events = play(s, 0, Go(to="Goetheplatz > Steintor"))
    assert s.pos[0] == index("Steintor") and s.alcohol[0] == 4


def test_a_typed_route_becomes_its_waypoints_in_the_action():
    typed = GAME.prompts(state(turn=0, phase="act", roll=3, alcohol=[3, 0]))[0].input
    assert typed is not None
    action = GAME.parse_action(typed.fill("Goetheplatz → Steintor"))
    assert action == Go(to=("Goetheplatz", "Steintor"))  # without the spaces round the arrow
    assert GAME.parse_action(typed.fill("Izarro")) == Go(to=("Izarro",))
    s = state(turn=0, phase="act", roll=3, alcohol=[3, 0])
    with pytest.raises(RuleError) as refused:
        play(s, 0, GAME.parse_action(typed.fill(" > ")))
    assert refused.value.key == "einsistkeins.error.unknown_place"


# ---------------------------------------------------------------- end and winner


def _won_state(players: int) -> State:
    s = state(players=players, turn=0, clock=at("23:00"), alcohol=[5] * players)
    nord = [p.name for p in PUBS if p.lifebuoy == "nordstadt"]
    s.visited[0] = nord[:6]  # needs 12 − 4 = 8 … plus one more lifebuoy pub wins (all seven)
    last = nord[6]
    for h in s.hands:
        if last in h:
            h.remove(last)
    if s.faceup == last:
        s.faceup = None
    s.pile = [c for c in s.pile if c != last and c not in nord]
    s.hands[0] = [c for c in s.hands[0] if c not in nord] + [last]
    s.pos[0] = index(last)
    return s


def test_a_win_ends_the_game_at_once():
    s = _won_state(2)
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Stay())
    assert s.phase == "over" and s.winner == 0 and s.win_kind == "all_seven"
    assert "einsistkeins.won.all_seven" in keys(events)
    assert GAME.outcome(s).ranking[0] == (0,)


WINNING_VISIT = {
    "en": ("{seat} visits {pub}!", "Heroine of the Ghetto! {seat} wins with 7 pubs."),
    "de": ("{seat} besucht {pub}!", "Heldin des Ghettos! {seat} gewinnt mit 7 Kneipen."),
}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_winning_visit_says_the_win_not_the_pubs_still_needed(lang):
    # "Pubs visited: 7, a win needs 8." came right before "… wins with 7 pubs."
    s = _won_state(2)
    last = s.hands[0][-1]
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Stay())
    out = Outbox(lang=lang, game="einsistkeins", names=["anna", "bob"])
    told = [out.text(e.key, **e.params) for e in events]
    visit, win = WINNING_VISIT[lang]
    assert told[-2] == visit.format(seat="anna", pub=last)
    assert told[-1].endswith(win.format(seat="anna"))
    assert not any("a win needs" in line or "zum Sieg" in line for line in told)


def shown(record) -> dict:
    """A record's parameters as /fame shows them (render/einsistkeins.py's hook)."""
    return shown_params(record.key, record.params, str)


def test_solo_is_scored_by_the_clock_time_of_the_win():
    s = _won_state(1)
    s, _ = rolled(s, 6)
    s, _ = play(s, 0, Stay())
    record = GAME.outcome(s).record
    assert record.value == at("23:00") - 14 * 60 and shown(record)["time"] == "23:00"


def test_five_oclock_ends_the_game():
    s = state(turn=0, clock=at("04:30"))
    s.keeper = 0
    s, _ = rolled(s, 6)
    s, events = play(s, 0, Stay())
    assert s.phase == "over" and s.end_reason == "five" and "einsistkeins.end.five" in keys(events)


def test_an_empty_pile_ends_the_game():
    s = state(turn=0)
    s.boxed, s.pile = s.boxed + s.pile, []
    s, _ = rolled(s, 6)
    s, _events = play(s, 0, Stay())
    assert s.end_reason == "pile" and GAME.outcome(s) is not None


def test_without_a_win_most_pubs_then_districts_then_alcohol():
    s = state(players=3, phase="over", end_reason="five", alcohol=[10, 20, 15])
    s.visited = [["Izarro", "Debakel"], ["Izarro", "Debakel"], ["Izarro", "Destille"]]
    s.pile = [c for c in s.pile if c not in ("Izarro", "Debakel", "Destille")]
    outcome = GAME.outcome(s)
    assert outcome.ranking == ((2,), (1,), (0,))  # 2 districts first; then higher alcohol


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        (
            "en",
            "Equal pubs: ahead is who has pubs in more districts, then the higher alcohol level"
            " (equal in all three share a place): cora (pubs: 2, districts: 2, 1.5 ‰)"
            " · bob (pubs: 2, districts: 1, 2.0 ‰) · anna (pubs: 2, districts: 1, 1.0 ‰).",
        ),
        (
            "de",
            "Gleich viele Kneipen: vorn steht, wer Kneipen aus mehr Stadtteilen hat, dann der"
            " höhere Promillestand (ist alles gleich, teilt man sich den Platz):"
            " cora (Kneipen: 2, Stadtteile: 2, 1,5 ‰) · bob (Kneipen: 2, Stadtteile: 1, 2,0 ‰)"
            " · anna (Kneipen: 2, Stadtteile: 1, 1,0 ‰).",
        ),
    ],
)
def test_a_tie_says_how_districts_and_alcohol_decided_it(lang, told):
    # The ranking read "1. cora – 2 points / 2. bob – 2 points / 3. anna – 2 points",
    # ordered by districts and alcohol with no word of why.
    s = state(players=3, phase="over", end_reason="five", alcohol=[10, 20, 15])
    s.visited = [["Izarro", "Debakel"], ["Havana", "Das Ei"], ["Destille", "Grotte"]]
    held = {c for v in s.visited for c in v}
    s.hands = [[c for c in h if c not in held] for h in s.hands]
    s.pile = [c for c in s.pile if c not in held]
    outcome = GAME.outcome(s)
    assert outcome.ranking == ((2,), (1,), (0,))
    tiebreak = outcome.tiebreak
    assert said_in(lang, tiebreak.key, tiebreak.params, ["anna", "bob", "cora"]) == told


def test_no_tie_no_tiebreak_and_a_winner_is_no_part_of_one():
    s = state(players=2, phase="over", end_reason="five")
    s.visited = [["Izarro", "Debakel"], ["Havana"]]
    assert GAME.outcome(s).tiebreak is None
    s.visited[1].append("Das Ei")
    s.end_reason, s.winner = "win", 1  # (a constructed win: equal pubs, the winner first)
    assert GAME.outcome(s).ranking == ((1,), (0,)) and GAME.outcome(s).tiebreak is None


def test_timeouts_roll_drink_skip_and_draw():
    s = state(turn=0)
    prompt = GAME.prompts(s)[0]
    assert GAME.timeout(s, prompt, 0) == Roll()
    s, _ = rolled(s, 6)
    assert GAME.timeout(s, GAME.prompts(s)[0], 0) == Drink()
    s.phase = "swap"
    assert GAME.timeout(s, GAME.prompts(s)[0], 0) == Stay()
    s.phase = "refill"
    assert GAME.timeout(s, GAME.prompts(s)[0], 0) == Draw()
