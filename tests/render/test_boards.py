"""render/: escaping, golden boards, PNG without Pillow, label placement, the picture fallback.

Golden files live in tests/golden/; after a deliberate change regenerate them with
`UPDATE_GOLDEN=1 python -m pytest tests/render/test_boards.py` and look at the result
(`python -m adapters.console --images DIR` draws the same boards).
"""

import logging
import math
import os
import socket
import struct
import xml.etree.ElementTree as ET
import zlib

import pytest

from bot.chat import pictures
from bot.i18n import t
from render import boards, pieces
from render import png as raster
from render.maps import _overlaps, draw_map, place_labels
from render.svg import Svg
from render.text import DISCORD_LIMIT, fit
from tests.fixtures.paths import GOLDEN
from tests.fixtures.tube_map import tube
from tests.games import auktion
from tests.games.auktion.engine import apply, public_view, seat_view, setup
from tests.games.auktion.model import Bid, Options

SPEC = auktion.SPEC
GOLDEN = GOLDEN
HOSTILE = ["</text><script>alert(1)</script>", "&amp; \"quoted\" 'x'", "Jürgen ‰"]
SVG_NS = "{http://www.w3.org/2000/svg}"


def label(key, **params):
    return t("en", key, **params)


def _texts(svg: str) -> list[str]:
    return [e.text or "" for e in ET.fromstring(svg).iter(f"{SVG_NS}text")]


def test_text_is_escaped_and_the_document_stays_valid_xml():
    doc = Svg(200, 100)
    for i, name in enumerate(HOSTILE):
        doc.text(10, 20 + i * 20, name)
        pieces.card(doc, 0, 0, name)
    svg = doc.to_string()
    texts = _texts(svg)  # parses, so the document is well-formed
    for name in HOSTILE:
        assert name in texts
    assert "<script>" not in svg


def _mid_game():
    state = setup(3, Options(rounds=2), seed=4)
    state, _ = apply(state, 0, Bid(amount=3))
    return state


@pytest.mark.parametrize("kind", ["board.svg", "board.txt", "private.svg", "private.txt"])
def test_golden_boards_of_the_test_game(kind):
    state = _mid_game()
    names = ["alice", *HOSTILE[:2]]
    view = public_view(state) if kind.startswith("board") else seat_view(state, 0)
    draw = {
        "board.svg": boards.board_svg,
        "board.txt": boards.board_text,
        "private.svg": boards.private_svg,
        "private.txt": boards.private_text,
    }[kind]
    got = draw(SPEC.id, view, names, label)
    golden = GOLDEN / f"auktion_{kind}"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(got)
    assert got == golden.read_text()


def test_private_pictures_come_from_one_seat_s_view_only():
    state = _mid_game()  # alice (seat 0) has bid 3, the others nothing yet
    mine = boards.private_svg(SPEC.id, seat_view(state, 0), ["alice", "bob", "carol"], label)
    theirs = boards.private_svg(SPEC.id, seat_view(state, 1), ["alice", "bob", "carol"], label)
    assert "Your sealed bid: 3" in _texts(mine)
    assert not any("sealed bid" in text for text in _texts(theirs))
    public = boards.board_svg(SPEC.id, public_view(state), ["alice", "bob", "carol"], label)
    assert not any("sealed bid" in text for text in _texts(public))


def _png_facts(data: bytes) -> tuple[int, int, int]:
    """Width, height and the number of distinct pixel bytes, read without Pillow."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat = 8, b""
    width = height = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    return width, height, len(set(zlib.decompress(idat)))


@pytest.mark.skipif(not raster.available(), reason="resvg-py or DejaVu missing")
def test_png_of_a_board_is_a_real_picture():
    svg = boards.board_svg(SPEC.id, public_view(_mid_game()), ["alice", "bob", "carol"], label)
    width, height, distinct = _png_facts(raster.rasterise(svg))
    assert (width, height) == (640, 360)
    private = boards.private_png(SPEC.id, seat_view(_mid_game(), 0), ["alice", "b", "c"], label)
    assert _png_facts(private)[:2] == (420, 220)
    assert distinct > 50  # text, tokens in colour, anti-aliasing: far from a blank canvas


async def test_pictures_come_from_a_worker_and_are_cached():
    svg = Svg(50, 50).to_string()
    first = await pictures.png(svg)
    assert first is not None and first[:4] == b"\x89PNG"
    assert await pictures.png(svg) is first


@pytest.mark.skipif(not raster.available(), reason="resvg-py or DejaVu missing")
async def test_the_picture_worker_holds_none_of_our_connections(monkeypatch):
    # A connection open when the worker starts and closed by us later must be closed
    # for its other end too: a forked worker held it open (the fake Telegram then
    # waited 60 s for a cut request's body, tests/bot/table/test_board_in_sight.py).
    monkeypatch.setattr(pictures, "_pool", None)  # a worker of its own, started here
    monkeypatch.setattr(pictures, "_cache", type(pictures._cache)())
    ours, theirs = socket.socketpair()
    try:
        assert await pictures.png(Svg(12, 12).to_string()) is not None
        ours.close()
        theirs.settimeout(5)
        assert theirs.recv(1) == b""  # the end of the stream, not a timeout
    finally:
        theirs.close()
        if pictures._pool is not None:
            pictures._pool.shutdown()


async def test_without_a_rasteriser_boards_fall_back_to_text(monkeypatch, caplog):
    monkeypatch.setattr(raster, "available", lambda: False)
    monkeypatch.setattr(pictures, "_warned", False)
    with caplog.at_level(logging.WARNING):
        assert await pictures.png(Svg(10, 10).to_string() + " ") is None
        assert await pictures.png(Svg(11, 11).to_string()) is None
    assert caplog.text.count("board pictures are off") == 1


def test_tube_labels_never_overlap():
    nodes, _ = tube()
    labels = place_labels(tuple(nodes), size=9, bounds=(0, 0, 800, 800), smallest=6.75)
    boxes = [label.box for label in labels]
    for i, a in enumerate(boxes):
        assert not any(_overlaps(a, b) for b in boxes[i + 1 :])
        for node in nodes:
            assert not _overlaps(
                a, (node.x - node.r, node.y - node.r, node.x + node.r, node.y + node.r)
            )
    # every station with room around it (at most two others within 40 px) is named;
    # central London cannot all be, at 800 px
    named = {label.node for label in labels}
    roomy = [
        n
        for n in nodes
        if sum(math.hypot(n.x - o.x, n.y - o.y) < 40 for o in nodes if o is not n) <= 2
    ]
    assert len(roomy) >= 10 and all(n.id in named for n in roomy)


def test_a_map_draws_every_node_and_edge():
    nodes, edges = tube()
    doc = Svg(800, 800)
    draw_map(doc, nodes, edges, size=9, bounds=(0, 0, 800, 800))
    root = ET.fromstring(doc.to_string())
    assert len(list(root.iter(f"{SVG_NS}circle"))) == len(nodes)
    assert len(list(root.iter(f"{SVG_NS}line"))) == len(edges)


def test_text_snapshots_fit_a_chat_message():
    lines = [f"line {i} " + "x" * 50 for i in range(100)]
    text = fit(lines)
    assert len(text) <= 1800 < DISCORD_LIMIT and text.endswith("…")
    assert fit(["short"]) == "short"


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_a_die_shows_its_pips(value):
    doc = Svg(60, 60, background=None)
    pieces.die(doc, 0, 0, value)
    assert len(list(ET.fromstring(doc.to_string()).iter(f"{SVG_NS}circle"))) == value


def test_dropped_dice_and_big_dice():
    doc = Svg(60, 60, background=None)
    pieces.die(doc, 0, 0, 17, dropped=True)
    root = ET.fromstring(doc.to_string())
    assert _texts(doc.to_string()) == ["17"] and len(list(root.iter(f"{SVG_NS}line"))) == 1


def test_hand_legend_and_tokens_carry_their_words_and_letters():
    doc = Svg(600, 300)
    width = pieces.hand(doc, 0, 0, ["Zollverein", "Folkwang"], ["40", "20"])
    pieces.legend(doc, 0, 200, [("#E69F00", "Education"), ("#56B4E9", "Culture")])
    for seat in range(3):
        pieces.token(doc, 300 + seat * 30, 250, seat)
    texts = _texts(doc.to_string())
    assert width == 226 and {"Zollverein", "Folkwang", "40", "Education", "A", "B", "C"} <= set(
        texts
    )


def test_control_characters_and_bidi_overrides_never_make_an_svg_invalid():
    import xml.etree.ElementTree as ET

    from render.svg import Svg

    doc = Svg(100, 50)
    hostile = "a\x00b\x07c\x1b[31m\ud800d\u202eevil\ufffe"
    doc.text(1, 2, hostile, fill="#000")
    doc.rect(0, 0, 1, 1, data_name=hostile)
    svg = doc.to_string()
    ET.fromstring(svg)  # valid XML
    assert "abc[31mdevil" in svg
