"""Boards and keyboards a phone can show (issue 18, item 8): board pictures at most 960
pixels wide whatever the SVG's size, keyboards of 3 a row when a label is long; and every
game's pictures as a phone shows them 360 points wide: labels 14 points tall or more,
none over another or over a marker or cut off, PNG at most 120 KB, the winner crowned,
AUFRUHR!'s step and offer, every legend complete; the checks proved on a bad picture."""

import functools
import statistics
import struct
import xml.etree.ElementTree as ET

import pytest

from bot.table import keyboards
from bot.table.model import Seat, Table
from bot.table.outbox import Outbox
from render import boards, png
from render.aufruhr import PHASES as AUFRUHR_PHASES
from render.aufruhr import _card_name as aufruhr_card_name
from rules import registry
from rules.core.protocol import Option, Prompt
from rules.einsistkeins.pubs import LIFEBUOY_NAMES
from rules.tube.network import net
from tests.fixtures import phone
from tests.fixtures.board_samples import GAMES, NAMES, PILLOW, Sample, samples, states
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
    rows = keyboards.prompt_keyboard(table, 0, prompt, Outbox(lang="en"), (0,))
    return [len(row) for row in rows]


def test_long_labels_make_rows_of_three_short_ones_of_four():
    assert keyboard(["0", "1", "2", "5", "10"]) == [4, 1]
    assert keyboard(["Century Hall and West Park", "crafts yard", "concert hall", "x", "y"]) == [
        3,
        2,
    ]


# ----- each game's pictures, as a phone shows them (issue 18, item 8) ---------------------
# Boards along a seeded random game of each and at its end, with long and hostile names
# (tests/fixtures/board_samples.py), read off the rendered SVG (tests/fixtures/phone.py).

POINTS = 6  # points along each game (and its end), a board and a private picture at each


@functools.cache
def boards_of(game: str) -> tuple[Sample, ...]:
    """A game's samples, made when a test first asks for them rather than at import, where
    every collecting process (each xdist worker) would play and draw all six games."""
    return tuple(samples(game, dict(GAMES)[game], points=POINTS))


@pytest.mark.parametrize("kind", ["board", "private"])
@pytest.mark.parametrize("point", [*map(str, range(POINTS)), "end"])
@pytest.mark.parametrize("game", [g for g, _ in GAMES])
def test_every_label_is_14_points_tall_on_a_phone_and_collides_with_nothing(game, point, kind):
    at = POINTS if point == "end" else int(point)
    sample = [s for s in boards_of(game) if s.kind == kind][at]
    assert sample.final == (point == "end")
    seen = phone.read(sample.svg)
    assert seen.min_px >= 14, f"{seen.smallest!r} is {seen.min_px:.1f} points tall"
    assert seen.collisions == []


@pytest.mark.skipif(not png.available(), reason="no resvg")
@pytest.mark.parametrize("game", [g for g, _ in GAMES])
def test_a_board_picture_is_at_most_120_kb_and_no_larger_than_with_pillow(game):
    # the public boards (the private pictures are a few cards or lines: 3–30 KB)
    sizes = [len(png.rasterise(s.svg)) for s in boards_of(game) if s.kind == "board"]
    assert sizes and max(sizes) <= 120 * 1024, sizes
    assert statistics.median(sizes) <= PILLOW[game, "board"][0] * 1024, sizes


def _texts(svg: str) -> list[str]:
    return ["".join(e.itertext()) for e in ET.fromstring(svg).iter(f"{phone.NS}text")]


@pytest.mark.parametrize("game", [g for g, _ in GAMES])
def test_the_winner_is_crowned_on_the_final_board(game):
    final = next(s for s in boards_of(game) if s.final and s.kind == "board")
    spec = registry.get(game)
    state = dict(states(game, dict(GAMES)[game]))[final.step]
    first = spec.outcome(state).ranking[0]
    crowned = [t for t in _texts(final.svg) if t.startswith("♛")]
    if len(first) > 1 or getattr(spec.public_view(state), "winner", first[0]) is None:
        assert crowned == [] or len(first) > 1  # nobody won outright
        return
    assert any(NAMES[first[0]][:8] in t for t in crowned), crowned


def test_hostile_names_are_shown_as_typed_and_escaped():
    for game, _ in GAMES:
        board = next(s for s in boards_of(game) if s.kind == "board")
        assert any(t.startswith("<b>Ben & Co</b>") for t in _texts(board.svg)), board.game
        assert "<b>Ben" not in board.svg  # escaped in the document


def test_aufruhr_shows_the_step_of_the_round_and_what_is_on_offer():
    spec = registry.get("aufruhr")
    seen_auction = seen_lots = False
    for step, state in states("aufruhr", 6, points=40):
        view = spec.public_view(state)
        label = Outbox(lang="en", game="aufruhr", names=NAMES[:6]).text
        texts = _texts(boards.board_svg("aufruhr", view, NAMES[:6], label))
        phase = label(f"aufruhr.board.phase_{AUFRUHR_PHASES[view.phase]}")
        assert phase in texts, (step, view.phase)
        if view.auction:
            seen_auction = True
            offer = label("aufruhr.board.auction", name=aufruhr_card_name(view.auction))
            assert any(t.rstrip("…") and offer.startswith(t.rstrip("…")) for t in texts), offer
        if view.lots:
            seen_lots = True
            assert any(t.startswith(label("aufruhr.board.lots", cards="")) for t in texts)
    assert seen_auction and seen_lots  # the sampled game went through auctions


LEGENDS = {
    "aufruhr": [
        "aufruhr.cat.education",
        "aufruhr.cat.culture",
        "aufruhr.cat.nature",
        "aufruhr.cat.economy",
        "aufruhr.board.legend_negative",
        "aufruhr.board.legend_tile",
        "aufruhr.board.legend_bar",
        "aufruhr.board.legend_ruhrcity",
        "aufruhr.board.legend_border",
        "aufruhr.board.legend_hall",
        "aufruhr.board.legend_hat",
    ],
    "einsistkeins": [
        "einsistkeins.board.legend_open",
        "einsistkeins.board.legend_shut",
        "einsistkeins.board.legend_station",
        "einsistkeins.board.legend_clock",
        "einsistkeins.board.legend_badge",
    ],
    "tube": [
        "tube.board.north",
        "tube.board.south",
        "tube.board.legend_end",
        "tube.board.legend_drop",
    ],
    "heinzel": [
        "heinzel.board.legend_tunnel",
        "heinzel.board.legend_start",
        "heinzel.board.legend_shop",
        "heinzel.board.legend_wall",
        "heinzel.board.rhine",
    ],
    "einsistkeins_karten": ["einsistkeins_karten.board.no_buoy"],
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", sorted(LEGENDS))
def test_every_legend_is_complete_and_uncut(game, lang):
    """Every mark a map uses is named in its legend, in full (not clipped)."""
    board = next(s for s in boards_of(game) if s.kind == "board")
    spec = registry.get(game)
    state = dict(states(game, dict(GAMES)[game]))[board.step]
    label = Outbox(lang=lang, game=game, names=NAMES).text
    svg = boards.board_svg(game, spec.public_view(state), NAMES[: dict(GAMES)[game]], label)
    texts = _texts(svg)
    expected = [label(key) for key in LEGENDS[game]]
    if game == "einsistkeins":
        expected += [label("einsistkeins.board.line", line=n) for n in ("6", "9", "10")]
    if game in ("einsistkeins", "einsistkeins_karten"):
        expected += list(LIFEBUOY_NAMES.values())
    if game == "tube":
        expected += list(net().line_names.values())
    missing = [e for e in expected if e not in texts]
    assert missing == []


# ----- the checks themselves fail on a board that breaks the rules -------------------------

BAD = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="600" viewBox="0 0 1080 600">'
    '<rect x="0" y="0" width="1080" height="600" fill="#ffffff" />'
    # 30 units in a 1080-wide picture: 10 points on a phone
    '<text x="10" y="40" font-size="30" font-family="DejaVu Sans">Kröpcke</text>'
    # two labels on top of each other
    '<text x="10" y="200" font-size="48" font-family="DejaVu Sans">Steintor</text>'
    '<text x="60" y="210" font-size="48" font-family="DejaVu Sans">Aegi</text>'
    # a label over a token (not the token's own letter)
    '<circle cx="600" cy="400" r="30" fill="#E69F00" />'
    '<text x="560" y="410" font-size="48" font-family="DejaVu Sans">Linden</text>'
    # a label cut off at the right edge
    '<text x="1000" y="550" font-size="48" font-family="DejaVu Sans">Hauptbahnhof</text>'
    "</svg>"
)
GOOD = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="720" height="200" viewBox="0 0 360 100">'
    '<rect x="0" y="0" width="360" height="100" fill="#ffffff" />'
    '<circle cx="20" cy="20" r="11" fill="#E69F00" />'
    '<text x="20" y="25" font-size="14" font-family="DejaVu Sans" text-anchor="middle"'
    ' font-weight="bold">A</text>'
    '<text x="40" y="25" font-size="14" font-family="DejaVu Sans">Kröpcke</text>'
    '<text x="40" y="60" font-size="14" font-family="DejaVu Sans">Steintor</text>'
    "</svg>"
)


def test_the_phone_check_catches_small_overlapping_covered_and_cut_labels():
    bad = phone.read(BAD)
    assert round(bad.min_px) == 10 and bad.smallest == "Kröpcke"
    assert "'Steintor' × 'Aegi'" in bad.collisions
    assert any(c.startswith("'Linden' × circle") for c in bad.collisions)
    assert "'Hauptbahnhof' × the picture's edge" in bad.collisions
    good = phone.read(GOOD)  # a token's own letter inside it is no collision
    assert good.min_px == 14 and good.collisions == []


def test_pieces_on_one_square_are_fanned_out_side_by_side():
    # at the start every piece stands on Café Safran: four tokens, none over another
    spec = registry.get("einsistkeins")
    state = spec.setup(4, spec.options(), 1)
    label = Outbox(lang="en", game="einsistkeins", names=NAMES[:4]).text
    root = ET.fromstring(
        boards.board_svg("einsistkeins", spec.public_view(state), NAMES[:4], label)
    )
    tokens = [
        (float(c.get("cx")), float(c.get("cy")))
        for c in root.iter(f"{phone.NS}circle")
        if c.get("r") == "11" and c.get("cx") != "20"  # on the map, not in the players' list
    ]
    assert len(tokens) == 4
    assert all(
        ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 >= 22
        for i, a in enumerate(tokens)
        for b in tokens[i + 1 :]
    )
