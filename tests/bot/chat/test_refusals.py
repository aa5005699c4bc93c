"""One answer per situation (bot/chat/answers.py REFUSALS): whatever a player types or presses
that no question takes is told why in the same words, whichever way it was said — a
second bid typed, pressed or sent as /bid; a /bid with no auction and a plain number;
a stranger's command at a running game. Seen through the console, as a player sees it."""

import pytest

from bot.chat.answers import REFUSALS
from bot.i18n import keys
from tests.fixtures.chat import Chat

LOBBY = ["alice: /new auktion rounds=2", "bob: /join", "carol: /join"]
STARTED = [*LOBBY, "alice: /start"]  # everybody bids secretly
BIDS_IN = [*STARTED, "alice> 0", "bob> 3", "carol> 0"]  # bob bought: alice, carol may protest
TUBE = ["alice: /new tube inhibitions=1", "bob: /join", "alice: /start"]  # bob chooses first

ALREADY = "You have already answered; now we wait for the others."
IN_GROUP = "Not that now: press one of the buttons in the group – Protest, Pass."
NOTHING = "Nothing to answer right now. /help lists the commands."
CASES = [
    # stranger: at an open table, joining is the answer
    (LOBBY, "dave: /bid 3", "[group] You are not at this table. /join while it is open."),
    # stranger_running: joining is refused mid-game, so it is not offered
    (
        STARTED,
        "dave: /bid 3",
        "[group] You are not playing in this game; join the next one when its table opens.",
    ),
    (
        BIDS_IN,
        "dave: [Protest]",
        "[dm:dave] You are not playing in this game; join the next one when its table opens.",
    ),
    # not_started
    (LOBBY, "bob: /bid 3", "[group] The game has not started yet: /start begins it."),
    # already_answered: a second bid, however it is given
    ([*STARTED, "alice> 1"], "alice> 2", f"[dm:alice] {ALREADY}"),
    ([*STARTED, "alice> 1"], "alice> /bid 2", f"[dm:alice] {ALREADY}"),
    ([*STARTED, "alice> 1"], "alice: /bid 2", f"[group] {ALREADY}"),
    ([*STARTED, "alice> 1"], "alice> [2]", f"[dm:alice] {ALREADY}"),
    # only_privately: before one has bid (and after it, already answered, above)
    (
        STARTED,
        "alice: /bid 3",
        "[group] That answer is secret: send it to me privately, not in the group.",
    ),
    # only_in_group: a public question answered privately
    (TUBE, "bob> /go victoria", "[dm:bob] Answer that in the group, not privately."),
    # press_a_button: text where only a button answers (the buttons are in the group)
    (BIDS_IN, "alice> I protest", f"[dm:alice] {IN_GROUP}"),
    # not_you: someone else's question, and whom the table waits for
    (BIDS_IN, "bob: [Protest]", "[dm:bob] It is not your turn: we are waiting for alice, carol."),
    (TUBE, "alice: /go victoria", "[group] It is not your turn: we are waiting for bob."),
    (BIDS_IN, "carol> /bid 3", f"[dm:carol] {IN_GROUP}"),
    # nothing_asked: a /bid with no auction and a plain number say the same
    (BIDS_IN, "bob> /bid 3", f"[dm:bob] {NOTHING}"),
    (BIDS_IN, "bob> 3", f"[dm:bob] {NOTHING}"),
]


@pytest.mark.parametrize(("before", "line", "expected"), CASES, ids=[c[1] for c in CASES])
async def test_one_answer_per_situation(redis, before, line, expected):
    chat = Chat.make(redis)
    await chat.say(*before)
    stored = await chat.stored()
    assert await chat.say(line) == [expected]
    assert await chat.stored() == stored


def test_every_situation_is_in_both_languages_and_tested():
    for lang in ("en", "de"):
        assert set(REFUSALS.values()) <= keys(lang), lang
    tested = {
        "stranger",
        "stranger_running",
        "not_started",
        "already_answered",
        "only_privately",
        "only_in_group",
        "press_a_button",
        "not_you",
        "nothing_asked",
    }
    assert tested == set(REFUSALS)


async def test_a_second_bid_is_refused_in_german(redis):
    chat = Chat.make(redis, lang="de")
    await chat.say(*STARTED, "alice> 1")
    assert await chat.say("alice> 2") == [
        "[dm:alice] Du hast schon geantwortet; jetzt warten wir auf die anderen."
    ]
    assert await chat.say("dave: /bid 3") == [
        "[group] Du spielst in dieser Partie nicht mit;"
        " setz dich dazu, wenn der nächste Tisch öffnet."
    ]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("alice> 2.5", "[dm:alice] Whole numbers only: “2.5” has a fraction. Write e.g. 30."),
        ("alice> 2,5", "[dm:alice] Whole numbers only: “2,5” has a fraction. Write e.g. 30."),
        ("alice> two", "[dm:alice] “two” is not a number. Write a whole number, e.g. 30."),
    ],
)
async def test_a_fraction_is_told_to_be_a_whole_number(redis, line, expected):
    chat = Chat.make(redis)
    await chat.say(*STARTED)
    assert await chat.say(line) == [expected]


async def test_a_player_asked_something_else_is_told_whose_turn_it_is_not_answered(redis):
    """Gaa Under Gunnar: alice still owes a drink while bob moves; her /go is bob's
    question, not one she has answered, and the game says why it is not hers (GameSpec
    refusal: she is skipped for drinking)."""
    chat = Chat.make(redis)
    await chat.say(
        *TUBE,
        "bob: /go victoria",
        "alice: /go embankment",
        "alice: /go kenningt",
        "bob: /go pimlico",
        "alice: /go battersea",  # an end station: she owes sips and is skipped
        "bob: /go stockwell > clapham common",
    )
    out = await chat.say("alice: /go morden")
    assert out == [
        "[group] You are still drinking (10 sips), so the die passes you by: drink up, then"
        " press Done (/done)."
    ], out


HEINZEL = ["alice: /new heinzel", "bob: /join", "alice: /start"]  # alice is asked to roll
AUFRUHR = ["anna: /new aufruhr", "ben: /join", "cem: /join", "dan: /join", "anna: /start"]


@pytest.mark.parametrize(
    ("lang", "before", "line", "expected"),
    [
        # a private chat holds no buttons of the group's prompt: they are named
        (
            "en",
            HEINZEL,
            "alice> /go Dom",
            "[dm:alice] Not that now: press one of the buttons in the group"
            " – 🎲 Roll, 🎲🎲 Roll twice, 🕳 Tunnel card.",
        ),
        (
            "de",
            HEINZEL,
            "alice> /go Dom",
            "[dm:alice] Das gerade nicht: drück einen der Knöpfe in der Gruppe"
            " – 🎲 Würfeln, 🎲🎲 Zweimal Würfeln, 🕳 Tunnelkarte.",
        ),
        # the group holds no buttons of a secret ballot: where they are, not what they say
        (
            "en",
            AUFRUHR,
            "ben: /bid 50",
            "[group] Not that now: you are asked privately"
            " – answer with the buttons in your private chat with me.",
        ),
        (
            "de",
            AUFRUHR,
            "ben: /bid 50",
            "[group] Das gerade nicht: du wirst privat gefragt"
            " – antworte mit den Knöpfen in deinem privaten Chat mit mir.",
        ),
        # where the buttons are, "above" is right
        ("en", HEINZEL, "alice: /go Dom", "[group] Answer with one of the buttons above, please."),
        ("en", AUFRUHR, "ben> /bid 50", "[dm:ben] Answer with one of the buttons above, please."),
        ("de", HEINZEL, "alice: /go Dom", "[group] Antworte bitte mit einem der Knöpfe oben."),
        ("de", AUFRUHR, "ben> /bid 50", "[dm:ben] Antworte bitte mit einem der Knöpfe oben."),
    ],
    ids=lambda v: v if isinstance(v, str) and v[:1] in "ab" and ("/" in v) else None,
)
async def test_a_button_asked_elsewhere_is_said_where(redis, lang, before, line, expected):
    chat = Chat.make(redis, lang=lang)
    await chat.say(*before)
    stored = await chat.stored()
    assert await chat.say(line) == [expected]
    assert await chat.stored() == stored


@pytest.mark.parametrize(
    ("lang", "labels", "typed", "told"),
    [
        (
            "en",
            ["That's me 🙋", "No, thanks", "Number Oracle"],
            ["7.5", "twelve"],
            [
                "[dm:bert] Whole numbers only: “7.5” has a fraction. Write e.g. 20.",
                "[dm:bert] “twelve” is not a number. Write a whole number, e.g. 20.",
            ],
        ),
        (
            "de",
            ["Ich bin's 🙋", "Nein, danke", "Zahlenorakel"],
            ["7,5", "zwölf"],
            [
                "[dm:bert] Nur ganze Zahlen: „7,5“ hat Nachkommastellen. Schreib z. B. 20.",
                "[dm:bert] „zwölf“ ist keine Zahl. Schreib eine ganze Zahl, z. B. 20.",
            ],
        ),
    ],
)
async def test_a_number_not_read_is_answered_with_one_the_question_takes(
    redis, lang, labels, typed, told
):
    # Bohei's Number Oracle asks for 1 to 20; a guess it could not read was told "Write
    # e.g. 30"
    chat = Chat.make(redis, seed=27, lang=lang)  # seed 27: anna holds Number Oracle
    owns_up, no_draw, oracle = labels
    await chat.say("anna: /new bohei", "bert: /join", "cora: /join", "anna: /start")
    await chat.say(f"anna: [{owns_up}]", f"anna: [{no_draw}]", f"anna> [{oracle}]")
    stored = await chat.stored()
    for text, line in zip(typed, told, strict=True):
        assert await chat.say(f"bert> {text}") == [line]
    assert await chat.stored() == stored
