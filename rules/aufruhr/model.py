"""AUFRUHR! state and options.

The state is one pydantic model holding everything, private parts included (treasuries,
bribe tokens, sealed ballots and bids, folder drafts, the PRNG). The decisions players
make are in actions.py; the views, what the group may see and what one mayor sees alone,
are separate types in views.py.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.core.protocol import Frozen, Tagged
from rules.core.turns import Collect

# Rule book, set-up: 4 players Duisburg, Essen, Bochum, Dortmund; 5: + Recklinghausen;
# 6: + Hagen (community ids from data/communities.json).
CITIES = ("duisburg", "essen", "bochum", "dortmund", "recklinghausen", "hagen")
SEED_MONEY = 240  # 3×50 + 3×20 + 3×10 per mayor, kept secret
MARKERS = 13
# II. EU subventions by player count: the Lord Mayor gives each mayor one of these.
AMOUNTS = {4: (40, 30, 20, 10), 5: (50, 40, 30, 20, 10), 6: (60, 50, 40, 30, 20, 10)}


class Options(Frozen):
    events: int = Field(default=14, ge=0, le=20)  # event cards; one more round follows them
    deadline: int = Field(default=120, ge=10, le=3600)  # seconds for every secret step


class Mutable(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False)


class Mayor(Mutable):
    city: str
    money: int = SEED_MONEY
    markers: int = MARKERS
    hand: list[str] = Field(default_factory=list)  # bought RuhrCity projects, not realised


class Election(Frozen):
    """A secret simultaneous ballot of every mayor; `candidates` is everybody unless it is
    a run-off."""

    number: int = 1  # counts ballots, so each has its own prompt id
    candidates: tuple[int, ...]
    ballots: Collect[int | None]  # None: abstained

    @classmethod
    def of(cls, n: int, candidates: tuple[int, ...] | None = None, number: int = 1) -> "Election":
        """A ballot of all `n` mayors for `candidates` (everybody by default)."""
        everyone = tuple(range(n))
        return cls(
            number=number, candidates=candidates or everyone, ballots=Collect(asked=everyone)
        )


class Project(Frozen):
    """A project on the map. RuhrCity projects may carry two categories."""

    kind: str  # "municipal" | "ruhrcity"
    size: str  # "small" | "big"
    categories: tuple[str, ...]
    owners: tuple[int, ...]
    negative: bool = False  # Nuclear Waste Repository, Waste Incinerating Plant
    card: str = ""  # card id, or "init:<city>:<i>" for a great city's initial project


class Token(Frozen):
    """A bribe token: whose folder it came from, its stars, who holds it now."""

    origin: int
    stars: int
    holder: int
    covered: bool = False  # received as Lord Mayor: usable once the holder leaves office
    fresh: bool = False  # received in the holder's current term (EU inspection)


class Scandal(Frozen):
    origin: int
    holder: int
    fresh: bool = False
    public: bool = False  # made public by an inspection: out of the game


class WantSubvention(Tagged):
    """A folder's demand: this subvention amount for its giver (before the subventions)."""

    kind: Literal["subvention"] = "subvention"
    amount: int


class WantPayout(Tagged):
    """A folder's demand: the payout of this category instead (at the intention)."""

    kind: Literal["payout"] = "payout"
    category: str


class WantAuction(Tagged):
    """A folder's demand: an auction with this category (at the intention)."""

    kind: Literal["auction"] = "auction"
    category: str


class WantAward(Tagged):
    """A folder's demand: the tied auction awarded to this mayor."""

    kind: Literal["award"] = "award"
    seat: int


# What a folder may demand of the Lord Mayor, beside a typed demand (NOTES.md 22).
Wish = WantSubvention | WantPayout | WantAuction | WantAward


class Draft(Mutable):
    """A bribe folder being filled: a demand, tokens (by index) or the scandal."""

    demand: Wish | None = Field(default=None, discriminator="kind")  # a listed demand, or
    text: str | None = None  # a free-text demand
    tokens: list[int] = Field(default_factory=list)
    scandal: bool = False
    handed: bool = False


class Folders(Mutable):
    """A window in which the other mayors may hand the Lord Mayor a folder."""

    context: Literal["subvention", "intention", "tie"]
    number: int
    seats: list[int]  # who may still act
    drafts: dict[int, Draft] = Field(default_factory=dict)


class Gift(Frozen):
    """A bribe folder handed to any other mayor at any time (IV: "in other situations,
    too"), waiting for his answer: the tokens stay with the giver until it is taken."""

    giver: int
    to: int
    text: str  # the demand, as typed
    tokens: tuple[int, ...]  # indexes into State.tokens


class Auction(Mutable):
    card: str
    minimum: int
    source: Literal["round", "event"] = "round"
    bids: Collect[int | None]  # sealed until all are in; None: no bid
    tied: list[int] = Field(default_factory=list)
    price: int = 0
    winner: int | None = None


class Realising(Mutable):
    """End of round: RuhrCity projects being realised, owner by owner."""

    queue: list[int]  # owners still to decide, the current one first
    card: str | None = None
    site: str | None = None
    partner: int | None = None
    declined: list[int] = Field(default_factory=list)  # partners who said no to this card


class Deal(Frozen):
    number: int
    by: int
    to: tuple[int, ...]
    text: str
    answers: dict[int, bool] = Field(default_factory=dict)
    round: int = 0  # proposed in this round (0: before this was kept)
    coop: str | None = None  # a cooperation on this big RuhrCity project (card id)

    def open_in(self, round_: int) -> bool:
        """Waiting for answers: proposed this round, nobody declined, not all answered."""
        waiting = len(self.answers) < len(self.to) and False not in self.answers.values()
        return waiting and self.round == round_


class Coop(Frozen):
    """A cooperation agreed in a deal: at realisation the owner's partner in it is asked
    first (not binding: he may decline)."""

    card: str
    seats: tuple[int, int]  # who proposed, who accepted
    number: int  # the deal's


class State(Mutable):
    options: Options = Options()
    rng: int
    mayors: list[Mayor]
    round: int = 1
    phase: str = "election"
    step: int = 0  # counts decisions, so each prompt has its own id
    lord_mayor: int | None = None
    barred: int | None = None  # impeached: not electable in the following election
    election: Election | None = None
    # the pieces
    board: dict[str, list[Project]] = Field(default_factory=dict)
    piles: dict[str, list[str]] = Field(default_factory=dict)  # category → card ids, top first
    discard: list[str] = Field(default_factory=list)
    payouts: list[str] = Field(default_factory=list)
    payouts_used: list[str] = Field(default_factory=list)
    events: list[str] = Field(default_factory=list)  # still to come, top first
    event: str | None = None  # the last event card played
    tokens: list[Token] = Field(default_factory=list)
    scandals: list[Scandal] = Field(default_factory=list)
    # the round in progress
    subvention: dict[int, int] = Field(default_factory=dict)  # seat → amount given
    promised: dict[int, int] = Field(default_factory=dict)  # subvention demanded by a folder
    intention: list[str] = Field(default_factory=list)  # "payout:<cat>" or three categories
    folders: Folders | None = None
    folder_count: int = 0
    gifts: list[Gift] = Field(default_factory=list)  # folders handed outside the windows
    deal_count: int = 0  # deals proposed so far: numbers them
    lots: list[str] = Field(default_factory=list)  # revealed projects still to auction
    auction: Auction | None = None
    build: int | None = None  # seat choosing a site for `build_card`
    build_card: str | None = None
    realising: Realising | None = None
    winner_hall: int | None = None  # the winner choosing the RuhrCity Hall's site
    hall: str | None = None
    deals: list[Deal] = Field(default_factory=list)
    coops: list[Coop] = Field(default_factory=list)  # agreed, not yet realised
    eu: int = 0  # money sent to the EU (not used: bribes are tokens), kept for the ledger
    bank_out: int = 0  # money the bank has paid out
    bank_in: int = 0  # money paid to the bank
    final: dict[int, int] = Field(default_factory=dict)  # seat → final score, at the end
    bonus: dict[int, int] = Field(default_factory=dict)

    @property
    def n(self) -> int:
        """The number of mayors (seats)."""
        return len(self.mayors)

    @property
    def cities(self) -> tuple[str, ...]:
        """The great cities in play, by seat."""
        return tuple(m.city for m in self.mayors)
