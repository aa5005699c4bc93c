"""Auktion — a test-only game that exercises every part of the protocol.

Each round a lot worth 2d6 points is put up. Everybody bids coins secretly (sealed
bids, revealed together when all are in; a silent bidder bids 0 at the deadline).
The single highest bid wins the lot and pays; a tie means nobody wins. Then any
other player may protest (a reaction window anyone may answer): a protest costs
the protester one coin and re-rolls the lot's worth for the winner. The first
protest or everybody passing closes the window. Most coins + points wins.
"""

from pathlib import Path

from pydantic import TypeAdapter

from rules.core.protocol import GameSpec, VerbOption
from tests.games.auktion import engine, model

SPEC = GameSpec(
    id="auktion",
    names={"en": "Auction (test game)", "de": "Auktion (Testspiel)"},
    min_players=2,
    max_players=5,
    options=model.Options,
    state=model.State,
    action=TypeAdapter(model.Action),
    setup=engine.setup,
    prompts=engine.prompts,
    apply=engine.apply,
    public_view=engine.public_view,
    seat_view=engine.seat_view,
    timeout=engine.timeout,
    outcome=engine.outcome,
    secrets=engine.secrets,
    invariants=engine.invariants,
    locales=Path(__file__).parent / "locales",
    rulebook="tests/games/auktion/__init__.py",
    commands=("bid",),
    verb_options={"bid": (VerbOption(name="amount", kind="integer", min=0),)},
)
