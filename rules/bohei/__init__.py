"""Bohei — the card game whose rule cards change the game, for 3–8 players.

Whoever starts their own turn holding exactly 7 cards wins. A turn: draw a card or not;
activate a rule card if you hold one (at most two rules are active, checked by the bot
on every group message where it can, or reported with `/foul` and a quick vote); then
play an action card (who draws or discards), a challenge (a duel or the whole group) or
nothing. Nö and Gegenteiltag answer draws and discards forced on you. Whoever holds 7
cards at any other moment must call "Bohei" in time. Readings of the rule book: NOTES.md.
"""

from pathlib import Path

from pydantic import TypeAdapter

from rules.bohei import engine, model, refusals, views
from rules.core.protocol import GameSpec, VerbOption

SPEC = GameSpec(
    id="bohei",
    names={"en": "Bohei", "de": "Bohei"},
    min_players=3,
    max_players=8,
    options=model.Options,
    state=model.State,
    action=TypeAdapter(model.Action),
    setup=engine.setup,
    prompts=engine.prompts,
    apply=engine.apply,
    public_view=views.public_view,
    seat_view=views.seat_view,
    timeout=engine.timeout,
    outcome=engine.outcome,
    refusal=refusals.refusal,
    opening=engine.opening,
    secrets=engine.secrets,
    invariants=engine.invariants,
    locales=Path(__file__).parent / "locales",
    rulebook="rules/bohei/NOTES.md",
    commands=("foul", "word", "guess", "bohei"),
    verb_options={
        "guess": (VerbOption(name="number", kind="integer", min=1, max=20),),
        "word": (VerbOption(name="word"),),
        "foul": (VerbOption(name="player", kind="player"),),  # `/foul @player`
        "bohei": (),  # words after `/bohei` are ignored
    },
    # Where the bot cannot read the chat, every rule is watched by the group (`/foul`).
    without_chat=lambda options: options.model_copy(update={"checks": "none"}),
)
