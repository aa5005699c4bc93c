"""Gaa Under Gunnar: the network, the Circle, the junction dots, the direction rules and the
route search, each on real stations."""

import pytest

from rules.tube.circle import hops_from_circle, where, where_all
from rules.tube.direction import steps
from rules.tube.network import end_stations, is_end, net
from rules.tube.route import ends, routes


def test_the_network_is_the_validated_data():
    n = net()
    assert len(n.names) == 269
    assert sum(len(v) for v in n.adj.values()) == 2 * 373  # line-edges, both ways
    assert n.names["heathrow"] == "Heathrow Airport"


def test_end_stations_are_where_a_line_ends_not_service_termini():
    ends_ = set(end_stations())
    for s in ("heathrow", "morden", "mill_hill_east", "elephant_and_castle", "waterloo",
              "kensington_olympia", "epping", "upminster", "uxbridge", "stratford"):  # fmt: skip
        assert s in ends_, s
    assert "woodford" not in ends_ and "hainault" not in ends_
    assert is_end("elephant_and_castle", "bakerloo") and not is_end(
        "elephant_and_castle", "northern"
    )


INSIDE = ["oxford_circus", "leicester_square", "bank", "holborn", "tottenham_court_road",
          "green_park", "piccadilly_circus", "regents_park", "lancaster_gate",
          "st_pauls"]  # fmt: skip
ON = ["baker_street", "victoria", "kings_cross_st_pancras", "paddington", "aldgate",
      "embankment", "edgware_road_circle", "hammersmith_hc", "latimer_road"]  # fmt: skip
OUTSIDE = ["waterloo", "elephant_and_castle", "camden_town", "earls_court", "stratford",
           "marylebone", "hammersmith_dp", "heathrow", "london_bridge", "vauxhall"]  # fmt: skip


@pytest.mark.parametrize("station", INSIDE)
def test_inside_the_circle(station):
    assert where(station) == "inside"


@pytest.mark.parametrize("station", ON)
def test_on_the_circle(station):
    assert where(station) == "on"


@pytest.mark.parametrize("station", OUTSIDE)
def test_outside_the_circle(station):
    assert where(station) == "outside"


def test_the_circle_counts():
    w = where_all()
    assert sum(v == "on" for v in w.values()) == 35  # the Circle line's 35 stations
    assert sum(v == "inside" for v in w.values()) == 21


def test_stations_outbound_from_the_circle():
    h = hops_from_circle()
    assert h["waterloo"] == 1 and h["kensington_olympia"] == 2
    assert h["elephant_and_castle"] == 3 and h["heathrow"] == 14


DOTS = {
    "baker_street": 3, "kings_cross_st_pancras": 3, "bank": 3, "waterloo": 3, "paddington": 3,
    "oxford_circus": 2, "green_park": 2, "liverpool_street": 2, "edgware_road_circle": 2,
    "hammersmith_dp": 2, "leicester_square": 1, "elephant_and_castle": 1, "earls_court": 1,
    "monument": 1, "edgware_road_bakerloo": 1, "stockwell": 1, "acton_town": 1,
    "ealing_common": 1, "heathrow": 0, "sloane_square": 0, "great_portland_street": 0,
    "eastcote": 0, "camden_town": 0, "morden": 0,
}  # fmt: skip


@pytest.mark.parametrize(("station", "dots"), sorted(DOTS.items()))
def test_junction_dots(station, dots):
    assert net().dots[station] == dots


def test_never_back_along_the_line_you_came_on():
    assert ("chancery_lane", "central") not in steps("holborn", ("central", "chancery_lane"))
    assert ("tottenham_court_road", "central") in steps("holborn", ("central", "chancery_lane"))


def test_back_along_the_same_line_on_another_branch_is_back_too():
    # Camden Town: from the Edgware branch, the High Barnet branch is the way back north
    assert steps("camden_town", ("northern", "chalk_farm")) == (
        ("euston", "northern"),
        ("mornington_crescent", "northern"),
    )
    # Woodford: coming up from South Woodford, Roding Valley is back round the loop
    assert steps("woodford", ("central", "south_woodford")) == (("buckhurst_hill", "central"),)


def test_returning_from_an_end_station():
    assert steps("heathrow", ("piccadilly", "hatton_cross")) == (("hatton_cross", "piccadilly"),)
    assert ("lambeth_north", "bakerloo") in steps(
        "elephant_and_castle", ("bakerloo", "lambeth_north")
    )


def test_back_along_another_line_only_at_two_dots_or_more():
    # Baker Street, three dots: back to Great Portland Street on the Metropolitan
    assert ("great_portland_street", "metropolitan") in steps(
        "baker_street", ("circle", "great_portland_street")
    )
    # Earl's Court, one dot: not back to Gloucester Road on the Piccadilly
    out = steps("earls_court", ("district", "gloucester_road"))
    assert ("gloucester_road", "piccadilly") not in out
    assert ("barons_court", "piccadilly") in out  # switching lines going on is fine


def test_switching_lines_keeping_the_direction_on_shared_track():
    # Sloane Square (District and Circle side by side): on westwards on either line
    assert steps("sloane_square", ("circle", "victoria")) == (
        ("south_kensington", "circle"),
        ("south_kensington", "district"),
    )


def test_never_reverse_at_ealing_common_coming_from_acton_town():
    assert steps("ealing_common", ("piccadilly", "acton_town")) == (
        ("ealing_broadway", "district"),
        ("north_ealing", "piccadilly"),
    )
    assert steps("ealing_common", ("district", "acton_town")) == (
        ("ealing_broadway", "district"),
        ("north_ealing", "piccadilly"),
    )


def test_and_vice_versa_at_acton_town_coming_from_ealing_common():
    out = steps("acton_town", ("piccadilly", "ealing_common"))
    assert ("ealing_common", "district") not in out
    assert ("south_ealing", "piccadilly") not in out  # no short cut to Heathrow
    assert ("chiswick_park", "district") in out


def test_routes_use_exactly_the_points_unless_they_stop_at_an_end_station():
    for r in routes("baker_street", None, 7):
        line = r.steps[-1].line
        assert len(r.steps) + r.left == 7
        assert r.left == 0 or is_end(r.end, line)


def test_an_end_station_stops_the_movement_and_leaves_sips():
    (r,) = routes("hounslow_west", ("piccadilly", "hounslow_central"), 6)
    assert (r.end, r.left) == ("heathrow", 4)


def test_routes_obey_the_direction_rules_at_every_step():
    for r in routes("earls_court", ("district", "gloucester_road"), 9):
        heading, here = ("district", "gloucester_road"), r.start
        for step in r.steps:
            assert (step.station, step.line) in steps(here, heading)
            heading, here = (step.line, here), step.station


def test_via_a_station():
    rs = routes("oxford_circus", ("central", "bond_street"), 4, via="green_park")
    assert rs and all("green_park" in r.stations for r in rs)


def test_reachable_ends_are_sorted_and_deterministic():
    assert ends("oval", ("northern", "kennington"), 4) == ["brixton", "clapham_south"]
    assert ends("baker_street", None, 12) == ends("baker_street", None, 12)
