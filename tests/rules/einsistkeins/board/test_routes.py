"""EINS IST KEINS – the board: the walking graph over Hanover and the route search for
`/go` (tram lines 6, 9 and 10, changing lines, the night-star rule)."""

import itertools
import math

import pytest
from pydantic import ValidationError

from rules.einsistkeins.board import graph as board_module
from rules.einsistkeins.board.data import Trams, trams
from rules.einsistkeins.board.graph import LINES, STEP_M, board, index
from rules.einsistkeins.board.hours import trams_run
from rules.einsistkeins.board.route import best_route, distances, via
from rules.einsistkeins.pubs import PUBS, START


def test_every_pub_and_the_start_have_their_own_square():
    names = [s.name for s in board().squares if s.kind in ("pub", "start")]
    assert names == [START.name, *(p.name for p in PUBS)]


def test_every_square_is_reachable_on_foot_from_cafe_safran():
    dist = distances(index(START.name), trams=False)
    assert all(d >= 0 for d in dist)


def test_one_step_is_about_the_same_walking_distance_everywhere():
    b = board()
    for a, c, steps in b.links:
        sa, sc = b.squares[a], b.squares[c]
        metres = math.dist((sa.x, sa.y), (sc.x, sc.y))
        assert steps == max(1, round(metres / STEP_M))
        if steps > 1:  # path squares cut the link into equal steps of 100–225 m
            assert 100 <= metres / steps <= 225


def test_the_board_is_built_the_same_every_time():
    first = board()
    board.cache_clear()
    assert board() == first
    assert board_module.board() is board()


def test_tram_lines_join_their_stations_in_order_one_point_a_station():
    b = board()
    for line, stops in LINES.items():
        for u, v in itertools.pairwise(stops):
            assert (index(v), line) in b.tram[index(u)]
            assert (index(u), line) in b.tram[index(v)]
    assert LINES["10"][6:9] == ("Glocksee", "Goetheplatz", "Steintor")
    assert LINES["9"][-3:] == ("Markthalle/Landtag", "Kröpcke", "Hauptbahnhof")


def test_lines_meet_at_steintor_and_kroepcke_so_one_can_change():
    b = board()
    at = {name: {line for _, line in b.tram[index(name)]} for name in ("Steintor", "Kröpcke")}
    assert at == {"Steintor": {"6", "10"}, "Kröpcke": {"6", "9"}}
    route = best_route(index("Glocksee"), index("Hauptbahnhof"), 10, trams=True)
    assert route.reached and route.points == 4  # 10 two stations, 6 one, 9 one
    assert [(leg.line, len(leg.squares)) for leg in route.legs] == [("10", 2), ("6", 1), ("9", 1)]


def test_the_tram_is_worth_taking():
    walk = distances(index("Glocksee"), trams=False)
    ride = distances(index("Glocksee"), trams=True)
    for far in ("Hauptbahnhof/ZOB", "Braunschweiger Platz", "Brunnenstraße", "An der Strangriede"):
        assert ride[index(far)] < walk[index(far)] / 2, far


def test_a_route_within_the_budget_reaches_the_pub():
    start, target = index(START.name), index("Izarro")
    need = distances(start, trams=True)[target]
    route = best_route(start, target, need, trams=True)
    assert route.reached and route.end == target and route.points == need


def test_a_route_beyond_the_budget_stops_as_close_as_it_can():
    start, target = index(START.name), index("Gaststätte Lorberg")
    to_target = distances(target, trams=True)
    route = best_route(start, target, 3, trams=True)
    assert not route.reached and route.points == 3
    assert to_target[route.end] == to_target[start] - 3


def test_night_star_no_tram_on_the_half_hour_from_one_oclock():
    assert trams_run(24 * 60 + 30)  # 00:30: trams still run every half hour
    assert trams_run(25 * 60)  # 01:00 on the full hour
    assert not trams_run(25 * 60 + 30)  # 01:30 you walk
    assert trams_run(26 * 60)
    assert not trams_run(28 * 60 + 30)
    start, target = index("Glocksee"), index("Hauptbahnhof/ZOB")
    walking = best_route(start, target, 6, trams=False)
    assert all(leg.line is None for leg in walking.legs)
    riding = best_route(start, target, 6, trams=True)
    assert riding.reached and any(leg.line == "10" for leg in riding.legs)
    assert not walking.reached


def test_an_explicit_route_follows_the_waypoints_in_order():
    start = index("Glocksee")
    route = via(start, [index("Goetheplatz"), index("Steintor")], 10, trams=True)
    entered = [sq for leg in route.legs for sq in leg.squares]
    assert entered.index(index("Goetheplatz")) < entered.index(index("Steintor"))
    assert route.reached and route.end == index("Steintor")


@pytest.mark.parametrize("budget", [0, 1, 2, 5])
def test_a_route_never_spends_more_than_the_budget(budget):
    route = best_route(index(START.name), index("Grotte"), budget, trams=True)
    assert route.points <= budget
    assert route.points == sum(len(leg.squares) for leg in route.legs)


def test_the_tram_data_is_validated_a_line_may_not_stop_at_an_unknown_station():
    assert set(trams().lines) == {"6", "9", "10"}
    with pytest.raises(ValidationError, match="unknown"):
        Trams.model_validate(
            {"stations": {"A": {"lat": 52.0, "lon": 9.0}}, "lines": {"1": ["A", "B"]}}
        )
