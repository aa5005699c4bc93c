"""AUFRUHR! boards: golden text and pictures, public and private, and what they must not show.

After a deliberate change regenerate with
`UPDATE_GOLDEN=1 python -m pytest tests/rules/aufruhr/test_render.py` and look at the pictures
(`python -m adapters.console --images DIR` draws the same boards).
"""

import os
import re
import xml.etree.ElementTree as ET

import pytest

from bot.i18n import t
from render import boards
from rules.aufruhr.data import ruhr_map
from rules.aufruhr.ending import final
from rules.aufruhr.engine import apply, prompts, public_view, seat_view, setup
from rules.aufruhr.model import Folders, Options, Project
from tests.fixtures.paths import GOLDEN

GOLDEN = GOLDEN
NAMES = ["anna", "ben", "</text><b>cem", "dora"]
SVG_NS = "{http://www.w3.org/2000/svg}"


def _state():
    state = setup(4, Options(events=3), 7)
    state.round, state.lord_mayor, state.phase, state.election = 2, 1, "intention", None
    state.events = state.events[1:]
    state.board["oberhausen"] = [
        Project(kind="municipal", size="big", categories=("culture",), owners=(0,), card="cul11"),
        Project(kind="municipal", size="small", categories=("economy",), owners=(1,), card="eco07"),
    ]
    state.board["gelsenkirchen"] = [
        Project(
            kind="ruhrcity",
            size="big",
            categories=("culture", "nature"),
            owners=(1, 2),
            card="cul15",
        )
    ]
    state.board["herne"] = [
        Project(
            kind="ruhrcity", size="small", categories=(), owners=(3,), negative=True, card="ev01"
        )
    ]
    state.mayors[1].hand = ["edu13"]
    state.mayors[1].money = 345
    state.tokens[0] = state.tokens[0].model_copy(update={"holder": 1, "covered": True})
    return state


def label(key, **params):
    return t("en", key, **params)


@pytest.mark.parametrize("kind", ["board.svg", "board.txt", "private.svg", "private.txt"])
def test_golden_boards(kind):
    state = _state()
    view = public_view(state) if kind.startswith("board") else seat_view(state, 1)
    draw = {
        "board.svg": boards.board_svg,
        "board.txt": boards.board_text,
        "private.svg": boards.private_svg,
        "private.txt": boards.private_text,
    }[kind]
    got = draw("aufruhr", view, NAMES, label)
    golden = GOLDEN / f"aufruhr_{kind}"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(got)
    assert got == golden.read_text()


def _texts(svg):
    return [e.text or "" for e in ET.fromstring(svg).iter(f"{SVG_NS}text")]


def test_the_map_shows_every_border_the_mayors_and_ruhrcity_projects():
    svg = boards.board_svg("aufruhr", public_view(_state()), NAMES, label)
    root = ET.fromstring(svg)  # well-formed, hostile names escaped
    assert len(list(root.iter(f"{SVG_NS}line"))) == 128 + 1  # every shared border, the legend's
    texts = _texts(svg)
    view = public_view(_state())
    named = {p.community for p in view.projects} | set(view.cities)
    # the map names the great cities in play and the communities with projects, nothing else
    assert {ruhr_map().communities[c].name for c in view.cities} <= set(texts)
    assert "Xanten" not in texts and "Xanten" not in {ruhr_map().communities[c].name for c in named}
    assert any(x.startswith("</text><b>cem") for x in texts)
    assert len(list(root.iter(f"{SVG_NS}polygon"))) >= 3  # RuhrCity diamonds (one two-coloured)


def test_private_values_only_in_the_private_view():
    state = _state()
    public = boards.board_text("aufruhr", public_view(state), NAMES, label)
    public_svg = boards.board_svg("aufruhr", public_view(state), NAMES, label)
    mine = boards.private_text("aufruhr", seat_view(state, 1), NAMES, label)
    assert "345" in mine and "Ruhr University north campus" in mine and "★A°" in mine
    assert "345" not in public and "345" not in public_svg
    assert "treasury" not in public.lower()


def test_the_german_board_speaks_german():
    text = boards.board_text(
        "aufruhr", public_view(_state()), NAMES, lambda k, **p: t("de", k, **p)
    )
    assert "Runde 2 von 4" in text and "Jahrhunderthalle und Westpark" in text


def test_the_hand_shows_the_scandals_a_mayor_received():
    state = _state()
    i = next(i for i, s in enumerate(state.scandals) if s.origin == 3)
    state.scandals[i] = state.scandals[i].model_copy(update={"holder": 1})
    line = "Scandals you received (never usable again): from dora."
    assert line in boards.private_text("aufruhr", seat_view(state, 1), NAMES, label).splitlines()
    svg = boards.private_svg("aufruhr", seat_view(state, 1), NAMES, label)
    assert line in " ".join(_texts(svg))  # wrapped to a phone's width
    assert "Ruhr University north campus" in " ".join(_texts(svg))  # the hand still shows
    german = boards.private_text(
        "aufruhr", seat_view(state, 1), NAMES, lambda k, **p: t("de", k, **p)
    )
    assert "Erhaltene Skandale (nie wieder nutzbar): von dora." in german
    # nobody else learns it
    assert "dora" not in boards.private_text("aufruhr", seat_view(state, 0), NAMES, label)
    assert "Scandals" not in boards.board_text("aufruhr", public_view(state), NAMES, label)


@pytest.mark.parametrize(("lord_mayor", "crowned"), [(2, 2), (None, 0)])
def test_the_final_board_crowns_the_winner_the_rules_chose(lord_mayor, crowned):
    # all four tied at nought: the Lord Mayor in office keeps the title, else the first
    # from his left (seat 0's) does (rules/aufruhr/ending.py, NOTES.md 30)
    state = setup(4, Options(events=3), 7)
    state.lord_mayor, state.board = lord_mayor, {}
    final(state, [])
    assert set(state.final.values()) == {0} and state.winner_hall == crowned
    svg = boards.board_svg("aufruhr", public_view(state), NAMES, label)
    crowns = [x for x in _texts(svg) if x.startswith("♛")]
    assert crowns == [f"♛ {NAMES[crowned]} · {ruhr_map().communities[state.cities[crowned]].name}"]


def test_the_german_board_calls_the_folders_schmiergeldmappen():
    """The board's step read "IV. Bestechungsmappen" while every other German line says
    "Schmiergeldmappe"."""
    state = _state()
    state.phase = "folders"
    state.folders = Folders(context="intention", number=1, seats=[0])
    svg = boards.board_svg("aufruhr", public_view(state), NAMES, lambda k, **p: t("de", k, **p))
    assert "Zuerst IV. Schmiergeldmappen" in _texts(svg)
    assert "IV. Bribe folders first" in _texts(
        boards.board_svg("aufruhr", public_view(state), NAMES, label)
    )


@pytest.mark.parametrize(
    ("phase", "lang", "step"),
    [
        ("bid", "en", "III. a) Auctions"),
        ("site", "de", "III. a) Versteigerungen"),
        ("realise", "en", "V. End of round: RuhrCity projects"),
        ("realise", "de", "V. Rundenende: RuhrCity-Projekte"),
    ],
)
def test_the_board_numbers_its_steps_as_the_rule_book_does(phase, lang, step):
    """The board called the auctions "V." and realising RuhrCity projects "VI. Building",
    while the rule book (and the group's lines: "V. End of round: RuhrCity projects may be
    realised now", "VI. Scoring") numbers them III. a) and V."""
    state = _state()
    state.phase = phase
    svg = boards.board_svg("aufruhr", public_view(state), NAMES, lambda k, **p: t(lang, k, **p))
    assert step in _texts(svg)


def _step_lines(svg):
    """The board's lines naming a step of the round ("II. EU subventions", "IV. …")."""
    return [x for x in _texts(svg) if re.match(r"(Zuerst )?[IV]+\. ", x)]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                ["I. Election of the Lord Mayor"],
                ["II. EU subventions", "IV. Bribe folders first"],
                ["II. EU subventions"],
                ["III. The Lord Mayor's intention"],
                ["III. The Lord Mayor's intention", "IV. Bribe folders first"],
                ["III. a) Auctions"],
            ],
        ),
        (
            "de",
            [
                ["I. Wahl des Oberbürgermeisters"],
                ["II. EU-Subventionen", "Zuerst IV. Schmiergeldmappen"],
                ["II. EU-Subventionen"],
                ["III. Absicht des Oberbürgermeisters"],
                ["III. Absicht des Oberbürgermeisters", "Zuerst IV. Schmiergeldmappen"],
                ["III. a) Versteigerungen"],
            ],
        ),
    ],
)
def test_a_round_reads_its_steps_in_the_rule_books_order(lang, expected):
    """The board read "I. Election", "IV. Bribe folders", "II. EU subventions": a folder
    window stands in the step it aims at, so the board names that step, the window under
    it. Played from set-up, every mayor pressing his first button, to the first bids."""
    state = setup(4, Options(events=3), 7)
    seen: list[list[str]] = []
    while state.phase != "bid":
        svg = boards.board_svg("aufruhr", public_view(state), NAMES, lambda k, **p: t(lang, k, **p))
        lines = _step_lines(svg)
        if not seen or seen[-1] != lines:
            seen.append(lines)
        prompt = next(p for p in prompts(state) if not p.standing)
        seat = prompt.seats[0]
        option = next(o for o in prompt.options if seat not in o.hidden_from)
        state, _ = apply(state, seat, option.action)
    assert seen == expected


def test_a_tie_s_folder_window_stands_under_the_auctions():
    state = _state()
    state.phase = "offers"
    state.folders = Folders(context="tie", number=1, seats=[])
    svg = boards.board_svg("aufruhr", public_view(state), NAMES, label)
    assert _step_lines(svg) == ["III. a) Auctions", "IV. Bribe folders first"]
    svg = boards.board_svg("aufruhr", public_view(state), NAMES, lambda k, **p: t("de", k, **p))
    assert _step_lines(svg) == ["III. a) Versteigerungen", "Zuerst IV. Schmiergeldmappen"]
