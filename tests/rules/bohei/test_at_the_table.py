"""Bohei's points of issue 41 as the players see them, in English and German: whole
console games (each seed chosen for the cards it deals), each test quoting the rule book's
line it holds the game to (../shared/seeds/bohei_003). The engine's side of each point is
in test_by_its_words.py; this file pins the lines a table reads."""

import pytest

from adapters.console.__main__ import run_script

JOIN = ["anna: /new bohei", "bert: /join", "cora: /join", "anna: /start"]
# the console's labels a script presses, in German
GERMAN = {
    "That's me 🙋": "Ich bin's 🙋",
    "No, thanks": "Nein, danke",
    "Opposite Day 🔄": "Gegenteiltag 🔄",
    "Spring Cleaning": "Ausmisten",
    "Great Word Chain": "Große Wortkette",
    "Poetry Night": "Dichterlesung",
    "Foul! 🚨": "Foul! 🚨",
    "No foul": "Kein Foul",
    "Draw 2": "2 ziehen",
    "Dice Duel": "Würfelduell",
    "Roll 🎲": "Würfeln 🎲",
    "Rock Paper Scissors": "Schnick-Schnack-Schnuck",
    "Nope ✋": "Nö ✋",
}


def script(lines: list[str], lang: str) -> list[str]:
    if lang == "en":
        return lines
    out = []
    for line in lines:
        for en, de in GERMAN.items():
            line = line.replace(f"[{en}]", f"[{de}]")
        out.append(line)
    return out


async def play(lines: list[str], seed: int, lang: str) -> list[str]:
    out: list[str] = []
    await run_script(script(lines, lang), seed=seed, lang=lang, write=out.append)
    return out


# seed 24: anna holds Opposite Day, Spring Cleaning ("You discard 1 card."), Twins; bert
# Great Word Chain; cora Poetry Night, a rule the group watches
OWN_CARD = [
    *JOIN,
    "anna: [That's me 🙋]",
    "anna: [No, thanks]",
    "anna> [Spring Cleaning]",
    "anna: [Opposite Day 🔄]",
]


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        (
            "en",
            [
                "[group:edit] anna: anything to say to that? Nope, Opposite Day — or take it.",
                "[group] anna plays Opposite Day!",
                "[group] anna draws 1.",
                "[dm:anna] 🃏 You drew: Quick Fingers; gone from your hand: Opposite Day."
                " Your hand: 2 cards.",
            ],
        ),
        (
            "de",
            [
                "[group:edit] anna: Was dagegen? Nö, Gegenteiltag – oder hinnehmen.",
                "[group] anna spielt Gegenteiltag!",
                "[group] anna zieht 1.",
                "[dm:anna] 🃏 Gezogen: Schnellschreiber; weg von der Hand: Gegenteiltag."
                " Auf der Hand: 2 Karten.",
            ],
        ),
    ],
)
async def test_opposite_day_turns_your_own_discard_into_a_draw(lang, told):
    """„Gegenteiltag-Karten können jederzeit gespielt werden und drehen für die
    entsprechende Person den Effekt einer gespielten Aktionskarte um.“ anna's own "You
    discard 1 card" asks her, and her Opposite Day makes it a draw."""
    out = await play(OWN_CARD, 24, lang)
    for line in told:
        assert line in out
    assert out.index(told[0]) < out.index(told[1]) < out.index(told[2])


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        (
            "en",
            [
                "[group] anna plays Nope!",
                "[dm:anna] 🃏 Gone from your hand: Nope. Your hand: 1 card.",
            ],
        ),
        (
            "de",
            [
                "[group] anna spielt Nö!",
                "[dm:anna] 🃏 Weg von der Hand: Nö. Auf der Hand: 1 Karte.",
            ],
        ),
    ],
)
async def test_nope_spares_you_the_discard_your_own_card_asks(lang, told):
    """„Nö-Karten können jederzeit gespielt werden und verhindern, dass man Karten
    aufnehmen oder ablegen muss“: anna's own Spring Cleaning, and her Nope keeps her last
    other card (only the Nope goes)."""
    # seed 119: anna holds Generous, Nope, Spring Cleaning
    lines = [*JOIN, "anna: [That's me 🙋]", "anna: [No, thanks]", "anna> [Spring Cleaning]"]
    out = await play([*lines, "anna: [Nope ✋]"], 119, lang)
    for line in told:
        assert line in out
    discard = {"en": "Choose a card to discard", "de": "Wähle eine Karte"}[lang]
    assert not any(discard in line for line in out)  # nothing else goes


# seed 24 on: bert's word chain (cora and anna break it), bert wins; cora activates
# Poetry Night and anna reports bert
WORD_CHAIN = [
    *OWN_CARD,
    "bert: [No, thanks]",
    "bert> [Great Word Chain]",
    *["bert: Lampe", "cora: Elefant", "anna: Tisch", "bert: hallo", "cora: Apfel", "anna: Tisch"],
]
FOUL = [
    *WORD_CHAIN,
    "bert: [Draw 2]",
    "cora: [No, thanks]",
    "cora> [Poetry Night]",
    "anna: /foul @bert",
]
REASONS = {
    "en": {
        "reward": "[dm:anna] Only the challenge's winner chooses the reward.",
        "accused": "[dm:bert] You are the accused: the others vote on your foul.",
        "reporter": "[dm:anna] You reported it: your voice counts yes already; the others vote.",
        "duel": "[dm:cora] You are not in this challenge: only its players move.",
    },
    "de": {
        "reward": "[dm:anna] Nur wer die Challenge gewonnen hat, wählt die Belohnung.",
        "accused": "[dm:bert] Du bist beschuldigt: Über dein Foul stimmen die anderen ab.",
        "reporter": "[dm:anna] Du hast gemeldet: Deine Stimme zählt schon als Ja;"
        " die anderen stimmen ab.",
        "duel": "[dm:cora] Du bist nicht in dieser Challenge: Nur wer mitspielt, ist am Zug.",
    },
}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_loser_pressing_the_reward_is_told_only_the_winner_chooses(lang):
    """„Wer gewinnt, darf sich im Anschluss selbst belohnen“: anna, out of bert's word
    chain, presses his reward."""
    out = await play([*WORD_CHAIN, "anna: [Draw 2]"], 24, lang)
    assert out[-1] == REASONS[lang]["reward"]


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_accused_and_the_reporter_are_told_why_they_do_not_vote(lang):
    """„Die ganze Gruppe wacht über die Einhaltung der Regelkarten“: the others vote on
    anna's report of bert; bert and anna pressing get their own reasons, nothing counted."""
    out = await play([*FOUL, "bert: [No foul]", "anna: [Foul! 🚨]"], 24, lang)
    assert out[-2:] == [REASONS[lang]["accused"], REASONS[lang]["reporter"]]
    out = await play([*FOUL, "bert: [No foul]", "anna: [Foul! 🚨]", "cora: [No foul]"], 24, lang)
    # the refused presses counted nothing, the reporter's yes is counted: 1:1 is no foul
    free = {"en": "No foul (1:1): bert goes free.", "de": "Kein Foul (1:1): bert bleibt straffrei."}
    assert f"[group:edit] {free[lang]}" in out


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_rolling_in_a_duel_you_are_not_in_is_refused_with_the_reason(lang):
    """A duel is „zwischen 2 Spieler:innen“: cora pressing bert's and anna's die."""
    # seed 39: bert holds Dice Duel
    lines = [*JOIN, "bert: [That's me 🙋]", "bert: [No, thanks]", "bert> [Dice Duel]"]
    out = await play([*lines, "bert: [anna]", "cora: [Roll 🎲]"], 39, lang)
    assert out[-1] == REASONS[lang]["duel"]


@pytest.mark.parametrize(
    ("lang", "tie", "round_5", "won"),
    [
        ("en", "Tie between anna, bert: again!", "Round 5: anna, bert", "🏆 anna wins"),
        (
            "de",
            "Gleichstand zwischen anna, bert: nochmal!",
            "Runde 5: anna, bert",
            "🏆 anna gewinnt",
        ),
    ],
)
async def test_a_tied_challenge_is_played_again_until_one_wins(lang, tie, round_5, won):
    """„Eine Challenge wird immer so lange erneut gespielt, bis es einen eindeutigen
    Gewinner oder eine eindeutige Gewinnerin gibt.“ Four ties of rock-paper-scissors, no
    dice: the fifth round decides."""
    # seed 18: anna holds Rock Paper Scissors and no rule card
    lines = [*JOIN, "anna: [That's me 🙋]", "anna: [No, thanks]", "anna> [Rock Paper Scissors]"]
    lines += ["anna: [bert]", *["anna> [1]", "bert> [1]"] * 4, "anna> [2]", "bert> [1]"]
    out = await play(lines, 18, lang)
    assert sum(line.endswith(tie) for line in out) == 4
    assert any(round_5 in line for line in out)
    assert any(won in line for line in out)
    assert not any("ties=" in line for line in out)  # no dice, no bound said


async def test_a_roll_before_start_does_not_change_the_german_deal():
    """„Mischt alle Karten gut durch“: the shuffle is the game's own, in German too."""
    plain = await play(JOIN, 6, "de")
    rolled = await play(["anna: /roll 3d6", *JOIN], 6, "de")
    assert rolled[0] == "[group] 🎲 anna würfelt"
    assert rolled[2:] == plain
    assert any(line.startswith("[dm:anna] 🃏 Deine Hand:") for line in plain)


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        (
            "en",
            "[dm:anna] Nobody called “@zed” plays at this table: /foul @player names one who does.",
        ),
        (
            "de",
            "[dm:anna] Niemand namens „@zed“ spielt an diesem Tisch:"
            " /foul @Person nennt jemanden, der mitspielt.",
        ),
    ],
)
async def test_reporting_someone_not_at_the_table_says_so(lang, told):
    """`/foul @zed`, zed not playing, was told "Write /foul @player." as if it were
    written wrong; nothing is put to the vote."""
    out = await play([*FOUL[:-1], "anna: /foul @zed"], 24, lang)
    assert out[-1] == told
