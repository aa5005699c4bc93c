"""Die Heinzelmännchen von Köln: one test a rule (rules/heinzel/NOTES.md names them).

States are set up literally (a piece put on a field, a roll given) so that each test
shows one transition; the watchman's dice and the pea cards are scripted where a test
needs a particular result.
"""

import pytest

from rules.core.errors import RuleError
from rules.heinzel import SPEC, ending, engine, movement, watchman
from rules.heinzel.board import board, field
from rules.heinzel.model import Enough, Go, Guard, Options, PlayTunnel, PlayTwice, Roll, Stay
from rules.heinzel.prompts import prompts
from rules.heinzel.scoring import ranking, ties_broken


def at(name: str) -> int:
    return next(f.index for f in board().fields if f.name == name)


def names(fields) -> set[str]:
    return {field(i).name for i in fields}


def game(players=4, **options):
    return SPEC.setup(players, Options(**options), 7)


def moving(state, seat, where, roll):
    """`seat` to move `roll` from `where` (a literal state: the roll is given)."""
    state = state.model_copy(deep=True)
    state.turn, state.pos[seat], state.turn_from = seat, at(where), at(where)
    state.phase, state.roll = "move", roll
    return state


def go(state, seat, name):
    return SPEC.apply(state, seat, Go(to=name))


def keys(events) -> list[str]:
    return [e.key for e in events]


class Dice:
    """A scripted Rng for the watchman's duels."""

    def __init__(self, *rolls: int) -> None:
        self.rolls = list(rolls)
        self.state = 0

    def randint(self, low: int, high: int) -> int:
        return self.rolls.pop(0)


# ---------------------------------------------------------------- moving


def test_a_move_is_exactly_the_roll_in_any_direction():
    start = at("Weckschnapp")
    assert names(movement.destinations(start, 1)) == {"Thürmchenswall", "St. Kunibert"}
    assert names(movement.destinations(start, 2)) == {"Eigelsteintorburg", "Frankenwerft"}


def test_a_move_never_turns_back():
    # Weckschnapp – St. Kunibert – Frankenwerft: two steps out and back would end at home
    assert at("Weckschnapp") not in movement.destinations(at("Weckschnapp"), 2)
    assert at("Frankenwerft") not in movement.destinations(at("Frankenwerft"), 2)


def test_entering_a_shop_ends_the_move_and_the_surplus_is_lost():
    # Weckschnapp → Thürmchenswall → Eigelsteintorburg → Weidengasse (the Bäcker): 3 steps
    assert at("Weidengasse") in movement.destinations(at("Weckschnapp"), 3)
    assert at("Weidengasse") in movement.destinations(at("Weckschnapp"), 6)
    state, _events = go(moving(game(), 0, "Weckschnapp", 6), 0, "Weidengasse")
    assert state.pos[0] == at("Weidengasse") and state.turn == 1  # the move (and turn) ended
    # nor can a move walk through a shop: the Dom ends every move that enters it
    assert at("Am Hof") not in movement.destinations(at("Trankgasse"), 2)


def test_go_by_name_craft_or_prefix_and_clear_refusals():
    state = moving(game(), 0, "Weckschnapp", 6)
    assert go(state, 0, "bäcker")[0].pos[0] == at("Weidengasse")
    assert go(state, 0, "Baker")[0].pos[0] == at("Weidengasse")
    with pytest.raises(RuleError) as refused:
        go(moving(game(), 0, "Weckschnapp", 1), 0, "Heumarkt")
    assert refused.value.key == "heinzel.error.unreachable"
    with pytest.raises(RuleError) as refused:
        go(state, 0, "Xanten")
    assert refused.value.key == "heinzel.error.no_field"


def test_landing_exactly_on_a_tunnel_field_may_jump_to_another():
    state, _ = go(moving(game(), 0, "Weckschnapp", 1), 0, "St. Kunibert")
    assert state.phase == "jump"
    offered = [o.params.get("place") for o in prompts(state)[0].options]
    assert "St. Gereon" in offered and "St. Kunibert" not in offered
    jumped, _events = go(state, 0, "St. Gereon")
    assert jumped.pos[0] == at("St. Gereon") and jumped.turn == 1
    stayed, _ = SPEC.apply(state, 0, Stay())
    assert stayed.pos[0] == at("St. Kunibert") and stayed.turn == 1


def test_passing_a_tunnel_field_is_no_jump():
    # Weckschnapp → St. Kunibert → Frankenwerft: over the tunnel, not on it
    state, _ = go(moving(game(), 0, "Weckschnapp", 2), 0, "Frankenwerft")
    assert state.phase == "start" and state.turn == 1


def test_the_tunnel_card_goes_to_any_tunnel_field_instead_of_rolling():
    state = game()
    state, events = SPEC.apply(state, 0, PlayTunnel())
    assert state.phase == "tunnel" and "tunnel" not in state.cards[0]
    state, events = go(state, 0, "St. Pantaleon")
    assert state.pos[0] == at("St. Pantaleon") and state.turn == 1
    assert "heinzel.rolled" not in keys(events)
    with pytest.raises(RuleError):  # once only
        SPEC.apply(state.model_copy(update={"turn": 0, "phase": "start"}), 0, PlayTunnel())


# ---------------------------------------------------------------- the night watchman


def duel_state(monkeypatch, loser, *, card=True):
    """Seat 0 walks from Thürmchenswall onto Marzellenstraße, where seat 1 waits."""
    monkeypatch.setattr(watchman, "duel", lambda rng, seats: (loser, (((0, 2), (1, 5)),)))
    state = moving(game(), 0, "Thürmchenswall", 4)
    state.pos[1] = at("Marzellenstraße")
    if not card:
        state.cards[loser].remove("nachtwaechter")
    return state


def test_duel_lowest_roll_loses():
    assert watchman.duel(Dice(4, 2, 6), (0, 1, 2)) == (1, (((0, 4), (1, 2), (2, 6)),))


def test_duel_ties_for_lowest_roll_again_among_the_tied_only():
    loser, rounds = watchman.duel(Dice(3, 3, 6, 5, 5, 4, 2), (0, 1, 2))
    assert rounds == (((0, 3), (1, 3), (2, 6)), ((0, 5), (1, 5)), ((0, 4), (1, 2)))
    assert loser == 1


def test_duel_a_tie_above_the_lowest_is_no_tie():
    assert watchman.duel(Dice(5, 5, 1), (0, 1, 2))[0] == 2


def test_entering_a_veedel_with_others_makes_everybody_there_roll(monkeypatch):
    seen = []
    monkeypatch.setattr(
        watchman, "duel", lambda rng, seats: (seen.append(seats) or 2, (((0, 4), (1, 5), (2, 1)),))
    )
    state = moving(game(), 0, "Eigelsteintorburg", 3)
    state.turn_from = at("Thürmchenswall")  # the turn began outside the Eigelstein
    state.pos[1], state.pos[2] = at("Weidengasse"), at("St. Ursula")
    state.cards[2].remove("nachtwaechter")
    state, events = go(state, 0, "Marzellenstraße")
    assert seen == [(0, 1, 2)]  # the newcomer first, then everybody in the Veedel
    assert state.pos[2] == board().starts[2]  # the loser is back on his start field
    assert keys(events)[-3:] == ["heinzel.duel_round.3", "heinzel.duel_lost", "heinzel.sent_home"]


def test_the_newcomer_may_lose(monkeypatch):
    state, _ = go(duel_state(monkeypatch, 0, card=False), 0, "Marzellenstraße")
    assert state.pos[0] == at("Weckschnapp") and state.pos[1] == at("Marzellenstraße")


def test_the_nachtwaechter_card_protects_its_player(monkeypatch):
    state, _ = go(duel_state(monkeypatch, 1), 0, "Marzellenstraße")
    assert state.phase == "guard" and prompts(state)[0].seats == (1,)
    with pytest.raises(RuleError):
        SPEC.apply(state, 0, Guard(play=True))  # only the loser decides
    kept, _events = SPEC.apply(state, 1, Guard(play=True))
    assert kept.pos[1] == at("Marzellenstraße") and "nachtwaechter" not in kept.cards[1]
    assert kept.turn == 1 and kept.phase == "start"
    home, _ = SPEC.apply(state, 1, Guard(play=False))
    assert home.pos[1] == board().starts[1] and "nachtwaechter" in home.cards[1]


def test_no_watchman_within_the_veedel_where_the_turn_began(monkeypatch):
    monkeypatch.setattr(watchman, "duel", lambda rng, seats: pytest.fail("no duel"))
    state = moving(game(), 0, "St. Ursula", 1)
    state.pos[1] = at("Marzellenstraße")
    state, _ = go(state, 0, "Marzellenstraße")
    assert state.turn == 1


def test_no_watchman_at_the_schneider(monkeypatch):
    monkeypatch.setattr(watchman, "duel", lambda rng, seats: pytest.fail("no duel"))
    state = moving(game(), 0, "Trankgasse", 1)
    state.pos[1] = state.pos[2] = at("Dom")
    state, _ = go(state, 0, "Dom")
    assert state.pos[0] == state.pos[1] == state.pos[2] == at("Dom") and state.turn == 1


# ---------------------------------------------------------------- Zweimal Würfeln


def twice(state, seat, where):
    state = state.model_copy(deep=True)
    state.turn, state.pos[seat], state.turn_from = seat, at(where), at(where)
    state, _ = SPEC.apply(state, seat, PlayTwice())
    assert [o.label for o in prompts(state)[0].options] == ["heinzel.button.roll"]
    return state


def test_twice_the_watchman_only_after_the_second_move(monkeypatch):
    seen = []
    monkeypatch.setattr(watchman, "duel", lambda rng, seats: (seen.append(seats) or 1, ()))
    state = twice(game(), 0, "Thürmchenswall")
    state.pos[1] = at("Marzellenstraße")
    state.phase, state.roll = "move", 4
    state, _ = go(state, 0, "Marzellenstraße")  # into the Eigelstein, where seat 1 is
    assert seen == [] and state.phase == "start" and state.turn == 0
    state.phase, state.roll = "move", 1
    state, _ = go(state, 0, "St. Ursula")  # still in the Eigelstein after the second move
    assert seen == [(0, 1)]


def test_twice_a_shop_on_the_first_roll_may_be_left_with_the_second():
    state = twice(game(), 0, "Thürmchenswall")
    state.phase, state.roll = "move", 5
    state, events = go(state, 0, "Weidengasse")
    assert "heinzel.card.baecker" in keys(events) and state.phase == "start"
    state.phase, state.roll = "move", 2
    state, _ = go(state, 0, "Eigelstein")
    assert state.pos[0] == at("Eigelstein") and state.taken[0] == {"baecker": 1}


def test_twice_the_second_roll_is_a_right_not_a_duty(monkeypatch):
    # "das Recht zweimal hintereinander zu würfeln"; a shop "kann" be left with it
    seen = []
    monkeypatch.setattr(watchman, "duel", lambda rng, seats: (seen.append(seats) or 1, ()))
    state = twice(game(), 0, "Thürmchenswall")
    state.pos[1] = at("Eigelsteintorburg")
    state.phase, state.roll = "move", 5
    state, _ = go(state, 0, "Weidengasse")  # the Bäcker, in the Eigelstein with seat 1
    assert [o.label for o in prompts(state)[0].options] == [
        "heinzel.button.roll",
        "heinzel.button.enough",
    ]
    state, events = SPEC.apply(state, 0, Enough())
    assert keys(events)[:2] == ["heinzel.enough", "heinzel.alarm"] and seen == [(0, 1)]
    assert state.pos[0] == at("Weidengasse") and state.taken[0] == {"baecker": 1}
    with pytest.raises(RuleError):  # not before the first roll, nor in a turn without the card
        SPEC.apply(twice(game(), 0, "Thürmchenswall"), 0, Enough())
    with pytest.raises(RuleError):
        SPEC.apply(game(), 0, Enough())


def test_twice_after_a_tunnel_jump_on_the_first_roll_roll_again():
    state = twice(game(), 0, "Weckschnapp")
    state.phase, state.roll = "move", 1
    state, _ = go(state, 0, "St. Kunibert")
    state, _ = go(state, 0, "St. Pantaleon")
    assert state.turn == 0 and state.phase == "start" and state.rolls_left == 1
    state, events = SPEC.apply(state, 0, Roll())
    assert keys(events) == ["heinzel.rolled"] and state.phase == "move"


def test_one_action_card_a_turn():
    state = twice(game(), 0, "Weckschnapp")
    with pytest.raises(RuleError):
        SPEC.apply(state, 0, PlayTunnel())


# ---------------------------------------------------------------- point cards


def test_point_cards_in_the_order_of_arrival_and_once_a_shop():
    state = game()
    for seat, points in ((0, 1), (1, 2), (2, 3)):
        state, _ = go(moving(state, seat, "St. Ursula", 1), seat, "Weidengasse")
        assert state.taken[seat] == {"baecker": points}
    state, _events = go(moving(state, 0, "St. Ursula", 1), 0, "Weidengasse")
    assert state.taken[0] == {"baecker": 1} and state.piles["baecker"] == [4]


def test_the_schneider_pays_only_after_all_four_shops():
    state = game()
    state.taken[0] = {"zimmermann": 1, "baecker": 1, "kuefer": 1}
    state, events = go(moving(state, 0, "Trankgasse", 3), 0, "Dom")
    assert "heinzel.schneider_closed" in keys(events) and state.taken[0].get("schneider") is None
    state.taken[0]["fleischer"] = 1
    state.taken[1] = {"zimmermann": 2, "baecker": 2, "kuefer": 2, "fleischer": 2}
    state.piles = {"zimmermann": [3, 4], "baecker": [3, 4], "kuefer": [3, 4], "fleischer": [3, 4],
                   "schneider": [6, 4, 2, 1]}  # fmt: skip
    state, _ = go(moving(state, 1, "Am Hof", 1), 1, "Dom")
    state, events = go(moving(state, 0, "Am Hof", 2), 0, "Dom")
    assert state.taken[1]["schneider"] == 6 and state.taken[0]["schneider"] == 4
    assert state.arrived == [1, 0] and state.weib == 1


# ---------------------------------------------------------------- the end


def at_the_schneider(state, seat):
    state.taken[seat] = {"zimmermann": 1, "baecker": 1, "kuefer": 1, "fleischer": 1}
    for craft in ("zimmermann", "baecker", "kuefer", "fleischer"):
        state.piles[craft].remove(1) if 1 in state.piles[craft] else None
    return go(moving(state, seat, "Am Hof", 1), seat, "Dom")


def test_the_first_at_the_schneider_becomes_schneiders_weib_and_peas_follow(monkeypatch):
    drawn = iter(["schlafend", "schlafend", "suchend"])
    monkeypatch.setattr(ending, "draw_pea", lambda rng, searching: next(drawn))
    state, events = at_the_schneider(game(), 0)
    assert state.weib == 0 and "heinzel.weib" in keys(events)
    assert not any(k.startswith("heinzel.pea") for k in keys(events))  # not in her own turn
    state, events = go(moving(state, 1, "St. Ursula", 1), 1, "Marzellenstraße")
    assert keys(events)[-1] == "heinzel.pea.schlafend" and state.turn == 2
    state, events = go(moving(state, 2, "St. Ursula", 1), 2, "Weidengasse")
    assert keys(events)[-1] == "heinzel.pea.schlafend" and state.draws == 2
    state, events = go(moving(state, 3, "Neumarkt", 1), 3, "St. Aposteln")
    assert keys(events)[-1] == "heinzel.pea.suchend"
    assert state.phase == "over" and state.end_reason == "suchend"
    assert SPEC.outcome(state).ranking[0] == (0,) and prompts(state) == []


def test_one_pea_card_of_four_shows_her_searching():
    from rules.core.rng import Rng

    rng = Rng.from_seed(3)
    draws = [ending.draw_pea(rng, 1) for _ in range(4000)]
    assert 900 < draws.count("suchend") < 1100


def test_the_game_ends_when_everybody_has_reached_the_schneider(monkeypatch):
    monkeypatch.setattr(ending, "draw_pea", lambda rng, searching: "schlafend")
    state = game(players=2)
    state, _ = at_the_schneider(state, 0)
    assert state.phase == "start"
    state, events = at_the_schneider(state, 1)
    assert state.phase == "over" and state.end_reason == "all_done"
    assert keys(events)[-1] == "heinzel.end.all_done"


def test_a_tie_goes_to_who_reached_the_schneider_first():
    assert ranking([10, 10, 7], [1, 0]) == ((1,), (0,), (2,))
    assert ranking([5, 5], []) == ((0, 1),)
    # the end says so for every tie decided by the Schneider, not for a shared place
    assert ties_broken([10, 10, 7], [1, 0]) == [(1, (0,))]
    assert ties_broken([12, 15, 11, 12], [1, 3]) == [(3, (0,))]
    assert ties_broken([5, 5], []) == [] and ties_broken([9, 9, 9], [2]) == [(2, (0, 1))]


# ---------------------------------------------------------------- set-up and variants


def test_setup_cards_piles_and_the_youngest_begins():
    state = game(youngest=3)
    assert state.turn == 2 and state.cards == [["nachtwaechter", "tunnel", "zweimal"]] * 4
    assert state.piles["baecker"] == [1, 2, 3, 4] and state.piles["schneider"] == [6, 4, 2, 1]
    with pytest.raises(RuleError) as refused:  # nobody sat down fourth: no seat to begin
        game(players=2, youngest=4)
    assert refused.value.key == "heinzel.error.youngest_unseated"
    assert refused.value.params == {"youngest": 4, "players": 2}


def test_three_players_without_the_ones_and_the_middle_start_begins():
    state = game(players=3, youngest=1)
    assert all(1 not in pile for pile in state.piles.values())
    assert state.piles["schneider"] == [6, 4, 2]
    # starts clockwise round the town: rot, gelb, grün, blau; three take rot, gelb, grün
    ring = board().colours
    begins = state.colours[state.turn]
    left, right = ring[(ring.index(begins) - 1) % 4], ring[(ring.index(begins) + 1) % 4]
    assert begins == "gelb" and {left, right} == {"rot", "gruen"}


def test_two_players_start_opposite():
    assert game(players=2).colours == ["rot", "gruen"]


def test_out_of_turn_and_wrong_phase_change_nothing():
    state = game()
    with pytest.raises(RuleError):
        SPEC.apply(state, 1, Roll())
    with pytest.raises(RuleError):
        SPEC.apply(state, 0, Stay())
    assert state == game()


def test_a_silent_player_rolls_and_takes_the_first_field():
    state = game()
    prompt = prompts(state)[0]
    assert engine.timeout(state, prompt, 0) == Roll()
    state, _ = SPEC.apply(state, 0, Roll())
    action = engine.timeout(state, prompts(state)[0], 0)
    assert isinstance(action, Go) and SPEC.apply(state, 0, action)[0].turn == 1
