"""State, options, actions and views of Bohei."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, field_validator

from rules.core.protocol import Frozen, option_allows
from rules.core.turns import Collect

HAND_START = 3
WIN_AT = 7  # start your own turn holding exactly this many cards
SLOTS = 2


def _checkable() -> dict[str, Any]:
    """The rule cards `checks=` may name, each with its name: the chat shows card names,
    never ids, so a refused value must say which id is which card."""
    from rules.bohei.data import cards  # data imports checks, not model

    checked = [c for c in cards().values() if getattr(c, "check", None) is not None]
    return {
        "cards": {
            lang: ", ".join(f"{c.id} ({getattr(c, lang)[0]})" for c in checked)
            for lang in ("de", "en")
        }
    }


class Options(Frozen):
    reaction: int = Field(default=20, ge=5, le=300)  # Nö/Gegenteiltag, questions, votes, Bohei
    challenge: int = Field(default=30, ge=5, le=600)  # each move of a challenge
    # Each decision of a turn (draw, rule card, slot, play, target, opponent, judge,
    # reward): a player who walks away must not stall the table (engine.timeout).
    turn: int = Field(default=60, ge=10, le=3600)
    go_min: int = Field(default=3, ge=1, le=30)  # "GO" comes this many seconds after "ready" …
    go_max: int = Field(default=8, ge=1, le=60)  # … at most this many
    # Closing time, a table's own choice (0: none, the rule book's only end is 7 cards at
    # the start of one's turn): after this many rounds, whoever is closest to 7 cards wins.
    closing: int = Field(default=0, ge=0, le=50)
    # "so lange erneut gespielt, bis es einen eindeutigen Gewinner … gibt" (rule book):
    # 0, a challenge is replayed until one wins; N, after N rounds without a winner the
    # dice settle it (a table that would rather not tie all evening).
    ties: int = Field(default=0, ge=0, le=20)
    # Rule cards the bot checks on group messages: "all", "none", or card ids joined by
    # commas (`checks=lower,no_e`). The others are watched by the group (`/foul`).
    checks: str = Field(
        default="all", json_schema_extra=option_allows("bohei.option.checks", _checkable)
    )

    @field_validator("checks")
    @classmethod
    def _known(cls, value: str) -> str:
        from rules.bohei.data import cards  # data imports checks, not model

        value = value.strip().lower() or "all"
        if value in ("all", "none"):
            return value
        ids = [v.strip() for v in value.split(",") if v.strip()]
        unknown = [i for i in ids if getattr(cards().get(i), "check", None) is None]
        if unknown:
            raise ValueError(f"not a rule the bot can check: {', '.join(unknown)}")
        return ",".join(ids)


class Slot(BaseModel):
    rule: str | None = None  # the active rule card's instance
    closed_by: str | None = None  # the closing card lies here: no rule ever again


class Pending(BaseModel):
    """One draw (delta > 0) or discard (delta < 0) waiting for its reaction window."""

    seat: int
    delta: int
    source: Literal["action", "penalty"]
    card: str | None = None  # the action card's id
    by: int | None = None  # who caused it
    batch: int = 0


class Window(BaseModel):
    """A short reaction window: the seats concerned may play Nö or Gegenteiltag."""

    batch: list[Pending]
    answers: Collect[str]


class Vote(BaseModel):
    accused: int
    by: int
    serial: int
    votes: Collect[bool]


class Challenge(BaseModel):
    card: str
    by: int
    stage: Literal["opponent", "third", "play", "ready", "go"]
    involved: list[int] = Field(default_factory=list)  # rules are off for them
    seats: list[int] = Field(default_factory=list)  # still in
    entrants: list[int] = Field(default_factory=list)  # in at the start of this round
    third: int | None = None
    round: int = 1
    answers: Collect[int] = Collect(asked=())  # rolls, guesses, signs
    word: int = 0  # index into the deck's words
    letter: str = ""  # the word chain's next first letter
    used: list[str] = Field(default_factory=list)
    chain_turn: int = 0  # whose move in the word chain (a seat)
    tries: dict[int, int] = Field(default_factory=dict)
    target: int = 0  # the hidden number of a guessing challenge
    go_after: int = 0  # seconds from "ready" to "GO"


class State(BaseModel):
    players: int
    options: Options
    rng: int
    draw: list[str]
    discard: list[str] = Field(default_factory=list)
    hands: list[list[str]]
    slots: list[Slot] = Field(default_factory=lambda: [Slot() for _ in range(SLOTS)])
    extension: str | None = None  # the card that opened an extra slot
    turn: int = 0
    phase: Literal[
        "starter", "draw", "rule", "slot", "play", "target", "question", "challenge",
        "reward", "end", "over",
    ] = "starter"  # fmt: skip
    placing: str | None = None  # the rule card being placed (phase "slot")
    action: str | None = None  # the action card being resolved (target, question)
    question: Collect[bool] = Collect(asked=())
    queue: list[Pending] = Field(default_factory=list)
    window: Window | None = None
    batches: int = 0
    owed: dict[int, int] = Field(default_factory=dict)  # discards each seat must choose
    challenge: Challenge | None = None
    reward: int | None = None  # the challenge's winner, choosing a reward
    vote: Vote | None = None
    fouls: int = 0
    challenges: int = 0  # serial of the challenge, for its prompts' ids
    sevens: list[int] = Field(default_factory=list)  # seats noted at 7 cards
    bohei_open: list[int] = Field(default_factory=list)  # must call "Bohei" now
    bohei_serial: int = 0
    called: list[int] = Field(default_factory=list)  # called "Bohei" for the 7 they hold
    blocked: list[int] = Field(default_factory=list)  # missed the call: no win next turn
    winner: int | None = None
    closed: bool = False  # ended at closing time
    reshuffles: int = 0
    turns: int = 0


# ----- actions ---------------------------------------------------------------------


class Claim(Frozen):
    """ "That's me!": the least organised player owns up and starts."""

    type: Literal["claim"] = "claim"


class NoStarter(Frozen):
    """Nobody owned up in time: the first seat starts (only a deadline does this)."""

    type: Literal["no_starter"] = "no_starter"


class DrawChoice(Frozen):
    type: Literal["draw"] = "draw"
    take: bool


class ChooseRule(Frozen):
    type: Literal["rule"] = "rule"
    card: str


class ChooseSlot(Frozen):
    type: Literal["slot"] = "slot"
    slot: int


class PlayCard(Frozen):
    type: Literal["play"] = "play"
    card: str | None  # None: play nothing


class ChooseSeat(Frozen):
    """A target, an opponent or a neutral third."""

    type: Literal["seat"] = "seat"
    seat: int


class NoChoice(Frozen):
    """Nobody named in time for a target or an opponent (only a deadline does this): the
    bot picks no victim in an absent player's name (NOTES.md, "silent turns")."""

    type: Literal["no_choice"] = "no_choice"


class Answer(Frozen):
    """An honest yes or no to a real-world question ("do you wear glasses?")."""

    type: Literal["answer"] = "answer"
    yes: bool


class React(Frozen):
    type: Literal["react"] = "react"
    choice: Literal["accept", "noe", "reverse"]


class Discard(Frozen):
    type: Literal["discard"] = "discard"
    card: str


class CallBohei(Frozen):
    type: Literal["bohei"] = "bohei"
    note: str = ""  # `/bohei` may carry words; they are ignored


class MissBohei(Frozen):
    """The Bohei window closed without a call (only a deadline does this)."""

    type: Literal["miss_bohei"] = "miss_bohei"


class Chat(Frozen):
    """An ordinary group message, for the rule checks (and a typed "Bohei")."""

    type: Literal["chat"] = "chat"
    text: str


class Foul(Frozen):
    """`/foul @player`: the text starts with the accused's seat token."""

    type: Literal["foul"] = "foul"
    text: str


class CastVote(Frozen):
    type: Literal["vote"] = "vote"
    yes: bool


class Roll(Frozen):
    type: Literal["roll"] = "roll"


class Sign(Frozen):
    type: Literal["sign"] = "sign"
    sign: Literal[0, 1, 2]  # rock, paper, scissors


class Guess(Frozen):
    type: Literal["guess"] = "guess"
    number: int


class Word(Frozen):
    type: Literal["word"] = "word"
    text: str


class Press(Frozen):
    type: Literal["press"] = "press"


class GoSignal(Frozen):
    """ "GO!" — what the deadline of the ready stage does."""

    type: Literal["go_signal"] = "go_signal"


class Judge(Frozen):
    type: Literal["judge"] = "judge"
    winner: int | None  # None: a tie, play again


class Toss(Frozen):
    """The judge stayed silent: a coin decides (only a deadline does this)."""

    type: Literal["toss"] = "toss"


class Forfeit(Frozen):
    """Silent in a challenge: out of it (only a deadline does this)."""

    type: Literal["forfeit"] = "forfeit"


class Reward(Frozen):
    type: Literal["reward"] = "reward"
    delta: int = Field(ge=-2, le=2)  # draw up to 2 (> 0), discard up to 2 (< 0)


Action = Annotated[
    Claim | NoStarter | DrawChoice | ChooseRule | ChooseSlot | PlayCard | ChooseSeat | NoChoice
    | Answer | React | Discard | CallBohei | MissBohei | Chat | Foul | CastVote | Roll | Sign
    | Guess | Word | Press | GoSignal | Judge | Toss | Forfeit | Reward,
    Field(discriminator="type"),
]  # fmt: skip


# ----- views -----------------------------------------------------------------------


class SlotView(Frozen):
    rule: str | None  # card id of the active rule
    closed: bool
    checked: bool  # the bot checks it on every group message


class PublicView(Frozen):
    players: int
    turn: int
    phase: str
    hand_sizes: tuple[int, ...]
    draw_pile: int
    discard_pile: int
    slots: tuple[SlotView, ...]
    extension: bool
    bohei_open: tuple[int, ...]
    called: tuple[int, ...]  # holding 7 and called in time
    blocked: tuple[int, ...]
    challenge: str | None
    challengers: tuple[int, ...]
    winner: int | None  # the lowest seat of `winners`
    winners: tuple[int, ...]  # everyone who shares first place (a tie at closing time)


class SeatView(Frozen):
    seat: int
    hand: tuple[str, ...]
    owed: int
