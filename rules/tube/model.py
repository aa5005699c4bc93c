"""State, options, actions and views of Gaa Under Gunnar."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.core.protocol import Frozen

INHIBITIONS = 11

Phase = Literal["choose", "move", "over"]
DropKind = Literal["north", "south", "central", "heathrow"]


class Options(Frozen):
    referee: int = Field(
        default=0, ge=0, le=1
    )  # 1: the first seat referees (3+ seats; fewer: /start refuses)
    dnf_minutes: int = Field(default=15, ge=1, le=60)
    leicester_limit: int = Field(default=2, ge=0, le=5)  # friendly games may change it
    inhibitions: int = Field(default=INHIBITIONS, ge=1, le=INHIBITIONS)  # fewer: a short game


class Drop(Frozen):
    station: str
    kind: DropKind


class Player(BaseModel):
    """One playing seat: where its piece is, what it dropped, what it drinks."""

    seat: int
    station: str = ""
    heading: tuple[str, str] | None = None  # (line, previous station) of the last step
    touched: bool = True  # touched the Circle since the last drop (starts on it)
    drops: list[Drop] = Field(default_factory=list)
    pending: Drop | None = None  # dropped once the sips are drunk
    owed: int = 0  # sips to drink before the next turn
    drunk: int = 0
    leicester: int = 0  # Leicester Square rolls since the last drop
    turns: int = 0
    finished: int | None = None  # place, from 1
    dnf: bool = False

    @property
    def playing(self) -> bool:
        return self.finished is None and not self.dnf


class Move(Frozen):
    """The last move, for the board: the route and what it cost."""

    seat: int
    roll: int
    points: int
    stations: tuple[str, ...]
    lines: tuple[str, ...]
    left: int
    sips: int


class State(BaseModel):
    seats: int
    options: Options
    rng: int
    referee: int | None = None
    players: list[Player]
    phase: Phase = "choose"
    order_rolls: list[list[int]] = Field(default_factory=list)  # per seat, each round
    choose_order: list[int] = Field(default_factory=list)
    first_rolls: list[list[int]] = Field(default_factory=list)
    turn: int | None = None  # the seat moving now (None: every player still drinks)
    had_die: int | None = None  # the last seat that had a turn: the die goes on from there
    roll: int = 0
    points: int = 0
    offer: list[str] = Field(default_factory=list)  # stations of an ambiguous name
    browse: str | None = None  # the line whose stations the buttons show
    last: Move | None = None
    step: int = 0  # bumped by every accepted action: prompt ids
    clock: int = 0  # finishers so far: the DNF clock runs after each finish


class Choose(Frozen):
    type: Literal["choose"] = "choose"
    station: str


class Go(Frozen):
    """`/go <station>` or `/go <via> > <station>`: typed text, or a button's station id."""

    type: Literal["go"] = "go"
    to: str


class Browse(Frozen):
    type: Literal["browse"] = "browse"
    line: str | None = None  # None: back to the end stations


class Done(Frozen):
    type: Literal["done"] = "done"
    note: str = ""  # `/done` may carry words; they are ignored


class Concede(Frozen):
    type: Literal["concede"] = "concede"
    note: str = ""


class Expire(Frozen):
    """The DNF clock ran out for this seat (the scheduler's timeout)."""

    type: Literal["expire"] = "expire"


class Snol(Frozen):
    """The referee's call: `#<seat>` and `hurry` (default), `count` or `suspend`."""

    type: Literal["snol"] = "snol"
    call: str


class Where(Frozen):
    type: Literal["where"] = "where"
    note: str = ""


Action = Annotated[
    Choose | Go | Browse | Done | Concede | Expire | Snol | Where, Field(discriminator="type")
]


class PlayerView(Frozen):
    seat: int
    station: str
    where: str  # inside / on / outside
    drops: tuple[Drop, ...]
    north: int
    south: int
    central: int
    heathrow: int
    pending: Drop | None
    owed: int
    drunk: int
    beers: int
    turns: int
    finished: int | None
    dnf: bool


class PublicView(Frozen):
    phase: str
    referee: int | None
    players: tuple[PlayerView, ...]
    turn: int | None
    roll: int
    points: int
    order_rolls: tuple[tuple[int, ...], ...]
    first_rolls: tuple[tuple[int, ...], ...]
    last: Move | None
    names: dict[str, str]  # station id → name, for the stations shown


class SeatView(Frozen):
    seat: int
    player: PlayerView | None  # None for the referee
    reachable: tuple[str, ...]  # station names this turn (the mover's)
