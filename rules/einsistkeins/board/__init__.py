"""EINS IST KEINS – the board game (game id `einsistkeins`, 1–4 players).

A pub crawl through Hanover from 14:00 to 05:00: each player holds six pub cards face
up and walks (or takes trams 6, 9 and 10) to those pubs while they are open, paying a
tenth of ‰ for each step and drinking to refill it, never above 2.3 ‰. A turn is a
roll (its face adds an extra action: drink or step and roll again, swap a card, a
takeaway, a round of drinks, the clock card), then drinking or moving; an open pub on
one of your cards is scored where you stop. The clock keeper moves the clock on half an
hour; closed pubs leave the game. Twelve pubs win (fewer with three or more in one
lifebuoy), or all seven of a lifebuoy, or one of each lifebuoy plus any sixth.

engine.py chains the phases (roll, drinking, moving, cards, clock), which never import
each other, over the concepts they share: the map (data.py, graph.py, route.py,
places.py) and the hour (hours.py). views.py and prompts.py say what players see and
decide. Readings of the rule book: ../NOTES.md ("The board game").
"""

from pathlib import Path

from pydantic import TypeAdapter

from rules.core.protocol import GameSpec, VerbOption, no_secrets
from rules.einsistkeins import pubs
from rules.einsistkeins.board.engine import apply, invariants, outcome, setup, timeout
from rules.einsistkeins.board.model import Action, Options, State
from rules.einsistkeins.board.prompts import prompts
from rules.einsistkeins.board.views import public_view, seat_view

BOARD_GAME = GameSpec(
    id="einsistkeins",
    names={"de": "Eins ist keins", "en": "Eins ist keins – board game"},
    min_players=1,
    max_players=4,
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
    # The rule book: "place your six pub cards face up in front of you"; the pile is
    # face down and nobody's, so no seat knows anything the others do not (NOTES.md).
    secrets=no_secrets,
    invariants=invariants,
    locales=Path(__file__).parent.parent / "locales",
    rulebook="rules/einsistkeins/NOTES.md",
    commands=("go",),
    verb_options={"go": (VerbOption(name="where", choices="pubs"),)},
    choices=pubs.choices,
)
