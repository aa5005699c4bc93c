"""AUFRUHR! sealed-bid auctions on literal bids (NOTES.md 10–11)."""

import pytest

from rules.aufruhr.auction import check_bid, resolve
from rules.aufruhr.projects import MINIMUM
from rules.core.errors import RuleError


def test_highest_bid_at_minimum_wins():
    r = resolve({0: 20, 1: 30, 2: None, 3: 10}, MINIMUM[("municipal", "small")])
    assert r.price == 30 and r.winners == (1,)


def test_all_below_minimum_is_unsold():
    r = resolve({0: 50, 1: 110, 2: None}, MINIMUM[("ruhrcity", "big")])
    assert r.price is None and r.winners == ()


def test_tie_goes_to_lord_mayor():
    r = resolve({0: 40, 1: 40, 2: 30}, MINIMUM[("municipal", "big")])
    assert r.price == 40 and r.winners == (0, 1)


def test_bids_in_tens_within_treasury():
    check_bid(0, 0)
    check_bid(30, 30)
    with pytest.raises(RuleError):
        check_bid(25, 100)
    with pytest.raises(RuleError):
        check_bid(40, 30)
