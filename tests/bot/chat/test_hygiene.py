"""User text is cleaned where it enters (bot/chat/hygiene.py), before any table sees it."""

from bot.chat.hygiene import _UNSAFE, clean
from bot.chat.router import Incoming
from bot.store.keys import user_tables_key
from tests.fixtures.chat import Chat


def test_controls_surrogates_and_bidi_overrides_are_removed():
    assert clean("an\x00na\x07\x9b\u202eevil\u2066x\ud800") == "annaevilx"
    assert clean("two\r\nlines\rhere") == "two\nlines\nhere"
    assert clean("two\nlines", newlines=False) == "two lines"
    assert clean("Jürgen 🍺 ß") == "Jürgen 🍺 ß"


def test_printable_text_is_left_as_it_is_because_nothing_removed_is_printable():
    """clean() returns printable text at once (most text is): sound only while every
    character it removes, and every line break, is unprintable."""
    removed = [chr(c) for c in range(0x110000) if _UNSAFE.match(chr(c))]
    assert len(removed) > 2000  # (C0, C1, surrogates, bidi controls, U+FFFE/FFFF)
    assert not any(c.isprintable() for c in [*removed, "\r", "\n"])
    assert clean("Jürgen sagt: /bid 30") == "Jürgen sagt: /bid 30"


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
