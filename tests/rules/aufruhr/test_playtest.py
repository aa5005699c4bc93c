"""AUFRUHR! as a play-tester met it: console scripts (the playground's `--script` with a
seed) and what the players are shown. Each test is one defect they found; the readings
behind them are in rules/aufruhr/NOTES.md."""

import re

from babel.messages.pofile import read_po

from adapters.console.__main__ import run_script
from tests.fixtures.paths import ROOT, TRANSCRIPTS
from tests.rules.aufruhr.test_chat import ELECT_BEN, START, TO_AUCTION, TO_INTENTION


async def play(lines: list[str], seed: int = 1, lang: str = "en") -> list[str]:
    """What the console prints for `lines`, as `--script FILE --seed N` prints it."""
    out: list[str] = []
    await run_script(lines, seed=seed, lang=lang, write=out.append)
    return out


def after(out: list[str], line: str) -> list[str]:
    """The lines printed after the last `line`."""
    return out[len(out) - out[::-1].index(line) :]


async def test_a_folder_no_longer_offers_the_tokens_and_scandal_already_in_it():
    """anna's three ★ go in one by one: with the last her buttons come anew without
    [Put in ★]; cem's scandal goes in: no token nor scandal button is left for him (both
    would be refused), and /hand asks him with the same buttons."""
    out = await play(
        [
            *START,
            *ELECT_BEN,
            "anna> [Put in ★]",
            "anna> [Put in ★]",
            "anna> [Put in ★]",
            "cem> [Scandal instead]",
            "cem> /hand",
        ]
    )
    two = after(out, "[dm:anna] Your folder so far — demand: —; inside: ★ ★.")
    assert not two[0].startswith("[dm:anna:buttons]")  # a ★ is left: nothing new
    three = after(out, "[dm:anna] Your folder so far — demand: —; inside: ★ ★ ★.")
    assert three[0] == (
        "[dm:anna:buttons] [No folder] [Demand: 40 for me] [Demand: 30 for me]"
        " [Demand: 20 for me] [Demand: 10 for me] [Put in ★★] [Put in ★★★] [Scandal instead]"
        " [Hand over]"
    )
    cem = (
        "[dm:cem:buttons] [No folder] [Demand: 40 for me] [Demand: 30 for me]"
        " [Demand: 20 for me] [Demand: 10 for me] [Hand over]"
    )
    assert after(out, "[dm:cem] Your folder so far — demand: —; inside: the scandal.")[0] == cem
    assert out[-1] == cem  # /hand: the folder question again, as it stands


# ben takes two bribes and is impeached by the EU Commission (seed 8); the event card that
# follows auctions the research institute at once, with nobody in office
IMPEACHED = [
    *START,
    *ELECT_BEN,
    "anna> [Demand: 40 for me]",
    "anna> [Put in ★★]",
    "anna> [Hand over]",
    "cem> [No folder]",
    "dora> [No folder]",
    "ben> [Accept Duisburg]",
    "ben: [Duisburg (anna)]",
    "ben: [Essen (ben)]",
    "ben: [Bochum (cem)]",
    "ben: [Payout Culture/Sports]",
    "anna> [No folder]",
    "cem> [Demand: payout Economy]",
    "cem> [Put in ★★★]",
    "cem> [Hand over]",
    "dora> [No folder]",
    "ben> [Accept Bochum]",
    "anna> 50",
    "ben> 50",
    "cem> 0",
    "dora> 40",
]


async def test_a_tie_with_nobody_in_office_is_not_said_to_be_the_lord_mayors():
    out = [line.split("] ", 1)[1] for line in await play(IMPEACHED, seed=8)]
    assert any(line.startswith("The EU Commission finds that ben took a bribe") for line in out)
    assert any(line.startswith("Event card: Ruhr education drive") for line in out)
    i = out.index("The bids: anna: 50, ben: 50, cem: —, dora: 40")
    assert out[i + 1 : i + 3] == [
        "Tie at 50 between anna, ben: nobody is in office, so the first of them in seat order"
        " gets the project.",
        "anna buys research institute for 50.",
    ]
    assert not any("the Lord Mayor decides" in line for line in out)


async def test_a_bid_of_two_amounts_is_no_number_and_a_grouped_thousand_is_one():
    """`/bid 60 70` was read as 6070 (every space dropped); a space is a thousands group
    only: `1 000` is 1000."""
    out = await play([*START, *TO_AUCTION, "anna> /bid 60 70", "anna> /bid 1 000", "anna> 30"])
    assert out[-4:] == [
        "[dm:anna] “60 70” is not a number. Write a whole number, e.g. 30.",
        "[dm:anna] You cannot bid 1000: that is more than your treasury holds.",
        "[group:edit] ✓ anna · ⏳ Waiting for ben, cem, dora · 60 s left",
        "[dm:anna] Your sealed bid: 30.",
    ]


def test_the_german_partnership_offer_and_changed_auction_are_german():
    """Read in the German six-mayor game: "eine Partnerschaft an Jahrhunderthalle … an"
    and "eine Versteigerung Bildung, Bildung, …" were no German."""
    out = (TRANSCRIPTS / "aufruhr_6p.de.out").read_text().splitlines()
    assert (
        "[group:edit] fritz: emil bietet dir an, Jahrhunderthalle und Westpark in Herten"
        " gemeinsam zu realisieren (je 10 Punkte; emil zahlt die Baugenehmigung). Einverstanden?"
    ) in out
    assert (
        "[group:edit] dora ändert die Absicht: eine Versteigerung mit Bildung, Bildung,"
        " Natur/Tourismus."
    ) in out


# seed 3: ben, elected, lets the folder windows lapse and auctions Culture/Sports,
# Education and Economy; the Century Hall is up for auction
CENTURY_HALL_DE = [
    *START,
    *ELECT_BEN,
    "@wait 60",
    "ben: [Essen (ben)]",
    "ben: [Bochum (cem)]",
    "ben: [Duisburg (anna)]",
    "ben: [Drei Projekte versteigern]",
    "ben: [Kultur/Sport]",
    "ben: [Bildung]",
    "ben: [Wirtschaft]",
    "@wait 60",
]


async def test_a_cooperation_deal_names_its_project_in_german():
    """The German /coop deal and its agreement named the project in English."""
    out = await play(
        [
            *CENTURY_HALL_DE,
            "cem: /coop Duisburg Jahrhunderthalle: ich zahle dir 200",
            "anna: /accept",
        ],
        seed=3,
        lang="de",
    )
    assert (
        "[group] Deal 1: cem schlägt anna vor, Jahrhunderthalle und Westpark gemeinsam zu"
        " realisieren, Bedingungen: „ich zahle dir 200“ — antwortet mit /accept 1 oder /decline 1"
        " (unverbindlich)."
    ) in out
    assert (
        "[group] Kooperation vereinbart (Deal 1): cem und anna bei Jahrhunderthalle und Westpark."
        " Bei der Realisierung wird der Partner zuerst gefragt; bindend ist es erst, wenn es"
        " realisiert ist."
    ) in out


async def test_the_german_round_line_writes_its_commands_as_every_other_german_line():
    """The round's ballot line wrote `/deal @bürgermeister: <angebot>` and `/pay
    @bürgermeister <betrag>` in lower case; every other German line writes the
    placeholders as German nouns, `@Bürgermeister`, `<Betrag>`, and a deal's words `<Text>`."""
    out = await play(START, lang="de")
    assert (
        "[group] Runde 1: Die Stimmzettel kamen bei jedem privat an. Verhandelt derweil —"
        " /deal @Bürgermeister: <Text> schlägt einen Deal vor, /pay @Bürgermeister <Betrag>"
        " zahlt."
    ) in out
    english = await play(START)
    assert (
        "[group] Round 1: the ballots went to each of you privately. Meanwhile, talk it over —"
        " /deal @mayor: <text> proposes a deal, /pay @mayor <amount> pays."
    ) in english


# One thing, one German word (the German rule book's): a synonym the catalog once used
# beside it, and the word it is to read. "Genehmigung" and "Kasse" only as part of
# "Baugenehmigung" and "Stadtkasse".
GERMAN_SYNONYMS = {
    r"Bestechung": "Schmiergeld",
    r"Auktion": "Versteigerung",
    r"(?<!Bau)[Gg]enehmigung": "Baugenehmigung",
    r"(?<!Stadt)[Kk]asse\b": "Stadtkasse",
    r"[Uu]msetz|[Uu]mzusetz": "realisieren",
    r"\bMinimum\b": "Mindestgebot",
    r"deckt \w+ Inhalt ab": "verdeckt ihren Inhalt",
    r"baue allein": "realisiere es allein",  # a RuhrCity project is realised, not built
}


def test_the_german_catalog_names_each_thing_by_one_word():
    """A play-tester read "IV. Bestechungsmappen" on the board beside "Schmiergeldmappe"
    everywhere else, a lower-case `<angebot>`, "Genehmigung" beside "Baugenehmigung"."""
    po = ROOT / "rules" / "aufruhr" / "locales" / "de.po"
    with po.open("rb") as f:
        texts = {m.id: m.string for m in read_po(f, locale="de") if m.id}
    for pattern, word in GERMAN_SYNONYMS.items():
        found = {k: v for k, v in texts.items() if re.search(pattern, v)}
        assert not found, f"{pattern} where the catalog says {word}: {found}"
    # a command's words end in a German noun (`<Betrag>`, `<großes RuhrCity-Projekt>`),
    # a mayor is written @Bürgermeister
    for key, text in texts.items():
        for words in re.findall(r"<([^<>{}]+)>", text):
            assert words.split()[-1][:1].isupper(), (key, words)
        assert "<Bürgermeister>" not in text and "@bürgermeister" not in text, key
        assert " : <" not in text, key  # `/folder … <Sterne>: <Forderung>`, as typed


async def test_a_typed_demand_worded_as_a_button_is_that_demand():
    """`anna> /demand 40 for me` was a free text the engine did not carry out, though
    [Demand: 40 for me] says the same: ben could take her bribe and give the 40 to
    himself. A typed demand worded as a listed one (English or German, with or without
    "Demand:") is now that demand; one the window does not list stays her own words."""
    out = await play(
        [
            *START,
            *ELECT_BEN,
            "anna> /demand 40 for me",
            "anna> [Put in ★★]",
            "anna> [Hand over]",
            "cem> /demand Forderung: 30 für mich",
            "cem> /demand 50 for me",  # no 50 among four mayors: her words
            "cem> [No folder]",
            "dora> [No folder]",
            "ben> [Accept Duisburg]",
            "ben: [Essen (ben)]",
        ]
    )
    assert "[dm:anna] Your folder so far — demand: subvention 40 for me; inside: —." in out
    assert "[dm:cem] Your folder so far — demand: subvention 30 for me; inside: —." in out
    assert "[dm:cem] Your folder so far — demand: “50 for me”; inside: —." in out
    assert "[dm:ben] Folder from Duisburg (anna) — demand: subvention 40 for me; inside: ★★." in out
    assert out[-3:] == [
        "[dm:anna] The Lord Mayor took your folder (★★): he is bound to give you 40 of the EU"
        " subventions.",
        "[dm:ben] Remember the folder you accepted: Duisburg gets 40.",
        "[dm:ben] You accepted a folder: Duisburg gets 40.",
    ]
    german = await play(
        [*START, *ELECT_BEN, "anna> /demand 40 für mich", "cem> Auszahlung Kultur"], lang="de"
    )
    assert "[dm:anna] Deine Mappe bisher — Forderung: Subvention 40 für mich; Inhalt: —." in german
    # a payout is no demand before the subventions: cem's own words
    assert "[dm:cem] Deine Mappe bisher — Forderung: „Auszahlung Kultur“; Inhalt: —." in german


async def test_a_typed_demand_at_the_intention_reads_as_its_button():
    """At the intention, `payout of culture` and `Versteigerung mit Wirtschaft` are the
    listed [Demand: payout Culture/Sports] and [Demand: auction with Economy]."""
    out = await play(
        [
            *START,
            *TO_INTENTION,
            "ben: [Education]",
            "ben: [Education]",
            "ben: [Education]",
            "cem> /demand payout of culture",
            "dora> Versteigerung mit Wirtschaft!",
        ]
    )
    assert "[dm:cem] Your folder so far — demand: payout Culture/Sports; inside: —." in out
    assert "[dm:dora] Your folder so far — demand: auction with Economy; inside: —." in out


def test_a_typed_award_names_the_city_in_either_language():
    from rules.aufruhr.folders import _typed_forms

    forms = _typed_forms((("award", 1),), ("duisburg", "essen", "bochum", "dortmund"))
    for said in ("award to essen", "demand: award the project to essen", "zuschlag an essen"):
        assert forms[tuple(said.split())] == ("award", 1)


async def test_a_folder_with_a_token_of_four_stars_is_told_there_is_none():
    """`/folder Essen 4: x` got the general usage line, and `/folder Essen 2 4: x` handed
    a ★★ with the demand "4: x". Tokens have 1 to 3 stars; a count before the colon, or
    where no token came before, is a token. A number later in the demand stays words."""
    lines = [
        *START,
        "anna> /folder Essen 4: x",
        "anna> /folder Essen 2 4: x",
        "anna> /folder Essen ★★★★ x",
        "anna> /folder Essen 2 40 for me",
    ]
    out = await play(lines)
    none = (
        "[dm:anna] There is no bribe token of 4 stars: a token has 1 to 3 (★ to ★★★);"
        " /folder hands over tokens only, not the scandal."
    )
    assert [line for line in out if line.startswith("[dm:anna] There is")] == [none] * 3
    assert out[-3:-1] == [
        "[group] Duisburg (anna) hands ben a bribe folder.",
        "[dm:anna] You hand ben your folder — demand: “40 for me”; inside: ★★. It is now"
        " theirs to take or hand back.",
    ]
    german = await play(lines[:-3], lang="de")
    assert german[-1] == (
        "[dm:anna] Es gibt keine Schmiergeldmarke mit 4 Sternen: eine Marke hat 1 bis 3"
        " (★ bis ★★★); mit /folder gibst du nur Marken, nicht den Skandal."
    )


async def test_a_negative_bid_is_told_it_is_below_0():
    """`-10` was answered "Too small: at least 0.", as if 0 were a sum to reach; a bid of
    0 is no bid (the prompt says so)."""
    out = await play([*START, *TO_AUCTION, "anna> -10", "anna> /bid -10"])
    assert out[-2:] == ["[dm:anna] A number below 0 is not allowed here: write 0 or more."] * 2
    out = await play([*START, *TO_AUCTION, "anna: /lang de", "anna> /bid -10"])
    assert out[-1] == "[dm:anna] Eine Zahl unter 0 geht hier nicht: schreib 0 oder mehr."


async def test_no_bid_is_told_as_no_bid_not_as_a_bid_of_0():
    """[No bid] and a lapsed bid answered "Your sealed bid: 0.", while the reveal says
    "no bid" and shows a dash."""
    out = await play([*START, *TO_AUCTION, "anna> [No bid]", "@wait 60"])
    assert "[dm:anna] No bid from you." in out
    assert "[dm:ben] No bid from you." in out  # his bid lapsed
    assert not any("Your sealed bid: 0" in line for line in out)
    german = await play([*START, *TO_AUCTION, "anna: /lang de", "anna> 0"])
    assert german[-1] == "[dm:anna] Kein Gebot von dir."
