"""State, options, actions and views of the EINS IST KEINS board game (1–4 players).

All cards lie face up, so the public view holds everything; a seat's view adds only
which seat it is. Alcohol is kept in tenths of ‰ (0–23); the clock in minutes from
00:00 of the first day, counting on past midnight (14:00 = 840, 05:00 = 1740).
"""

from typing import Annotated, Literal

from pydantic import BaseModel, Field, field_validator

from rules.core.protocol import Frozen

Phase = Literal["roll", "one", "swap", "act", "gum", "refill", "over"]
EndReason = Literal["win", "five", "pile", "closed"]

START_CLOCK = 14 * 60
END_CLOCK = 29 * 60  # 05:00 the next morning
NIGHT_STAR = 25 * 60  # from 01:00 trams only on the full hour
HALF_HOUR = 30
LIMIT = 23  # 2.3 ‰, the know-your-limit rule
HAND = 6


def permille(tenths: int) -> float:
    """23 → 2.3: a message parameter, so the bot can write it as its language does."""
    return round(tenths / 10, 1)


class Options(Frozen):
    deadline: int = Field(default=300, ge=30, le=86400)  # seconds for each decision


class State(BaseModel):
    players: int
    options: Options
    rng: int
    pile: list[str]  # face down; the next card drawn is pile[0]
    faceup: str | None  # the face-up card beside the pile
    hands: list[list[str]]  # face-up cards in front of each player
    visited: list[list[str]]  # scored pubs
    boxed: list[str] = Field(default_factory=list)  # cards of pubs closed for the night
    pos: list[int]  # board squares (graph.py)
    alcohol: list[int]  # tenths of ‰
    clock: int = START_CLOCK
    starter: int = 0
    keeper: int = 0  # holds the clock card
    turn: int = 0
    turn_no: int = 1
    step: int = 0  # decisions taken so far: names each prompt
    phase: Phase = "roll"
    roll: int | None = None
    takeaway: bool = False  # this turn's move costs no alcohol (a 3 in an open pub)
    winner: int | None = None
    win_kind: str | None = None
    end_reason: EndReason | None = None
    finished_at: int | None = None  # the clock when the game ended


class Roll(Frozen):
    type: Literal["roll"] = "roll"


class Drink(Frozen):
    type: Literal["drink"] = "drink"
    amount: int | None = None  # tenths; None: as much as allowed


class Go(Frozen):
    """Move towards a pub or station (`/go Izarro`), or to each waypoint in turn
    (`/go A > B`): typed text is split into its waypoints here, so the action holds
    places, not a route to be parsed."""

    type: Literal["go"] = "go"
    to: tuple[str, ...] = Field(min_length=1)

    @field_validator("to", mode="before")
    @classmethod
    def _waypoints(cls, value: object) -> object:
        if isinstance(value, str):
            # each waypoint without the spaces round the arrow ("Glocksee > Izarro")
            parts = [p.strip() for p in value.replace("→", ">").split(">") if p.strip()]
            return tuple(parts) or (value,)  # nothing but arrows: refused as a place
        return value


class Stay(Frozen):
    """Do nothing now: the rhubarb spritzer, or skip an extra action."""

    type: Literal["stay"] = "stay"


class Swap(Frozen):
    """Face 2: swap one of your cards with the face-up card."""

    type: Literal["swap"] = "swap"
    card: str


class Discard(Frozen):
    """Face 2: put one of your cards on the face-up card and draw from the pile."""

    type: Literal["discard"] = "discard"
    card: str


class Draw(Frozen):
    """After scoring one of your cards: draw from the pile."""

    type: Literal["draw"] = "draw"


class Take(Frozen):
    """After scoring one of your cards: take the face-up card."""

    type: Literal["take"] = "take"


Action = Annotated[
    Roll | Drink | Go | Stay | Swap | Discard | Draw | Take, Field(discriminator="type")
]


class PublicView(Frozen):
    players: int
    phase: Phase
    turn: int
    turn_no: int
    starter: int
    keeper: int
    clock: int
    roll: int | None
    takeaway: bool
    trams: bool  # do trams run at this clock (night-star rule)
    pile: int
    faceup: str | None
    hands: tuple[tuple[str, ...], ...]
    visited: tuple[tuple[str, ...], ...]
    needed: tuple[int, ...]  # pubs each player needs to win (12 lowered by lifebuoys)
    boxed: int
    pos: tuple[int, ...]
    alcohol: tuple[int, ...]
    open_pubs: tuple[str, ...]  # pubs (and Café Safran) open at the clock
    winner: int | None
    win_kind: str | None
    end_reason: EndReason | None


class SeatView(Frozen):
    seat: int
    table: PublicView
