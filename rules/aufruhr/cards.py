"""The project and payout cards, loaded and validated once from data/cards.json."""

import json
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict

CATEGORIES = ("education", "culture", "nature", "economy")


class ProjectCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    kind: Literal["municipal", "ruhrcity"]
    size: Literal["small", "big"]
    categories: tuple[Literal["education", "culture", "nature", "economy"], ...]
    name: dict[Literal["de", "en"], str]


class PayoutCard(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    kind: Literal["single", "double", "eu"]


class EventCard(BaseModel):
    """An event card: what happens at the end of a round (rule book V.)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

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
    category: Literal["education", "culture", "nature", "economy"] | None = None
    name: dict[Literal["de", "en"], str]
    text: dict[Literal["de", "en"], str]


class Initial(BaseModel):
    """One of the two projects a great city starts with."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    size: Literal["small", "big"]
    category: Literal["education", "culture", "nature", "economy"]
    name: dict[Literal["de", "en"], str]


class Cards(BaseModel):
    model_config = ConfigDict(frozen=True)

    source: str
    projects: tuple[ProjectCard, ...]
    payouts: tuple[PayoutCard, ...]
    events: tuple[EventCard, ...]
    bribe_stars: tuple[int, ...]  # the six bribe tokens of every folder
    initial: dict[str, tuple[Initial, ...]]  # great city → its two initial projects
    categories: dict[str, dict[Literal["de", "en"], str]]  # category → its name
    demands: dict[str, dict[Literal["de", "en"], str]]  # a folder's demand, as words


@cache
def project(card_id: str) -> ProjectCard:
    return {p.id: p for p in cards().projects}[card_id]


@cache
def event(card_id: str) -> EventCard:
    return {e.id: e for e in cards().events}[card_id]


@cache
def cards() -> Cards:
    text = (resources.files("rules.aufruhr") / "data" / "cards.json").read_text(encoding="utf-8")
    return Cards.model_validate(json.loads(text))
