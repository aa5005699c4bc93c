"""AUFRUHR!'s facts from data/, loaded and validated once: the cards and the Ruhr map.

`cards()` reads data/cards.json (projects, payout and event cards, bribe tokens, the great
cities' initial projects, category names and demand phrases in both languages);
`ruhr_map()` reads data/communities.json and data/adjacency.csv and refuses a border
naming an unknown community. Both are cached: a file is read and checked once a process.
"""

import csv
import json
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict

CATEGORIES = ("education", "culture", "nature", "economy")
Category = Literal["education", "culture", "nature", "economy"]
Words = dict[Literal["de", "en"], str]  # a name or phrase in both languages


class Fact(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ProjectCard(Fact):
    id: str
    kind: Literal["municipal", "ruhrcity"]
    size: Literal["small", "big"]
    categories: tuple[Category, ...]
    name: Words


class PayoutCard(Fact):
    id: str
    kind: Literal["single", "double", "eu"]


class EventCard(Fact):
    """An event card: what happens at the end of a round (rule book V.)."""

    id: str
    kind: Literal[
        "negative",  # a negative RuhrCity project, auctioned at once
        "grant",  # every mayor receives `amount` from the bank
        "levy",  # every mayor pays `amount` to the bank (at most what he has)
        "grant_per_project",  # `amount` per municipal project from the bank
        "levy_per_project",  # `amount` per municipal project to the bank
        "payout",  # a single payout of `category` at once
        "inspection",  # the EU Commission inspects the Lord Mayor
        "auction",  # the top project of `category` is auctioned at once
    ]
    amount: int = 0
    category: Category | None = None
    name: Words
    text: Words


class Initial(Fact):
    """One of the two projects a great city starts with."""

    size: Literal["small", "big"]
    category: Category
    name: Words


class Cards(BaseModel):
    model_config = ConfigDict(frozen=True)

    source: str
    projects: tuple[ProjectCard, ...]
    payouts: tuple[PayoutCard, ...]
    events: tuple[EventCard, ...]
    bribe_stars: tuple[int, ...]  # the six bribe tokens of every folder
    initial: dict[str, tuple[Initial, ...]]  # great city → its two initial projects
    categories: dict[str, Words]  # category → its name
    demands: dict[str, Words]  # a folder's demand, as words
    # How a typed demand may say a listed one, lower case, in both languages: "prefixes"
    # a demand may start with ("Demand:", as its button does), and per kind of demand its
    # wordings, `{}` the amount, category or city (folders.typed_demand).
    typed_demands: dict[str, tuple[str, ...]]


@cache
def cards() -> Cards:
    text = (resources.files("rules.aufruhr") / "data" / "cards.json").read_text(encoding="utf-8")
    return checked(Cards.model_validate(json.loads(text)))


def checked(found: Cards) -> Cards:
    """The cards, once their ids are unique and they name only places and categories
    the game knows; a broken data file fails at the first load, not mid-game."""
    ids = [c.id for c in (*found.projects, *found.payouts, *found.events)]
    doubled = sorted({i for i in ids if ids.count(i) > 1})
    if doubled:
        raise ValueError(f"card ids used twice: {doubled}")
    nowhere = sorted(found.initial.keys() - ruhr_map().communities.keys())
    if nowhere:
        raise ValueError(f"initial projects of great cities not on the map: {nowhere}")
    if set(found.categories) != set(CATEGORIES):
        raise ValueError(f"category names for {sorted(found.categories)}, not {CATEGORIES}")
    kinds = {"prefixes", "subvention", "payout", "auction", "award"}
    if not found.typed_demands.keys() <= kinds:
        raise ValueError(f"typed demands of unknown kinds: {sorted(found.typed_demands)}")
    forms = [w for k, ws in found.typed_demands.items() if k != "prefixes" for w in ws]
    bad = [w for w in forms if w.split().count("{}") != 1 or w != w.casefold()]
    if bad:
        raise ValueError(f"typed demands need one {{}} and lower case: {bad}")
    return found


@cache
def project(card_id: str) -> ProjectCard:
    return {p.id: p for p in cards().projects}[card_id]


@cache
def event(card_id: str) -> EventCard:
    return {e.id: e for e in cards().events}[card_id]


@cache
def payout_kind(card_id: str) -> str:
    return {p.id: p.kind for p in cards().payouts}[card_id]


class Community(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    id: str
    name: str
    kreis: str
    lat: float
    lon: float
    great_city: str | None = None


class RuhrMap(BaseModel):
    model_config = ConfigDict(frozen=True)

    communities: dict[str, Community]
    borders: frozenset[tuple[str, str]]

    def neighbours(self, cid: str) -> frozenset[str]:
        return frozenset(b if a == cid else a for a, b in self.borders if cid in (a, b))


@cache
def ruhr_map() -> RuhrMap:
    data = resources.files("rules.aufruhr") / "data"
    rows = json.loads((data / "communities.json").read_text(encoding="utf-8"))
    communities = {c.id: c for c in (Community.model_validate(r) for r in rows)}
    reader = csv.DictReader((data / "adjacency.csv").read_text(encoding="utf-8").splitlines())
    borders = frozenset((r["a"], r["b"]) for r in reader)
    unknown = {x for pair in borders for x in pair} - communities.keys()
    if unknown:
        raise ValueError(f"adjacency names unknown communities: {sorted(unknown)}")
    return RuhrMap(communities=communities, borders=borders)


@cache
def neighbours(cid: str) -> frozenset[str]:
    """The communities bordering `cid`, looked up once each."""
    return ruhr_map().neighbours(cid)


def place(cid: str) -> str:
    """A community's name, as the map spells it."""
    return ruhr_map().communities[cid].name


def site_id(text: str) -> str:
    """The community a player named (by id or name, any case); unknown text as it is."""
    key = text.strip().casefold()
    for cid, c in ruhr_map().communities.items():
        if key in (cid, c.name.casefold()):
            return cid
    return key
