"""Boards of Die Heinzelmännchen von Köln: the text snapshot and the picture of old
Cologne (golden files), both languages: shops with the point cards left, tunnel fields
red, every piece with colour and letter, each player's cards.

Regenerate the golden files after a deliberate change with
`UPDATE_GOLDEN=1 python -m pytest tests/rules/heinzel/test_render.py` and look at them.
"""

import os
import random
import xml.etree.ElementTree as ET

import pytest

from bot.table.outbox import Outbox
from render import boards
from render.heinzel import COLOURS, TUNNEL
from render.png import rasterise
from render.text import DISCORD_LIMIT
from rules.heinzel import SPEC
from rules.heinzel.board import board
from rules.heinzel.model import Options
from tests.fixtures.paths import GOLDEN

GOLDEN = GOLDEN
NAMES = ["alice", "bob", "carol", "dave"]
SVG_NS = "{http://www.w3.org/2000/svg}"


def label_for(lang: str):
    return Outbox(lang=lang, names=NAMES).text


def mid_game(players: int = 4, seed: int = 5, steps: int = 80):
    """A game some way in: random buttons pressed."""
    state = SPEC.setup(players, Options(), seed)
    chooser = random.Random(seed)
    for _ in range(steps):
        if SPEC.outcome(state) is not None:
            break
        prompt = SPEC.prompts(state)[0]
        option = chooser.choice(prompt.options)
        state, _ = SPEC.apply(state, prompt.seats[0], SPEC.parse_action(option.action))
    return state


def _texts(svg: str) -> list[str]:
    return [e.text or "" for e in ET.fromstring(svg).iter(f"{SVG_NS}text")]


@pytest.mark.parametrize("kind", ["board.svg", "board.txt"])
def test_golden_boards(kind):
    state = mid_game()
    draw = {"board.svg": boards.board_svg, "board.txt": boards.board_text}[kind]
    got = draw("heinzel", SPEC.public_view(state), NAMES, label_for("de"))
    golden = GOLDEN / f"heinzel_{kind}"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(got)
    assert got == golden.read_text()


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_text_board_shows_shops_pieces_and_cards(lang, players):
    state = mid_game(players)
    view = SPEC.public_view(state)
    text = boards.board_text("heinzel", view, NAMES[:players], label_for(lang))
    assert len(text) < DISCORD_LIMIT
    for seat in range(players):
        assert f"{NAMES[seat]} (" in text and view.where[seat] in text
    baker = "Bäcker" if lang == "de" else "Baker"
    pile = " ".join(str(c) for c in view.piles["baecker"]) or "–"
    assert f"{baker} (Weidengasse): {pile}" in text
    assert "{" not in text and "heinzel." not in text


def test_picture_of_cologne_pieces_tunnels_and_cards():
    state = mid_game()
    view = SPEC.public_view(state)
    svg = boards.board_svg("heinzel", view, NAMES, label_for("de"))
    root = ET.fromstring(svg)
    texts = _texts(svg)
    assert "Rhein" in texts  # in the legend, with the craft letters
    assert any("B Bäcker" in t for t in texts)
    # every tunnel field is a red circle
    red = [c for c in root.iter(f"{SVG_NS}circle") if c.get("fill") == TUNNEL]
    assert len(red) == len(board().tunnels) + 1  # and the legend's
    # every piece: a circle in its colour carrying its letter
    for seat, colour in enumerate(view.colours):
        assert any(c.get("fill") == COLOURS[colour] for c in root.iter(f"{SVG_NS}circle"))
        assert "ABCD"[seat] in texts
    # each shop with the point cards still on its pile
    for craft in ("baecker", "schneider"):
        pile = " ".join(str(c) for c in view.piles[craft]) or "–"
        assert f"[{pile}]" in texts
    assert rasterise(svg)[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("steps", [0, 80])
def test_every_action_card_held_shows_whole_in_the_picture(lang, steps):
    """At the start all three are held, wider than the phone in both languages: the line
    is wrapped, and the last card (Zweimal Würfeln / Roll twice) is there, not cut."""
    label = label_for(lang)
    view = SPEC.public_view(mid_game(4, steps=steps))
    svg = boards.board_svg("heinzel", view, NAMES, label)
    # the picture's lines of one player's cards, read as one text again
    shown = " ".join(_texts(svg)).replace("  ", " ")
    for seat in range(view.players):
        held = ", ".join(label(f"heinzel.action.{c}") for c in view.cards[seat])
        assert not held or label("heinzel.board.cards", cards=held) in shown
        assert "…" not in shown
    if steps == 0:
        assert all(len(cards) == 3 for cards in view.cards)


def test_hostile_names_are_escaped():
    state = mid_game(2)
    svg = boards.board_svg("heinzel", SPEC.public_view(state), ["<b>&x", "bob"], label_for("en"))
    assert "<b>&x" in _texts(svg)


def test_the_legend_names_each_mark_alike_in_english():
    # the play-tester's picture read "Rhine — the city wall" beside "Tunnel field",
    # "Start field …": one entry lower-case with an article, unlike the others
    svg = boards.board_svg("heinzel", SPEC.public_view(mid_game(2)), NAMES[:2], label_for("en"))
    texts = _texts(svg)
    assert "City wall" in texts and "the city wall" not in texts
    assert {"Tunnel field", "Rhine"} <= set(texts)


def test_schneiders_weib_and_her_last_pea_are_shown_whole():
    # the play-tester's last picture read "Turn 51 · Tailor's wife: bob · pea ca…" and
    # "Tailor's wife: bob · peas: 1 · "searc…": the ending card cut off, twice
    state = mid_game(4).model_copy(deep=True)
    state.weib, state.draws, state.last_pea, state.turn_no = 1, 1, "suchend", 51
    svg = boards.board_svg("heinzel", SPEC.public_view(state), NAMES, label_for("en"))
    texts = _texts(svg)
    assert not [t for t in texts if t.endswith("…")]
    assert "Turn 51" in texts
    assert " ".join(texts).count('Tailor\'s wife: bob · peas: 1 · "searching"!') == 1


def test_one_point_is_one_pt_in_english():
    # "1 pts" beside a player's name in the picture of the play-tester's first turns
    state = mid_game(2, steps=0).model_copy(deep=True)
    state.taken = [{"baecker": 1}, {"baecker": 2}]
    state.piles["baecker"] = [3, 4]
    texts = _texts(boards.board_svg("heinzel", SPEC.public_view(state), NAMES, label_for("en")))
    assert "1 pt" in texts and "2 pts" in texts and "1 pts" not in texts
    texts = _texts(boards.board_svg("heinzel", SPEC.public_view(state), NAMES, label_for("de")))
    assert "1 P." in texts and "2 P." in texts
