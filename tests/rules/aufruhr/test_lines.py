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
