"""User text is cleaned where it enters (bot/hygiene.py), before any table sees it."""

from bot.hygiene import clean
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
