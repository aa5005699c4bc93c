"""Every character of every text in every game's pictures is one the renderer's fonts
can draw (the DejaVu files render/png.py loads, read with fontTools); resvg would draw a
missing one as an empty box."""

import functools
import xml.etree.ElementTree as ET

import pytest
from fontTools.ttLib import TTFont

from render import png
from tests.fixtures.board_samples import GAMES, samples

NS = "{http://www.w3.org/2000/svg}"


@functools.cache
def drawable() -> frozenset[int]:
    """Code points any loaded font has a glyph for (resvg falls back between them)."""
    points: set[int] = set()
    for path in png.FONTS:
        with TTFont(path, lazy=True) as font:
            points |= set(font.getBestCmap())
    return frozenset(points)


def missing(svg: str) -> set[str]:
    have = drawable()
    return {
        f"{c!r} U+{ord(c):04X} in {text!r}"
        for element in ET.fromstring(svg).iter(f"{NS}text")
        for text in ["".join(element.itertext())]
        for c in text
        if ord(c) not in have and not c.isspace()
    }


def test_the_check_sees_a_glyph_that_is_not_there():
    assert missing('<svg xmlns="http://www.w3.org/2000/svg"><text>Regel 📜 ok</text></svg>')
    assert not missing('<svg xmlns="http://www.w3.org/2000/svg"><text>Bäcker ♛ €</text></svg>')


@pytest.mark.skipif(not png.available(), reason="no DejaVu")
@pytest.mark.parametrize("game,players", GAMES)
def test_every_character_of_every_picture_has_a_glyph(game, players):
    gaps: set[str] = set()
    for sample in samples(game, players, points=10):
        gaps |= missing(sample.svg)
    assert sorted(gaps) == []
