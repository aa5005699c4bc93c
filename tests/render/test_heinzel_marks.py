"""Letters that cannot be confused (issue 40, point 5), read off the Heinzelmännchen boards
of a seeded four-player game in both languages: players are letters in coloured discs,
workshops the start of their craft's name in the chat's language in white squares, and
no workshop mark is a player mark in shape and text."""

import xml.etree.ElementTree as ET

import pytest

from bot.table.outbox import Outbox
from render import boards
from rules import registry
from rules.heinzel.data import CRAFTS, SCHNEIDER
from tests.fixtures.board_samples import NAMES, states

NS = "{http://www.w3.org/2000/svg}"
PLAYERS = 4


def marks(svg: str) -> list[tuple[str, str, str]]:
    """(shape, fill, text) of every centred text drawn inside a small circle or square."""
    root = ET.fromstring(svg)
    shapes = []
    for e in root.iter():
        tag = e.tag.removeprefix(NS)
        if tag == "circle" and 8 <= float(e.get("r", 0)) <= 12:
            cx, cy, r = float(e.get("cx")), float(e.get("cy")), float(e.get("r"))
            shapes.append(("disc", e.get("fill"), (cx - r, cy - r, cx + r, cy + r)))
        elif tag == "rect" and e.get("width") == "20" and e.get("height") == "20":
            x, y = float(e.get("x")), float(e.get("y"))
            shapes.append(("square", e.get("fill"), (x, y, x + 20, y + 20)))
    out = []
    for t in root.iter(f"{NS}text"):
        if t.get("text-anchor") != "middle":
            continue
        x, y = float(t.get("x")), float(t.get("y")) - 5  # the middle of a 14-point capital
        for shape, fill, (x0, y0, x1, y1) in shapes:
            if x0 <= x <= x1 and y0 <= y <= y1:
                out.append((shape, fill, t.text or ""))
                break
    return out


@pytest.mark.parametrize("lang", ["en", "de"])
def test_workshop_marks_are_the_crafts_initials_and_never_a_player_mark(lang):
    spec = registry.get("heinzel")
    label = Outbox(lang=lang, game="heinzel", names=NAMES[:PLAYERS]).text
    crafts = [label(f"heinzel.craft.{c}") for c in (*CRAFTS, SCHNEIDER)]
    for _, state in states("heinzel", PLAYERS):
        svg = boards.board_svg("heinzel", spec.public_view(state), NAMES[:PLAYERS], label)
        found = marks(svg)
        players = {(s, t) for s, fill, t in found if s == "disc"}
        workshops = {(s, t) for s, fill, t in found if s == "square"}
        assert {t for _, t in players} == {"A", "B", "C", "D"}
        assert len(workshops) == 5, workshops  # one mark a craft, no two alike
        for _, text in workshops:  # the start of exactly one craft's name in this language
            assert [c for c in crafts if c.startswith(text)] != [], (text, crafts)
            assert len([c for c in crafts if c.lower().startswith(text.lower())]) == 1, text
        assert not workshops & players
        assert all(fill != "#ffffff" for s, fill, _ in found if s == "disc")
        assert all(fill == "#ffffff" for s, fill, _ in found if s == "square")


def test_the_check_finds_a_workshop_drawn_as_a_player():
    disc = (
        '<svg xmlns="http://www.w3.org/2000/svg"><circle cx="10" cy="10" r="11" fill="#0072B2"/>'
        '<text x="10" y="15" text-anchor="middle">B</text></svg>'
    )
    assert marks(disc) == [("disc", "#0072B2", "B")]
