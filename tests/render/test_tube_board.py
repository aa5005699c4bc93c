"""A Tube board a player can read (issue 40, point 4), measured on the SVG of a seeded
six-player game in both languages: the centre in a frame of its own, each station label
beside its station (and nearer to it than to any other named station), each piece on a
drawn segment of one of its station's lines, each word of the score head over its column.
"""

import math
import xml.etree.ElementTree as ET
from functools import cache

import pytest

from bot.table.outbox import Outbox
from render import boards
from render.palette import player
from render.svg import text_width
from rules import registry
from rules.tube.network import net
from tests.fixtures.board_samples import NAMES, states

NS = "{http://www.w3.org/2000/svg}"
PLAYERS = 6
LANGS = ("en", "de")
# how far a label may stand: (an end station's radius 3 + a gap of 2 + a line of 14) × √2,
# a label one line out diagonally
BESIDE = 27


@cache
def boards_of(lang: str) -> tuple[tuple[object, ET.Element], ...]:
    spec = registry.get("tube")
    label = Outbox(lang=lang, game="tube", names=NAMES[:PLAYERS]).text
    out = []
    for _, state in states("tube", PLAYERS, points=8):
        view = spec.public_view(state)
        svg = boards.board_svg("tube", view, NAMES[:PLAYERS], label)
        out.append((view, ET.fromstring(svg)))
    return tuple(out)


def _frames(root: ET.Element) -> list[ET.Element]:
    frames = [root.find(f".//{NS}g[@id='{name}']") for name in ("overview", "centre")]
    assert all(f is not None for f in frames)
    return frames  # type: ignore[return-value]


def _box(t: ET.Element) -> tuple[float, float, float, float]:
    size, x, y = float(t.get("font-size")), float(t.get("x")), float(t.get("y"))
    w = text_width(t.text or "", size)
    x0 = {"middle": x - w / 2, "end": x - w}.get(t.get("text-anchor") or "start", x)
    return (x0, y - 0.78 * size, x0 + w, y + 0.22 * size)


def _to_box(p: tuple[float, float], box: tuple[float, float, float, float]) -> float:
    dx = max(box[0] - p[0], 0, p[0] - box[2])
    dy = max(box[1] - p[1], 0, p[1] - box[3])
    return math.hypot(dx, dy)


def _stations(frame: ET.Element) -> dict[str, tuple[float, float]]:
    """Every station a frame places: a drawn circle, or (hidden under a piece) the empty
    group that says where it lies (render/maps.py)."""
    drawn = {
        c.get("data-place"): (float(c.get("cx")), float(c.get("cy")))
        for c in frame.iter(f"{NS}circle")
        if c.get("data-place")
    }
    hidden = {
        g.get("data-place"): (float(g.get("data-cx")), float(g.get("data-cy")))
        for g in frame.iter(f"{NS}g")
        if g.get("data-place") and g.get("data-cx")
    }
    return drawn | hidden


@pytest.mark.parametrize("lang", LANGS)
def test_the_centre_is_its_own_frame_and_no_station_is_drawn_twice(lang):
    for _, root in boards_of(lang):
        overview, centre = (set(_stations(f)) for f in _frames(root))
        assert len(centre) > 80 and len(overview) > 150
        assert not overview & centre
        assert overview | centre == set(net().names)


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_stands_beside_its_station(lang):
    by_name = {name: s for s, name in net().names.items()}
    measured = 0
    for _, root in boards_of(lang):
        for frame in _frames(root):
            at = _stations(frame)
            labels = [t for t in frame.iter(f"{NS}text") if t.text in by_name]
            named = {by_name[t.text] for t in labels}
            for t in labels:
                own, box = by_name[t.text], _box(t)
                d = _to_box(at[own], box)
                assert d <= BESIDE, (t.text, round(d, 1))
                nearer = [s for s in named - {own} if _to_box(at[s], box) < d]
                assert not nearer, (t.text, nearer)
                measured += 1
    assert measured > 50


def _on_segment(p, a, b, tolerance=0.6) -> bool:
    (px, py), (ax, ay), (bx, by) = p, a, b
    length = math.dist(a, b)
    if length == 0:
        return math.dist(p, a) <= tolerance
    t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length**2))
    return math.dist(p, (ax + t * (bx - ax), ay + t * (by - ay))) <= tolerance


@pytest.mark.parametrize("lang", LANGS)
def test_every_piece_stands_on_a_drawn_segment_of_its_line(lang):
    n = net()
    pieces = 0
    for view, root in boards_of(lang):
        for frame in _frames(root):
            segments = [
                (
                    e.get("stroke"),
                    (float(e.get("x1")), float(e.get("y1"))),
                    (float(e.get("x2")), float(e.get("y2"))),
                )
                for e in frame.iter(f"{NS}line")
            ]
            tokens = {  # a token: a circle in a player's colour with a radius of 11
                c.get("fill"): (float(c.get("cx")), float(c.get("cy")))
                for c in frame.iter(f"{NS}circle")
                if c.get("r") == "11"
            }
            for p in view.players:
                colour = player(p.seat).colour
                if colour not in tokens:
                    continue
                colours = {n.colours[line] for line in n.lines[p.station]}
                assert any(
                    stroke in colours and _on_segment(tokens[colour], a, b)
                    for stroke, a, b in segments
                ), (p.seat, p.station)
                pieces += 1
    assert pieces >= 6 * 4


def test_a_piece_off_its_line_is_found():
    assert _on_segment((5, 0.5), (0, 0), (10, 0))
    assert not _on_segment((5, 3), (0, 0), (10, 0))
    assert not _on_segment((12, 0), (0, 0), (10, 0))


@pytest.mark.parametrize("lang", LANGS)
def test_each_word_of_the_score_head_stands_over_its_column(lang):
    label = Outbox(lang=lang, game="tube", names=NAMES[:PLAYERS]).text
    head = label("tube.board.head").split()
    assert len(head) == 7  # N S C H, owed, drunk, beers
    for view, root in boards_of(lang):
        words = [t for t in root.iter(f"{NS}text") if t.text in head and t.get("fill") == "#888888"]
        assert [t.text for t in words] == head
        cells = [t for t in root.iter(f"{NS}text") if "Mono" in (t.get("font-family") or "")]
        assert len(cells) == 7 * len(view.players)
        for word in words:  # right-aligned on the same x as every row's cell of its column
            below = [c for c in cells if c.get("x") == word.get("x")]
            assert word.get("text-anchor") == "end" and len(below) == len(view.players)
            assert all(float(c.get("y")) > float(word.get("y")) for c in below)
        for i, p in enumerate(view.players):
            row = cells[7 * i : 7 * i + 7]
            numbers = [p.north, p.south, p.central, p.heathrow, p.owed, p.drunk, p.beers]
            assert [c.text for c in row] == [str(v) for v in numbers]
