"""EINS IST KEINS – the card game (game id `einsistkeins_karten`, 2–5 players).

The 50 pub cards, one in each hand to begin with. The leader lays a card and announces
what the others must trump: earliest opening, latest closing, district, or lifebuoy.
Once around the table each other player must trump the last card laid if they can
(opening: the same or earlier; closing: the same or later, counted past midnight;
district and lifebuoy: the same), otherwise passes; the last card laid takes the trick,
whose pubs count as visited for its taker, who deals everyone a card and leads next.
The wins are the board game's (../wins.py). Hands are secret; everything else is on the
table.

engine.py chains the phases (leading, following, taking, dealing) under the trick rules
(tricks.py); views.py and prompts.py say what players see and decide. Readings of the
rule book: ../NOTES.md ("The card game").
"""

from pathlib import Path

from pydantic import TypeAdapter

from rules.core.protocol import GameSpec, VerbOption
from rules.einsistkeins import pubs
from rules.einsistkeins.cards.engine import (
    apply,
    invariants,
    opening,
    outcome,
    setup,
    timeout,
)
from rules.einsistkeins.cards.model import Action, Options, State
from rules.einsistkeins.cards.prompts import prompts
from rules.einsistkeins.cards.views import public_view, seat_view, secrets

CARD_GAME = GameSpec(
    id="einsistkeins_karten",
    names={"de": "Eins ist keins – Kartenspiel", "en": "Eins ist keins – card game"},
    min_players=2,
    max_players=5,
    options=Options,
    state=State,
    action=TypeAdapter(Action),
    setup=setup,
    prompts=prompts,
    apply=apply,
    public_view=public_view,
    seat_view=seat_view,
    timeout=timeout,
    outcome=outcome,
    secrets=secrets,
    invariants=invariants,
    locales=Path(__file__).parent.parent / "locales",
    rulebook="rules/einsistkeins/NOTES.md",
    commands=("play",),
    # a card is a pub: offered from the pubs, as the board game's `/go` offers them
    verb_options={"play": (VerbOption(name="card", choices="pubs"),)},
    choices=pubs.choices,
    opening=opening,
)
