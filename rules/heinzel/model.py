"""State, options, actions and views of Die Heinzelmännchen von Köln (2–4 players).

Everything lies open on the table (pieces, point cards, action cards). The four pea
cards lie face down and a drawn "sleeping" card is shuffled back, so every draw is one
of the four at random: the PRNG draws it, and no order of the pile is kept (or secret).
"""

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from rules.core.protocol import Frozen

# start: roll or play a card · move: choose a reachable field · jump: landed exactly on a
# tunnel field, choose another or stay · tunnel: the Tunnel card, choose a tunnel field ·
# guard: lost a watchman duel, play the Nachtwächter card or go home · over
Phase = Literal["start", "move", "jump", "tunnel", "guard", "over"]
Card = Literal["nachtwaechter", "tunnel", "zweimal"]
CARDS: tuple[Card, ...] = ("nachtwaechter", "tunnel", "zweimal")
Pea = Literal["schlafend", "suchend"]
EndReason = Literal["suchend", "all_done"]


class Options(Frozen):
    deadline: int = Field(default=300, ge=30, le=86400)  # seconds for each decision
    # Who is the youngest (the rule book: the youngest begins), counted in the order of
    # /join: 1 is the one who opened the table. Past the number of players: refused at /start.
    youngest: int = Field(default=1, ge=1, le=4)
    # How many of the four pea cards show "Schneiders Weib suchend" (NOTES.md).
    searching: int = Field(default=1, ge=1, le=3)


class State(BaseModel):
    players: int
    options: Options
    rng: int
    colours: list[str]  # each seat's colour (its start field)
    pos: list[int]  # board fields (board.py)
    cards: list[list[Card]]  # action cards still in hand
    piles: dict[str, list[int]]  # craft → point cards left, the top one first
    taken: list[dict[str, int]]  # seat → craft → the point card it took there
    arrived: list[int] = Field(default_factory=list)  # seats in order of reaching the Schneider
    draws: int = 0  # pea cards drawn so far (each shuffled back into the four: NOTES.md)
    last_pea: Pea | None = None
    weib: int | None = None  # the seat playing Schneiders Weib
    weib_turn: int = 0  # the turn she began; peas are drawn after every later turn
    starter: int = 0
    turn: int = 0
    turn_no: int = 1
    step: int = 0  # decisions taken so far: names each prompt
    phase: Phase = "start"
    roll: int | None = None
    rolls_left: int = 1  # 2 after playing Zweimal Würfeln, until the first move is done
    twice: bool = False  # Zweimal Würfeln was played this turn
    turn_from: int = 0  # where this turn began: the watchman compares with it
    loser: int | None = None  # the duel's loser, asked whether to play the Nachtwächter card
    end_reason: EndReason | None = None


class Roll(Frozen):
    type: Literal["roll"] = "roll"


class Go(Frozen):
    """Move to a reachable field, by its name (`/go Heumarkt`) or its id (a button)."""

    type: Literal["go"] = "go"
    to: str


class PlayTunnel(Frozen):
    """Instead of rolling: go to any tunnel field (then choose which)."""

    type: Literal["tunnel"] = "tunnel"


class PlayTwice(Frozen):
    """Before rolling: roll twice in a row this turn."""

    type: Literal["twice"] = "twice"


class Stay(Frozen):
    """Landed exactly on a tunnel field: stay there instead of jumping."""

    type: Literal["stay"] = "stay"


class Enough(Frozen):
    """Zweimal Würfeln: do without the second roll (the card gives "das Recht", a right;
    NOTES.md): the turn's move is over where the first one ended."""

    type: Literal["enough"] = "enough"


class Guard(Frozen):
    """Lost a watchman duel: play the Nachtwächter card (`play=True`) and stay, or go home."""

    type: Literal["guard"] = "guard"
    play: bool


Action = Annotated[
    Roll | Go | PlayTunnel | PlayTwice | Stay | Enough | Guard, Field(discriminator="type")
]


class PublicView(Frozen):
    players: int
    phase: Phase
    turn: int
    turn_no: int
    starter: int
    roll: int | None
    rolls_left: int
    twice: bool
    colours: tuple[str, ...]
    pos: tuple[int, ...]
    where: tuple[str, ...]  # each piece's field name
    cards: tuple[tuple[Card, ...], ...]
    piles: dict[str, tuple[int, ...]]  # the point cards left at each shop, top first
    taken: tuple[dict[str, int], ...]
    scores: tuple[int, ...]
    arrived: tuple[int, ...]
    weib: int | None
    draws: int
    last_pea: Pea | None
    searching: int  # how many of them show "suchend"
    loser: int | None
    end_reason: EndReason | None
    winners: tuple[int, ...]  # when over


class SeatView(Frozen):
    seat: int
    table: PublicView
