"""A number is written with the digits 0–9, in an answer as in an option
(rules/core/numbers.py): "٣" (Arabic-Indic three) is refused alike wherever a number
is typed, with the line a word in its place gets, and nothing changes."""

import pytest

from tests.fixtures.chat import Chat
from tests.rules.aufruhr.test_chat import START, TO_AUCTION

BID_REFUSED = {
    "en": "[dm:anna] “٣0” is not a number. Write a whole number, e.g. ",
    "de": "[dm:anna] „٣0“ ist keine Zahl. Schreib eine ganze Zahl, z. B. ",
}
PAY_REFUSED = {
    "en": "[dm:anna] Write /pay @mayor <amount> or /pay <city> <amount>, e.g. /pay Essen 30",
    "de": "[dm:anna] Schreib /pay @Bürgermeister <Betrag> oder /pay <Stadt> <Betrag>, z. B.",
}
OPTION_REFUSED = {
    "en": "[group] Option events=٣ is not allowed: events is a whole number from",
    "de": "[group] Option events=٣ ist nicht erlaubt: events ist eine ganze Zahl von",
}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_bid_in_other_digits_is_refused_as_an_option_is(redis, lang):
    chat = Chat.make(redis)
    await chat.say(*START, *TO_AUCTION)
    await chat.say(f"anna: /lang {lang}")
    before = await chat.stored()
    [line] = await chat.say("anna> /bid ٣0")
    assert line.startswith(BID_REFUSED[lang]), line
    assert await chat.stored() == before
    out = await chat.say("anna> /bid 30")  # the same bid in 0–9 is taken
    assert not any(line.startswith(BID_REFUSED[lang][:12]) for line in out), out
    assert await chat.stored() != before


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_payment_in_other_digits_is_refused(redis, lang):
    chat = Chat.make(redis, lang=lang)
    await chat.say(*START)
    before = await chat.stored()
    [line] = await chat.say("anna: /pay Essen ٣0")
    assert line.startswith(PAY_REFUSED[lang]), line
    assert await chat.stored() == before


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_an_option_in_other_digits_is_refused(redis, lang):
    chat = Chat.make(redis, lang=lang)
    [line] = await chat.say("anna: /new aufruhr events=٣")
    assert line.startswith(OPTION_REFUSED[lang]), line
    assert await chat.table() is None
