"""Boards of the EINS IST KEINS board game: the text snapshot and the map picture (golden
files), both languages, the open/closed marks at the clock, pieces, meters and cards.

Regenerate the golden files after a deliberate change with
`UPDATE_GOLDEN=1 python -m pytest tests/rules/einsistkeins/board/test_render.py` and look at them.
"""

import os
import random
import xml.etree.ElementTree as ET

import pytest

from bot.table.outbox import Outbox
from render import boards
from render.einsistkeins import where
from render.png import rasterise
from render.text import DISCORD_LIMIT
from rules.einsistkeins.board import BOARD_GAME as GAME
from rules.einsistkeins.board.model import Go, Options
from rules.einsistkeins.pubs import LIFEBUOY_NAMES, PUBS, clock
from tests.fixtures.paths import GOLDEN

GOLDEN = GOLDEN
NAMES = ["alice", "bob", "carol", "dave"]
SVG_NS = "{http://www.w3.org/2000/svg}"


def label_for(lang: str):
    return Outbox(lang=lang, names=NAMES).text


def mid_game(players: int = 3, seed: int = 5, steps: int = 60):
    state = GAME.setup(players, Options(), seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        prompt = GAME.prompts(state)[0]
        go = [o for o in prompt.options if isinstance(o.action, Go)]
        option = chooser.choice(go) if go and chooser.random() < 0.7 else prompt.options[0]
        state, _ = GAME.apply(state, prompt.seats[0], option.action)
    return state


def _texts(svg: str) -> list[str]:
    return [e.text or "" for e in ET.fromstring(svg).iter(f"{SVG_NS}text")]


@pytest.mark.parametrize("kind", ["board.svg", "board.txt", "private.txt"])
def test_golden_boards(kind):
    state = mid_game()
    view = GAME.public_view(state) if kind.startswith("board") else GAME.seat_view(state, 0)
    draw = {
        "board.svg": boards.board_svg,
        "board.txt": boards.board_text,
        "private.txt": boards.private_text,
    }[kind]
    got = draw("einsistkeins", view, NAMES[:3], label_for("en"))
    golden = GOLDEN / f"einsistkeins_{kind}"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(got)
    assert got == golden.read_text()


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_text_board_shows_clock_pieces_meters_and_cards(lang, players):
    state = mid_game(players)
    view = GAME.public_view(state)
    text = boards.board_text("einsistkeins", view, NAMES[:players], label_for(lang))
    assert len(text) < DISCORD_LIMIT
    assert clock(view.clock) in text
    for seat in range(players):
        assert NAMES[seat] in text and where(view.pos[seat]) in text
        for card in view.hands[seat]:
            mark = "●" if card in view.open_pubs else "○"
            assert f"{mark} {card}" in text
    assert "{" not in text and "einsistkeins." not in text


@pytest.mark.parametrize(("lang", "level"), [("en", "0.6 ‰"), ("de", "0,6 ‰")])
def test_the_alcohol_level_is_written_as_the_messages_write_it(lang, level):
    # German messages say "jetzt 0,6 ‰"; the board beside them said "0.6 ‰" (text and
    # picture), as if it were another number.
    state = GAME.setup(2, Options(), 5)
    state.alcohol = [6, 0]
    view = GAME.public_view(state)
    text = boards.board_text("einsistkeins", view, NAMES[:2], label_for(lang))
    assert f"Café Safran · {level} ·" in text  # alice's line
    assert level in _texts(boards.board_svg("einsistkeins", view, NAMES[:2], label_for(lang)))


def test_the_picture_has_the_map_the_lines_the_rings_and_every_pub():
    state = mid_game(4)
    svg = boards.board_svg("einsistkeins", GAME.public_view(state), NAMES, label_for("de"))
    texts = _texts(svg)
    for name in LIFEBUOY_NAMES.values():
        assert name in texts
    for line in ("6", "9", "10"):
        assert line in texts and f"Stadtbahnlinie {line}" in texts
    assert clock(state.clock) in texts
    # a phone's map names no pub but where the pieces stand and the start: the cards of
    # the player to move are numbered on it and listed under it with the same numbers
    view = GAME.public_view(state)
    squares = {where(p) for p in view.pos} | {"Café Safran"}
    assert {p.name for p in PUBS if p.name in texts} <= squares
    hand = view.hands[view.turn]
    assert all(str(k + 1) in texts for k in range(len(hand)))
    assert all(
        any(t.startswith(f"● {name}") or t.startswith(f"○ {name}") for t in texts) for name in hand
    )
    assert all(any(t.startswith(name[:10]) for t in texts) for name in NAMES)


def test_open_and_closed_pubs_are_coloured_at_the_clock():
    early = GAME.setup(1, Options(), 1)  # 14:00: Grotte (18:00–01:00) is closed
    late = early.model_copy(update={"clock": 20 * 60})
    colours = []
    for state in (early, late):
        svg = boards.board_svg("einsistkeins", GAME.public_view(state), NAMES[:1], label_for("en"))
        root = ET.fromstring(svg)
        fills = [c.get("fill") for c in root.iter(f"{SVG_NS}circle")]
        colours.append((fills.count("#2e9b4f"), fills.count("#c8c8c8")))
    assert colours[0][0] < colours[1][0]  # more open pubs at 20:00 than at 14:00


@pytest.mark.parametrize("private", [False, True])
def test_pictures_are_valid_svg_and_rasterise(private):
    state = mid_game(2)
    label = label_for("en")
    if private:
        svg = boards.private_svg("einsistkeins", GAME.seat_view(state, 0), NAMES[:2], label)
    else:
        svg = boards.board_svg("einsistkeins", GAME.public_view(state), NAMES[:2], label)
    assert svg is not None
    ET.fromstring(svg)
    try:
        png = rasterise(svg)
    except Exception:  # no resvg on this machine: the text board is the fallback
        pytest.skip("no rasteriser")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_legend_names_the_numbered_cards_only_while_they_are_drawn(lang):
    # After the game the legend still read "a card of the player to move" under a map
    # with no numbers on it.
    label = label_for(lang)
    legend = label("einsistkeins.board.legend_badge")
    playing = mid_game(steps=10)
    assert GAME.outcome(playing) is None
    svg = boards.board_svg("einsistkeins", GAME.public_view(playing), NAMES[:3], label)
    assert legend in _texts(svg) and _badges(svg) > 0
    over = playing.model_copy(update={"phase": "over", "end_reason": "five"}, deep=True)
    svg = boards.board_svg("einsistkeins", GAME.public_view(over), NAMES[:3], label)
    assert _badges(svg) == 0 and legend not in _texts(svg)


def _badges(svg: str) -> int:
    """The numbered badges drawn (render/hanover.py `badge`: an 18 × 18 dark square)."""
    return sum(
        e.get("width") == "18" and e.get("height") == "18"
        for e in ET.fromstring(svg).iter(f"{SVG_NS}rect")
    )
