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


class Cards(BaseModel):
    model_config = ConfigDict(frozen=True)

    source: str
    projects: tuple[ProjectCard, ...]
    payouts: tuple[PayoutCard, ...]


@cache
def cards() -> Cards:
    text = (resources.files("rules.aufruhr") / "data" / "cards.json").read_text(encoding="utf-8")
    return Cards.model_validate(json.loads(text))
