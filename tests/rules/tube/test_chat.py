"""Gaa Under Gunnar through the router: the DNF clock runs 15 real minutes from a finish,
and the turns played meanwhile do not restart it (bot/table/play.py keeps a prompt's deadline
while the prompt stays open)."""

import pytest

from adapters.console.__main__ import run_script
from bot.table import keyboards, lobby, play
from bot.table.outbox import Outbox
from tests.fixtures.chat import Chat
from tests.fixtures.paths import TRANSCRIPTS

SCRIPT = TRANSCRIPTS / "tube_2p.txt"
# A play-tester's opening (seed 4): carl moves first, from King's Cross St. Pancras with 6.
OPENING = [
    "bert: /join",
    "carl: /join",
    "anna: /start",
    "bert: /go Embankment",
    "carl: /go King's Cross St. Pancras",
    "anna: /go Victoria",
]


async def played(lines: list[str], seed: int, lang: str = "en") -> list[str]:
    """What the console prints for `lines` with `--seed seed` (as a play-tester ran it)."""
    out: list[str] = []
    await run_script(lines, seed=seed, lang=lang, write=out.append)
    return out


@pytest.fixture
def chat(redis):
    return Chat.make(redis)


def _until_finished() -> list[str]:
    lines = [ln for ln in SCRIPT.read_text().splitlines() if ln and not ln.startswith("#")]
    return lines[: lines.index("alice: [Done drinking]") + 1]


async def test_the_dnf_clock_is_not_restarted_by_later_turns(chat):
    out = await chat.say(*_until_finished())
    assert "[group] alice has dropped the only inhibition (1 of 1) and finishes in place 1!" in out
    assert await chat.say("@wait 600") == []  # the reminder comes at 3/4: 675 s
    out = await chat.say("bob: /go westferry", "bob: [Done drinking]")
    assert any("300 s left" in line for line in out)  # the clock goes on, not anew
    out = await chat.say("@wait 299")
    # bob moved and drank: the clock runs on, and its reminder says it is the DNF clock
    assert "[group:edit] ⏰ bob: 75 s left on the DNF clock." in out
    assert not any("did not finish" in line or "waiting for you" in line for line in out)
    out = await chat.say("@wait 1")
    assert "[group] bob did not finish in time: DNF. Very shameful!" in out
    assert "[group] 1. alice" in out and "[group] DNF: bob" in out
    assert "[group] 2. bob" not in out


async def test_when_everybody_gives_up_nobody_wins(chat):
    # Whoever chooses first, one of each pair of start lines is refused (not prompted,
    # or the station taken): anna ends at Westminster or Temple, bert at the other.
    await chat.say(
        "anna: /new tube",
        "bert: /join",
        "anna: /start",
        "anna: /go Temple",
        "bert: /go Temple",
        "anna: /go Westminster",
        "bert: /go Westminster",
    )
    out = await chat.say("bert: /giveup", "anna: /giveup")
    assert "[group] Nobody finished: nobody wins. Very shameful!" in out
    assert not any(line.startswith("[group] 1.") for line in out)
    assert "[group] DNF: anna, bert" in out
    fame = await chat.say("anna: /fame")
    assert not any("won" in line for line in fame), fame


@pytest.mark.parametrize(
    ("limit", "lang", "told"),
    [
        ("0", "en", "[group] Leicester Square: this table plays without the roll there"),
        ("0", "de", "[group] Leicester Square: An diesem Tisch wird dort nicht gewürfelt"),
    ],
)
async def test_leicester_square_says_what_the_option_allows(limit, lang, told):
    new = f"anna: /new tube leicester_limit={limit}"
    out = await played([new, *OPENING, "carl: /go Leicester Square"], seed=4, lang=lang)
    assert any(line.startswith(told) for line in out), out[-12:]
    assert not any("twice" in line or "zweimal" in line for line in out)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_the_dnf_clock_of_two_minutes_ends_everyone_late_at_once(lang):
    new = "anna: /new tube dnf_minutes=2 inhibitions=1"
    out = await played([new, *OPENING, "carl: /go Walthamstow Central", "@wait 121"], 4, lang)
    finished, timed_out, clock, dnf = {
        "en": (
            "[group] carl has dropped the only inhibition (1 of 1) and finishes in place 1!",
            "[group] The DNF clock has run out for anna, bert.",
            "15 minutes",
            "[group] anna, bert did not finish in time: DNF. Very shameful!",
        ),
        "de": (
            "[group] carl ist die einzige Hemmung los (1 von 1) und wird Nummer 1!",
            "[group] Die DNF-Uhr ist abgelaufen für anna, bert.",
            "15 Minuten",
            "[group] Nicht rechtzeitig fertig geworden: anna, bert – DNF. Sehr peinlich!",
        ),
    }[lang]
    assert finished in out and not any("alle 1 " in line or "all 1 " in line for line in out)
    after = out[out.index(timed_out) :]
    assert not any(clock in line for line in out)
    # the two DNFs in one line, and no die rolled for a player whose time is up
    # carl has the place; anna and bert, who did not finish, are listed as DNF, unnumbered
    assert after[1] == dnf and after[3:5] == ["[group] 1. carl", "[group] DNF: anna, bert"]
    assert not any(line.startswith("[group] 2.") for line in out)


async def test_when_everybody_drinks_nobody_is_said_to_be_skipped():
    out = await played(["anna: /new tube", *OPENING, "carl: /go Leicester Square"], seed=4)
    assert "[group] Leicester Square! carl rolls 3: anna, bert, carl drink 3 sips each." in out
    assert not any("skipped" in line for line in out)
    assert (
        "[group] Everyone still playing is drinking: the die waits with carl and goes on"
        " round the table once someone presses Done."
    ) in out


async def test_done_owing_nothing_is_told_there_is_no_drinking_in_advance():
    # seed 5: bert chooses first and moves first
    start = ["anna: /new tube", "bert: /join", "anna: /start"]
    out = await played([*start, "bert: /go Temple", "anna: /go Westminster", "anna: /done"], 5)
    assert out[-1] == "[dm:anna] You owe no sips: no drinking in advance (a beer has no memory)."


async def test_snol_by_a_player_or_without_a_referee_says_who_calls_it():
    # seed 7: anna referees, bert moves first
    start = ["anna: /new tube referee=1", "bert: /join", "carl: /join", "anna: /start"]
    out = await played([*start, "bert: /go Temple", "carl: /go Aldgate", "carl: /snøl @bert"], 7)
    assert out[-1] == "[dm:carl] Only the referee calls snøl."
    start = ["anna: /new tube", "bert: /join", "anna: /start"]
    out = await played(
        [*start, "bert: /go Temple", "anna: /go Westminster", "anna: /snol @bert"], 5
    )
    assert out[-1] == (
        "[dm:anna] This table plays without a referee, so nobody calls snøl"
        " (/new tube referee=1 appoints one)."
    )


async def test_the_thames_gets_the_rule_books_answer_when_choosing_a_start_too():
    out = await played(["anna: /new tube", "bert: /join", "anna: /start", "bert: /go Thames"], 5)
    assert out[-1] == (
        "[dm:bert] The River Thames is a river, not a subway. Go stick your head in the toilet"
        " and flush."
    )


@pytest.mark.parametrize(
    ("lang", "anna", "bert"),
    [
        ("en", "⏰ anna: 30 s left on the DNF clock.", "⏰ bert: 30 s left on the DNF clock."),
        ("de", "⏰ anna: noch 30 s auf der DNF-Uhr.", "⏰ bert: noch 30 s auf der DNF-Uhr."),
    ],
)
async def test_the_dnf_clock_reminds_of_the_time_left_not_of_an_answer(lang, anna, bert):
    new = "anna: /new tube dnf_minutes=2 inhibitions=1"
    out = await played([new, *OPENING, "carl: /go Walthamstow Central", "@wait 100"], 4, lang)
    # bert is asked nothing but has the clock running; anna is asked to move, but
    # moving does not stop the clock: the 30 s are the DNF clock's for both
    assert f"[dm:bert] {bert}" in out and f"[dm:anna] {anna}" in out
    assert not any("waiting for" in line or "Tisch wartet" in line for line in out)


async def test_the_dnf_clock_reminds_a_drinker_of_the_clock_not_of_the_table():
    # tube_2p: bob owes 3 sips (Westferry) while the DNF clock runs; Done has no deadline
    out = await played([ln for ln in SCRIPT.read_text().splitlines() if ln[:1] != "#"], 1)
    assert "[group:edit] ⏰ bob: 225 s left on the DNF clock." in out
    assert "[dm:bob] ⏰ bob: 225 s left on the DNF clock." in out
    assert not any("the table is waiting for you" in line for line in out)


async def test_heathrows_terminals_are_heathrow_airport():
    # The rule book: "Heathrow Airport is one station only in the game - the four
    # terminals do not count as four different stations": TfL's names for them are its.
    lines = ["anna: /new tube", *OPENING]
    out = await played([*lines, "carl: /go Heathrow Terminal 5", "carl: /go Terminal 4"], 4)
    told = (
        "[dm:carl] Heathrow Airport cannot be reached with exactly 6 points under the"
        " direction rules (/where lists what can)."
    )
    assert out.count(told) == 2
    assert not any("No Underground station" in line for line in out)


async def test_a_bad_name_in_go_via_is_named_alone():
    # `/go <via> > <station>`: the refusal names the name that is no station, not the
    # whole line; a missing station after ">" gets the command's usage.
    lines = ["anna: /new tube", *OPENING, "carl: /go Euston > Narnia"]
    out = await played([*lines, "carl: /go Narnia > Euston", "carl: /go Euston >"], 4)
    assert out.count("[dm:carl] No Underground station is called “Narnia”.") == 2
    assert "[dm:carl] Write /go <station>, or /go <via> > <station>." in out
    assert not any("called “Euston" in line for line in out)


async def test_german_help_names_the_german_snol_words():
    # The referee's words the engine takes in German (zählen, aussetzen), as the German
    # prompt says them, not the English ones.
    out = await played(["anna: /new tube", "anna: /help"], 4, "de")
    assert "[group] /snøl – Schiedsrichter: /snøl @Spieler (zählen | aussetzen)" in out
    assert not any("count | suspend" in line for line in out)


async def test_a_national_rail_name_is_not_taken_for_a_dlr_name_it_begins():
    # "Deptford" is a National Rail station (a whole beer), not the DLR's Deptford
    # Bridge (3 sips): an exact name of data/other_names.json wins over a beginning.
    out = await played(["anna: /new tube", *OPENING, "carl: /go Deptford"], 4)
    assert (
        "[group] Deptford is British Rail: carl is stupid, drinks a whole beer (12 sips),"
        " loses the turn and stays put."
    ) in out


async def test_choosing_a_start_offers_only_stations_on_the_circle():
    # A name that means several stations offers those one may start at, no button that
    # "Start stations must be on the Circle line" would refuse; one such is taken at once.
    lines = ["alice: /new tube", "bob: /join", "alice: /start", "bob: /go square"]
    out = await played([*lines, "bob: /go Hammersmith", "alice: /go Harrow"], 1)
    assert "[dm:bob:buttons] [Euston Square] [Sloane Square]" in out
    assert "[group] bob starts at Hammersmith (Hammersmith & City and Circle)." in out
    assert "[dm:alice] Start stations must be on the Circle line." in out
    assert not any("Harrow-on-the-Hill]" in line for line in out)


async def test_a_name_of_several_stations_none_reachable_says_so():
    # "Say which" would not help when none of them can be reached: the player is told so.
    out = await played(["anna: /new tube", *OPENING, "carl: /go Hammersmith"], 4)
    assert (
        "[dm:carl] “Hammersmith” names several stations, none of them reachable with exactly"
        " 6 points (/where lists what can)."
    ) in out
    assert not any("say which" in line for line in out)


@pytest.mark.parametrize(
    ("lang", "rolls", "prompt"),
    [
        (
            "en",
            "[group:edit] carl rolls 6: 6 points.",
            "[group:edit] carl to move: 6 points from King's Cross St. Pancras. /go <station>,"
            " /where lists the reachable ones.",
        ),
        (
            "de",
            "[group:edit] carl würfelt 6: 6 Punkte.",
            "[group:edit] carl ist am Zug: 6 Punkte ab King's Cross St. Pancras. /go <Station>,"
            " /where zeigt die erreichbaren.",
        ),
    ],
)
async def test_the_roll_is_told_once(lang, rolls, prompt):
    # The roll's event tells the die; the move prompt under it asks for the move only
    out = await played(["anna: /new tube", *OPENING], 4, lang)
    assert out.count(rolls) == 1 and prompt in out
    assert not any("rolled 6:" in line or "6 gewürfelt:" in line for line in out)


@pytest.mark.parametrize(
    ("lang", "told"),
    [
        (
            "en",
            "You are still drinking (10 sips), so the die passes you by: drink up, then press"
            " Done (/done).",
        ),
        (
            "de",
            "Du trinkst noch (10 Schlucke), also geht der Würfel an dir vorbei: austrinken,"
            " dann Fertig getrunken drücken (/done).",
        ),
    ],
)
async def test_a_skipped_player_moving_is_told_they_are_skipped_for_drinking(lang, told):
    # tube_2p: alice owes 10 sips at Battersea Power Station and is skipped; her /go, or a
    # press of bob's buttons, is told why, not "it is not your turn"
    lines = [ln for ln in SCRIPT.read_text().splitlines() if ln and not ln.startswith("#")]
    lines = lines[: lines.index("alice: /go morden")]
    out = await played([*lines, "alice: /go morden", "alice: [Northern …]"], 1, lang)
    # (typed in the group, answered there; a press is answered to the presser alone)
    assert out[-2:] == [f"[group] {told}", f"[dm:alice] {told}"], out[-4:]


@pytest.mark.parametrize(
    ("lang", "listed", "refused"),
    [("en", "Reachable: ", "Answer that in the group"), ("de", "Erreichbar: ", "Beantworte das")],
)
async def test_where_typed_privately_is_answered_privately(lang, listed, refused):
    # /where's list goes to the mover alone: asked in a private chat, it is answered there
    lines = ["anna: /new tube", *OPENING]
    out = await played([*lines, "carl> /where", "carl: /where"], 4, lang)
    told = [line for line in out if listed in line]
    assert len(told) == 2 and all(line.startswith(f"[dm:carl] {listed}") for line in told)
    assert "Walthamstow Central" in told[0] and told[0] == told[1]
    assert not any(refused in line for line in out)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_line_menu_is_no_answer_and_has_rows_of_its_own(redis, lang):
    # The mover's keyboard: the reachable end stations, then, on rows of their own, a
    # menu per line; opening one (or going back) is no move, so the status shows no "✓"
    chat = Chat.make(redis, seed=4, lang=lang)
    await chat.say("anna: /new tube", *OPENING)
    table = await chat.table()
    assert table is not None
    spec = lobby.spec_of(table)
    state = play.state_of(spec, table)
    move = next(p for p in spec.prompts(state) if p.id.startswith("move"))
    rows = keyboards.prompt_keyboard(table, 0, move, Outbox(lang=lang), move.seats)
    labels = [[b.label for b in row] for row in rows]
    ends = ["Aldgate", "Edgware Road (Circle, District and Hammersmith & City)"]
    assert labels[0][:2] == ends and "Waterloo" in labels[1]
    menus = [row for row in labels if any(label.endswith(" …") for label in row)]
    assert menus and all(label.endswith(" …") for row in menus for label in row)
    assert labels.index(menus[0]) == 2  # after the two rows of end stations
    out = await chat.say("carl: [Northern …]")
    back = {"en": "[« back]", "de": "[« zurück]"}[lang]
    assert any(line.startswith("[group:buttons] [Archway]") and back in line for line in out)
    assert not any("✓ carl" in line for line in out), out
    out = await chat.say(f"carl: {back}")
    assert not any("✓ carl" in line for line in out), out
    assert any("[Northern …]" in line for line in out)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_station_typed_shows_its_buttons_label_also_behind_a_line_menu(redis, lang):
    # "✓ alice: kenningt" stood before "alice goes to Kennington": a typed station that
    # is a button only in a line's menu (Archway, under [Northern …]) shows as a press does
    chat = Chat.make(redis, seed=4, lang=lang)
    await chat.say("anna: /new tube", *OPENING)
    out = await chat.say("carl: /go archwy")
    assert "[group:edit] ✓ carl: Archway" in out, out
    assert not any("archwy" in line for line in out)


@pytest.mark.parametrize(
    ("lang", "said", "begins"),
    [
        (
            "en",
            "[group] referee=1 needs 3 seats, the referee and two players: 2 are seated."
            " More can /join, or /abort and open the table again without referee=1.",
            "[group] Gaa Under Gunnar begins! At the table: anna, bert, carl.",
        ),
        (
            "de",
            "[group] referee=1 braucht 3 Plätze, den Schiedsrichter und zwei Spieler: 2 sitzen"
            " am Tisch. Weitere können /join sagen, oder /abort und den Tisch neu eröffnen"
            " ohne referee=1.",
            "[group] Gaa Under Gunnar beginnt! Am Tisch: anna, bert, carl.",
        ),
    ],
)
async def test_start_refuses_a_referee_with_two_seats(lang, said, begins):
    # `referee=1` with two seats was taken silently: both played, nobody refereed
    lines = ["anna: /new tube referee=1", "bert: /join", "anna: /start"]
    out = await played(lines, seed=1, lang=lang)
    assert out[-1] == said
    out = await played([*lines, "carl: /join", "anna: /start"], seed=1, lang=lang)
    assert begins in out
