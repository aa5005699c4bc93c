"""The Ruhr map as data: communities and which of them share a border."""

import csv
import json
from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict


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
