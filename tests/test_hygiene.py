"""User text is cleaned where it enters (bot/hygiene.py), before any table sees it."""

from bot.hygiene import clean
from bot.keys import user_tables_key
from bot.router import Incoming
from tests.chat import Chat


def test_controls_surrogates_and_bidi_overrides_are_removed():
    assert clean("an\x00na\x07\x9b\u202eevil\u2066x\ud800") == "annaevilx"
    assert clean("two\r\nlines\rhere") == "two\nlines\nhere"
    assert clean("two\nlines", newlines=False) == "two lines"
    assert clean("Jürgen 🍺 ß") == "Jürgen 🍺 ß"


async def test_a_hostile_name_reaches_the_table_clean(redis):
    chat = Chat.make(redis)
    await chat.say("al\x1bice\u202e: /new auktion")
    table = await chat.table()
    assert table.seats[0].name == "alice"


async def test_a_long_name_is_cut_to_64_characters(redis):
    chat = Chat.make(redis)
    await chat.router.handle(Incoming("console", "group", "u1", "Ä" * 300, text="/new auktion"))
    table = await chat.table()
    assert table.seats[0].name == "Ä" * 63 + "…"


async def test_a_users_routes_expire_with_the_tables(redis):
    chat = Chat.make(redis)
    await chat.say("alice: /new auktion", "bob: /join")
    ttl = await redis.pttl(user_tables_key("console", "bob"))
    assert 0 < ttl <= chat.router.store.ttl_ms
