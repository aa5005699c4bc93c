"""Bohei's boards: the rule board (active, free, closed slots; checked or watched), each
player's hand size, whose turn, the Bohei state; the hand privately; valid SVG."""

import xml.etree.ElementTree as ET

import pytest

from bot.table.outbox import Outbox
from render import boards
from render.png import rasterise
from render.text import DISCORD_LIMIT
from rules.bohei import SPEC
from rules.bohei.data import instances
from rules.bohei.model import Options, Slot, State

NAMES = ["anna", "ben", "cem", "dora", "emil", "fritz", "gabi", "hans"]


def label_for(lang, n=3):
    return Outbox(lang=lang, names=NAMES[:n]).text


def position(players=3) -> State:
    state = SPEC.setup(players, Options(), 4)
    hands = [["tax", "gift", "diet", "dog", "blue", "coffee", "plant"], ["noe#1"], ["lower"]]
    extras = [["noe#2"], ["noe#3"], ["robin"], [], []]
    hands += extras[: players - 3]
    held = {c for h in hands for c in h}
    state.hands = hands
    state.slots = [Slot(rule="no_e"), Slot(rule="weather"), Slot(closed_by="close_slot")]
    state.extension = "open_slot"
    state.draw = [
        c for c in instances() if c not in held | {"no_e", "weather", "close_slot", "open_slot"}
    ]
    state.turn, state.phase = 1, "draw"
    state.sevens, state.bohei_open = [0], [0]
    SPEC.invariants(state)
    return state


@pytest.mark.parametrize("lang", ["en", "de"])
def test_text_board_shows_rules_slots_hands_turn_and_bohei(lang):
    text = boards.board_text("bohei", SPEC.public_view(position()), NAMES[:3], label_for(lang))
    if lang == "en":
        assert "1. The Void (bot checks)" in text
        assert "2. Weather Ban (group watches)" in text
        assert "3. closed" in text
        assert "7! must call" in text
    else:
        assert "1. Das Verbot (Bot prüft)" in text
        assert "2. Wetterverbot (Gruppe passt auf)" in text
        assert "3. geschlossen" in text
    lines = text.splitlines()
    anna = next(line for line in lines if "anna" in line)
    ben = next(line for line in lines if "ben" in line)
    assert "🃏 7" in anna and ben.lstrip().startswith("▶")
    for hand in position().hands:
        for card in hand:
            assert card not in text


def test_private_board_shows_the_hand_with_texts():
    view = SPEC.seat_view(position(), 2)
    text = boards.private_text("bohei", view, NAMES[:3], label_for("en"))
    assert "📜 Library Voice: write in lowercase only." in text


def test_eight_players_fit_a_discord_message():
    state = position(8)
    text = boards.board_text("bohei", SPEC.public_view(state), NAMES, label_for("de", 8))
    assert len(text) < DISCORD_LIMIT and all(name in text for name in NAMES)


@pytest.mark.parametrize("private", [False, True])
def test_pictures_are_valid_svg_and_rasterise(private):
    state = position(5)
    label = label_for("de", 5)
    if private:
        svg = boards.private_svg("bohei", SPEC.seat_view(state, 0), NAMES[:5], label)
    else:
        svg = boards.board_svg("bohei", SPEC.public_view(state), NAMES[:5], label)
    assert svg is not None
    ET.fromstring(svg)
    if not private:
        assert "Das Verbot" in svg and "fritz" not in svg
    try:
        png = rasterise(svg)
    except Exception:  # no resvg on this machine: the text board is the fallback
        pytest.skip("no rasteriser")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_name_with_markup_is_escaped_in_the_picture():
    svg = boards.board_svg(
        "bohei", SPEC.public_view(position()), ["<b>a&b</b>", "ben", "cem"], label_for("en")
    )
    ET.fromstring(svg)
    assert "<b>a&b</b>" not in svg


def test_the_picture_says_whose_turn():
    svg = boards.board_svg("bohei", SPEC.public_view(position()), NAMES[:3], label_for("en"))
    assert "ben's turn" in svg
