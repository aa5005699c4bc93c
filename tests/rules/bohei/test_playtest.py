"""Bohei as a play-tester met it: whole console scripts (the playground's `--script`
with a seed) and what the group is shown. Each test is one defect they found; the
readings behind them are in rules/bohei/NOTES.md."""

from adapters.console.__main__ import run_script

JOIN = ["anna: /new bohei", "bert: /join", "cora: /join", "anna: /start"]
WATCHED = "anna: /new bohei checks=none"  # every rule watched by the group: /foul for all


async def play(lines: list[str], seed: int, lang: str = "en") -> list[str]:
    """What the console prints for `lines`, as `--script FILE --seed N` prints it."""
    out: list[str] = []
    await run_script(lines, seed=seed, lang=lang, write=out.append)
    return [line.split("] ", 1)[-1] for line in out]


def passing(*who: str) -> list[str]:
    """Turns in which each of `who`, in order, draws nothing and plays nothing."""
    return [line for w in who for line in (f"{w}: [No, thanks]", f"{w}> [Nothing]")]


async def test_everyone_silent_in_a_challenge_nobody_wins():
    out = await play(
        [*JOIN, "bert: [That's me 🙋]", "bert: [No, thanks]", "bert> [Dice Round]", "@wait 31"],
        seed=3,
    )
    assert "Too slow: bert, cora, anna out." in out
    assert "The challenge ends without a winner." in out
    assert not any("wins the challenge" in line or "reward" in line for line in out)
    assert "▶ cora's turn." in out  # the turn passes on


# bert reaches 7 cards in his turn and misses the call (seed 5, from the play-tester)
MISSED = [
    *JOIN,
    "bert: [That's me 🙋]",
    "bert: [Draw 🃏]",
    "bert> [Telegram Style]",
    "bert> [Nothing]",
    "cora: [No, thanks]",
    "cora> [Extension]",
    "cora> [Nothing]",
    "anna: [No, thanks]",
    "anna> [Modesty]",
    "anna> [Nothing]",
    *(
        line
        for _ in range(3)
        for line in ("bert: [Draw 🃏]", "bert> [Nothing]", *passing("cora", "anna"))
    ),
    "bert: [Draw 🃏]",
    "@wait 25",
    "bert> [Nothing]",
    *passing("cora", "anna"),
    *passing("bert", "cora", "anna"),
]


async def test_after_the_blocked_turn_seven_cards_must_be_called_again():
    out = await play(MISSED, seed=5)
    assert "bert forgot to call Bohei — no win next turn." in out
    blocked = out.index("bert starts with 7 cards but did not call Bohei: no win this time.")
    assert out[blocked + 1 : blocked + 3] == ["bert holds 7 cards!", "bert: quick — call it!"]
    # bert never called: the board never marks him so
    assert not any("bert" in line and line.endswith("BOHEI!") for line in out)
    assert not any("wins Bohei" in line for line in out)
    out = await play([*MISSED, "bert: [BOHEI! 📣]"], seed=5)
    assert out[out.index("📣 bert: BOHEI!") :][1:3] == [
        "▶ bert's turn.",
        "🎉 bert starts the turn with 7 cards and wins Bohei!",
    ]


async def test_nobody_owning_up_starts_the_first_seat_without_naming_anyone():
    out = await play([*JOIN, "@wait 60"], seed=2)
    said = out.index("Nobody owns up — so the first seat starts.")
    assert out[said + 1] == "▶ anna's turn."
    assert not any("owns up to being" in line for line in out)
    out = await play([*JOIN, "@wait 60"], seed=2, lang="de")
    said = out.index("Niemand gibt es zu – also beginnt der erste Platz.")
    assert out[said + 1] == "▶ anna ist dran."


async def test_guesses_and_the_dice_that_settle_them_name_the_players():
    guess = ["anna> 5", "bert> 5", "cora> 5"]
    out = await play(
        [
            "anna: /new bohei ties=3",  # the table's own bound on replays
            *JOIN[1:],
            "anna: [That's me 🙋]",
            "anna: [No, thanks]",
            "anna> [Extension]",
            "anna> [Number Oracle]",
            *guess * 3,
        ],
        seed=3,
    )
    assert "The number was 4. Guesses of anna, bert, cora: 5, 5, 5." in out
    assert (
        "3 rounds and no winner, as the table chose (ties=3): dice decide."
        " anna, bert, cora roll 1, 3, 1."
    ) in out


# closing=5, nobody plays anything; bert and cora end closest to 7 (seed 10)
TIED_AT_CLOSING = [
    "anna: /new bohei closing=5",
    "bert: /join",
    "cora: /join",
    "anna: /start",
    "@wait 60",
    "anna: [No, thanks]",
    "anna> [Number Allergy]",
    "anna> [Nothing]",
    *passing("bert", "cora"),
    *passing("anna", "bert", "cora") * 4,
]


async def test_a_tie_at_closing_time_gives_every_winner_the_trophy_and_no_last_turn():
    out = await play(TIED_AT_CLOSING, seed=10)
    closing = out.index("🔔 Closing time! Closest to 7 cards: bert, cora.")
    assert out[closing - 1] == "cora plays nothing."  # no "▶ anna's turn." before it
    assert out[closing + 1 : closing + 4] == ["Bohei is over.", "1. bert, cora", "3. anna"]
    board = out[out.index("Bohei – the board", closing) :]
    assert [line.split()[-1] for line in board if "🃏" in line] == ["2", "🏆", "🏆"]


async def test_game_commands_with_nothing_to_answer_say_why():
    start = [*JOIN, "cora: [That's me 🙋]"]
    for who in ("cora", "bert"):  # asked for a button now, or not asked at all
        lines = [f"{who}: /foul @anna", f"{who}: /word hallo", f"{who}: /guess 25"]
        out = await play([*start, *lines], seed=3)
        assert out[-3:] == [
            "No rule is active.",
            "No challenge is running that asks for a word.",
            "No guessing challenge is running.",
        ]
    start = [*JOIN, "cora: [Ich bin's 🙋]", "bert: /foul @anna", "bert: /word hallo"]
    assert (await play(start, seed=3, lang="de"))[-2:] == [
        "Keine Regel ist aktiv.",
        "Gerade läuft keine Challenge, die ein Wort verlangt.",
    ]


# bert's Stadium Announcer is active, bert's Mirror Writing is played; anna breaks the
# rule after it (seed 1)
MIRROR = [
    *JOIN,
    "bert: [That's me 🙋]",
    "bert: [Draw 🃏]",
    "bert> [Stadium Announcer]",
    "bert> [Mirror Writing]",
    "anna: hello",
    "cora: olleh",
    "anna: nope",
    "anna: again",
    "cora: noino",
]


async def test_text_english_quotes_one_name_agrees_and_the_board_separates_the_players():
    out = await play([*MIRROR, "anna: hello after", "@wait 21"], seed=1)
    assert "Slot 1: “Stadium Announcer” is active — the bot checks it on every message." in out
    assert "🚨 anna broke “Stadium Announcer”: discard 1." in out
    assert not any("„" in line for line in out)  # German quotation marks stay German
    assert "Challenge: Mirror Writing — bert, cora, anna" in out
    assert "anna takes it." in out


def test_the_verb_agrees_with_the_names_in_both_languages():
    from bot.table.outbox import Outbox

    for lang, one, two, board in (
        ("en", "anna takes it.", "anna, bert take it.", "Challenge: X — anna"),
        ("de", "anna nimmt es hin.", "anna, bert nehmen es hin.", "Challenge: X – anna"),
    ):
        text = Outbox(lang=lang, game="bohei", names=["anna", "bert", "cora"]).text
        assert text("bohei.timeout.react", seats=[0]) == one
        assert text("bohei.timeout.react", seats=[0, 1]) == two
        assert text("bohei.board.challenge_players", card="X", players="anna") == board


async def test_a_player_out_of_the_typing_race_is_no_longer_asked():
    out = await play(MIRROR, seed=1)
    out_of_tries = out.index("anna is out of tries.")
    assert out[out_of_tries + 1 : out_of_tries + 3] == [
        "bert, cora: type it (or /word …)!",
        "⏳ Waiting for bert, cora · 30 s left",
    ]
    assert not any(line.startswith("✓ anna") for line in out)
    assert "Challenge: Mirror Writing — bert, cora" in out


async def test_a_player_who_walks_away_does_not_stall_the_table():
    """Every decision of a turn has a clock (the `turn` option, 60 s): a reminder at
    three quarters, then the default (NOTES.md, "silent turns")."""
    away = [*JOIN, "anna: [That's me 🙋]", *["@wait 60"] * 4]
    out = await play(away, seed=2)
    assert out.count("anna: the table is waiting for you – 15 s left.") == 4
    assert out.count("⏰ The table is waiting for your answer – 15 s left.") == 4
    assert "Time is up for anna: the default choice, “No, thanks”." in out  # no card drawn
    # the rule card is mandatory: it goes down; its slot is the first one offered
    assert "Time is up for anna: the default choice, “1: empty”." in out
    assert "Slot 1 is closed for good." in out
    ran_out = out.index("⏱ Time ran out.")  # nothing played: the turn passes on
    assert out[ran_out + 1 : ran_out + 4] == [
        "Time is up for anna; the rules decide for them, as follows.",
        "anna plays nothing.",
        "▶ bert's turn.",
    ]
    out = await play([*JOIN, "anna: [Ich bin's 🙋]", *["@wait 60"] * 4], seed=2, lang="de")
    assert "Die Zeit ist um für anna: es gilt die Vorgabe „Nein, danke“." in out
    ran_out = out.index("⏱ Die Zeit ist abgelaufen.")
    assert out[ran_out + 2 : ran_out + 4] == ["anna spielt nichts.", "▶ bert ist dran."]


async def test_a_private_guess_with_no_challenge_says_none_runs():
    """`/guess` stands open all the time for the game's reason; sent privately it was
    told to go to the group, where it would only be refused again."""
    out = await play([*JOIN, "anna: [That's me 🙋]", "anna> /guess 5", "anna> /guess"], seed=2)
    assert out[-2:] == ["No guessing challenge is running.", "No guessing challenge is running."]
    out = await play([*JOIN, "anna: [Ich bin's 🙋]", "anna> /guess 5"], seed=2, lang="de")
    assert out[-1] == "Gerade läuft keine Rate-Challenge."
    # a report the game would take is still sent to the group, where it is said (the
    # group watches Telegram Style here: a rule the bot checks is not reported at all)
    out = await play([WATCHED, *MISSED[1:7], "anna> /foul @bert"], seed=5)
    assert out[-1] == "Answer that in the group, not privately."


async def test_a_step_ended_by_a_report_does_not_read_as_everyone_answered():
    """cora is asked to draw; her /foul opens a vote, a new step: the old status said
    "✓ Everyone has answered." though cora had not (nor had a player still asked to
    draw when a typed "Bohei" ended the step)."""
    lines = [
        WATCHED,
        *MISSED[1:6],
        "bert> [Telegram Style]",
        "bert> [Nothing]",
        "cora: this is a very long message indeed friends",
        "anna: cora you broke it",
        "cora: /foul @anna",
    ]
    out = await play(lines, seed=5)
    report = out.index("cora reports anna for breaking a rule (Telegram Style). Quick vote!")
    assert out[report - 1] == "↓ Asked again below."
    assert "✓ Everyone has answered." not in out[report - 3 : report]


async def test_the_script_writer_presses_cards_by_their_names():
    """tests/fixtures/bohei_script.py wrote "[{card}]" for every card button (its outbox
    knew no game to name the card in), pressed nothing, and never reached an end."""
    from rules.bohei.model import PlayCard
    from rules.bohei.prompts import card_option
    from tests.fixtures.bohei_script import Writer

    writer = Writer(["anna", "bert", "cora"], seed=1, lang="de", options="")
    assert writer.label(card_option("diet", PlayCard(card="diet"))) == "Diät"


# Wealth Tax makes cora and dora discard 2 each (seed 1, from the play-tester)
WEALTH_TAX = [
    *JOIN[:3],
    "dora: /join",
    "emil: /join",
    "anna: /start",
    "cora: [That's me 🙋]",
    "cora: [Draw 🃏]",
    "cora> [The Void]",
    "cora> [Quick Draw]",
    "cora: [bert]",
    "@wait 5",
    "cora: [Press! 🔴]",
    "cora: [Draw 2]",
    "emil: this is close",
    "emil: [Take it]",
    "emil> [Starting Gun]",
    "dora: [Draw 🃏]",
    "dora> [Court Etiquette]",
    "dora> [Supplies]",
    "dora: [Take it]",  # her own card's draw: a window for her too (Gegenteiltag, Nö)
    "emil: [Draw 🃏]",
    "emil> [Stadium Announcer]",
    "emil: [1: The Void]",
    "emil> [Nothing]",
    "anna: [Draw 🃏]",
    "anna> [No Questions]",
    "anna: [2: Court Etiquette]",
    "anna> [Wealth Tax]",
    "cora: [Take it]",
    "dora: [Take it]",
]


async def test_a_waiting_discarder_is_not_asked_the_same_question_again():
    """Each of cora's discards changed the step, and dora got her unchanged question
    ("Choose a card to discard (2 to go).") again each time: three times in all. She
    gets it once; its buttons still answer; a question that changed is asked anew."""
    out: list[str] = []
    lines = [*WEALTH_TAX, "cora> [Dice Duel]", "cora> [Extension]", "dora> [Enthusiasm!]"]
    await run_script([*lines, "dora> [Nope]"], seed=1, lang="en", write=out.append)
    asked = out[
        out.index("[group] anna plays ⚡ Wealth Tax: Whoever has the most cards discards 2.") :
    ]
    assert asked.count("[dm:dora] Choose a card to discard (2 to go).") == 1
    assert asked.count("[dm:cora] Choose a card to discard (1 to go).") == 1
    assert asked.count("[dm:dora] Choose a card to discard (1 to go).") == 1
    # dora's two presses, on the buttons of the first question, both count
    assert [line for line in asked if "dora discards" in line] == [
        "[group:edit] dora discards a card.",
        "[group] dora discards a card.",
    ]
    assert "▶ bert's turn." in "\n".join(asked)


async def test_a_guess_with_no_number_and_no_challenge_says_none_runs():
    """`/guess` alone in the group was told how to write a guess ("Write /guess
    <1–20>."), though no guessing challenge runs to take one."""
    out = await play([*JOIN, "anna: [That's me 🙋]", "anna: /guess", "anna: /guess abc"], seed=2)
    assert out[-2:] == ["No guessing challenge is running.", "No guessing challenge is running."]
    out = await play([*JOIN, "anna: [Ich bin's 🙋]", "anna: /guess"], seed=2, lang="de")
    assert out[-1] == "Gerade läuft keine Rate-Challenge."
    # a report with nobody named is still told how to write one
    out = await play([*JOIN, "anna: [That's me 🙋]", "anna: /foul"], seed=2)
    assert out[-1] == "Write /foul @player."


async def test_bohei_as_a_command_is_the_call():
    """`/bohei` was "Unknown command /bohei." A player who knows the rule book types it;
    it calls as the button and the typed word do (NOTES.md, "the Bohei call")."""
    out = await play([*MISSED, "bert: /bohei"], seed=5)
    assert out[out.index("📣 bert: BOHEI!") :][1:3] == [
        "▶ bert's turn.",
        "🎉 bert starts the turn with 7 cards and wins Bohei!",
    ]
    out = await play([*JOIN, "anna: [That's me 🙋]", "anna: /bohei"], seed=2)
    assert out[-1] == "Nothing to call: you do not hold 7 cards just now."
    out = await play([*JOIN, "anna: [Ich bin's 🙋]", "anna: /bohei"], seed=2, lang="de")
    assert out[-1] == "Nichts zu rufen: du hältst gerade nicht 7 Karten."


async def test_a_rule_the_bot_checks_is_not_reported():
    """/foul was taken for Telegram Style, which the bot checks on every message: the
    vote could punish bert, who broke nothing (NOTES.md, "Violations")."""
    out = await play([*MISSED[:7], "bert> [Nothing]", "anna: /foul @bert"], seed=5)
    assert out[-1] == "The bot checks Telegram Style itself, on every message: nothing to report."
    assert not any("Quick vote" in line for line in out)
    lines = [*MISSED[:4], "bert: [Ich bin's 🙋]", "bert: [Ziehen 🃏]", "bert> [Telegrammstil]"]
    out = await play([*lines, "anna: /foul @bert"], seed=5, lang="de")
    assert out[-1] == "Der Bot prüft Telegrammstil selbst, bei jeder Nachricht: nichts zu melden."


async def test_a_guess_while_asked_who_starts_says_none_runs():
    """A private `/guess 5` during "who starts?" was answered "Answer with one of the
    buttons above, please.": the commands open all the time are open then too."""
    out = await play([*JOIN, "anna> /guess 5", "anna: /foul @bert"], seed=2)
    assert out[-2:] == ["No guessing challenge is running.", "No rule is active."]
    out = await play([*JOIN, "anna> /guess 5"], seed=2, lang="de")
    assert out[-1] == "Gerade läuft keine Rate-Challenge."
