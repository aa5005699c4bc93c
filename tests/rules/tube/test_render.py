"""Boards of Gaa Under Gunnar: the text score sheet and the map picture (golden files),
both languages; the lines in TfL's colours with the Circle and Central wider, every piece
with its letter, the drops by their stations.

Regenerate the golden files after a deliberate change with
`UPDATE_GOLDEN=1 python -m pytest tests/rules/tube/test_render.py` and look at them.
"""

import os
import xml.etree.ElementTree as ET

import pytest

from bot.table.outbox import Outbox
from render import boards
from render.text import DISCORD_LIMIT
from rules.tube import SPEC
from rules.tube.model import Drop, Go
from rules.tube.network import net
from tests.fixtures.paths import GOLDEN
from tests.rules.tube.test_rules import me, mover, started

GOLDEN = GOLDEN
NAMES = ["alice", "bob", "carol", "dave"]
SVG_NS = "{http://www.w3.org/2000/svg}"


def label_for(lang: str):
    return Outbox(lang=lang, names=NAMES).text


def mid_game():
    state = started(["baker_street", "victoria", "aldgate", "embankment"])
    me(state, 0).drops = [
        Drop(station="morden", kind="south"),
        Drop(station="epping", kind="central"),
    ]
    me(state, 1).drops = [Drop(station="heathrow", kind="heathrow")]
    state = mover(state, 2, "hounslow_west", 6, ("piccadilly", "hounslow_central"))
    state, _ = SPEC.apply(state, 2, Go(to="heathrow"))
    return state


@pytest.mark.parametrize("kind", ["board.svg", "board.txt", "private.txt"])
def test_golden_boards(kind):
    state = mid_game()
    view = SPEC.public_view(state) if kind.startswith("board") else SPEC.seat_view(state, 3)
    draw = {
        "board.svg": boards.board_svg,
        "board.txt": boards.board_text,
        "private.txt": boards.private_text,
    }[kind]
    got = draw("tube", view, NAMES, label_for("en"))
    golden = GOLDEN / f"tube_{kind}"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(got)
    assert got == golden.read_text()


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_score_sheet_fits_a_message_and_shows_everybody(lang):
    view = SPEC.public_view(mid_game())
    text = boards.board_text("tube", view, NAMES, label_for(lang))
    assert len(text) < DISCORD_LIMIT
    for p in view.players:
        assert NAMES[p.seat] in text and view.names[p.station] in text
    assert "0 1 1 0" in text  # alice: north, south, Central, Heathrow
    assert "{" not in text and "tube." not in text


def test_the_picture_draws_every_line_in_its_colour_circle_and_central_wider():
    svg = boards.board_svg("tube", SPEC.public_view(mid_game()), NAMES, label_for("en"))
    root = ET.fromstring(svg)
    lines = list(root.iter(f"{SVG_NS}line"))
    widths = {(e.get("stroke"), e.get("stroke-width")) for e in lines}
    n = net()
    for line, colour in n.colours.items():  # in the overview, or the centre's wider pen
        wide = line in ("circle", "central")
        assert (
            {(colour, "4"), (colour, "5.6")} & widths
            if wide
            else {
                (colour, "1.6"),
                (colour, "2.2"),
            }
            & widths
        ), line
    # every line-edge drawn in one frame, and one that crosses the centre's frame in both
    assert sum(e.get("stroke-width") in ("4", "1.6", "5.6", "2.2") for e in lines) >= 373
    assert "Central London" in [e.text for e in root.iter(f"{SVG_NS}text")]  # the inset
    texts = [e.text for e in root.iter(f"{SVG_NS}text")]
    for letter in "ABCD":
        assert letter in texts
    # end stations are named where a phone has room for them, the pieces' stations first
    assert sum(end in texts for end in ("Heathrow Airport", "Morden", "Epping", "Upminster")) >= 2


def test_the_german_picture_legend_is_german():
    svg = boards.board_svg("tube", SPEC.public_view(mid_game()), NAMES, label_for("de"))
    texts = [e.text for e in ET.fromstring(svg).iter(f"{SVG_NS}text")]
    assert "Abwurf (Farbe des Spielers)" in texts  # the texts' word, not "Drop"
    assert not any(t and t.startswith("Drop") for t in texts)


@pytest.mark.parametrize(("lang", "told"), [("en", "Drops: "), ("de", "Abwürfe: ")])
def test_your_drops_are_named_by_their_stations(lang, told):
    """/hand listed the drops by their ids ("harrow_and_wealdstone"), not as the map says."""
    text = boards.private_text("tube", SPEC.seat_view(mid_game(), 0), NAMES, label_for(lang))
    assert f"{told}Morden, Epping" in text.splitlines()
