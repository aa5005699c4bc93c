"""The board game's own facts: the tram lines on the map (../data/tram.json, from
../shared/data/hanover), loaded and validated once. The pubs are shared with the card
game: ../pubs.py."""

import json
from functools import cache
from importlib import resources

from pydantic import model_validator

from rules.core.protocol import Frozen


class Station(Frozen):
    lat: float
    lon: float
    coord_source: str = ""


class Trams(Frozen):
    """Stations by name, and each line's stops in order."""

    what: str = ""
    stations: dict[str, Station]
    lines: dict[str, tuple[str, ...]]

    @model_validator(mode="after")
    def _known_stops(self) -> "Trams":
        for line, stops in self.lines.items():
            if unknown := [s for s in stops if s not in self.stations]:
                raise ValueError(f"data/tram.json: line {line} stops at unknown {unknown}")
        return self


@cache
def trams() -> Trams:
    text = (resources.files("rules.einsistkeins") / "data" / "tram.json").read_text("utf-8")
    return Trams.model_validate(json.loads(text))
