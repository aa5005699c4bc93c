"""AUFRUHR! card data: counts and shapes the rule book fixes (NOTES.md 15)."""

from collections import Counter

import pytest

from rules.aufruhr.data import CATEGORIES, cards, checked


def test_sixty_projects_fifteen_per_category_thirteen_payouts():
    c = cards()
    assert len(c.projects) == 60 and len({p.id for p in c.projects}) == 60
    assert Counter(p.categories[0] for p in c.projects) == {k: 15 for k in CATEGORIES}
    assert len(c.payouts) == 13


def test_big_ruhrcity_projects_have_two_categories_and_names_in_both_languages():
    for p in cards().projects:
        assert len(p.categories) == (2 if (p.kind, p.size) == ("ruhrcity", "big") else 1)
        assert p.name["de"] and p.name["en"]


@pytest.mark.parametrize(
    ("broken", "why"),
    [
        (lambda c: {"events": (*c.events, c.events[0])}, "used twice"),
        (lambda c: {"initial": {**c.initial, "atlantis": c.initial["essen"]}}, "not on the map"),
        (lambda c: {"categories": {**c.categories, "sports": c.categories["culture"]}}, "category"),
    ],
)
def test_a_broken_card_file_is_refused_at_load(broken, why):
    assert checked(cards()) == cards()
    with pytest.raises(ValueError, match=why):
        checked(cards().model_copy(update=broken(cards())))
