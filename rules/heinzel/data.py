"""The board of old Cologne as data (data/board.json), validated once and cached.

Every reference is checked here: a link names known places, every place and every
link lies in a known Veedel or path, each watched Veedel has exactly one craft shop,
the Dom holds the Schneider, and there is one start field per colour.
"""

import json
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Kind = Literal["field", "shop", "start", "tunnel"]
Craft = Literal["zimmermann", "baecker", "kuefer", "fleischer", "schneider"]
CRAFTS: tuple[Craft, ...] = ("zimmermann", "baecker", "kuefer", "fleischer")  # the outer shops
SCHNEIDER: Craft = "schneider"


class _Fixed(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Veedel(_Fixed):
    id: str
    name: str
    craft: Craft
    watched: bool  # the night watchman walks the outer Veedel only


class Path(_Fixed):
    id: str
    name: str


class Place(_Fixed):
    id: str
    name: str
    lat: float = Field(ge=50.90, le=50.97)  # inside old Cologne
    lon: float = Field(ge=6.92, le=6.98)
    area: str  # a Veedel or a path
    kind: Kind
    colour: str | None = None  # start fields only


class Link(_Fixed):
    a: str
    b: str
    steps: int = Field(ge=0, le=6)  # walking fields between a and b
    street: str | None = None  # names those fields ("Hohe Straße 2")
    area: str | None = None  # a path; None: both ends' Veedel


class BoardData(_Fixed):
    crafts: dict[Craft, dict[str, str]]  # craft → language → name
    veedel: tuple[Veedel, ...]
    paths: tuple[Path, ...]
    starts: tuple[str, ...]  # colours, clockwise round the town
    wall: tuple[str, ...]  # places along the medieval wall, for the picture
    rhine: tuple[tuple[float, float], ...]  # the Rhine's western bank (lat, lon), north to south
    places: tuple[Place, ...]
    links: tuple[Link, ...]


def check(data: BoardData) -> None:
    places = {p.id: p for p in data.places}
    veedel = {v.id: v for v in data.veedel}
    areas = veedel.keys() | {p.id for p in data.paths}
    for place in data.places:
        if place.area not in areas:
            raise ValueError(f"board.json: {place.id} lies in unknown area {place.area}")
        if (place.kind == "start") != (place.colour is not None):
            raise ValueError(f"board.json: {place.id}: only start fields have a colour")
        if place.kind in ("start", "tunnel") and place.area in veedel:
            raise ValueError(f"board.json: {place.id}: starts and tunnels lie on paths")
    for link in data.links:
        if link.a not in places or link.b not in places:
            raise ValueError(f"board.json: link {link.a}–{link.b} names an unknown place")
        ends = {places[link.a].area, places[link.b].area}
        if link.area is None and len(ends) != 1:
            raise ValueError(f"board.json: link {link.a}–{link.b} between areas needs a path")
        if link.area is not None and link.area not in areas - veedel.keys():
            raise ValueError(f"board.json: link {link.a}–{link.b}: {link.area} is not a path")
        if link.steps and not link.street:
            raise ValueError(f"board.json: link {link.a}–{link.b}: walking fields need a street")
    for v in data.veedel:
        shops = [p for p in data.places if p.area == v.id and p.kind == "shop"]
        if len(shops) != 1:
            raise ValueError(f"board.json: Veedel {v.id} needs exactly one shop")
    crafts = sorted(v.craft for v in data.veedel)
    if crafts != sorted((*CRAFTS, SCHNEIDER)) or veedel_of_craft(data, SCHNEIDER).watched:
        raise ValueError("board.json: one Veedel per craft; the Schneider's is not watched")
    if any(w not in places for w in data.wall):
        raise ValueError("board.json: the wall names an unknown place")
    colours = [p.colour for p in data.places if p.kind == "start"]
    if sorted(colours) != sorted(data.starts) or len(set(data.starts)) != 4:  # type: ignore[type-var]
        raise ValueError("board.json: one start field for each of the four colours")


def veedel_of_craft(data: BoardData, craft: Craft) -> Veedel:
    return next(v for v in data.veedel if v.craft == craft)


@cache
def board_data() -> BoardData:
    text = (resources.files("rules.heinzel") / "data" / "board.json").read_text("utf-8")
    data = BoardData.model_validate(json.loads(text))
    check(data)
    return data
