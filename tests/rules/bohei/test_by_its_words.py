"""Bohei by the rule book's words (issue 41): each test quotes the line it holds the game
to (../shared/seeds/bohei_003), and the readings are in rules/bohei/NOTES.md."""

import pytest

from adapters.console.__main__ import run_script
from rules.bohei import SPEC, engine
from rules.bohei.model import (
    CastVote,
    Chat,
    ChooseSeat,
    DrawChoice,
    Foul,
    Judge,
    Options,
    PlayCard,
    React,
    Reward,
    Roll,
    Sign,
)
from rules.core.errors import RuleError
from tests.rules.bohei.test_rules import act, asked, game

JOIN = ["anna: /new bohei", "bert: /join", "cora: /join", "anna: /start"]


async def play(lines: list[str], seed: int, lang: str = "en") -> list[str]:
    out: list[str] = []
    await run_script(lines, seed=seed, lang=lang, write=out.append)
    return out


def _played(hands, card, **options):
    state = game(hands=hands, **options)
    state, _ = act(state, 0, DrawChoice(take=False))
    return act(state, 0, PlayCard(card=card))


# ----- 1. Gegenteiltag and Nö against one's own card ----------------------------------


def test_opposite_day_turns_your_own_action_card_around():
    """„Gegenteiltag-Karten können jederzeit gespielt werden und drehen für die
    entsprechende Person den Effekt einer gespielten Aktionskarte um.“ anna plays her own
    "You discard 1 card" and turns it into a draw."""
    state, _ = _played([["discard1", "opposite#1", "tax"], ["diet"], ["blue"]], "discard1")
    window = asked(state)["react"]
    assert window.seats == (0,)
    assert [o.action.choice for o in window.options] == ["noe", "reverse", "accept"]
    state, keys = act(state, 0, React(choice="reverse"))
    assert "bohei.reacted" in keys and not state.owed
    assert len(state.hands[0]) == 2  # "tax" and the card drawn; the Gegenteiltag spent
    assert state.turn == 1


def test_noe_spares_you_the_discard_of_your_own_card():
    """„Nö-Karten können jederzeit gespielt werden und verhindern, dass man Karten
    aufnehmen oder ablegen muss“ — by another person's card or one's own: anna's "Clean
    Sweep" asks her too, and her Nö keeps her cards."""
    state, _ = _played([["all_discard", "noe#1", "tax"], ["diet"], ["blue"]], "all_discard")
    assert asked(state)["react"].seats == (0, 1, 2)
    state, _ = act(state, 0, React(choice="noe"))
    state, _ = act(state, 1, React(choice="accept"))
    state, _ = act(state, 2, React(choice="accept"))
    assert state.hands[0] == ["tax"] and 0 not in state.owed  # only the Nö is gone
    assert state.owed == {1: 1, 2: 1}


# ----- 2. a challenge is replayed until one wins --------------------------------------


def test_a_challenge_is_replayed_until_there_is_one_winner():
    """„Eine Challenge wird immer so lange erneut gespielt, bis es einen eindeutigen
    Gewinner oder eine eindeutige Gewinnerin gibt.“ Six tied rounds of rock-paper-scissors
    and no dice: the seventh decides."""
    state, _ = _played([["rps", "tax", "gift"], ["diet"], ["blue"]], "rps")
    state, _ = act(state, 0, ChooseSeat(seat=1))
    for round_ in range(1, 7):
        assert state.challenge.round == round_
        state, _ = act(state, 0, Sign(sign=1))
        state, keys = act(state, 1, Sign(sign=1))
        assert "bohei.tie" in keys and "bohei.dice_off" not in keys
    state, _ = act(state, 0, Sign(sign=2))  # scissors cut paper
    state, keys = act(state, 1, Sign(sign=1))
    assert "bohei.challenge_won" in keys and state.reward == 0
    assert Options().ties == 0


async def test_the_dice_settle_ties_only_where_the_table_chose_a_bound():
    """`ties=2`: a table's own bound (NOTES.md), said as such in both languages."""
    lines = [
        "anna: /new bohei ties=2",
        *JOIN[1:],
        "anna: [That's me 🙋]",
        "anna: [No, thanks]",
        "anna> [Extension]",
        "anna> [Number Oracle]",
        *["anna> 5", "bert> 5", "cora> 5"] * 2,
    ]
    out = await play(lines, seed=3)
    assert any(
        "] 2 rounds and no winner, as the table chose (ties=2): dice decide." in line
        for line in out
    )
    german = {
        "That's me": "Ich bin's",
        "No, thanks": "Nein, danke",
        "Extension": "Anbau",
        "Number Oracle": "Zahlenorakel",
    }
    for en, word in german.items():
        lines = [line.replace(en, word) for line in lines]
    out = await play(lines, 3, "de")
    assert any(
        "2 Runden ohne Sieger, wie der Tisch es wählte (ties=2): Würfel entscheiden." in line
        for line in out
    )


# ----- 3. the only win: 7 cards at the start of one's turn ----------------------------


def test_without_closing_time_chosen_the_game_goes_on_past_thirty_rounds():
    """„Es gewinnt, wer zu Beginn des eigenen Zuges 7 Karten auf der Hand hält.“ —
    nothing else: after 30 rounds nobody closest to 7 is made the winner."""
    state = game(hands=[["tax"], ["diet", "dog", "blue"], ["robin"]])
    assert state.options.closing == 0
    state.turns = 30 * 3 + 5
    state, _ = act(state, 0, DrawChoice(take=False))
    state, keys = act(state, 0, PlayCard(card=None))
    assert "bohei.closing_time" not in keys and keys[-1] == "bohei.turn"
    assert engine.outcome(state) is None
    chosen = game(hands=[["tax"], ["diet", "dog", "blue"], ["robin"]], closing=30)
    chosen.turns = 30 * 3
    chosen, _ = act(chosen, 0, DrawChoice(take=False))
    chosen, keys = act(chosen, 0, PlayCard(card=None))
    assert keys[-1] == "bohei.closing_time"  # a table that chose it gets its closing time


async def test_rules_bohei_says_seven_cards_is_the_only_win():
    out = await play(["anna: /rules bohei"], seed=1)
    assert "starts their own turn with exactly 7 cards wins — the only way to win" in out[0]
    assert "a table may add closing time: closing=30" in out[0]
    out = await play(["anna: /rules bohei"], seed=1, lang="de")
    assert "mit genau 7 Karten beginnt, gewinnt – nur so gewinnt man" in out[0]


# ----- 4. your hand, privately, when it changes ---------------------------------------


async def test_the_dealt_cards_and_every_card_drawn_or_gone_reach_the_player_privately():
    """„verteilt 3 Karten verdeckt an jede:n Spieler:in“: each learns their three cards
    privately at once, then each card drawn and each card gone, with the count."""
    out = await play([*JOIN, "anna: [That's me 🙋]", "anna: [Draw 🃏]"], seed=1)
    assert "[dm:anna] 🃏 Your hand: Lucky Number, Keep Left, Great Word Chain." in out
    assert "[dm:bert] 🃏 Your hand: Mirror Writing, Stadium Announcer, Opposite Day." in out
    assert "[dm:cora] 🃏 Your hand: Reverse Gear, Short Stuff, Nope." in out
    drew = [line for line in out if line.startswith("[dm:anna] 🃏 You drew")]
    assert drew == ["[dm:anna] 🃏 You drew: Walkies. Your hand: 4 cards."]
    assert not any(line.startswith("[group]") and "Lucky Number" in line for line in out)
    out = await play(
        [*JOIN, "anna: [That's me 🙋]", "anna: [No, thanks]", "anna> [Keep Left]"], seed=1
    )
    assert "[dm:anna] 🃏 Gone from your hand: Keep Left. Your hand: 2 cards." in out
    out = await play([*JOIN, "anna: [Ich bin's 🙋]"], seed=1, lang="de")
    assert "[dm:anna] 🃏 Deine Hand: Glückszahl, Linksverkehr, Große Wortkette." in out


# ----- 5. refusals with the true reason -----------------------------------------------


def _refused(state, seat, action) -> str:
    with pytest.raises(RuleError) as e:
        engine.apply(state, seat, action)
    return e.value.key


def test_refusals_say_the_true_reason():
    """„Die ganze Gruppe wacht über die Einhaltung der Regelkarten“ — the others vote,
    not the accused nor the reporter; „Wer gewinnt, darf sich im Anschluss selbst
    belohnen“ — the winner, not the loser; a duel is „zwischen 2 Spieler:innen“."""
    state = game(players=4, hands=[["tax"], ["diet"], ["blue"], ["dog"]], checks="none")
    state.slots[0].rule = "weather"
    state.draw.remove("weather")
    state, _ = act(state, 1, Foul(text="#2"))
    assert _refused(state, 2, CastVote(yes=False)) == "bohei.error.vote_accused"
    assert _refused(state, 1, CastVote(yes=True)) == "bohei.error.vote_reporter"

    state, _ = _played([["dice_duel", "tax"], ["diet"], ["blue"]], "dice_duel")
    state, _ = act(state, 0, ChooseSeat(seat=1))
    assert _refused(state, 2, Roll()) == "bohei.error.not_in_challenge"
    state, _ = act(state, 0, Roll())
    while state.phase == "challenge":
        state, _ = act(state, asked(state)["ch"].seats[0], Roll())
    loser = 1 - state.reward
    assert _refused(state, loser, Reward(delta=2)) == "bohei.error.reward_winner_only"

    state, _ = _played([["others_draw", "tax"], ["diet", "noe#1"], ["blue"]], "others_draw")
    assert _refused(state, 0, React(choice="noe")) == "bohei.error.react_not_concerned"
    # a judge's choice is not a duellist's (the bot's own line, "not your turn", stays)
    assert SPEC.refusal(state, 0, Judge(winner=0)) is None


async def test_a_press_refused_says_the_games_reason_in_both_languages():
    """The bot said "It is not your turn: we are waiting for bert." to anna pressing Nö
    in her own turn, against her card that concerns only bert."""
    lines = [*JOIN, "anna: [That's me 🙋]", "anna: [No, thanks]", "anna> [Keep Left]"]
    out = await play([*lines, "anna: [Nope ✋]"], seed=1)
    assert out[-1] == (
        "[dm:anna] Nope and Opposite Day answer only a draw or discard of your own:"
        " this one is not yours."
    )
    german = {"That's me": "Ich bin's", "No, thanks": "Nein, danke", "Keep Left": "Linksverkehr"}
    de = lines
    for en, word in german.items():
        de = [line.replace(en, word) for line in de]
    out = await play([*de, "anna: [Nö ✋]"], seed=1, lang="de")
    assert out[-1] == (
        "[dm:anna] Nö und Gegenteiltag wehren nur eigenes Ziehen oder Abwerfen ab:"
        " Dieses betrifft dich nicht."
    )


# ----- 6. /roll and the game draw from separate streams -------------------------------


async def test_a_roll_before_start_does_not_change_the_deal():
    """„Mischt alle Karten gut durch“: the shuffle is the game's; a `/roll` in the chat
    before the game (same seed) deals the same cards."""
    plain = await play(JOIN, seed=6)
    rolled = await play(["anna: /roll 3d6", "bert: /roll d20", *JOIN], seed=6)
    assert rolled[:4] == ["[group] 🎲 anna rolls", rolled[1], "[group] 🎲 bert rolls", rolled[3]]
    assert rolled[4:] == plain
    assert any(line.startswith("[dm:anna] 🃏 Your hand:") for line in plain)


def test_a_chat_message_is_no_action_card_and_gets_no_opposite_day():
    """„drehen … den Effekt einer gespielten Aktionskarte um“: a penalty is no card played;
    its window offers Nö alone."""
    state = game(hands=[["tax"], ["diet", "opposite#1"], ["blue"]], checks="all")
    state.slots[0].rule = "lower"
    state.draw.remove("lower")
    state, _ = act(state, 1, Chat(text="Hallo"))
    assert [o.action.choice for o in asked(state)["react"].options] == ["noe", "accept"]
