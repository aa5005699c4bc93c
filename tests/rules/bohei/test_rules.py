"""Bohei, a rule a test: the turn's phases, the rule board, penalties, Nö and
Gegenteiltag, actions, challenges with replays, the Bohei call, reshuffling, winning."""

import pytest
from pydantic import ValidationError

from rules.bohei import SPEC, engine
from rules.bohei.data import instances
from rules.bohei.model import (
    Answer,
    CallBohei,
    CastVote,
    Chat,
    ChooseRule,
    ChooseSeat,
    ChooseSlot,
    Claim,
    Discard,
    DrawChoice,
    Foul,
    GoSignal,
    Guess,
    Judge,
    MissBohei,
    Options,
    PlayCard,
    Press,
    React,
    Reward,
    Roll,
    Sign,
    State,
    Word,
)
from rules.core.errors import RuleError


def game(players=3, hands=None, top=(), **options) -> State:
    """A started game, seat 0 to draw, with the given hands and draw pile top (last
    drawn first); every other card in the draw pile."""
    state = engine.setup(players, Options(**options), seed=7)
    state, _ = engine.apply(state, 0, Claim())
    if hands is not None:
        held = [c for h in hands for c in h]
        rest = [c for c in instances() if c not in held and c not in top]
        state.hands = [list(h) for h in hands]
        state.draw = rest + list(reversed(top))
    engine.invariants(state)
    return state


def act(state, seat, action):
    state, events = engine.apply(state, seat, action)
    engine.invariants(state)
    return state, [e.key for e in events]


def asked(state):
    return {p.id.split(":")[0]: p for p in engine.prompts(state) if not p.standing}


# ----- setup and the turn ------------------------------------------------------------


def test_deal_three_each_and_the_least_organised_starts():
    state = engine.setup(5, Options(), seed=1)
    assert [len(h) for h in state.hands] == [3] * 5
    assert len(state.draw) == 60 - 15
    (starter,) = [p for p in engine.prompts(state) if not p.standing]
    assert starter.seats == (0, 1, 2, 3, 4)
    state, keys = act(state, 3, Claim())
    assert state.turn == 3 and state.phase == "draw"
    assert keys[:2] == ["bohei.starter", "bohei.turn"]


def test_phase_one_draw_or_not():
    state = game(hands=[["draw2", "dice_duel", "tax"], ["noe#1"], ["noe#2"]], top=["gift"])
    drawn, keys = act(state, 0, DrawChoice(take=True))
    assert drawn.hands[0][-1] == "gift" and "bohei.drew" in keys
    kept, _ = act(state, 0, DrawChoice(take=False))
    assert len(kept.hands[0]) == 3
    assert kept.phase == "play"  # no rule card: straight to phase 3


def test_phase_two_a_held_rule_card_must_be_activated():
    state = game(hands=[["lower", "draw2", "tax"], ["noe#1"], ["noe#2"]])
    state, _ = act(state, 0, DrawChoice(take=False))
    assert state.phase == "rule"
    rule = asked(state)["turn"]
    assert [o.action for o in rule.options] == [ChooseRule(card="lower")]  # no "nothing"
    assert rule.secret
    with pytest.raises(RuleError):
        engine.apply(state, 0, PlayCard(card=None))
    state, keys = act(state, 0, ChooseRule(card="lower"))
    assert state.slots[0].rule == "lower" and state.phase == "play"
    assert "bohei.rule_active_checked" in keys


def test_phase_three_play_an_action_or_nothing_then_next_player():
    state = game(hands=[["draw2", "tax", "noe#1"], ["diet"], ["glasses"]])
    state, _ = act(state, 0, DrawChoice(take=False))
    play = asked(state)["turn"]
    cards = [o.action.card for o in play.options]
    assert cards == ["draw2", "tax", None]  # Nö waits for a window
    state, _keys = act(state, 0, PlayCard(card="draw2"))
    assert asked(state)["react"].seats == (0,)  # its own effect: a window for its player
    state, _keys = act(state, 0, React(choice="accept"))
    assert len(state.hands[0]) == 2 + 2
    assert state.turn == 1 and state.phase == "draw"


def test_a_full_board_asks_which_rule_the_new_one_replaces():
    state = game(hands=[["no_e", "tax", "noe#1"], ["diet"], ["glasses"]])
    state.slots[0].rule, state.slots[1].rule = "lower", "emoji"
    state.draw = [c for c in state.draw if c not in ("lower", "emoji")]
    engine.invariants(state)
    state, _ = act(state, 0, DrawChoice(take=False))
    state, _ = act(state, 0, ChooseRule(card="no_e"))
    assert state.phase == "slot"
    assert [o.action.slot for o in asked(state)["turn"].options] == [0, 1]
    state, keys = act(state, 0, ChooseSlot(slot=1))
    assert [s.rule for s in state.slots] == ["lower", "no_e"]
    assert "emoji" in state.discard and "bohei.rule_ended" in keys


def test_the_extension_opens_a_third_slot():
    state = game(hands=[["open_slot", "tax", "noe#1"], ["diet"], ["glasses"]])
    state, _ = act(state, 0, DrawChoice(take=False))
    state, keys = act(state, 0, ChooseRule(card="open_slot"))
    assert len(state.slots) == 3 and state.extension == "open_slot"
    assert "bohei.slot_opened" in keys


def test_the_closing_card_closes_a_slot_for_good():
    state = game(hands=[["close_slot", "tax", "noe#1"], ["lower"], ["glasses"]])
    state, _ = act(state, 0, DrawChoice(take=False))
    state, _ = act(state, 0, ChooseRule(card="close_slot"))
    assert [o.action.slot for o in asked(state)["turn"].options] == [0, 1]  # even an empty one
    state, keys = act(state, 0, ChooseSlot(slot=0))
    assert state.slots[0].closed_by == "close_slot" and "bohei.slot_closed" in keys
    state, _ = act(state, 0, PlayCard(card=None))
    state, _ = act(state, 1, DrawChoice(take=False))
    state, _ = act(state, 1, ChooseRule(card="lower"))
    assert state.slots[0].rule is None and state.slots[1].rule == "lower"


def test_with_every_slot_closed_rule_cards_stay_in_hand():
    state = game(hands=[["lower", "tax", "noe#1"], ["diet"], ["glasses"]])
    state.slots[0].closed_by, state.slots[1].closed_by = "close_slot", None
    state.slots[1].closed_by = "open_slot"  # two closers, for the test: every slot shut
    state.draw = [c for c in state.draw if c not in ("close_slot", "open_slot")]
    state, _ = act(state, 0, DrawChoice(take=False))
    assert state.phase == "play" and "lower" in state.hands[0]


# ----- violations -----------------------------------------------------------------


def _with_rule(hands, rule="lower", players=3):
    state = game(players=players, hands=hands)
    state.slots[0].rule = rule
    state.draw.remove(rule)
    engine.invariants(state)
    return state


def test_a_checked_rule_broken_costs_a_discard_with_seven_or_fewer():
    state = _with_rule([["tax", "gift"], ["diet", "dog"], ["blue"]])
    state, keys = act(state, 1, Chat(text="Hallo"))
    assert keys == ["bohei.violation_discard"]
    window = asked(state)["react"]
    assert window.key == "bohei.prompt.react_penalty"
    assert window.seats == (1,)
    assert [o.action.choice for o in window.options] == ["noe", "accept"]  # no Gegenteiltag
    state, _ = act(state, 1, React(choice="accept"))
    discard = asked(state)["discard"]
    assert discard.secret and discard.seats == (1,)
    state, _ = act(state, 1, Discard(card="dog"))
    assert state.hands[1] == ["diet"] and "dog" in state.discard


def test_with_eight_or_more_a_broken_rule_draws_one():
    eight = ["tax", "gift", "diet", "dog", "blue", "coffee", "plant", "robin"]
    state = _with_rule([["twins"], eight, ["underdog"]])
    state, keys = act(state, 1, Chat(text="Hallo"))
    assert keys[0] == "bohei.violation_draw"
    state, _ = act(state, 1, React(choice="accept"))
    assert len(state.hands[1]) == 9


def test_a_message_keeping_the_rules_costs_nothing():
    state = _with_rule([["tax"], ["diet"], ["blue"]])
    after, keys = act(state, 1, Chat(text="alles gut 👍"))
    assert keys == [] and after == state


def test_noe_cancels_a_penalty_and_is_refused_without_one():
    state = _with_rule([["tax"], ["diet", "noe#1"], ["blue"]])
    state, _ = act(state, 1, Chat(text="Hallo"))
    with pytest.raises(RuleError) as e:
        engine.apply(state, 1, React(choice="reverse"))
    assert e.value.key == "bohei.error.opposite_only_actions"
    state, keys = act(state, 1, React(choice="noe"))
    assert keys == ["bohei.reacted", "bohei.hand_lost"]  # the Nö spent, told privately
    assert state.hands[1] == ["diet"] and not state.owed
    bare = _with_rule([["tax"], ["diet"], ["blue"]])
    bare, _ = act(bare, 1, Chat(text="Hallo"))
    with pytest.raises(RuleError) as e:
        engine.apply(bare, 1, React(choice="noe"))
    assert e.value.key == "bohei.error.no_noe"


def test_participants_of_a_challenge_are_free_of_the_rules():
    state = _with_rule([["rps", "tax"], ["diet"], ["blue"]])
    state, _ = act(state, 0, DrawChoice(take=False))
    state, _ = act(state, 0, PlayCard(card="rps"))
    state, _ = act(state, 0, ChooseSeat(seat=1))
    chat = next(p for p in engine.prompts(state) if p.id == "chat")
    assert chat.seats == (2,)
    with pytest.raises(RuleError):
        engine.apply(state, 1, Chat(text="HALLO"))


def test_foul_confirmed_by_the_others():
    state = _with_rule([["tax"], ["diet"], ["blue"]], rule="weather", players=4)
    state.hands.append(["dog"])
    state.draw.remove("dog")
    state, keys = act(state, 0, Foul(text="#1 hat übers Wetter geredet"))
    vote = asked(state)["vote"]
    assert vote.seats == (2, 3)
    state, _ = act(state, 2, CastVote(yes=True))
    state, keys = act(state, 3, CastVote(yes=False))
    assert keys[0] == "bohei.foul_confirmed_discard"  # 2:1 with the reporter's voice


def test_foul_rejected_and_refusals():
    state = _with_rule([["tax"], ["diet"], ["blue"]], rule="weather")
    with pytest.raises(RuleError):
        engine.apply(state, 0, Foul(text="#0"))
    with pytest.raises(RuleError):
        engine.apply(state, 0, Foul(text="nobody"))
    state, _ = act(state, 0, Foul(text="#1"))
    state, keys = act(state, 2, CastVote(yes=False))
    assert keys == ["bohei.foul_rejected"] and state.hands[1] == ["diet"]


def test_a_rule_the_bot_checks_is_not_reported_and_not_put_to_the_vote():
    """The bot judges every message against a rule it checks: a /foul could only punish
    a player it found clean. Refused while only such rules are active; beside a rule the
    group watches, the vote is about that one alone."""
    state = _with_rule([["tax"], ["diet"], ["blue"]], rule="five")
    with pytest.raises(RuleError) as refused:
        engine.apply(state, 0, Foul(text="#1"))
    assert refused.value.key == "bohei.error.foul_checked"
    assert refused.value.params == {"rules": {"card_ids": ["five"]}}
    state.slots[1].rule = "weather"
    state.draw.remove("weather")
    state, events = engine.apply(state, 0, Foul(text="#1"))
    assert events[0].key == "bohei.foul"
    assert events[0].params["rules"] == {"card_ids": ["weather"]}
    # where the bot checks nothing (checks=none), every rule is the group's to report
    state = game(hands=[["tax"], ["diet"], ["blue"]], checks="none")
    state.slots[0].rule = "five"
    state.draw.remove("five")
    state, keys = act(state, 0, Foul(text="#1"))
    assert keys == ["bohei.foul"]


# ----- actions, Nö and Gegenteiltag ---------------------------------------------------


def _played(hands, card, players=3, **options):
    state = game(players=players, hands=hands, **options)
    state, _ = act(state, 0, DrawChoice(take=False))
    return act(state, 0, PlayCard(card=card))


def test_an_action_opens_one_window_with_the_same_buttons_for_everyone_concerned():
    state, keys = _played([["others_draw", "tax"], ["diet", "noe#1"], ["blue"]], "others_draw")
    assert keys[-2:] == ["bohei.concerned", "bohei.hand_lost"]  # (the card played, privately)
    window = asked(state)["react"]
    assert window.key == "bohei.prompt.react"
    assert window.seats == (1, 2) and not window.secret
    assert [o.action.choice for o in window.options] == ["noe", "reverse", "accept"]
    assert all(not o.hidden_from for o in window.options)  # holders are not singled out


def test_noe_cancels_an_action_for_its_player_only():
    state, _ = _played([["others_draw", "tax"], ["diet", "noe#1"], ["blue"]], "others_draw")
    state, _ = act(state, 1, React(choice="noe"))
    state, _ = act(state, 2, React(choice="accept"))
    assert len(state.hands[1]) == 1 and len(state.hands[2]) == 2
    assert state.turn == 1


def test_opposite_day_turns_a_draw_into_a_discard():
    state, _ = _played(
        [["others_draw", "tax"], ["diet", "opposite#1", "dog"], ["blue"]], "others_draw"
    )
    state, _ = act(state, 1, React(choice="reverse"))
    state, _ = act(state, 2, React(choice="accept"))
    assert state.owed == {1: 1}
    state, _ = act(state, 1, Discard(card="dog"))
    assert state.hands[1] == ["diet"] and state.turn == 1


def test_opposite_day_turns_a_discard_into_a_draw():
    state, _ = _played([["all_discard", "tax"], ["diet", "opposite#1"], ["blue"]], "all_discard")
    state, _ = act(state, 0, React(choice="accept"))
    state, _ = act(state, 1, React(choice="reverse"))
    state, _ = act(state, 2, React(choice="accept"))
    assert len(state.hands[1]) == 2  # played Gegenteiltag, drew 1


def test_most_and_fewest_robin_hood():
    state, _ = _played(
        [["robin", "tax", "gift"], ["diet"], ["blue", "dog", "coffee", "plant"]], "robin"
    )
    window = asked(state)["react"]
    assert window.seats == (1, 2)  # seat 2 holds most (4), seat 1 fewest (1)
    state, _ = act(state, 1, React(choice="accept"))
    state, _ = act(state, 2, React(choice="accept"))
    assert len(state.hands[1]) == 2 and state.owed == {2: 1}


def test_a_real_world_question_each_answers_honestly():
    state, _ = _played([["glasses", "tax", "gift"], ["diet", "dog"], ["blue", "plant"]], "glasses")
    question = asked(state)["turn"]
    assert question.seats == (0, 1, 2) and question.deadline
    state, _ = act(state, 0, Answer(yes=True))
    state, _ = act(state, 1, Answer(yes=False))
    state, _ = act(state, 2, Answer(yes=True))
    assert asked(state)["react"].seats == (0, 2)  # the player's own glasses too
    state, _ = act(state, 0, React(choice="accept"))
    state, _ = act(state, 2, React(choice="accept"))
    assert state.owed == {0: 2, 2: 2}


def test_a_chosen_target():
    state, _ = _played([["gift", "tax"], ["diet"], ["blue"]], "gift")
    state, _ = act(state, 0, ChooseSeat(seat=2))
    state, _ = act(state, 2, React(choice="accept"))
    assert len(state.hands[2]) == 3


# ----- challenges -------------------------------------------------------------------------


def test_a_duel_is_replayed_until_one_wins_and_the_winner_chooses_a_reward():
    state, _ = _played([["rps", "tax", "gift"], ["diet"], ["blue"]], "rps")
    assert asked(state)["ch"].options[0].action == ChooseSeat(seat=1)
    state, _ = act(state, 0, ChooseSeat(seat=2))
    sign = asked(state)["ch"]
    assert sign.secret and sign.seats == (0, 2)
    state, _ = act(state, 0, Sign(sign=0))
    state, keys = act(state, 2, Sign(sign=0))
    assert "bohei.tie" in keys and state.challenge.round == 2
    state, _ = act(state, 0, Sign(sign=0))
    state, keys = act(state, 2, Sign(sign=1))  # paper covers rock
    assert "bohei.challenge_won" in keys and state.reward == 2
    state, _ = act(state, 2, Reward(delta=-2))
    assert state.owed == {2: 1}  # only one card to discard


def test_with_ties_chosen_three_ties_are_settled_by_dice():
    """`ties=3`, a table's own bound on replays (NOTES.md): the dice settle the fourth."""
    state, _ = _played([["rps", "tax", "gift"], ["diet"], ["blue"]], "rps", ties=3)
    state, _ = act(state, 0, ChooseSeat(seat=1))
    for _ in range(3):
        state, _ = act(state, 0, Sign(sign=1))
        state, keys = act(state, 1, Sign(sign=1))
    assert "bohei.dice_off" in keys and state.reward in (0, 1)


def test_a_group_word_chain_by_elimination():
    state, _ = _played([["chain_all", "tax"], ["diet"], ["blue"]], "chain_all")
    ch = state.challenge
    assert ch.seats == [0, 1, 2] and ch.chain_turn == 0
    first = ch.letter + "ampe"
    state, _ = act(state, 0, Word(text=first))
    state, keys = act(state, 1, Word(text="zzz"))  # wrong letter: out
    assert "bohei.chain_broken" in keys and state.challenge.seats == [0, 2]
    state, keys = act(state, 2, Word(text=first))  # used already: out
    assert state.reward == 0


def test_an_unbroken_word_chain_starts_a_new_round():
    """Two players who never break the chain: after CHAIN_WORDS words a new round begins
    with a fresh letter and no words kept; with `ties=3` chosen, dice settle the fourth."""
    from rules.bohei.challenges import CHAIN_WORDS

    MAX_ROUNDS = 3
    state, _ = _played([["chain_all", "tax"], ["diet"], ["blue"]], "chain_all", ties=MAX_ROUNDS)
    rounds = []
    for _ in range(MAX_ROUNDS):
        ch = state.challenge
        rounds.append(ch.round)
        for i in range(CHAIN_WORDS):
            ch = state.challenge
            word = ch.letter + "".join("abcdefghij"[int(d)] for d in f"{i:03d}") + "x"
            state, keys = act(state, ch.chain_turn, Word(text=word))
            assert len(state.challenge.used if state.challenge else []) < CHAIN_WORDS
        assert "bohei.chain_held" in keys
    assert rounds == list(range(1, MAX_ROUNDS + 1))
    assert "bohei.dice_off" in keys and state.challenge is None and state.reward is not None


def test_a_typing_race_first_right_answer_wins():
    state, _ = _played([["type_all", "tax"], ["diet"], ["blue"]], "type_all")
    from rules.bohei.data import deck

    _de, en = deck().words[state.challenge.word]
    state, keys = act(state, 1, Word(text="falsch"))
    assert keys == ["bohei.typed_wrong"]
    state, keys = act(state, 2, Word(text=en.upper()))
    assert "bohei.challenge_won" in keys and state.reward == 2


# ----- the Bohei call and winning ---------------------------------------------------------


SIX = ["tax", "gift", "diet", "dog", "blue", "coffee"]


def test_reaching_seven_opens_the_bohei_window_and_calling_lets_you_win():
    state = game(hands=[SIX, ["plant"], ["robin"]], top=["underdog"])
    state, keys = act(state, 0, DrawChoice(take=True))
    assert "bohei.bohei_window" in keys
    assert asked(state)["bohei"].seats == (0,) and asked(state)["bohei"].deadline
    state, keys = act(state, 0, CallBohei())
    assert keys == ["bohei.called"]
    state, _ = act(state, 0, PlayCard(card=None))
    state, _ = act(state, 1, DrawChoice(take=False))
    state, _ = act(state, 1, PlayCard(card=None))
    state, _ = act(state, 2, DrawChoice(take=False))
    state, keys = act(state, 2, PlayCard(card=None))
    assert "bohei.won" in keys and engine.outcome(state).ranking[0] == (0,)


def test_typing_bohei_in_the_chat_is_the_call():
    state = game(hands=[SIX, ["plant"], ["robin"]], top=["underdog"])
    state, _ = act(state, 0, DrawChoice(take=True))
    state, keys = act(state, 0, Chat(text="Bohei!!"))
    assert keys == ["bohei.called"]


def test_without_the_call_no_win_next_turn():
    state = game(hands=[SIX, ["plant"], ["robin"]], top=["underdog"])
    state, _ = act(state, 0, DrawChoice(take=True))
    bohei = asked(state)["bohei"]
    state, keys = act(state, 0, engine.timeout(state, bohei, 0))
    assert keys == ["bohei.missed"] and state.blocked == [0]
    state, _ = act(state, 0, PlayCard(card=None))
    state, _ = act(state, 1, DrawChoice(take=False))
    state, _ = act(state, 1, PlayCard(card=None))
    state, _ = act(state, 2, DrawChoice(take=False))
    state, keys = act(state, 2, PlayCard(card=None))
    assert "bohei.no_win_missed" in keys and engine.outcome(state) is None
    assert state.turn == 0 and state.blocked == []


def test_the_next_turn_waits_for_its_players_call():
    state = game(hands=[["left_draw"], ["tax", "gift", "diet", "dog", "blue"], ["robin"]])
    state, _ = act(state, 0, DrawChoice(take=False))
    state, _ = act(state, 0, PlayCard(card="left_draw"))
    state, _ = act(state, 1, React(choice="accept"))
    assert len(state.hands[1]) == 7 and state.phase == "end" and state.turn == 0
    state, keys = act(state, 1, CallBohei())
    assert "bohei.won" in keys


def test_missing_the_call_is_only_a_deadline():
    state = game(hands=[SIX, ["plant"], ["robin"]], top=["underdog"])
    with pytest.raises(RuleError):
        engine.apply(state, 0, MissBohei())


def test_the_draw_pile_is_reshuffled_when_empty():
    state = game(hands=[["tax"], ["diet"], ["blue"]])
    state.discard, state.draw = state.draw, []
    state, keys = act(state, 0, DrawChoice(take=True))
    assert "bohei.reshuffled" in keys and len(state.hands[0]) == 2
    assert state.discard == [] and len(state.draw) == 60 - 4


def test_closing_time_ends_the_game_closest_to_seven_first():
    state = game(hands=[["tax"], ["diet", "dog", "blue"], ["robin"]], closing=5)
    state.turns = 15
    state, _ = act(state, 0, DrawChoice(take=False))
    state, keys = act(state, 0, PlayCard(card=None))
    assert "bohei.closing_time" in keys
    assert engine.outcome(state).ranking == ((1,), (0, 2))


def test_go_a_false_start_is_out_and_go_comes_at_the_ready_deadline():
    state, _ = _played([["go_all", "tax"], ["diet"], ["blue"]], "go_all")
    ready = asked(state)["ch"]
    assert ready.key == "bohei.prompt.ready"
    assert 3 <= ready.deadline <= 8 and ready.timeout_key == "bohei.timeout.ready"
    state, keys = act(state, 1, Press())
    assert keys == ["bohei.false_start"] and state.challenge.seats == [0, 2]
    state, _ = act(state, 0, engine.timeout(state, ready, 0))
    assert asked(state)["ch"].key == "bohei.prompt.go"
    state, keys = act(state, 2, Press())
    assert keys[:2] == ["bohei.pressed_first", "bohei.challenge_won"] and state.reward == 2


def test_go_comes_only_from_the_deadline_and_a_judgement_only_from_the_judge():
    state, _ = _played([["go_all", "tax"], ["diet"], ["blue"]], "go_all")
    with pytest.raises(RuleError):
        engine.apply(state, 1, Judge(winner=None))
    state.challenge.stage = "go"
    with pytest.raises(RuleError):
        engine.apply(state, 1, GoSignal())


def test_guess_closest_wins_and_guesses_are_secret_until_all_are_in():
    state, _ = _played([["guess_duel", "tax"], ["diet"], ["blue"]], "guess_duel")
    state, _ = act(state, 0, ChooseSeat(seat=1))
    target = state.challenge.target
    state, _ = act(state, 0, Guess(number=target))
    assert engine.secrets(state)[0]["guess"] == target
    assert str(target) not in SPEC.public_view(state).model_dump_json().split("hand_sizes")[0]
    far = 1 if target > 10 else 20
    state, keys = act(state, 1, Guess(number=far))
    assert "bohei.guesses" in keys and state.reward == 0


def test_a_judged_duel_tie_is_replayed_then_decided():
    state, _ = _played(
        [["compliment", "tax"], ["diet"], ["blue"], ["dog"]], "compliment", players=4
    )
    state, _ = act(state, 0, ChooseSeat(seat=1))
    assert asked(state)["ch"].key == "bohei.prompt.third"
    state, keys = act(state, 0, ChooseSeat(seat=3))
    assert state.challenge.involved == [0, 1, 3]
    judge = asked(state)["ch"]
    assert judge.seats == (3,)
    state, keys = act(state, 3, Judge(winner=None))
    assert "bohei.judged_tie" in keys and state.challenge.round == 2
    state, keys = act(state, 3, Judge(winner=1))
    assert state.reward == 1


def test_a_judged_duel_with_three_players_names_the_third_itself():
    state, _ = _played([["pun", "tax"], ["diet"], ["blue"]], "pun")
    state, keys = act(state, 0, ChooseSeat(seat=2))
    assert "bohei.judge" in keys and state.challenge.third == 1


def test_silent_in_a_challenge_is_out():
    state, _ = _played([["dice_all", "tax"], ["diet"], ["blue"]], "dice_all")
    roll = asked(state)["ch"]
    state, _ = act(state, 0, Roll())
    state, keys = act(state, 1, engine.timeout(state, roll, 1))
    assert keys[0] == "bohei.silent_out" and state.challenge.seats == [0, 2]


def test_the_checks_option_leaves_the_other_rules_to_the_group():
    with pytest.raises(ValidationError):
        Options(checks="weather")
    state = game(hands=[["no_e", "tax"], ["diet"], ["blue"]], checks="lower")
    state, _ = act(state, 0, DrawChoice(take=False))
    state, keys = act(state, 0, ChooseRule(card="no_e"))
    assert "bohei.rule_active_watched" in keys
    assert not any(p.id == "chat" for p in engine.prompts(state))  # nothing the bot reads
    assert any(p.id == "foul" for p in engine.prompts(state))


def test_everyone_silent_in_a_challenge_ends_it_without_a_winner():
    """All still in are silent at one deadline: nobody is left, nobody wins."""
    state, _ = _played([["dice_all", "tax"], ["diet"], ["blue"]], "dice_all")
    roll = asked(state)["ch"]
    state, keys = act(state, 1, engine.timeout(state, roll, 1))
    assert keys[0] == "bohei.challenge_void" and state.challenge is None
    assert state.reward is None and state.turn == 1 and state.phase == "draw"


def test_still_holding_seven_after_the_blocked_turn_the_call_is_due_again():
    state = game(hands=[SIX, ["plant"], ["robin"]], top=["underdog"])
    state, _ = act(state, 0, DrawChoice(take=True))
    state, _ = act(state, 0, engine.timeout(state, asked(state)["bohei"], 0))
    assert SPEC.public_view(state).called == ()  # missed: no "BOHEI!" on the board
    for seat in (0, 1, 2):
        if seat:
            state, _ = act(state, seat, DrawChoice(take=False))
        state, keys = act(state, seat, PlayCard(card=None))
    assert keys[-2:] == ["bohei.no_win_missed", "bohei.bohei_window"]
    assert asked(state)["bohei"].seats == (0,) and SPEC.public_view(state).called == ()
    state, _ = act(state, 0, CallBohei())
    assert SPEC.public_view(state).called == (0,)


def test_nobody_owning_up_the_first_seat_starts():
    state = engine.setup(3, Options(), seed=1)
    (starter,) = [p for p in engine.prompts(state) if not p.standing]
    state, keys = act(state, 2, engine.timeout(state, starter, 2))
    assert state.turn == 0 and state.phase == "draw"
    assert keys == ["bohei.turn"]  # nobody is said to own up
    with pytest.raises(RuleError):  # the starter is known: nothing left to time out
        engine.apply(state, 1, engine.timeout(state, starter, 1))


def test_a_tie_at_closing_time_shares_the_win():
    state = game(hands=[["tax"], ["diet", "dog", "blue"], ["robin", "plant", "gift"]], closing=5)
    state.turns = 15
    state, _ = act(state, 0, DrawChoice(take=False))
    state, keys = act(state, 0, PlayCard(card=None))
    assert keys[-1] == "bohei.closing_time" and "bohei.turn" not in keys
    assert engine.outcome(state).ranking == ((1, 2), (0,))
    assert SPEC.public_view(state).winners == (1, 2)


def test_game_commands_nothing_asks_for_are_refused_with_the_reason():
    state = game(hands=[["tax"], ["diet"], ["blue"]])
    for action, key in (
        (Foul(text="#1"), "bohei.error.no_rules"),
        (Word(text="hallo"), "bohei.error.no_word_challenge"),
        (Guess(number=25), "bohei.error.no_guess_challenge"),
    ):
        with pytest.raises(RuleError) as refused:
            engine.apply(state, 1, action)
        assert refused.value.key == key


def test_a_player_out_of_a_race_leaves_its_prompt():
    state, _ = _played([["type_all", "tax"], ["diet"], ["blue"]], "type_all")
    before = asked(state)["ch"]
    for _ in range(3):
        state, keys = act(state, 1, Word(text="falsch"))
    assert keys == ["bohei.out_of_tries"]
    after = asked(state)["ch"]
    assert after.seats == (0, 2) and after.id != before.id  # asked anew, without seat 1


def silent(state, name):
    """The prompt `name` passes its deadline: its seat's timeout action applied."""
    prompt = asked(state)[name]
    assert prompt.deadline == state.options.turn  # the clock of a turn's decisions
    return act(state, prompt.seats[0], engine.timeout(state, prompt, prompt.seats[0]))


def test_a_silent_turn_draws_nothing_activates_a_rule_and_plays_nothing():
    state = game(hands=[["close_slot", "open_slot", "shout", "lower"], ["diet"], ["blue"]], turn=45)
    state, keys = silent(state, "turn")
    assert keys == ["bohei.no_draw"] and state.phase == "rule"
    state, keys = silent(state, "turn")  # mandatory: an ordinary rule, the first held
    assert state.slots[0].rule == "shout" and state.phase == "play"
    state, keys = silent(state, "turn")
    assert keys[0] == "bohei.played_nothing" and state.turn == 1
    # a card that needs a slot chosen: the first slot offered
    state = game(hands=[["close_slot", "tax"], ["lower"], ["no_e"]])
    state, _ = silent(state, "turn")
    state, _ = silent(state, "turn")
    assert state.phase == "slot"
    state, keys = silent(state, "turn")
    assert state.slots[0].closed_by == "close_slot" and state.phase == "play"


def test_a_silent_player_names_no_target_and_no_opponent_and_takes_no_reward():
    state, _ = _played([["gift", "tax"], ["diet"], ["blue"]], "gift")
    state, keys = silent(state, "turn")
    assert keys[0] == "bohei.no_target" and [len(h) for h in state.hands] == [1, 1, 1]
    assert state.turn == 1  # the card is spent, the turn passes on
    state, _ = _played([["rps", "tax"], ["diet"], ["blue"]], "rps")
    state, keys = silent(state, "ch")
    assert keys[:2] == ["bohei.no_opponent", "bohei.challenge_void"] and state.turn == 1
    state, _ = _played([["dice_duel", "tax"], ["diet"], ["blue"]], "dice_duel")
    state, _ = act(state, 0, ChooseSeat(seat=1))
    state, _ = act(state, 0, Roll())
    while state.phase == "challenge":
        state, _ = act(state, 1, Roll())
        if state.phase == "challenge":
            state, _ = act(state, 0, Roll())
    state, keys = silent(state, "turn")
    assert keys[0] == "bohei.reward_nothing" and state.reward is None


def test_a_silent_challenger_gets_the_next_free_seat_clockwise_as_judge():
    state, _ = _played([["pun", "tax"], ["diet"], ["blue"], ["dog"], ["plant"]], "pun", players=5)
    state, _ = act(state, 0, ChooseSeat(seat=2))
    assert asked(state)["ch"].deadline == state.options.turn
    state, keys = silent(state, "ch")
    assert state.challenge.third == 1 and "bohei.judge" in keys  # 1 is free, after 0


def test_every_prompt_but_the_standing_ones_has_a_deadline():
    """A player who walks away cannot stall the table: whatever the game waits for
    ends at a deadline (random play through every phase, seed by seed)."""
    import random

    for seed in range(30):
        state, rng = engine.setup(4, Options(), seed), random.Random(seed)
        for _ in range(150):
            open_ = [p for p in engine.prompts(state) if not p.standing]
            if not open_:
                break
            assert all(p.deadline for p in open_), [p.id for p in open_ if not p.deadline]
            p = rng.choice(open_)
            seat = rng.choice(p.seats)
            action = (
                engine.timeout(state, p, seat)
                if rng.random() < 0.3 or not p.options
                else rng.choice(p.options).action
            )
            try:
                state, _ = act(state, seat, action)
            except RuleError:
                state, _ = act(state, seat, engine.timeout(state, p, seat))
