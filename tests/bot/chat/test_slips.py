"""What players see from the chat layer around a game: one clear line in the chat's
language for every slip (an empty command, a second press, a stranger's command), and
no group noise from a private step. AUFRUHR! is the vehicle; the rules are the bot's."""

import fakeredis
import pytest

from bot.table.lobby import parse_options
from bot.table.model import Table
from rules import registry
from rules.core.errors import ParseError
from tests.fixtures.chat import Chat
from tests.rules.aufruhr.test_chat import ELECT_BEN, START, TO_AUCTION


@pytest.fixture
async def chat(redis):
    chat = Chat.make(redis)
    await chat.say(*START)
    return chat


def group(out: list[str]) -> list[str]:
    return [line for line in out if line.startswith("[group]")]


async def test_a_step_of_a_secret_answer_tells_the_group_nothing(chat):
    await chat.say(*ELECT_BEN)
    out = await chat.say("anna> [Demand: 40 for me]", "anna> [Put in ★]")
    assert group(out) == []
    assert out[-1].startswith("[dm:anna] Your folder so far")
    assert not [line for line in out if line.startswith("[group:edit]")]
    out = await chat.say("anna> [Hand over]")
    assert [line for line in out if line.startswith("[group")] == [
        "[group:edit] ✓ anna · ⏳ Waiting for cem, dora · 60 s left"
    ]


@pytest.mark.parametrize(
    "line, expected",
    [
        ("anna: /pay", "[dm:anna] Write /pay @mayor <amount> or /pay <city> <amount>, e.g."),
        ("anna: /deal", "[dm:anna] Write /deal @mayor [@mayor…]: <text>"),
        ("anna: /deal   ", "[dm:anna] Write /deal @mayor [@mayor…]: <text>"),
    ],
)
async def test_a_command_without_its_text_answers_with_its_usage(chat, line, expected):
    before = await chat.stored()
    out = await chat.say(line)
    assert len(out) == 1 and out[0].startswith(expected)
    assert await chat.stored() == before


async def test_a_secret_command_without_its_text_answers_privately_with_its_usage(chat):
    await chat.say(*ELECT_BEN)
    assert await chat.say("anna> /demand") == [
        "[dm:anna] Write /demand <your demand>, e.g. /demand vote for me next round;"
        " then put in bribe tokens (or your scandal) and press [Hand over]."
    ]
    await chat.say(*TO_AUCTION[len(ELECT_BEN) :])
    out = await chat.say("anna> /bid")
    assert len(out) == 1
    assert out[0].startswith("[dm:anna] Your sealed bid for comprehensive school (minimum 20;")


async def test_the_usage_is_in_the_chat_language(redis):
    chat = Chat.make(redis, lang="de")
    await chat.say(*START)
    assert await chat.say("anna: /pay") == [
        "[dm:anna] Schreib /pay @Bürgermeister <Betrag> oder /pay <Stadt> <Betrag>,"
        " z. B. /pay Essen 30 (Vielfache von 10)."
    ]
    out = await chat.say("anna: /accept")
    assert out == ["[dm:anna] Kein Deal wartet auf deine Antwort."]


async def test_a_second_ballot_is_refused_as_already_answered(chat):
    await chat.say("anna> [Essen (ben)]")
    before = await chat.stored()
    assert await chat.say("anna> [Bochum (cem)]") == [
        "[dm:anna] You have already answered; now we wait for the others."
    ]
    assert await chat.stored() == before


async def test_text_where_only_a_button_answers_asks_for_the_button(chat):
    assert await chat.say("ben> I vote for anna") == [
        "[dm:ben] Answer with one of the buttons above, please."
    ]
    await chat.say("ben> [Duisburg (anna)]")
    # answered: as a second press would be told
    assert await chat.say("ben> hello") == [
        "[dm:ben] You have already answered; now we wait for the others."
    ]


async def test_second_press_and_text_instead_of_a_button_in_german(redis):
    chat = Chat.make(redis, lang="de")
    await chat.say(*START)
    await chat.say("anna> [Essen (ben)]")
    assert await chat.say("anna> [Bochum (cem)]") == [
        "[dm:anna] Du hast schon geantwortet; jetzt warten wir auf die anderen."
    ]
    assert await chat.say("ben> anna") == ["[dm:ben] Antworte bitte mit einem der Knöpfe oben."]


@pytest.mark.parametrize("line", ["eve: /pay @ben 30", "eve: /bid 30", "eve: /deal @ben: hi"])
async def test_a_stranger_is_told_they_do_not_play_here(chat, line):
    before = await chat.stored()
    assert await chat.say(line) == [
        "[group] You are not playing in this game; join the next one when its table opens."
    ]
    assert await chat.stored() == before


async def test_a_stranger_writing_a_game_command_privately_is_told_the_same(chat):
    assert await chat.say("eve> /pay @ben 30") == [
        "[dm:eve] You are not at this table. /join while it is open."
    ]  # eve sits at no table: privately, the bot cannot tell which game she means
    assert await chat.say("eve> /frobnicate") == [
        "[dm:eve] Unknown command /frobnicate. /help lists the commands."
    ]


@pytest.mark.parametrize(
    "lang, line, expected",
    [
        ("en", "anna: /new aufruhr events=abc", "events is a whole number from 0 to 20."),
        ("en", "anna: /new aufruhr events=99", "events is a whole number from 0 to 20."),
        ("en", "anna: /new aufruhr deadline=-5", "deadline is a whole number from 10 to 3600."),
        ("de", "anna: /new aufruhr events=abc", "events ist eine ganze Zahl von 0 bis 20."),
        ("de", "anna: /new einsistkeins deadline=5", "deadline ist eine ganze Zahl von 30 bis"),
        # a validator's constraint, said by the game: the ids with the cards' names, which
        # is all the chat ever shows of a card (it used to say "checks is by default all")
        (
            "en",
            "anna: /new bohei checks=foo",
            "checks is all, none, or some of these rule cards, separated by commas"
            " (checks=lower,no_e): lower (Library Voice), no_e (The Void),",
        ),
        (
            "de",
            "anna: /new bohei checks=lower,foo",
            "checks ist all, none oder einige dieser Regelkarten, durch Kommas getrennt"
            " (checks=lower,no_e): lower (Flüsterkneipe), no_e (Das Verbot),",
        ),
    ],
)
async def test_a_bad_option_value_says_what_the_option_allows(redis, lang, line, expected):
    chat = Chat.make(redis, lang=lang)
    out = await chat.say(line)
    assert len(out) == 1 and expected in out[0], out
    assert out[0].startswith("[group] Option ")
    assert await chat.stored() is None or (await chat.table()).status == "idle"


async def test_an_option_name_capitalised_by_the_keyboard_is_taken():
    # `Youngest=2` (a phone capitalises the first word) was an "unknown option"
    opened = {
        "en": "[group] anna opened a table for The Heinzelmännchen of Cologne (2–4 players).",
        "de": "[group] anna hat einen Tisch für Die Heinzelmännchen von Köln eröffnet",
    }
    for lang, said in opened.items():
        chat = Chat.make(fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer()), lang=lang)
        out = await chat.say("anna: /new heinzel Youngest=2 DEADLINE=60")
        assert out[0].startswith(said), out
        assert (await chat.table()).options == {"deadline": 60, "youngest": 2, "searching": 1}


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("en", "[group] Option deadline=" + "1" * 39 + "… is not allowed: deadline is"),
        ("de", "[group] Option deadline=" + "1" * 39 + "… ist nicht erlaubt: deadline ist"),
    ],
)
async def test_a_long_refused_option_value_is_marked_as_cut(redis, lang, expected):
    chat = Chat.make(redis, lang=lang)
    out = await chat.say("anna: /new einsistkeins deadline=" + "1" * 60)
    assert len(out) == 1 and out[0].startswith(expected), out
    short = await chat.say("anna: /new einsistkeins deadline=" + "1" * 40)
    assert "deadline=" + "1" * 40 + " " in short[0], short


@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            "en",
            "[group] deadline is given twice: deadline=30 and deadline=40. Give each option once.",
        ),
        (
            "de",
            "[group] deadline ist zweimal angegeben: deadline=30 und deadline=40."
            " Gib jede Option nur einmal an.",
        ),
    ],
)
async def test_an_option_given_twice_is_refused_and_nothing_opens(redis, lang, expected):
    chat = Chat.make(redis, lang=lang)
    before = await chat.stored()
    # (in any case: `Deadline=` is the same option as `deadline=`)
    assert await chat.say("anna: /new einsistkeins deadline=30 Deadline=40") == [expected]
    assert await chat.stored() == before
    assert await chat.table() is None  # no lobby opened


@pytest.mark.parametrize("spec", registry.all_games(), ids=lambda spec: spec.id)
def test_every_option_of_every_game_says_what_it_allows_when_refused(spec):
    """Not only its default ("checks is by default all"): a player cannot guess the rest."""
    for name in spec.options.model_fields:
        try:
            parse_options(spec, [f"{name}=≠"], lambda key, **params: key)
        except ParseError as e:
            assert e.params["allowed"] != "option.default", f"{spec.id}: {name}"
        else:
            pytest.fail(f"{spec.id}: {name}=≠ was taken")


@pytest.mark.parametrize(
    "lang, expected",
    [
        ("en", "/pay @mayor <amount>, /deal @mayor…: <text>"),
        ("de", "/pay @Bürgermeister <Betrag>, /deal @Bürgermeister…: <Text>"),
    ],
)
async def test_the_rules_summary_names_the_mayor_to_pay(redis, lang, expected):
    chat = Chat.make(redis, lang=lang)
    [line] = await chat.say("anna: /rules aufruhr")
    assert expected in line and "/pay <" not in line


def boards(out: list[str]) -> int:
    return sum(line == "[group] AUFRUHR! – the board" for line in out)


async def test_the_board_is_posted_again_only_when_it_changed(chat):
    out = await chat.say("anna> [Essen (ben)]", "ben> [Duisburg (anna)]", "cem> [Essen (ben)]")
    assert boards(out) == 0
    assert boards(await chat.say("dora> [Essen (ben)]")) == 1  # ben wears the hat
    await chat.say("anna> [No folder]", "cem> [No folder]", "dora> [No folder]")
    # the Lord Mayor's next steps change nothing on the board: no new picture
    out = await chat.say("ben: [Essen (ben)]", "ben: [Bochum (cem)]")
    # (ben is asked again: his status message becomes the next question, edited)
    assert boards(out) == 0 and "[group:edit] EU subvention: ben receives 40." in out
    # asked for, it is always shown
    assert boards(await chat.say("ben: /board")) == 1


async def test_a_table_stored_before_the_board_digest_still_loads(chat):
    data = (await chat.table()).model_dump(mode="json")
    del data["board_digest"]
    table = Table.model_validate(data)
    assert table.board_digest is None and table.status == "playing"


async def test_hand_before_the_start_and_start_after_it_say_where_the_table_is(redis):
    chat = Chat.make(redis)
    await chat.say(*START[:-1])
    assert await chat.say("ben: /hand") == [
        "[group] The game has not started yet: /start begins it."
    ]
    await chat.say(START[-1])
    assert await chat.say("ben: /start") == ["[group] The game has already started."]
