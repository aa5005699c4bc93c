"""The 50 pub cards and Café Safran (the start, no card): loaded and validated once.

Shared by the board game and the card game. Times are minutes from 00:00 of the game
day; a span that closes after midnight closes past 1440 (C'est la vie 22:00–10:00 is
1320–2040), so "latest closing" compares plain numbers. Data: data/pubs.json; where
each assignment comes from: NOTES.md.
"""

import json
from functools import cache, lru_cache
from importlib import resources
from typing import Literal

from pydantic import field_validator, model_validator

from rules.core.protocol import Frozen

DAY = 24 * 60

District = Literal[
    "Nordstadt",
    "Linden-Nord",
    "Linden-Mitte",
    "Mitte",
    "Oststadt",
    "List",
    "Calenberger Neustadt",
    "Südstadt",
    "Limmer",
]
DISTRICTS: tuple[str, ...] = District.__args__  # type: ignore[attr-defined]

Lifebuoy = Literal["nordstadt", "linden_nord", "linden_mitte", "mitte", "oststadt_list"]
LIFEBUOYS: tuple[str, ...] = Lifebuoy.__args__  # type: ignore[attr-defined]

LIFEBUOY_NAMES: dict[str, str] = {  # proper names, the same in both languages
    "nordstadt": "Nordstadt",
    "linden_nord": "Linden-Nord",
    "linden_mitte": "Linden-Mitte",
    "mitte": "Mitte",
    "oststadt_list": "Oststadt/List",
}

Joker = Literal["district", "closing"]  # the announcement with which the card is a joker


def minutes(clock: str) -> int:
    """'17:30' → 1050."""
    hours, _, mins = clock.partition(":")
    value = int(hours) * 60 + int(mins)
    if not 0 <= value < DAY:
        raise ValueError(f"not a time of day: {clock!r}")
    return value


def clock(minute: int) -> str:
    """1050 → '17:30'; past midnight counts on (1500 → '01:00')."""
    return f"{(minute // 60) % 24:02d}:{minute % 60:02d}"


class Span(Frozen):
    """Open from `open` (0–1439) until `close` (exclusive), `close` past 1440 after midnight."""

    open: int
    close: int

    @model_validator(mode="after")
    def _ordered(self) -> "Span":
        if not (0 <= self.open < DAY and self.open < self.close <= self.open + DAY):
            raise ValueError(f"bad opening span {self.open}–{self.close}")
        return self

    @classmethod
    def parse(cls, text: str) -> "Span":
        """'22:00-10:00' → Span(1320, 2040): a closing at or before the opening is next day."""
        start, _, end = text.partition("-")
        o, c = minutes(start.strip()), minutes(end.strip())
        return cls(open=o, close=c if c > o else c + DAY)


class Pub(Frozen):
    name: str
    district: District
    lifebuoy: Lifebuoy | None
    spans: tuple[Span, ...]
    lat: float
    lon: float
    estimated: bool  # True: position chosen inside the district, not a found address
    joker: Joker | None = None
    source: str = ""

    @field_validator("spans", mode="before")
    @classmethod
    def _parse_spans(cls, value: object) -> object:
        if isinstance(value, list | tuple):
            return tuple(Span.parse(v) if isinstance(v, str) else v for v in value)
        return value

    @property
    def opening(self) -> int:
        """Earliest opening, minutes from 00:00."""
        return min(s.open for s in self.spans)

    @property
    def closing(self) -> int:
        """Latest closing counted past midnight (02:00 → 1560, C'est la vie 10:00 → 2040)."""
        return max(s.close for s in self.spans)


class _PubFile(Frozen):
    start: Pub
    pubs: tuple[Pub, ...]

    @model_validator(mode="after")
    def _unique(self) -> "_PubFile":
        names = [p.name for p in (self.start, *self.pubs)]
        if len(set(names)) != len(names):
            raise ValueError("pub names must be unique")
        return self


def _raw(row: dict[str, object]) -> dict[str, object]:
    row = dict(row)
    row["spans"] = row.pop("hours")
    return row


@cache
def _load() -> _PubFile:
    text = (resources.files("rules.einsistkeins") / "data" / "pubs.json").read_text("utf-8")
    data = json.loads(text)
    return _PubFile.model_validate(
        {"start": _raw(data["start"]), "pubs": [_raw(r) for r in data["pubs"]]}
    )


PUBS: tuple[Pub, ...] = _load().pubs  # the 50 cards, in the rule book's order
START: Pub = _load().start  # Café Safran: the start, no card
BY_NAME: dict[str, Pub] = {p.name: p for p in (*PUBS, START)}


def pub(name: str) -> Pub:
    return BY_NAME[name]


def is_open(pub: Pub, minute: int) -> bool:
    """Open at `minute` (from 00:00; past 1440 means after midnight). Closing is exclusive:
    a pub that closes at 1 a.m. serves nothing at 1 a.m. (rule book, "Opening hours").
    Pubs open every day, so yesterday's late span counts in the early morning."""
    m = minute % DAY
    return any(s.open <= t < s.close for s in pub.spans for t in (m, m + DAY))


@lru_cache(maxsize=512)
def open_at(minute: int) -> tuple[str, ...]:
    """The names of the cards' pubs open at `minute`, in the rule book's order: each
    view of the board shows them, and a night has some thirty half hours."""
    return tuple(p.name for p in PUBS if is_open(p, minute))


def choices(name: str) -> tuple[str, ...]:
    """The lists menus offer words from (GameSpec.choices): "pubs", by name."""
    return tuple(sorted(p.name for p in _load().pubs)) if name == "pubs" else ()
