"""The board of old Cologne (rules/heinzel/data/board.json): every field in a Veedel or
on a path, one shop per Veedel, starts clockwise round the Dom, a connected town, and a
broken board refused on loading."""

import json
import math
from importlib import resources

import pytest
from pydantic import ValidationError

from rules.heinzel.board import board
from rules.heinzel.data import BoardData, board_data, check


def test_every_field_belongs_to_a_veedel_or_a_path():
    data = board_data()
    areas = {v.id for v in data.veedel} | {p.id for p in data.paths}
    assert all(f.area in areas for f in board().fields)
    assert {f.area for f in board().fields} == areas  # and every area has fields


def test_one_shop_per_veedel_and_the_schneider_at_the_unwatched_dom():
    b = board()
    shops = {b.fields[i].veedel: craft for craft, i in b.shops.items()}
    assert shops == {
        "eigelstein": "baecker",
        "martinsviertel": "kuefer",
        "severinsviertel": "zimmermann",
        "apostelnviertel": "fleischer",
        "dom": "schneider",
    }
    assert not b.fields[b.shops["schneider"]].watched
    assert all(b.fields[b.shops[c]].watched for c in ("baecker", "kuefer", "zimmermann"))


def test_tunnels_and_starts_lie_on_paths_and_names_are_unique():
    b = board()
    assert len(b.tunnels) == 5 and all(b.fields[t].veedel is None for t in b.tunnels)
    assert all(b.fields[s].veedel is None for s in b.starts)
    assert len({f.name for f in b.fields}) == len(b.fields)


def test_the_starts_go_clockwise_round_the_dom():
    """So that with three players (rot, gelb, grün) gelb's start lies between the others."""
    b = board()
    dom = b.fields[b.shops["schneider"]]
    bearings = [
        math.degrees(math.atan2(b.fields[s].x - dom.x, b.fields[s].y - dom.y)) % 360
        for s in b.starts
    ]
    assert bearings == sorted(bearings)  # compass bearings grow clockwise
    assert b.colours == ("rot", "gelb", "gruen", "blau")


def test_the_town_is_connected():
    b = board()
    seen, todo = {0}, [0]
    while todo:
        for n in b.neighbours[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert len(seen) == len(b.fields)


def _raw() -> dict:
    text = (resources.files("rules.heinzel") / "data" / "board.json").read_text("utf-8")
    return json.loads(text)


@pytest.mark.parametrize(
    ("breakage", "message"),
    [
        (lambda d: d["links"].append({"a": "dom", "b": "schneider", "steps": 0}), "unknown place"),
        (lambda d: d["places"][1].update(area="nowhere"), "unknown area"),
        (lambda d: d["places"][1].update(kind="shop"), "exactly one shop"),
        (lambda d: d["places"][-1].update(area="eigelstein"), "lie on paths"),
        (lambda d: d["links"][0].update(street=None), "need a street"),
    ],
)
def test_a_broken_board_is_refused(breakage, message):
    raw = _raw()
    breakage(raw)
    with pytest.raises(ValueError, match=message):
        check(BoardData.model_validate(raw))


def test_places_lie_in_old_cologne():
    raw = _raw()
    raw["places"][0]["lat"] = 52.37  # Hanover
    with pytest.raises(ValidationError):
        BoardData.model_validate(raw)
