"""AUFRUHR! card data: counts and shapes the rule book fixes (NOTES.md 15)."""

from collections import Counter

from rules.aufruhr.data import CATEGORIES, cards


def test_sixty_projects_fifteen_per_category_thirteen_payouts():
    c = cards()
    assert len(c.projects) == 60 and len({p.id for p in c.projects}) == 60
    assert Counter(p.categories[0] for p in c.projects) == {k: 15 for k in CATEGORIES}
    assert len(c.payouts) == 13


def test_big_ruhrcity_projects_have_two_categories_and_names_in_both_languages():
    for p in cards().projects:
        assert len(p.categories) == (2 if (p.kind, p.size) == ("ruhrcity", "big") else 1)
        assert p.name["de"] and p.name["en"]
