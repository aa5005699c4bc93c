"""Gaa Under Gunnar: where an inhibition may be dropped, what a turn costs, station names,
and the proof that eleven legal drops exist on today's network."""

import pytest

from bot.i18n import t
from rules.tube.drops import feasible, finished, kind, refusal, side
from rules.tube.naming import find
from rules.tube.network import net
from rules.tube.sips import turn_sips


@pytest.mark.parametrize(
    ("station", "where"),
    [("uxbridge", "north"), ("high_barnet", "north"), ("walthamstow_central", "north"),
     ("upminster", "south"), ("barking", "south"), ("morden", "south"), ("richmond", "south"),
     ("brixton", "south"), ("heathrow", "south")],
)  # fmt: skip
def test_north_or_south_of_the_central_line(station, where):
    assert side(station) == where


def test_central_line_end_stations_count_by_the_line_you_arrive_on():
    assert kind("stratford", "jubilee", "west_ham") == "south"
    assert kind("stratford", "central", "mile_end") == "central"
    assert kind("ealing_broadway", "district", "ealing_common") == "south"
    assert kind("epping", "central", "theydon_bois") == "central"
    assert kind("heathrow", "piccadilly", "hatton_cross") == "heathrow"


def test_no_drop_inside_or_on_the_circle_or_close_to_it():
    assert refusal("aldgate", "metropolitan", "liverpool_street", [], True) == "tube.nodrop.circle"
    assert refusal("hammersmith_hc", "circle", "goldhawk_road", [], True) == "tube.nodrop.circle"
    assert refusal("waterloo", "waterloo_city", "bank", [], True) == "tube.nodrop.near"
    assert refusal("kensington_olympia", "district", "earls_court", [], True) == "tube.nodrop.near"
    assert refusal("elephant_and_castle", "bakerloo", "lambeth_north", [], True) is None


def test_only_at_the_end_of_the_line_you_arrive_on():
    assert (
        refusal("elephant_and_castle", "northern", "kennington", [], True) == "tube.nodrop.not_end"
    )


def test_touch_the_circle_between_two_drops():
    assert refusal("morden", "northern", "south_wimbledon", [], False) == "tube.nodrop.touch"


def test_each_end_station_once_except_heathrow():
    assert refusal("morden", "northern", "south_wimbledon", [("morden", "south")], True) == (
        "tube.nodrop.used"
    )
    assert (
        refusal("heathrow", "piccadilly", "hatton_cross", [("heathrow", "heathrow")], True) is None
    )


def test_two_end_stations_of_one_line_only_on_opposite_sides():
    assert refusal("edgware", "northern", "burnt_oak", [("mill_hill_east", "north")], True) == (
        "tube.nodrop.same_line"
    )
    assert refusal("edgware", "northern", "burnt_oak", [("morden", "south")], True) is None
    # Uxbridge is an end of the Metropolitan and the Piccadilly: it takes both lines' north
    assert refusal("cockfosters", "piccadilly", "oakwood", [("uxbridge", "north")], True) == (
        "tube.nodrop.same_line"
    )


def test_one_drop_on_the_central_line_and_five_a_side():
    # a second Central drop: the reason is the one-drop rule, not "same line, same side"
    why = refusal("ealing_broadway", "central", "west_acton", [("epping", "central")], True)
    assert t("en", why, station="Ealing Broadway") == (
        "No drop at Ealing Broadway: only one inhibition may be dropped on the Central line."
    )
    assert refusal("epping", "central", "theydon_bois", [("west_ruislip", "central")], True) == (
        "tube.nodrop.central"
    )
    assert refusal("epping", "central", "theydon_bois", [("stratford", "central")], True) == (
        "tube.nodrop.central"
    )
    five_north = [(s, "north") for s in ("harrow_and_wealdstone", "amersham", "edgware",
                                          "cockfosters", "walthamstow_central")]  # fmt: skip
    assert refusal("stanmore", "jubilee", "canons_park", five_north, True) == "tube.nodrop.full"


def test_the_count_reading():
    assert finished(["north"] * 5 + ["south"] * 5 + ["heathrow"])
    assert finished(["north"] * 5 + ["south"] * 4 + ["central", "heathrow"])
    assert finished(["north"] * 5 + ["south"] * 4 + ["heathrow"] * 2)
    assert not finished(["north"] * 5 + ["south"] * 5 + ["central"])  # no Heathrow
    assert not feasible(["central", "central"])


# A legal set of eleven on today's network, dropped in this order (each arriving on the
# line and from the station named): the proof that a player can finish.
ELEVEN = [
    ("harrow_and_wealdstone", "bakerloo", "kenton"),
    ("stanmore", "jubilee", "canons_park"),
    ("amersham", "metropolitan", "chalfont_and_latimer"),
    ("high_barnet", "northern", "totteridge_and_whetstone"),
    ("cockfosters", "piccadilly", "oakwood"),
    ("brixton", "victoria", "stockwell"),
    ("morden", "northern", "south_wimbledon"),
    ("upminster", "district", "upminster_bridge"),
    ("barking", "hammersmith_city", "east_ham"),
    ("epping", "central", "theydon_bois"),
    ("heathrow", "piccadilly", "hatton_cross"),
]


def test_a_legal_set_of_eleven_drops_exists():
    n = net()
    dropped: list[tuple[str, str]] = []
    for station, line, came in ELEVEN:
        assert (came, line) in n.adj[station], (station, came)
        assert refusal(station, line, came, dropped, True) is None, station
        dropped.append((station, kind(station, line, came)))
    assert finished([k for _, k in dropped])  # type: ignore[misc]


def test_sips_for_an_end_station_a_junction_heathrow_and_elephant():
    assert turn_sips("morden", 3) == 3
    assert turn_sips("baker_street", 0) == 3
    assert turn_sips("heathrow", 11) == 44  # the rule book's "up to 44"
    assert turn_sips("elephant_and_castle", 2) == (2 + 1) * 2 + 1  # one dot, Karsten Cool
    assert turn_sips("marylebone", 0) == 0


@pytest.mark.parametrize(
    ("typed", "station"),
    [("baker", "baker_street"), ("Kings Cross", "kings_cross_st_pancras"),
     ("St. Paul's", "st_pauls"), ("saint pauls", "st_pauls"),
     ("Elephant and Castle", "elephant_and_castle"), ("elephant & castle", "elephant_and_castle"),
     ("HEATHROW", "heathrow"), ("Leicster Square", "leicester_square"), ("Brixtn", "brixton"),
     ("Shepherd’s Bush", "shepherds_bush"), ("Heathrow Terminal 5", "heathrow"),
     ("heathrow terminals 2 & 3", "heathrow"), ("Terminal 4", "heathrow")],
)  # fmt: skip
def test_station_names_as_typed(typed, station):
    m = find(typed)
    assert (m.kind, m.ids) == ("station", (station,))


def test_ambiguous_and_foreign_names():
    assert find("edgware road").ids == ("edgware_road_bakerloo", "edgware_road_circle")
    assert find("Westferry").kind == "other_mode"
    assert find("Limehouse").kind == "other_mode"
    assert find("Clapham Junction").kind == "national_rail"
    assert (find("Deptford").kind, find("Deptford").name) == ("national_rail", "Deptford")
    assert find("Deptford Br").name == "Deptford Bridge"
    assert find("the thames").kind == "river"
    assert find("Narnia").kind == "unknown"


def test_no_non_underground_name_is_an_underground_station():
    from rules.tube.data import other_names
    from rules.tube.naming import fold

    ours = {fold(n) for n in net().names.values()}
    o = other_names()
    assert not [n for n in (*o.other_mode, *o.national_rail) if fold(n) in ours]
