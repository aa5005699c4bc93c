"""The shared pub data of EINS IST KEINS: names, hours, districts, lifebuoys, jokers."""

from collections import Counter

import pytest

from render.einsistkeins_karten import hours
from rules.einsistkeins.pubs import (
    DAY,
    DISTRICTS,
    LIFEBUOYS,
    PUBS,
    START,
    Span,
    clock,
    is_open,
    pub,
)


def test_fifty_cards_plus_the_start():
    assert len(PUBS) == 50
    assert START.name == "Café Safran"
    assert START not in PUBS
    assert len({p.name for p in PUBS}) == 50


def test_scanning_errors_are_fixed():
    names = {p.name for p in PUBS}
    assert {"Crempel Pub", "Cheers", "Café Kalah"} <= names
    assert not names & {"Crampal Duh", "Cileers", "Cafè Kalah"}


def test_district_counts_including_cafe_safran():
    counts = Counter(p.district for p in (*PUBS, START))
    assert counts == {
        "Nordstadt": 10,
        "Linden-Nord": 9,
        "Linden-Mitte": 8,
        "Mitte": 8,
        "Oststadt": 5,
        "List": 4,
        "Calenberger Neustadt": 3,
        "Südstadt": 3,
        "Limmer": 1,
    }
    assert set(counts) == set(DISTRICTS)
    # "of which only 17 are still in Linden" (making-of)
    assert counts["Linden-Nord"] + counts["Linden-Mitte"] == 17


def test_five_lifebuoys_of_seven_and_fifteen_pubs_in_none():
    counts = Counter(p.lifebuoy for p in PUBS)
    assert counts == {**{b: 7 for b in LIFEBUOYS}, None: 15}
    assert START.lifebuoy is None


def test_lifebuoys_lie_in_their_districts():
    allowed = {
        "nordstadt": {"Nordstadt"},
        "linden_nord": {"Linden-Nord"},
        "linden_mitte": {"Linden-Mitte"},
        "mitte": {"Mitte", "Südstadt"},  # the city centre "with a touch of Südstadt"
        "oststadt_list": {"Oststadt", "List"},
    }
    for p in PUBS:
        if p.lifebuoy:
            assert p.district in allowed[p.lifebuoy], p.name
    touch = [p for p in PUBS if p.lifebuoy == "mitte" and p.district == "Südstadt"]
    assert len(touch) == 1


def test_the_card_game_example_is_in_the_linden_nord_lifebuoy():
    for name in ("Piccolo Fiasko", "Izarro", "Das Ei"):
        assert pub(name).lifebuoy == "linden_nord"


def test_the_frosch_is_alone_in_its_district_and_a_district_joker():
    frosch = pub("Frosch")
    assert [p.name for p in PUBS if p.district == frosch.district] == ["Frosch"]
    assert frosch.joker == "district"


def test_cest_la_vie_closes_latest_and_is_a_closing_joker():
    cest = pub("C'est la vie")
    assert cest.joker == "closing"
    assert cest.closing == 34 * 60  # 10:00 next morning
    assert all(p.closing < cest.closing for p in PUBS if p is not cest)
    assert [p.name for p in PUBS if p.joker] == ["C'est la vie", "Frosch"]


def test_hours_as_in_the_rule_book():
    assert pub("Cheers").spans == (Span(open=9 * 60, close=25 * 60),)
    assert pub("Centrum").spans == (Span(open=11 * 60, close=24 * 60),)
    assert pub("Brauhaus Ernst-August").closing == 28 * 60 + 30
    assert hours(pub("Kuriosum")) == "18:00–00:30"
    assert pub("Extrakt").opening == 11 * 60 + 30
    assert pub("The Harp").opening == 16 * 60 + 30
    assert hours(START) == "10:00–02:00"


def test_gaststaette_kaiser_has_two_spans():
    kaiser = pub("Gaststätte Kaiser")
    assert hours(kaiser) == "11:00–15:00, 17:00–01:00"
    assert is_open(kaiser, 11 * 60)
    assert is_open(kaiser, 14 * 60 + 59)
    assert not is_open(kaiser, 15 * 60)
    assert not is_open(kaiser, 16 * 60 + 30)
    assert is_open(kaiser, 17 * 60)
    assert is_open(kaiser, 24 * 60 + 30)  # 00:30 counted past midnight
    assert not is_open(kaiser, 25 * 60)
    assert kaiser.opening == 11 * 60
    assert kaiser.closing == 25 * 60


def test_closing_after_midnight_and_closing_time_exclusive():
    grotte = pub("Grotte")  # 18:00–01:00
    assert not is_open(grotte, 17 * 60 + 59)
    assert is_open(grotte, 18 * 60)
    assert is_open(grotte, 24 * 60 + 59)
    assert is_open(grotte, 59)  # the same minute written 00:59
    assert not is_open(grotte, 25 * 60)  # "closes at 1 a.m.": nothing at 1 a.m.
    assert not is_open(grotte, 60)


def test_cest_la_vie_is_open_through_the_night_into_the_morning():
    cest = pub("C'est la vie")
    assert not is_open(cest, 14 * 60)
    assert is_open(cest, 22 * 60)
    assert is_open(cest, 29 * 60)  # 5 o'clock, the board game's end
    assert is_open(cest, 9 * 60 + 59)
    assert not is_open(cest, 10 * 60)


@pytest.mark.parametrize("p", PUBS, ids=lambda p: p.name)
def test_every_card_is_well_formed(p):
    assert p.spans and all(0 <= s.open < DAY < s.close + DAY for s in p.spans)
    assert 52.33 < p.lat < 52.42 and 9.66 < p.lon < 9.79
    assert p.source


def test_positions_are_distinct_and_found_ones_are_not_estimated():
    assert len({(p.lat, p.lon) for p in (*PUBS, START)}) == 51
    assert not START.estimated and not pub("The Harp").estimated


def test_clock():
    assert clock(25 * 60 + 30) == "01:30"
    assert clock(0) == "00:00"
