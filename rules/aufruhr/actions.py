"""AUFRUHR! actions: one small frozen model per kind of decision, a discriminated union on
`type`. `engine.apply` dispatches on them in one `match`; buttons (buttons.py) carry them,
and a deadline answers with one of them too (`engine.timeout`).
"""

from typing import Annotated, Literal

from pydantic import Field

from rules.aufruhr.model import Wish
from rules.core.protocol import Frozen


class Vote(Frozen):
    type: Literal["vote"] = "vote"
    seat: int


class Abstain(Frozen):
    """A ballot not cast in time (only by timeout)."""

    type: Literal["abstain"] = "abstain"


class Give(Frozen):
    """II: the next subvention amount to `seat`."""

    type: Literal["give"] = "give"
    seat: int


class Lapse(Frozen):
    """The Lord Mayor let his decision lapse (a timeout): the remaining subventions are
    handed out, or the intention completed, by default (NOTES.md 29)."""

    type: Literal["lapse"] = "lapse"


class IntendPayout(Frozen):
    """III: the payout of one category."""

    type: Literal["intend_payout"] = "intend_payout"
    category: str


class IntendAuction(Frozen):
    """III: three auctions; the categories follow, one `Slot` each."""

    type: Literal["intend_auction"] = "intend_auction"


class Slot(Frozen):
    """III: the category of the next auction slot."""

    type: Literal["slot"] = "slot"
    category: str


class Demand(Frozen):
    type: Literal["demand"] = "demand"
    demand: Wish | None = Field(default=None, discriminator="kind")  # a listed demand, or
    text: str | None = None  # one typed by the giver


class Put(Frozen):
    """Put a bribe token of so many stars (or the scandal: 0) into the folder."""

    type: Literal["put"] = "put"
    stars: int


class Hand(Frozen):
    type: Literal["hand"] = "hand"
    hand: bool  # True: hand the folder over; False: keep it (no folder)


class Accept(Frozen):
    """The Lord Mayor takes `seat`'s folder."""

    type: Literal["accept_folder"] = "accept_folder"
    seat: int


class RefuseAll(Frozen):
    type: Literal["refuse_folders"] = "refuse_folders"


class Lot(Frozen):
    """The revealed project to auction next."""

    type: Literal["lot"] = "lot"
    card: str


class Bid(Frozen):
    type: Literal["bid"] = "bid"
    amount: int  # 0: no bid


class Award(Frozen):
    """The Lord Mayor awards a tied auction to `seat`."""

    type: Literal["award"] = "award"
    seat: int


class Site(Frozen):
    """Where to build: a bought municipal project, or a RuhrCity project being realised."""

    type: Literal["site"] = "site"
    community: str  # id or name


class Realise(Frozen):
    type: Literal["realise"] = "realise"
    card: str


class Done(Frozen):
    """No more RuhrCity projects to realise this round."""

    type: Literal["done"] = "done"


class Alone(Frozen):
    """Realise a big RuhrCity project without a partner."""

    type: Literal["alone"] = "alone"


class Back(Frozen):
    """Put the chosen project back (no partner, too few markers to go alone)."""

    type: Literal["back"] = "back"


class Partner(Frozen):
    """Ask `seat` to realise the big RuhrCity project together."""

    type: Literal["partner"] = "partner"
    seat: int


class PartnerAnswer(Frozen):
    type: Literal["partner_answer"] = "partner_answer"
    yes: bool


class Hall(Frozen):
    """The winner places the RuhrCity Hall."""

    type: Literal["hall"] = "hall"
    community: str  # id or name


class Pay(Frozen):
    type: Literal["pay"] = "pay"
    text: str


class Propose(Frozen):
    type: Literal["deal"] = "deal"
    text: str


class ProposeCoop(Frozen):
    """`/coop @mayor <big RuhrCity project>: <terms>`: a deal to realise it together."""

    type: Literal["coop"] = "coop"
    text: str


class Answer(Frozen):
    type: Literal["answer"] = "answer"
    text: str
    yes: bool


class GiveFolder(Frozen):
    """`/folder Essen 2 1: <demand>`: a folder handed to a mayor outside the windows."""

    type: Literal["folder"] = "folder"
    text: str


class GiftAnswer(Frozen):
    """`/take` or `/refuse` a folder handed to you (the giver named where several wait)."""

    type: Literal["gift_answer"] = "gift_answer"
    text: str
    yes: bool


Action = Annotated[
    Vote
    | Abstain
    | Give
    | Lapse
    | IntendPayout
    | IntendAuction
    | Slot
    | Demand
    | Put
    | Hand
    | Accept
    | RefuseAll
    | Lot
    | Bid
    | Award
    | Site
    | Realise
    | Done
    | Alone
    | Back
    | Partner
    | PartnerAnswer
    | Hall
    | Pay
    | Propose
    | ProposeCoop
    | Answer
    | GiveFolder
    | GiftAnswer,
    Field(discriminator="type"),
]
