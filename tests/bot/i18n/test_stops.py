"""A line that ends with a name takes no second full stop after a name that ends a
sentence itself (Bohei's "Cheers!", the pub "Was nun?"), in every message alike."""

import pytest

from bot import i18n
from bot.marks import BOLD, Span
from render import boards
from rules.bohei.data import names_of


def _bohei(lang: str, key: str, **params: object) -> str:
    shown = boards.params("bohei", key, params, lambda k, **p: i18n.t(lang, k, **p))
    return i18n.t(lang, key, **shown)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "🃏 Your hand: Weather Ban, Cheers!"),
        ("de", "🃏 Deine Hand: Wetterverbot, Prost!"),
    ],
)
def test_a_hand_ending_in_an_exclamation_mark_takes_no_full_stop(lang, expected):
    assert _bohei(lang, "bohei.hand_dealt", hand=names_of(["weather", "prost"])) == expected


@pytest.mark.parametrize(
    ("lang", "cheers", "weather"),
    [
        (
            "en",
            "🃏 You drew: Cheers! Your hand: 4 cards.",
            "🃏 You drew: Weather Ban. Your hand: 4 cards.",
        ),
        (
            "de",
            "🃏 Gezogen: Prost! Auf der Hand: 4 Karten.",
            "🃏 Gezogen: Wetterverbot. Auf der Hand: 4 Karten.",
        ),
    ],
)
def test_the_stop_goes_only_after_a_name_that_ends_the_sentence(lang, cheers, weather):
    # inside the line as at its end; the stop after a count, or a plain name, stays
    assert _bohei(lang, "bohei.hand_drew", drawn=names_of(["prost"]), count=4) == cheers
    assert _bohei(lang, "bohei.hand_drew", drawn=names_of(["weather"]), count=4) == weather


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_pub_ending_in_a_question_mark(lang):
    line = i18n.t(lang, "einsistkeins.drew", seat="bob", card="Was nun?")
    assert line == {"en": "bob draws Was nun?", "de": "bob zieht Was nun?"}[lang]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_marked_name_is_read_the_same_way(lang):
    spans = (Span("Was nun?", BOLD),)
    shown = i18n.marked(lang, "einsistkeins.drew", seat="bob", card=spans)
    expected = {"en": "bob draws Was nun?", "de": "bob zieht Was nun?"}[lang]
    assert "".join(s.text for s in shown) == expected
