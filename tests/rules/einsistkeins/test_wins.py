"""The shared win rules of EINS IST KEINS: all nine lifebuoy combinations, seven of one
lifebuoy, the tourist, twelve pubs, and the tie-breaks."""

import pytest

from rules.einsistkeins.pubs import LIFEBUOYS, PUBS
from rules.einsistkeins.wins import districts, needed, ranking, standing, tied, win

BUOY = {b: [p for p in PUBS if p.lifebuoy == b] for b in LIFEBUOYS}
NONE = [p for p in PUBS if p.lifebuoy is None]


def hand(*per_buoy: int, others: int = 0):
    """`per_buoy[i]` pubs from the i-th lifebuoy, plus `others` pubs in no lifebuoy."""
    pubs = [p for i, n in enumerate(per_buoy) for p in BUOY[LIFEBUOYS[i]][:n]]
    return pubs + NONE[:others]


@pytest.mark.parametrize(
    ("per_buoy", "others", "total"),
    [
        ((3,), 8, 11),  # three from one lifebuoy plus eight others
        ((4,), 6, 10),  # four plus six
        ((3, 3), 4, 10),  # two sets of three plus four
        ((3, 4), 2, 9),  # three and four plus two
        ((3, 3, 3), 0, 9),  # three times three
        ((5,), 4, 9),  # five plus four
        ((6,), 2, 8),  # six plus two
        ((4, 4), 0, 8),  # two sets of four
        ((3, 5), 0, 8),  # three and five
    ],
)
def test_the_nine_combinations_of_the_rule_book(per_buoy, others, total):
    pubs = hand(*per_buoy, others=others)
    assert len(pubs) == total
    assert needed(pubs) == total
    won = win(pubs)
    assert won is not None and won.kind == "lifebuoys" and won.needed == total
    assert win(pubs[:-1]) is None  # one pub fewer is not yet a win


def test_twelve_pubs_win_without_any_lifebuoy_help():
    plain = hand(2, 2, 2, 2, others=4)
    assert len(plain) == 12 and needed(plain) == 12
    assert win(plain).kind == "twelve"
    assert win(plain[:11]) is None


def test_all_seven_of_one_lifebuoy():
    pubs = hand(7)
    assert win(pubs).kind == "all_seven"
    assert win(hand(6)) is None


@pytest.mark.parametrize("buoy", LIFEBUOYS)
def test_all_seven_of_each_lifebuoy(buoy):
    seven = BUOY[buoy]
    assert len(seven) == 7
    assert win(seven).kind == "all_seven"
    assert win(seven[:6]) is None


def test_tourist_one_from_each_lifebuoy_plus_a_sixth():
    five = hand(1, 1, 1, 1, 1)
    assert win(five) is None
    assert win(five + NONE[:1]).kind == "tourist"
    assert win(hand(2, 1, 1, 1, 1)).kind == "tourist"  # the sixth may be in a lifebuoy too
    assert win(hand(2, 2, 1, 1, 0, others=2)) is None


def test_the_first_two_in_a_lifebuoy_lower_nothing():
    assert needed(hand(2, 2, 2)) == 12
    assert needed(hand(7, 7)) == 2  # only reachable with 14 pubs, won long before


def test_tie_breaks_pubs_then_districts_then_alcohol():
    a = hand(2, others=1)  # 3 pubs
    b = hand(0, 1, 1, others=1)  # 3 pubs, more districts
    assert districts(b) > districts(a)
    standings = {0: standing(a), 1: standing(b), 2: standing(hand(1))}
    assert ranking(standings) == ((1,), (0,), (2,))
    assert ranking({0: standing(a, 5), 1: standing(a, 9)}) == ((1,), (0,))
    assert ranking({0: standing(a), 1: standing(a)}) == ((0, 1),)


def test_a_winner_ranks_first():
    standings = {0: standing(hand(3, others=6)), 1: standing(hand(1, 1, 1, 1, 1, others=1))}
    assert ranking(standings, winner=1) == ((1,), (0,))


def test_the_tied_are_the_seats_with_equal_pubs_in_ranking_order():
    a = hand(2, others=1)  # 3 pubs
    b = hand(0, 1, 1, others=1)  # 3 pubs, more districts
    standings = {0: standing(a), 1: standing(b), 2: standing(hand(1)), 3: standing(a)}
    assert tied(standings, ranking(standings)) == (1, 0, 3)
    assert tied({0: standing(a), 1: standing(hand(1))}, ((0,), (1,))) == ()
    # a winner stands first by the win, even with the same pubs as another
    two = {0: standing(a), 1: standing(b)}
    assert tied(two, ranking(two, winner=0), winner=0) == ()
