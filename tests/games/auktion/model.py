"""State, options, actions and views of the test-only auction game."""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.core.protocol import Frozen
from rules.core.turns import Collect

START_COINS = 10


class Options(Frozen):
    rounds: int = Field(default=3, ge=1, le=10)
    deadline: int = Field(default=120, ge=10, le=3600)  # seconds for the sealed bids


class State(BaseModel):
    players: int
    options: Options
    rng: int
    round: int = 1
    phase: Literal["bid", "protest", "over"] = "bid"
    lot: int = 0  # worth of the lot on offer
    coins: list[int]
    points: list[int]
    bids: Collect[int] = Collect(asked=())  # sealed: secret until all are in
    winner: int | None = None
    passed: list[int] = Field(default_factory=list)


class Bid(Frozen):
    type: Literal["bid"] = "bid"
    amount: int


class Protest(Frozen):
    type: Literal["protest"] = "protest"


class Pass(Frozen):
    type: Literal["pass"] = "pass"


Action = Annotated[Bid | Protest | Pass, Field(discriminator="type")]


class PublicView(Frozen):
    round: int
    rounds: int
    phase: str
    lot: int
    points: tuple[int, ...]
    answered: tuple[int, ...]  # who has bid: never how much


class SeatView(Frozen):
    seat: int
    coins: int
    points: int
    my_bid: int | None
