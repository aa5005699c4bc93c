"""The Underground's facts from data/, validated once (pydantic) and cached.

stations.csv, lines.json and interchanges.csv are copied from ../shared/data/tube
(data/SOURCES.md says where they came from); other_names.json lists London stations
that are not on the Underground, for the penalties (its SOURCES note is in SOURCES.md).
"""

import csv
import io
import json
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Fact(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Station(Fact):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str
    lat: float = Field(gt=51.38, lt=51.72)
    lon: float = Field(gt=-0.63, lt=0.26)
    national_rail: bool
    lines: tuple[str, ...]


class Branch(Fact):
    model_config = ConfigDict(frozen=True, extra="ignore")
    name: str
    stations: tuple[str, ...] = Field(min_length=2)
    loop: bool = False


class Line(Fact):
    model_config = ConfigDict(frozen=True, extra="ignore")
    id: str
    name: str
    colour: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    termini: tuple[str, ...]
    branches: tuple[Branch, ...]


class Interchange(Fact):
    a_id: str
    b_id: str
    kind: Literal["same_complex", "same_name_other_station", "out_of_station", "via_elizabeth_line"]


class OtherNames(Fact):
    """Stations of London that are not Underground stations: DLR, Overground and Elizabeth
    line (3 sips) apart from National Rail only (a whole beer); and `aliases`, the names
    of Underground stations that data/ merged into one (Heathrow's terminals) → its id."""

    other_mode: tuple[str, ...]
    national_rail: tuple[str, ...]
    river: tuple[str, ...]
    aliases: dict[str, str] = Field(default_factory=dict)


class Network(Fact):
    stations: tuple[Station, ...]
    lines: tuple[Line, ...]
    interchanges: tuple[Interchange, ...]

    @model_validator(mode="after")
    def _known(self) -> "Network":
        ids = {s.id for s in self.stations}
        if len(ids) != len(self.stations):
            raise ValueError("duplicate station id")
        for line in self.lines:
            for branch in line.branches:
                unknown = set(branch.stations) - ids
                if unknown:
                    raise ValueError(f"{line.id}: unknown stations {sorted(unknown)}")
        for i in self.interchanges:
            if i.a_id not in ids or i.b_id not in ids:
                raise ValueError(f"interchange {i.a_id}–{i.b_id}: unknown station")
        return self


def _text(name: str) -> str:
    return (resources.files("rules.tube") / "data" / name).read_text("utf-8")


@cache
def network() -> Network:
    stations = [
        Station(
            id=r["id"],
            name=r["name"],
            lat=float(r["lat"]),
            lon=float(r["lon"]),
            national_rail=r["national_rail"] == "1",
            lines=tuple(r["lines"].split(";")),
        )
        for r in csv.DictReader(io.StringIO(_text("stations.csv")))
    ]
    lines = [Line.model_validate(line) for line in json.loads(_text("lines.json"))["lines"]]
    inter = [
        Interchange.model_validate(r)
        for r in csv.DictReader(io.StringIO(_text("interchanges.csv")))
    ]
    return Network(stations=tuple(stations), lines=tuple(lines), interchanges=tuple(inter))


@cache
def other_names() -> OtherNames:
    names = OtherNames.model_validate(json.loads(_text("other_names.json")))
    ids = {s.id for s in network().stations}
    unknown = sorted(set(names.aliases.values()) - ids)
    if unknown:
        raise ValueError(f"other_names.json aliases: unknown stations {unknown}")
    return names


def choices(name: str) -> tuple[str, ...]:
    """The lists menus offer words from (GameSpec.choices): "stations", by name, and
    "calls", the referee's words after `/snøl @player` (referee.py)."""
    if name == "calls":
        return ("hurry", "count", "suspend")
    return tuple(sorted(s.name for s in network().stations)) if name == "stations" else ()
