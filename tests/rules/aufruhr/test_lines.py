"""AUFRUHR! lines players tripped over (issue #41), each pinned in English and German as
the console shows them: what a promise accepted with a folder says, whom a folder names,
the button that opens the Lord Mayor's choice. The readings are in rules/aufruhr/NOTES.md."""

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
