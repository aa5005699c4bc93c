"""Gaa Under Gunnar — the London Underground drinking game, 2–6 players (3–4 the real game).

Each player starts on a different station of the Circle line with 11 inhibitions and
drops them at end stations of the real Underground: five north and five south of the
Central line (one of them may be on the Central line, reached on it) and at least one at
Heathrow. A turn is a d6 roll — doubled for a turn that starts outside the Circle — and a
move of exactly that many stations under the direction rules (never back along the line
you came on, back along another line only at a junction of two or more dots), stopping
early only at an end station, where the points left are sips. Junctions, Heathrow,
Elephant & Castle and Leicester Square cost sips, non-Underground stations cost the turn;
the die passes on before the mover drinks, and a player still drinking is skipped. A
player 15 minutes behind the previous finisher does not finish. Readings: NOTES.md.
"""

from pathlib import Path

from pydantic import TypeAdapter

from rules.core.protocol import GameSpec, VerbOption, no_secrets
from rules.tube import data, engine, model, prompts, refusals, views

SPEC = GameSpec(
    id="tube",
    names={"en": "Gaa Under Gunnar", "de": "Gaa Under Gunnar"},
    min_players=2,
    max_players=6,
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
    secrets=no_secrets,  # pieces, drops and debts are all on the table
    invariants=engine.invariants,
    locales=Path(__file__).parent / "locales",
    rulebook="rules/tube/NOTES.md",
    commands=("go", "done", "giveup", "where", "snøl", "snol"),
    verb_options={
        "go": (VerbOption(name="where", choices="stations"),),
        # `/snøl @player [count | suspend]` (referee.py); the words after `/done`,
        # `/giveup` and `/where` are ignored, so menus ask for none
        **{
            verb: (
                VerbOption(name="player", kind="player"),
                VerbOption(name="call", choices="calls", required=False),
            )
            for verb in ("snøl", "snol")
        },
        **{verb: () for verb in ("done", "giveup", "where")},
    },
    choices=data.choices,
    refusal=refusals.refusal,
)
