"""EINS IST KEINS – the board game as whole games: what tests/rules/test_conformance.py cannot
express about one state (random playouts, replay and the game's invariants — cards
conserved, ‰ within 0–2.3, the clock on a half hour — run there, for 1–4 players)."""

import random

import pytest

from rules import registry
from rules.einsistkeins.board import BOARD_GAME as GAME
from rules.einsistkeins.board.model import Options


def test_registered_by_its_id_with_its_invariants():
    assert registry.get("einsistkeins") is GAME
    assert GAME.invariants is not None
    assert (GAME.min_players, GAME.max_players) == (1, 4)


def test_the_clock_never_goes_back_and_timeouts_alone_finish_a_game():
    """A history, not a state: the clock only moves forward over a whole game; and a game
    whose players are all silent still ends."""
    for seed in range(8):
        chooser = random.Random(seed)
        state = GAME.setup(seed % 4 + 1, Options(), seed)
        clocks = [state.clock]
        for _ in range(3000):
            if GAME.outcome(state) is not None:
                break
            prompt = GAME.prompts(state)[0]
            seat = prompt.seats[0]
            action = (
                GAME.timeout(state, prompt, seat)
                if seed % 2
                else chooser.choice(prompt.options).action
            )
            state, _ = GAME.apply(state, seat, action)
            clocks.append(state.clock)
        assert GAME.outcome(state) is not None
        assert clocks == sorted(clocks)


def test_the_invariants_catch_a_card_twice_or_too_much_alcohol():
    state = GAME.setup(2, Options(), 1)
    GAME.invariants(state)
    doubled = state.model_copy(deep=True)
    doubled.pile.append(doubled.hands[0][0])
    drunk = state.model_copy(update={"alcohol": [24, 0]})
    for broken in (doubled, drunk):
        with pytest.raises(AssertionError):
            GAME.invariants(broken)


async def test_the_rules_explain_the_arrow_on_destination_buttons():
    # "[→ Kuriosum]" was offered next to "[Kuriosum]" with no word what the arrow means
    from adapters.console.__main__ import run_script
    from bot.table.outbox import Outbox

    for lang, button, said in (
        (
            "en",
            "→ Kuriosum",
            'Buttons name the pubs of your cards and the face-up card; "→ pub" is one out of'
            " reach this turn: you head for it and get as far as your points go.",
        ),
        (
            "de",
            "→ Kuriosum",
            "Knöpfe nennen die Kneipen deiner Karten und der offenen Karte; „→ Kneipe“ ist"
            " diesmal außer Reichweite: du gehst in ihre Richtung, so weit deine Punkte reichen.",
        ),
    ):
        out: list[str] = []
        await run_script(["alice: /rules einsistkeins"], seed=1, lang=lang, write=out.append)
        assert said in out[0]
        label = Outbox(lang=lang, game="einsistkeins").text
        assert label("einsistkeins.button.towards", pub="Kuriosum") == button
