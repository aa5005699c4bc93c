"""Boards and keyboards a phone can show (issue 18, item 8, the generic part): board
pictures at most 960 pixels wide whatever the SVG's size, keyboards of 3 a row when a
label is long. (Label sizes and collisions are each game's render module's.)"""

import struct

import pytest

from bot import play
from bot.outbox import Outbox
from bot.table import Seat, Table
from render import png
from rules.core.protocol import Option, Prompt
from tests.games.auktion.model import Bid

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="820" viewBox="0 0 1280 820">'
    '<rect x="0" y="0" width="1280" height="820" fill="#ffffff" /></svg>'
)


def size(data: bytes) -> tuple[int, int]:
    return struct.unpack(">II", data[16:24])


@pytest.mark.skipif(not png.available(), reason="no resvg")
def test_a_wide_board_is_drawn_at_most_960_pixels_wide_and_keeps_its_shape():
    assert size(png.rasterise(SVG)) == (960, 615)
    small = SVG.replace('width="1280" height="820"', 'width="720" height="440"')
    assert size(png.rasterise(small)) == (720, 440)  # never enlarged


def keyboard(labels: list[str]) -> list[int]:
    table = Table(platform="console", chat="g", seats=[Seat(user="a", name="a")], step_token="1.x")
    options = tuple(
        Option(label=lb, literal=True, action=Bid(amount=i)) for i, lb in enumerate(labels)
    )
    prompt = Prompt(id="p", seats=(0,), key="k", options=options)
    return [len(row) for row in play._keyboard(table, 0, prompt, Outbox(lang="en"), (0,))]


def test_long_labels_make_rows_of_three_short_ones_of_four():
    assert keyboard(["0", "1", "2", "5", "10"]) == [4, 1]
    assert keyboard(["Century Hall and West Park", "crafts yard", "concert hall", "x", "y"]) == [
        3,
        2,
    ]
