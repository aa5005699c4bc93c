"""AUFRUHR! — the Ruhr mayors' game for 4–6 players (rule book: see `SPEC.rulebook`).

Mayors of the great Ruhr cities elect a Lord Mayor by secret ballot, share out EU
subventions, bid secretly for municipal and RuhrCity projects, build them on the map of
the Ruhr, collect payouts and bribe the Lord Mayor. Readings of the rule book: NOTES.md.
"""

from pathlib import Path

from pydantic import TypeAdapter

from rules.aufruhr import actions, commands, engine, model
from rules.aufruhr.invariants import invariants
from rules.core.protocol import GameSpec

SPEC = GameSpec(
    id="aufruhr",
    names={"en": "AUFRUHR!", "de": "AUFRUHR!"},
    min_players=4,
    max_players=6,
    options=model.Options,
    state=model.State,
    action=TypeAdapter(actions.Action),
    setup=engine.setup,
    prompts=engine.prompts,
    apply=engine.apply,
    public_view=engine.public_view,
    seat_view=engine.seat_view,
    timeout=engine.timeout,
    outcome=engine.outcome,
    secrets=engine.secrets,
    invariants=invariants,
    locales=Path(__file__).parent / "locales",
    rulebook="rules/aufruhr/NOTES.md",
    commands=(
        "bid",
        "demand",
        "pay",
        "deal",
        "coop",
        "accept",
        "decline",
        "folder",
        "take",
        "refuse",
    ),
    verb_options=commands.VERB_OPTIONS,
    choices=commands.choices,
)
