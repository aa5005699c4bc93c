"""Die Heinzelmännchen von Köln (2–4 players): the little house spirits of old Cologne
sneak through the Veedel at night. Each player rolls and moves his Heinzelmännchen
exactly the roll, visits the four craft shops of the outer Veedel (Zimmermann, Bäcker,
Küfer, Fleischer: point cards 1–4 in the order of arrival) and then the Schneider under
the Dom (6, 4, 2, 1). Red tunnel fields let a piece jump; the night watchman makes
everybody in a Veedel roll when a newcomer enters, and the lowest goes home; three action
cards each (Nachtwächter, Tunnel, Zweimal Würfeln). The first at the Schneider becomes
Schneiders Weib and draws a pea card after every turn: "suchend" ends the game. Most
points win. Board: data/ (SOURCES.md); readings of the rule book: NOTES.md.
"""

from pathlib import Path

from pydantic import TypeAdapter

from rules.core.protocol import GameSpec, VerbOption, no_secrets
from rules.heinzel import board, engine, model, prompts, views

SPEC = GameSpec(
    id="heinzel",
    names={"de": "Die Heinzelmännchen von Köln", "en": "The Heinzelmännchen of Cologne"},
    min_players=2,
    max_players=4,
    options=model.Options,
    state=model.State,
    action=TypeAdapter(model.Action),
    setup=engine.setup,
    prompts=prompts.prompts,
    apply=engine.apply,
    public_view=views.public_view,
    seat_view=views.seat_view,
    timeout=engine.timeout,
    outcome=engine.outcome,
    secrets=no_secrets,  # pieces and cards lie open; the pea draw is the PRNG's (model.py)
    invariants=engine.invariants,
    locales=Path(__file__).parent / "locales",
    rulebook="rules/heinzel/NOTES.md",
    commands=("go",),
    verb_options={"go": (VerbOption(name="where", choices="fields"),)},
    choices=board.choices,
)
