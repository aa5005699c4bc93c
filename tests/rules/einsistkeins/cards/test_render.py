"""Boards of the EINS IST KEINS card game: text and pictures, public and private."""

import xml.etree.ElementTree as ET

import pytest

from bot.i18n import t
from bot.table.outbox import Outbox
from render import boards
from render.png import rasterise
from render.text import DISCORD_LIMIT
from rules.einsistkeins.cards import CARD_GAME
from rules.einsistkeins.cards.model import Announce, Options, Play

NAMES = ["alice", "bob", "carol", "dave", "eve"]


def label_for(lang):
    out = Outbox(lang=lang, names=NAMES)
    return out.text


def mid_game(players=3, seed=5, steps=25):
    state = CARD_GAME.setup(players, Options(), seed)
    for _ in range(steps):
        if CARD_GAME.outcome(state) is not None:
            break
        prompt = CARD_GAME.prompts(state)[0]
        action = CARD_GAME.parse_action(dict(prompt.options[-1].action))
        state, _ = CARD_GAME.apply(state, prompt.seats[0], action)
    return state


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("players", [2, 5])
def test_text_board_shows_trick_call_leader_visited_and_pile(lang, players):
    state = mid_game(players)
    view = CARD_GAME.public_view(state)
    text = boards.board_text("einsistkeins_karten", view, NAMES[:players], label_for(lang))
    assert len(text) < DISCORD_LIMIT
    assert str(view.pile) in text
    for seat in range(players):
        assert NAMES[seat] in text
        for card in view.visited[seat]:
            assert card in text or "…" in text
    for hand in state.hands:
        for card in hand:
            assert card not in text
    assert "{" not in text and "einsistkeins_karten." not in text


@pytest.mark.parametrize(
    ("lang", "head", "trick"),
    [("en", "Winner: alice · Pile: ", "leads"), ("de", "Gewinner: alice · Stapel: ", "spielt aus")],
)
def test_the_final_board_shows_the_game_over_not_a_next_trick(lang, head, trick):
    # The final board read "Trick 13 – bob leads" under "… is over".
    state = mid_game(2)
    ended = state.model_copy(update={"phase": "over", "winner": 0}, deep=True)
    text = boards.board_text(
        "einsistkeins_karten", CARD_GAME.public_view(ended), NAMES[:2], label_for(lang)
    )
    assert text.splitlines()[0].startswith(head)
    assert trick not in text
    shared = ended.model_copy(update={"winner": None})
    text = boards.board_text(
        "einsistkeins_karten", CARD_GAME.public_view(shared), NAMES[:2], label_for(lang)
    )
    over = {"en": "Game over · Pile: ", "de": "Spiel vorbei · Stapel: "}[lang]
    assert text.splitlines()[0].startswith(over) and trick not in text


def test_the_announcement_and_the_trick_on_the_table():
    state = CARD_GAME.setup(3, Options(), 1)
    card = state.hands[state.turn][0]
    state, _ = CARD_GAME.apply(state, state.turn, Play(card=card))
    state, _ = CARD_GAME.apply(state, state.turn, Announce(call="district"))
    if state.phase == "follow":
        text = boards.board_text(
            "einsistkeins_karten", CARD_GAME.public_view(state), NAMES[:3], label_for("en")
        )
        assert card in text and "Announcement: District" in text


def test_private_view_shows_the_hand_and_what_may_be_played():
    state = mid_game(3)
    seat = state.turn
    view = CARD_GAME.seat_view(state, seat)
    text = boards.private_text("einsistkeins_karten", view, NAMES[:3], label_for("en"))
    for card in state.hands[seat]:
        assert card in text


@pytest.mark.parametrize("private", [False, True])
def test_pictures_are_valid_svg_and_rasterise(private):
    state = mid_game(4)
    label = label_for("de")
    if private:
        svg = boards.private_svg(
            "einsistkeins_karten", CARD_GAME.seat_view(state, 0), NAMES[:4], label
        )
    else:
        svg = boards.board_svg(
            "einsistkeins_karten", CARD_GAME.public_view(state), NAMES[:4], label
        )
    assert svg is not None
    ET.fromstring(svg)
    if not private:
        for hand in state.hands:
            for card in hand:
                assert card not in svg
    try:
        png = rasterise(svg)
    except Exception:  # no resvg on this machine: the text board is the fallback
        pytest.skip("no rasteriser")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_board_title_translated():
    assert t("de", "einsistkeins_karten.board.title") == "Eins ist keins – Kartenspiel"


def test_five_players_boards_fit_a_chat_message_whole():
    """Long names, long games: the text board is never cut (Discord's 2,000 less the title)."""
    from rules.core.rng import Rng

    names = ["Alexander", "Bernadette", "Christiane", "Dominik", "Evelyn"]
    label = Outbox(lang="de", names=names).text
    for seed in range(60):
        state = CARD_GAME.setup(5, Options(), seed)
        rng = Rng.from_seed(seed)
        while True:
            view = CARD_GAME.public_view(state)
            text = boards.board_text("einsistkeins_karten", view, names, label)
            assert not text.endswith("…"), text
            if CARD_GAME.outcome(state) is not None:
                break
            prompt = CARD_GAME.prompts(state)[0]
            action = CARD_GAME.parse_action(dict(rng.choice(prompt.options).action))
            state, _ = CARD_GAME.apply(state, prompt.seats[0], action)
