"""AUFRUHR! lines players tripped over (issue #41), each pinned in English and German as
the console shows them: what a promise accepted with a folder says, whom a folder names,
the button that opens the Lord Mayor's choice. The readings are in rules/aufruhr/NOTES.md."""

import pytest

from adapters.discord.components import BUTTON_LABEL
from adapters.web.view import page_view
from tests.fixtures.chat import Chat
from tests.rules.aufruhr.test_chat import ELECT_BEN, START
from tests.rules.aufruhr.test_playtest import after, play

# anna (Duisburg) demands 30 with ★★, cem (Bochum) 40 with ★; dora keeps her folder
HANDED = {
    "en": [
        "anna> [Demand: 30 for me]",
        "anna> [Put in ★★]",
        "anna> [Hand over]",
        "cem> [Demand: 40 for me]",
        "cem> [Put in ★]",
        "cem> [Hand over]",
        "dora> [No folder]",
    ],
    "de": [
        "anna> [Forderung: 30 für mich]",
        "anna> [★★ hinein]",
        "anna> [Überreichen]",
        "cem> [Forderung: 40 für mich]",
        "cem> [★ hinein]",
        "cem> [Überreichen]",
        "dora> [Keine Mappe]",
    ],
}
ACCEPT = {"en": "ben> [Accept Duisburg]", "de": "ben> [Duisburg annehmen]"}


async def test_the_lord_mayors_choice_among_folders_is_opened_by_its_own_button():
    """The group's button under the Lord Mayor's choice read "🔒 My secret answer"."""
    for lang, button in (("en", "[🔒 Choose a folder]"), ("de", "[🔒 Mappe auswählen]")):
        out = await play([*START, *ELECT_BEN, *HANDED[lang]], lang=lang)
        assert out.count(f"[group:buttons] {button}") == 1
        assert not [line for line in out if "🔒 My secret answer" in line]
        assert not [line for line in out if "🔒 Meine geheime Antwort" in line]


async def test_a_promised_subvention_is_told_as_promised_and_reminded_until_it_is_given():
    """anna read "the demand is carried out: subvention 30 for me" before ben had given
    anything, and ben's questions ("who gets 40?") never mentioned what he had accepted:
    she is told he is bound to give it, he is reminded privately with each question until
    it is given, and the group hears nothing of it."""
    lines = {
        "en": (
            "[dm:anna] The Lord Mayor took your folder (★★): he is bound to give you 30 of"
            " the EU subventions.",
            "[dm:ben] Remember the folder you accepted: Duisburg gets 30.",
            "[group:edit] ben, II. EU subventions: who gets {}? (Every mayor gets one amount,"
            " you too.)",
        ),
        "de": (
            "[dm:anna] Der Oberbürgermeister hat deine Mappe genommen (★★): Er muss dir bei den"
            " EU-Subventionen 30 geben.",
            "[dm:ben] Denk an die Mappe, die du angenommen hast: Duisburg bekommt 30.",
            "[group:edit] ben, II. EU-Subventionen: Wer bekommt {}? (Jeder Bürgermeister"
            " bekommt einen Betrag, du auch.)",
        ),
    }
    for lang, (taken, reminder, question) in lines.items():
        script = [*START, *ELECT_BEN, *HANDED[lang], ACCEPT[lang]]
        out = await play(script, lang=lang)
        assert taken in out
        assert "carried out" not in " ".join(out) and "die Forderung gilt" not in " ".join(out)
        assert out.count(reminder) == 1  # with the question for 40
        assert out.index(question.format(40)) < out.index(reminder)
        out = await play([*script, "ben: [Essen (ben)]"], lang=lang)
        assert out.count(reminder) == 2  # and again with the one for 30
        assert after(out, question.format(30))[-1] == reminder
        assert not [
            line for line in out if line.startswith("[group") and "Duisburg bekommt" in line
        ]
        assert not [line for line in out if line.startswith("[group") and "Duisburg gets" in line]
        out = await play([*script, "ben: [Essen (ben)]", "ben: [Duisburg (anna)]"], lang=lang)
        assert out.count(reminder) == 2  # kept: no more
        assert after(out, question.format(20))[-1] != reminder


async def test_a_payout_demand_is_still_said_to_be_carried_out_at_once():
    """A demand the engine carries out as the folder is taken keeps its line."""
    out = await play(
        [
            *START,
            *ELECT_BEN,
            "anna> [No folder]",
            "cem> [No folder]",
            "dora> [No folder]",
            "ben: [Essen (ben)]",
            "ben: [Bochum (cem)]",
            "ben: [Duisburg (anna)]",
            "ben: [Auction three projects]",
            "ben: [Education]",
            "ben: [Education]",
            "ben: [Education]",
            "anna> [Demand: payout Economy]",
            "anna> [Put in ★]",
            "anna> [Hand over]",
            "cem> [No folder]",
            "dora> [No folder]",
            "ben> [Accept Duisburg]",
        ]
    )
    assert (
        "[dm:anna] The Lord Mayor took your folder (★); the demand is carried out: payout"
        " Economy." in out
    )
    assert "[group:edit] ben changes the intention: a payout of Economy." in out


async def test_the_folders_offered_name_the_city_the_lord_mayors_buttons_name():
    """ben read "Folder from anna", "Folder from cem" over [Accept Duisburg] [Accept
    Bochum], and "You accepted cem's demand": each folder is named by its city first."""
    expected = {
        "en": (
            "[dm:ben] Folder from Duisburg (anna) — demand: subvention 30 for me; inside: ★★.",
            "[dm:ben] Folder from Bochum (cem) — demand: “all of it”; inside: ★.",
            "[dm:ben:buttons] [Refuse all] [Accept Duisburg] [Accept Bochum]",
            "[dm:ben] You accepted the demand of Bochum (cem): “all of it” — honour it.",
            "ben> [Accept Bochum]",
        ),
        "de": (
            "[dm:ben] Mappe von Duisburg (anna) — Forderung: Subvention 30 für mich; Inhalt: ★★.",
            "[dm:ben] Mappe von Bochum (cem) — Forderung: „all of it“; Inhalt: ★.",
            "[dm:ben:buttons] [Alle ablehnen] [Duisburg annehmen] [Bochum annehmen]",
            "[dm:ben] Du hast die Forderung von Bochum (cem) angenommen: „all of it“ — halte dich"
            " daran.",
            "ben> [Bochum annehmen]",
        ),
    }
    for lang, (anna, cem, buttons, accepted, accept) in expected.items():
        handed = [line for line in HANDED[lang] if "40" not in line]
        handed.insert(3, "cem> /demand all of it")
        out = await play([*START, *ELECT_BEN, *handed], lang=lang)
        assert out.index(anna) < out.index(cem) < out.index(buttons)
        out = await play([*START, *ELECT_BEN, *handed, accept], lang=lang)
        assert accepted in out


# six players with names as long as the bot keeps them (bot/chat/hygiene.py MAX_NAME)
LONG = [f"{n}_" + "x" * (63 - len(n)) for n in ("anna", "ben", "cem", "dora", "emil", "fritz")]


async def test_mayor_buttons_name_a_long_player_name_briefly():
    """A mayor's button repeated the player's whole name: "Recklinghausen (<64
    characters>)" made 81, past Discord's 80 for a label, and six of them a ballot of
    cut-off names. The city tells the mayors apart; the name is cut to 16 characters."""
    start = [f"{LONG[0]}: /new aufruhr events=2 deadline=60", *(f"{n}: /join" for n in LONG[1:])]
    start.append(f"{LONG[0]}: /start")
    for lang in ("en", "de"):
        out = await play(start, lang=lang)
        ballot = next(line for line in out if line.startswith(f"[dm:{LONG[0]}:buttons]"))
        assert ballot == (
            f"[dm:{LONG[0]}:buttons] [Essen (ben_xxxxxxxxxxx…)] [Bochum (cem_xxxxxxxxxxx…)]"
            " [Dortmund (dora_xxxxxxxxxx…)] [Recklinghausen (emil_xxxxxxxxxx…)]"
            " [Hagen (fritz_xxxxxxxxx…)]"
        )
        # a whole election by those buttons: everyone votes for ben (ben for anna)
        votes = [
            f"{n}> [Essen (ben_xxxxxxxxxxx…)]"
            if n != LONG[1]
            else f"{n}> [Duisburg (anna_xxxxxxxxxx…)]"
            for n in LONG
        ]
        out = await play([*start, *votes, "@wait 60"], lang=lang)
        give = next(line for line in out if line.startswith("[group:buttons] [Bochum"))
        labels = give.removeprefix("[group:buttons] [").removesuffix("]").split("] [")
        assert len(labels) == 6 and max(map(len, labels)) == len(
            "Recklinghausen (emil_xxxxxxxxxx…)"
        )
        assert max(map(len, labels)) <= BUTTON_LABEL
        # the players' names are whole wherever they are not a button
        assert any(
            line.endswith(f"{LONG[1]} is the new Lord Mayor and puts on the hat.")
            or line.endswith(f"{LONG[1]} ist Oberbürgermeister und setzt den Hut auf.")
            for line in out
        )


async def test_board_posted_again_repeats_the_promise_to_the_lord_mayor_alone():
    """`/board` during the subvention question posted the question again without ben's
    reminder of the subvention he promised: it comes again, to him alone, whoever asks
    for the board; the group and cem, who asked, learn nothing of it."""
    reminders = {
        "en": "[dm:ben] Remember the folder you accepted: Duisburg gets 30.",
        "de": "[dm:ben] Denk an die Mappe, die du angenommen hast: Duisburg bekommt 30.",
    }
    for lang, reminder in reminders.items():
        script = [*START, *ELECT_BEN, *HANDED[lang], ACCEPT[lang]]
        before = await play(script, lang=lang)
        for asker in ("ben", "cem"):
            out = await play([*script, f"{asker}: /board"], lang=lang)
            again = out[len(before) :]
            assert again.count(reminder) == 1, again
            assert [line for line in again if line.startswith("[group] ben, II.")]  # re-posted
            told = reminder.removeprefix("[dm:ben] ")
            assert [line for line in again if told in line] == [reminder]
            assert not [line for line in again if line.startswith("[dm:cem")]


@pytest.mark.parametrize(
    ("lang", "reminder"),
    [
        ("en", "Remember the folder you accepted: Duisburg gets 30."),
        ("de", "Denk an die Mappe, die du angenommen hast: Duisburg bekommt 30."),
    ],
)
async def test_the_lord_mayors_page_shows_the_promise_under_his_question(redis, lang, reminder):
    """The web page asks ben the same question: the reminder stands under it on his page
    alone, not on another mayor's nor a spectator's."""
    chat = Chat.make(redis, lang=lang)
    await chat.say(*START, *ELECT_BEN, *HANDED[lang], ACCEPT[lang])
    table = await chat.table()
    ben, cem = (next(i for i, s in enumerate(table.seats) if s.name == n) for n in ("ben", "cem"))
    (question,) = page_view(table, ben, lang)["questions"]
    assert question["text"].splitlines()[-1] == reminder and question["answers"]
    for seat in (cem, None):
        assert reminder not in str(page_view(table, seat, lang))
