"""State, options, actions and views of the EINS IST KEINS card game (2–5 players).

Cards are pub names (../data/pubs.json). Hands are private: only `SeatView` holds one.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.core.protocol import Frozen

Call = Literal["opening", "closing", "district", "lifebuoy"]
CALLS: tuple[Call, ...] = Call.__args__  # type: ignore[attr-defined]
Phase = Literal["lead", "call", "follow", "over"]


class Options(Frozen):
    deadline: int = Field(default=180, ge=30, le=86400)  # seconds for each card or call


class Played(Frozen):
    seat: int
    card: str


class State(BaseModel):
    players: int
    options: Options
    rng: int
    pile: list[str]  # face down; the next card dealt is pile[0]
    hands: list[list[str]]
    visited: list[list[str]]  # the tricks each player has taken
    dealer: int
    leader: int
    phase: Phase = "lead"
    call: Call | None = None
    trick: list[Played] = Field(default_factory=list)  # the leader's card, then each trump
    passed: list[int] = Field(default_factory=list)  # seats that could not trump this trick
    waiting: list[int] = Field(default_factory=list)  # seats still to answer, in turn order
    turn: int = 0  # the seat that acts now
    trick_no: int = 1
    out: list[int] = Field(default_factory=list)  # seats without cards (announced once)
    last_trick: list[Played] = Field(default_factory=list)
    last_taker: int | None = None
    winner: int | None = None
    win_kind: str | None = None
    needed: list[int] = Field(default_factory=list)  # per seat: pubs still needed to win


class Play(Frozen):
    """Lay a card: as the leader, or to trump (by button, or typed: `/play Izarro`)."""

    type: Literal["play"] = "play"
    card: str


class Announce(Frozen):
    type: Literal["call"] = "call"
    call: Call


Action = Annotated[Play | Announce, Field(discriminator="type")]


class PublicView(Frozen):
    """What the whole table sees: the trick, the announcement, the tricks taken, counts."""

    players: int
    phase: Phase
    dealer: int
    leader: int
    turn: int
    trick_no: int
    call: Call | None
    trick: tuple[Played, ...]
    passed: tuple[int, ...]
    pile: int  # cards left in the draw pile
    hand_sizes: tuple[int, ...]
    visited: tuple[tuple[str, ...], ...]
    needed: tuple[int, ...]
    out: tuple[int, ...]
    last_trick: tuple[Played, ...]
    last_taker: int | None
    winner: int | None
    win_kind: str | None


class SeatView(Frozen):
    """One player's own view: the public table plus the hand."""

    seat: int
    hand: tuple[str, ...]
    playable: tuple[str, ...]  # the cards that may be played now (all to lead; trumps to follow)
    table: PublicView
