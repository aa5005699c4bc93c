"""AUFRUHR! state: the mayors, their cities and money, and the election in progress."""

from pydantic import Field

from rules.core.protocol import Frozen

# Rule book, set-up: 4 players Duisburg, Essen, Bochum, Dortmund; 5: + Recklinghausen;
# 6: + Hagen (community ids from data/communities.json).
CITIES = ("duisburg", "essen", "bochum", "dortmund", "recklinghausen", "hagen")
SEED_MONEY = 240  # 3×50 + 3×20 + 3×10 per mayor, kept secret
MARKERS = 13


class Options(Frozen):
    deadline: int = 120  # seconds for every secret step
    short: bool = False  # fewer event cards


class Mayor(Frozen):
    city: str
    money: int = SEED_MONEY
    markers: int = MARKERS


class Election(Frozen):
    """A secret simultaneous ballot; `candidates` is everybody unless it is a run-off."""

    number: int = 1  # counts ballots, so each has its own prompt id
    candidates: tuple[int, ...]
    ballots: dict[int, int | None] = Field(default_factory=dict)  # None: abstained


class State(Frozen):
    options: Options = Options()
    rng: int
    mayors: tuple[Mayor, ...]
    round: int = 1
    lord_mayor: int | None = None
    barred: int | None = None  # impeached: not electable in the following election
    election: Election | None = None
    bank_paid_out: int = 0


class Project(Frozen):
    """A realised project on the map. RuhrCity projects may carry two categories."""

    kind: str  # "municipal" | "ruhrcity"
    size: str  # "small" | "big"
    categories: tuple[str, ...]
    owners: tuple[int, ...]
    negative: bool = False  # Nuclear Waste Repository, Waste Incinerating Plant
