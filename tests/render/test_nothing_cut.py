"""Nothing that decides the game is cut from a picture (issue 40): every game's boards and
private views, in both languages, with the longest names, along a seeded game — each
card's lifebuoy, district and hours, every reachable station (or how many more, and
/where), every active rule's name and text appear whole in the SVG."""

import re
import xml.etree.ElementTree as ET

import pytest

from bot.table.outbox import Outbox
from render import boards
from render.einsistkeins_karten import hours
from rules import registry
from rules.bohei.data import card as bohei_card
from rules.einsistkeins.pubs import LIFEBUOY_NAMES, pub
from tests.fixtures.board_samples import GAMES, NAMES, states

NS = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "de")


def texts(svg: str) -> list[str]:
    return ["".join(e.itertext()) for e in ET.fromstring(svg).iter(f"{NS}text")]


def shown(svg: str) -> str:
    """All the picture's texts run together without spaces: a fact wrapped over lines
    ("Linden-" / "Mitte", "group" / "watches") is still found whole."""
    return re.sub(r"\s+", "", "".join(texts(svg)))


def whole(fact: str, svg: str) -> bool:
    return re.sub(r"\s+", "", fact) in shown(svg)


def pictures(game: str, lang: str):
    """(public view, seat views, board SVG, private SVGs) along the seeded game."""
    spec = registry.get(game)
    players = dict(GAMES)[game]
    names = NAMES[:players]
    label = Outbox(lang=lang, game=game, names=names).text
    for _, state in states(game, players, points=8):
        public = spec.public_view(state)
        seats = [spec.seat_view(state, s) for s in range(players)]
        yield (
            public,
            seats,
            boards.board_svg(game, public, names, label),
            [boards.private_svg(game, v, names, label) for v in seats],
        )


def test_the_check_finds_a_cut_fact():
    svg = '<svg xmlns="http://www.w3.org/2000/svg"><text>Linden-</text><text>Mi…</text></svg>'
    assert not whole("Linden-Mitte", svg)
    assert whole("Linden-Mi", svg)


@pytest.mark.parametrize("lang", LANGS)
def test_every_pub_card_shows_its_lifebuoy_district_and_hours_whole(lang):
    checked = 0
    for public, seats, board, privates in pictures("einsistkeins_karten", lang):
        cards = [(p.card, board) for p in public.trick]
        cards += [(c, svg) for v, svg in zip(seats, privates, strict=True) for c in v.hand]
        for name, svg in cards:
            p = pub(name)
            facts = [p.district, *hours(p).split(", ")]
            facts.append(LIFEBUOY_NAMES[p.lifebuoy] if p.lifebuoy else "–")
            for fact in facts:
                assert whole(fact, svg), (name, fact)
            checked += 1
        for svg in [board, *privates]:
            assert not any("…" in t for t in texts(svg) if not t.startswith(tuple(NAMES)))
    assert checked > 50


@pytest.mark.parametrize("lang", LANGS)
def test_every_reachable_station_is_listed_or_counted_with_where(lang):
    listed = 0
    for _, seats, _, privates in pictures("tube", lang):
        for view, svg in zip(seats, privates, strict=True):
            missing = [s for s in view.reachable if not whole(s, svg)]
            if missing:  # only from the end of the list, and then said how many
                assert missing == list(view.reachable[-len(missing) :])
                assert any(f"+{len(missing)}" in t and "/where" in t for t in texts(svg))
            listed += len(view.reachable) - len(missing)
    assert listed > 20


@pytest.mark.parametrize("lang", LANGS)
def test_every_active_rule_shows_its_name_and_text_whole(lang):
    rules_seen = 0
    for public, seats, board, privates in pictures("bohei", lang):
        for slot in public.slots:
            if slot.rule is None:
                continue
            name, text = getattr(bohei_card(slot.rule), lang)
            assert whole(name, board) and whole(text, board), (name, text)
            rules_seen += 1
        for view, svg in zip(seats, privates, strict=True):
            for c in view.hand:
                name, text = getattr(bohei_card(c), lang)
                assert whole(name, svg) and whole(text, svg), (name, text)
        assert not any("…" in t for t in texts(board) if not t.startswith(tuple(NAMES)))
    assert rules_seen > 0


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", [g for g, _ in GAMES])
def test_every_players_name_is_whole_on_the_board(lang, game):
    """Who is who: the longest names wrap or shrink to the 14-point floor, never cut."""
    names = NAMES[: dict(GAMES)[game]]
    for _, _, board, _ in pictures(game, lang):
        for name in names:
            assert whole(name, board), name
