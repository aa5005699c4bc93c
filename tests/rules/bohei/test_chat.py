"""Bohei in the chat: ordinary group messages reach the rule checks (a standing prompt
without a command takes plain text, bot/chat/answers.py `find_typed`), violations are announced
once with the rule and the penalty, names at the start become seats, "Bohei" can be
typed, /foul opens a vote; chatter in a game that reads no messages stays unanswered."""

import pytest

from adapters.console.session import GROUP, PLATFORM
from bot.i18n import t
from bot.store.keys import table_key
from tests.fixtures.bohei_positions import activate, edit, six_for_the_first
from tests.fixtures.chat import Chat

START = ["anna: /new bohei", "ben: /join", "cem: /join", "anna: /start", "anna: [That's me 🙋]"]


@pytest.fixture
def chat(redis):
    return Chat.make(redis)


async def _edit(chat: Chat, change) -> None:
    await edit(chat.router, PLATFORM, GROUP, change)


def told(out: list[str]) -> list[str]:
    """What the group is told, an edited message's new lines as said: the lines that
    only close the last step's living status (issue 18) left out."""
    return [
        line.replace("[group:edit] ", "[group] ", 1)
        for line in out
        if not line.startswith(("[group:edit] ✓ ", "[group:edit] ↓ "))
    ]


async def test_chatter_without_an_active_rule_is_not_answered_nor_stored(chat):
    await chat.say(*START)
    before = await chat.router.store.load(table_key(PLATFORM, GROUP))
    assert await chat.say("ben: Hallo Leute, wer ist dran?") == []
    after = await chat.router.store.load(table_key(PLATFORM, GROUP))
    assert after.version == before.version


async def test_a_broken_rule_is_announced_once_with_its_penalty(chat):
    await chat.say(*START)
    await _edit(chat, activate("lower"))
    out = told(await chat.say("ben: Hallo Leute"))
    assert out[0] == "[group] 🚨 ben broke “Library Voice”: discard 1."
    assert sum("🚨" in line for line in out) == 1
    assert "[group] ben: a Nope now? Or take it." in out
    assert await chat.say("cem: alles klar 👍") == []  # keeps the rule: nothing said
    assert await chat.say("dora: HALLO") == []  # not at the table


async def test_a_leading_name_is_the_player_named(chat):
    await chat.say(*START)
    await _edit(chat, activate("name_first"))
    assert await chat.say("cem: ben hat recht") == []  # ben sits before cem
    out = told(await chat.say("cem: anna hat recht"))
    assert out[0].startswith("[group] 🚨 cem broke “Relay Race”")


async def test_bohei_can_be_typed(chat):
    await chat.say(*START)
    await _edit(chat, six_for_the_first)
    out = told(await chat.say("anna: [Draw 🃏]"))
    assert "[group] anna holds 7 cards!" in out
    out = told(await chat.say("anna: BOHEI!!"))
    assert "[group] 📣 anna: BOHEI!" in out


async def test_foul_opens_a_vote_of_the_others(chat):
    await chat.say(*START)
    await _edit(chat, activate("weather"))
    out = told(await chat.say("anna: /foul @ben"))
    assert out[0].startswith("[group] anna reports ben for breaking a rule (Weather Ban)")
    assert "[group] cem: did ben break a rule?" in out
    out = told(await chat.say("cem: [Foul! 🚨]"))
    assert "[group] Foul confirmed (2:0): ben discards 1." in out


async def test_chatter_in_a_game_that_reads_no_messages_stays_unanswered(chat):
    await chat.say("alice: /new auktion", "bob: /join", "carol: /join", "alice: /start")
    before = await chat.router.store.load(table_key(PLATFORM, GROUP))
    assert await chat.say("bob: na, wer bietet?") == []
    after = await chat.router.store.load(table_key(PLATFORM, GROUP))
    assert after.version == before.version


def test_a_name_given_in_both_languages_is_shown_in_the_chats():
    names = {"de": "Flüsterkneipe", "en": "Library Voice"}
    assert t("de", "bohei.rule_ended", card=names) == "Die Regel „Flüsterkneipe“ ist vorbei."
    assert t("en", "bohei.rule_ended", card=names) == "The rule “Library Voice” is over."


async def test_the_german_chat_names_the_rule_in_german(redis):
    chat = Chat.make(redis, lang="de")
    await chat.say(*START[:4], "anna: [Ich bin's 🙋]")
    await _edit(chat, activate("lower"))
    out = told(await chat.say("ben: Hallo Leute"))
    assert out[0] == "[group] 🚨 ben hat „Flüsterkneipe“ gebrochen: 1 Karte abwerfen."


async def test_where_the_bot_cannot_read_the_chat_every_rule_is_watched_by_the_group(redis):
    """Telegram with privacy mode on, Discord without the Message Content intent: the
    bot says so at /start, and Bohei is played with every rule watched (/foul)."""
    chat = Chat.make(redis)
    chat.router.reads_chat = False
    out = told(await chat.say("ann: /new bohei", "ben: /join", "cyd: /join", "ann: /start"))
    assert any("I cannot read ordinary messages in this chat" in line for line in out)
    table = await chat.table()
    assert table.state["options"]["checks"] == "none"


async def test_telegram_with_privacy_mode_on_tells_the_router():
    import fakeredis

    from tests.fixtures.fake_telegram import FakeTelegram, running_bot

    fake = FakeTelegram(reads_all=False)
    runner = await fake.start()
    redis = fakeredis.FakeAsyncRedis()
    try:
        async with running_bot(fake, redis) as bot:
            assert bot.adapter.router.reads_chat is False
    finally:
        await runner.cleanup()
        await redis.aclose()
