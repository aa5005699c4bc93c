"""The deck, loaded from data/cards.json and validated once.

Each card has an id, its kind, its German and English name and text, and a
machine-readable effect: a rule's check (or none: the group watches it), a slot card's
change to the rule board, an action's draws and discards per who it concerns, a
challenge's game and mode. Copies of one card are instances `<id>#<n>` in the deck.
"""

import json
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rules.bohei.checks import CHECKS

DATA = Path(__file__).parent / "data" / "cards.json"


class _Card(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    de: tuple[str, str]  # name, text
    en: tuple[str, str]
    copies: int = Field(default=1, ge=1, le=6)


class RuleCard(_Card):
    kind: Literal["rule"] = "rule"
    check: str | None = None  # a predicate of checks.py; None: the group watches it
    slot: Literal["open", "close"] | None = None

    @model_validator(mode="after")
    def _known_check(self) -> "RuleCard":
        if self.check is not None and self.check not in CHECKS:
            raise ValueError(f"unknown check {self.check!r}")
        if self.check is not None and self.slot is not None:
            raise ValueError("a slot card checks nothing")
        return self


Who = Literal[
    "self", "others", "all", "left", "neighbours", "chosen", "most", "fewest", "same", "yes"
]


class Change(BaseModel):
    """Who draws (delta > 0) or discards (delta < 0) how many."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    who: Who
    delta: int = Field(ge=-3, le=3)


class ActionCard(_Card):
    kind: Literal["action"] = "action"
    react: Literal["noe", "reverse"] | None = None  # Nö / Gegenteiltag: played in a window
    effects: tuple[Change, ...] = ()
    question: bool = False  # "who wears glasses": each player answers honestly

    @model_validator(mode="after")
    def _consistent(self) -> "ActionCard":
        if (self.react is None) == (not self.effects):
            raise ValueError(f"{self.id}: a reaction has no effects, any other action has")
        if self.question != any(c.who == "yes" for c in self.effects):
            raise ValueError(f"{self.id}: a question concerns those who answer yes")
        return self


class ChallengeCard(_Card):
    kind: Literal["challenge"] = "challenge"
    game: Literal["dice", "rps", "race", "go", "chain", "guess", "judged"]
    mode: Literal["duel", "group"]
    variant: Literal["word", "reverse"] = "word"
    third: bool = False  # a neutral third player judges

    @model_validator(mode="after")
    def _consistent(self) -> "ChallengeCard":
        if self.game in ("rps", "judged") and self.mode != "duel":
            raise ValueError(f"{self.id}: {self.game} is a duel")
        if (self.game == "judged") != self.third:
            raise ValueError(f"{self.id}: only a judged duel needs a third")
        return self


Card = RuleCard | ActionCard | ChallengeCard


class Deck(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    rules: tuple[RuleCard, ...]
    actions: tuple[ActionCard, ...]
    challenges: tuple[ChallengeCard, ...]
    words: tuple[tuple[str, str], ...]  # German, English: for the typing races

    @model_validator(mode="after")
    def _unique(self) -> "Deck":
        ids = [c.id for c in (*self.rules, *self.actions, *self.challenges)]
        if len(ids) != len(set(ids)):
            raise ValueError("card ids must be unique")
        if sum(1 for c in self.rules if c.slot == "open") != 1:
            raise ValueError("exactly one card opens a slot")
        if sum(1 for c in self.rules if c.slot == "close") != 1:
            raise ValueError("exactly one card closes a slot")
        return self


@cache
def deck() -> Deck:
    return Deck.model_validate(json.loads(DATA.read_text(encoding="utf-8")))


@cache
def cards() -> dict[str, Card]:
    d = deck()
    return {c.id: c for c in (*d.rules, *d.actions, *d.challenges)}


def card(instance: str) -> Card:
    """The card an instance id (`noe#2`) or a card id (`noe`) is a copy of."""
    return cards()[instance.split("#")[0]]


def instances() -> list[str]:
    """Every physical card of the deck, in data order."""
    return [
        f"{c.id}#{k}" if c.copies > 1 else c.id
        for c in cards().values()
        for k in range(1, c.copies + 1)
    ]


def named(card_id: str) -> dict[str, str]:
    """A card for a message's parameters, by id: render/bohei.py's `params` shows its
    name and text in the chat's language (rules/ builds no words)."""
    return {"card_id": card_id}


def names_of(card_ids: list[str]) -> dict[str, list[str]]:
    """Several cards for a message's parameters, by id (shown as their names, joined)."""
    return {"card_ids": list(card_ids)}
