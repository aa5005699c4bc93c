"""AUFRUHR! at a table, through the router: payments and deals naming players, and
what the group is told when a secret step's deadline passes."""

import pytest

from tests.fixtures.chat import Chat

START = [
    "anna: /new aufruhr events=2 deadline=60",
    "ben: /join",
    "cem: /join",
    "dora: /join",
    "anna: /start",
]
# ben is elected; anna, cem and dora may hand him a folder
ELECT_BEN = [
    "anna> [Essen (ben)]",
    "ben> [Duisburg (anna)]",
    "cem> [Essen (ben)]",
    "dora> [Essen (ben)]",
]
# nobody hands ben a folder; he hands out the subventions and declares an auction
TO_INTENTION = [
    *ELECT_BEN,
    "@wait 60",
    "ben: [Essen (ben)]",
    "ben: [Bochum (cem)]",
    "ben: [Duisburg (anna)]",
    "ben: [Auction three projects]",
]
# three education projects; nobody hands a folder; the comprehensive school goes first
TO_AUCTION = [
    *TO_INTENTION,
    "ben: [Education]",
    "ben: [Education]",
    "ben: [Education]",
    "@wait 60",
    "ben: [comprehensive school (from 20)]",
]


@pytest.fixture
async def chat(redis):
    chat = Chat.make(redis)
    await chat.say(*START)
    return chat


@pytest.mark.parametrize(
    "line",
    [
        "anna: /pay @ben 30",  # the @handle
        "anna: /pay <@ben> 30",  # a platform mention by user id (Discord, Telegram)
        "anna: /pay ben 30",  # the display name
        "anna: /pay Essen 30",  # ben's city
    ],
)
async def test_pay_names_the_mayor_by_mention_name_or_city(chat, line):
    out = await chat.say(line)
    assert out == [
        "[group] anna pays 30 to ben.",
        "[dm:anna] Your treasury: 210.",
        "[dm:ben] Your treasury: 270.",
    ]


@pytest.mark.parametrize(
    "line, expected",
    [
        ("anna: /pay @nobody 30", "No mayor at this table is called @nobody"),
        ("anna: /pay @anna 30", "You cannot pay yourself."),
        ("anna: /pay @ben 25", "Pay in multiples of 10"),  # banknotes of 10, 20 and 50
        ("anna: /pay @ben 25.5", "Pay in multiples of 10"),
        ("anna: /pay Essen -20", "Pay a positive amount, e.g. /pay Essen 30."),
        ("anna: /pay Essen 0", "Pay a positive amount, e.g. /pay Essen 30."),
        ("anna: /pay @ben", "Write /pay @mayor <amount>"),
        ("anna: /pay @ben 250", "You only have 240."),
    ],
)
async def test_a_bad_payment_gets_one_line_and_changes_nothing(chat, line, expected):
    before = await chat.stored()
    out = await chat.say(line)
    assert len(out) == 1 and out[0].startswith(f"[dm:anna] {expected}")
    assert await chat.stored() == before


async def test_a_bad_payment_is_refused_in_the_chat_language(redis):
    chat = Chat.make(redis, lang="de")
    await chat.say(*START)
    out = await chat.say("anna: /pay @niemand 30")
    assert out == [
        "[dm:anna] Kein Bürgermeister an diesem Tisch heißt @niemand:"
        " nenne eine Stadt (Essen) oder einen Spieler (@anna)."
    ]


async def test_a_deal_names_its_addressees_but_not_the_names_in_its_text(chat):
    out = await chat.say("cem: /deal @ben dora: I vote for ben, dora pays anna 40")
    assert out == [
        "[group] Deal 1: cem proposes to ben, dora: “I vote for ben, dora pays anna 40”"
        " — answer with /accept 1 or /decline 1 (not binding).",
        "[group:buttons] [✅ Accept] [❌ Decline]",
    ]
    out = await chat.say("anna: /deal ben I vote for you if anna gets 40")
    assert out[0].startswith("[group] Deal 2: anna proposes to ben: “I vote for you if anna")


async def test_missing_ballots_abstain_and_say_so_publicly(chat):
    await chat.say("anna> [Essen (ben)]")
    out = await chat.say("@wait 60")
    assert "[group] Time is up – no vote from ben, cem, dora: abstention." in out
    assert "[group] anna votes for ben." in out
    assert "[group] cem did not vote." in out
    assert "[group] ben is the new Lord Mayor and puts on the hat." in out


async def test_missing_bids_are_no_bids_and_say_so_publicly(chat):
    await chat.say(*TO_AUCTION)
    out = await chat.say("anna> /bid 40", "@wait 60")
    # in the group (anna, watching, is asked next: her status message takes the step)
    assert [line for line in out if "Time is up" in line] == [
        "[group:edit] Time is up – no bid from ben, cem, dora."
    ]
    assert "[group:edit] The bids: anna: 40, ben: —, cem: —, dora: —" in out


async def test_a_ballot_offers_every_other_mayor_but_not_the_voter(redis):
    chat = Chat.make(redis)
    out = await chat.say(*START)
    # each mayor by city and by player, as the chat names them
    assert "[dm:anna:buttons] [Essen (ben)] [Bochum (cem)] [Dortmund (dora)]" in out
    assert "[dm:ben:buttons] [Duisburg (anna)] [Bochum (cem)] [Dortmund (dora)]" in out
    assert "[dm:dora:buttons] [Duisburg (anna)] [Essen (ben)] [Bochum (cem)]" in out
    # the buttons still mean the mayors on them
    assert await chat.say("dora> [Bochum (cem)]") == [
        "[group:edit] ✓ dora · ⏳ Waiting for anna, ben, cem · 60 s left",
        "[dm:dora] Your ballot: cem.",
    ]


async def test_accept_alone_answers_the_one_deal_waiting(chat):
    assert await chat.say("ben: /accept") == ["[dm:ben] No deal waits for your answer."]
    await chat.say("anna: /deal @ben @cem: we all vote for dora")
    out = await chat.say("ben: /accept")
    assert out == ["[group] ben accepts deal 1 of anna."]
    await chat.say("dora: /deal @cem: you get 20 for your vote")
    assert await chat.say("cem: /decline") == [
        "[dm:cem] Deals 1, 2 wait for your answer: add the number, e.g. /accept 2."
    ]


async def test_the_board_comes_when_the_map_changes_not_at_every_step(chat):
    def boards(out):
        return [line for line in out if line == "[group] AUFRUHR! – the board"]

    out = await chat.say(*ELECT_BEN)
    assert len(boards(out)) == 1  # a new Lord Mayor: the hat moves
    out = await chat.say(*TO_INTENTION[len(ELECT_BEN) :], "ben: [Education]", "ben: [Education]")
    assert boards(out) == []  # subventions and the intention are told as they happen


@pytest.mark.parametrize(
    "lang, lines",
    [
        (
            "en",
            [
                "[dm:anna] Your folder so far — demand: —; inside: ★★★.",
                "[dm:anna] Your folder so far — demand: subvention 40 for me; inside: ★★★.",
                "[dm:anna] You have no more usable ★★★ token.",
            ],
        ),
        (
            "de",
            [
                "[dm:anna] Deine Mappe bisher — Forderung: —; Inhalt: ★★★.",
                "[dm:anna] Deine Mappe bisher — Forderung: Subvention 40 für mich; Inhalt: ★★★.",
                "[dm:anna] Du hast keine verwendbare ★★★-Marke mehr.",
            ],
        ),
    ],
)
async def test_a_folder_is_told_in_stars_and_words_and_a_missing_token_refused(redis, lang, lines):
    """The engine says star counts and ids; the chat reads stars and names in its language."""
    chat = Chat.make(redis, lang=lang)
    await chat.say(*START, *ELECT_BEN)
    put, demand = {
        "en": ("anna> [Put in ★★★]", "anna> [Demand: 40 for me]"),
        "de": ("anna> [★★★ hinein]", "anna> [Forderung: 40 für mich]"),
    }[lang]
    first = chat.console.buttons["dm:anna"]  # the question's buttons, as first sent
    told = await chat.say(put)
    assert told[0] == lines[0]
    # her only ★★★ is in the folder: her buttons come anew, without that one
    assert told[1].startswith("[dm:anna:buttons] ") and put[len("anna> ") :] not in told[1]
    assert await chat.say(demand) == lines[1:2]
    before = await chat.stored()
    chat.console.buttons["dm:anna"] = first  # the first message's button, pressed again
    assert await chat.say(put) == lines[2:]
    assert await chat.stored() == before


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", ["Round 1", "/deal @mayor", "/pay @mayor"]), ("de", ["Runde 1", "/deal", "/pay"])],
)
async def test_each_rounds_ballot_names_pay_and_deal_in_the_group(redis, lang, words):
    chat = Chat.make(redis, lang=lang)
    out = await chat.say(*START)
    (line,) = [line for line in out if line.startswith("[group]") and "/deal" in line]
    assert all(word in line for word in words)
    out = await chat.say(*ELECT_BEN[:3])  # the ballot's status edits keep it
    assert not [line for line in out if line.startswith("[group] ") and "/deal" in line]


async def test_a_deal_has_accept_and_decline_buttons_for_those_it_names(chat):
    out = await chat.say("anna: /deal @ben @cem: we all vote for dora")
    assert "[group:buttons] [✅ Accept] [❌ Decline]" in out
    assert await chat.say("dora: [✅ Accept]") == ["[dm:dora] It is not your turn to answer that."]
    assert await chat.say("ben: [✅ Accept]") == ["[group] ben accepts deal 1 of anna."]
    # pressed again, by a mayor it asked who answered: told so, and nothing changes
    already = ["[dm:ben] You have already answered; now we wait for the others."]
    assert await chat.say("ben: [❌ Decline]") == already
    assert await chat.say("cem: [❌ Decline]") == [
        "[group:edit] ✓ Everyone has answered.",  # the deal's message: its buttons go
        "[group] cem declines deal 1 of anna.",
    ]
