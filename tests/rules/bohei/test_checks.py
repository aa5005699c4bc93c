"""Every rule card the bot checks, against example messages in German and English
(emoji, umlauts, mentions and seat tokens included)."""

import pytest

from rules.bohei.checks import CHECKS, breaks
from rules.bohei.data import deck

BEFORE = 1  # the writer's predecessor is seat 1

CASES = {
    "lowercase": [
        ("hallo zusammen, schöne grüße 😀", False),
        ("Hallo zusammen", True),
        ("über den wolken ist es ÄTZEND", True),
        ("hello everyone", False),
        ("hello Everyone", True),
        ("#1 danke dir", False),  # a name at the start is not the writer's capital
        ("danke <@Bob123>", False),
    ],
    "no_e": [
        ("das klappt gut, ja 😎", False),
        ("das geht gut", True),
        ("Édith kommt", True),
        ("a big hug for you all", False),
        ("see you", True),
        ("#1 du bist dran", False),
        ("danke @steve", True),  # "danke" has an e; the handle does not count
        ("dank dir @steve", False),
    ],
    "emoji_end": [
        ("prima 👍", False),
        ("prima 👍🏽", False),  # skin tone
        ("toll ❤️", False),  # heart with variation selector
        ("super 🇩🇪", False),
        ("well played", True),
        ("😀 but not at the end", True),
        ("nice one 🎉   ", False),
    ],
    "max_five_words": [
        ("eins zwei drei vier fünf", False),
        ("eins zwei drei vier fünf sechs", True),
        ("one two three four five 🎉", False),
        ("#1 one two three four five", False),
        ("this sentence has more than five words", True),
        ("grüß gott, liebe große runde", False),
    ],
    "min_three_words": [
        ("ja", True),
        ("ja genau so", False),
        ("yes 👍", True),
        ("yes, of course", False),
    ],
    "highness": [
        ("Eure Hoheit, ich ziehe.", False),
        ("eure hoheit 👑", False),
        ("ich ziehe", True),
        ("Your Highness, I pass.", False),
        ("your  HIGHNESS, sure", False),
        ("I pass", True),
    ],
    "no_question": [
        ("wer ist dran?", True),
        ("wer ist dran", False),
        ("¿qué?", True),
        ("is it my turn？", True),
        ("my turn 🎲", False),
    ],
    "name_first": [
        ("#1 hat recht", False),
        ("#1: you're right", False),
        ("#2 hat recht", True),
        ("#12 no", True),
        ("hat recht #1", True),
        ("you're right", True),
    ],
    "no_digits": [
        ("ich habe drei karten", False),
        ("ich habe 3 karten", True),
        ("I have ٣ cards", True),  # any script's digits
        ("#1 hello", False),  # a seat token is a name
        ("hi <@123456>", False),  # a Discord mention is a name
        ("I have three", False),
    ],
    "all_caps": [
        ("ICH ZIEHE! 😀", False),
        ("GRÜSSE AN ALLE", False),
        ("Grüße", True),
        ("GROßE GRÜßE", False),  # caps lock types ß: it has no capital on the keyboard
        ("GROSSE grüße", True),
        ("I PASS", False),
        ("i pass", True),
        ("👍", False),
    ],
    "ends_bang": [
        ("los geht's!", False),
        ("los geht's", True),
        ("let's go!  ", False),
        ("let's go! 🎉", True),
    ],
    "no_me": [
        ("ich ziehe", True),
        ("das gehört mir", True),
        ("du bist dran", False),
        ("I pass", True),
        ("my turn", True),
        ("your turn", False),
        ("Ichthyosaurus", False),  # whole words only
    ],
    "no_emoji": [
        ("ok", False),
        ("ok 👍", True),
        ("süß ☀", True),
        ("fine :)", False),
    ],
    "short_words": [
        ("kurz und gut", False),
        ("Donaudampfschifffahrt", True),
        ("short and sweet", False),
        ("extraordinary", True),
        ("#1 dir", False),
    ],
    "no_and": [
        ("kurz und gut", True),
        ("Und jetzt?", True),
        ("short and sweet", True),
        ("Andreas kommt", False),
        ("sand and sea", True),
        ("sandy beaches", False),
    ],
}


@pytest.mark.parametrize(
    ("check", "text", "broken"),
    [(check, text, broken) for check, cases in CASES.items() for text, broken in cases],
)
def test_check_against_message(check, text, broken):
    assert breaks(check, text, BEFORE) is broken


def test_every_check_is_tested_and_on_a_card():
    assert set(CASES) == set(CHECKS)
    on_cards = {r.check for r in deck().rules if r.check}
    assert on_cards == set(CHECKS)


def test_each_case_list_has_both_verdicts():
    for check, cases in CASES.items():
        assert {b for _, b in cases} == {True, False}, check
