"""Gaa Under Gunnar: the engine, one rule at a time, on literal states of real stations."""

import pytest

from rules.core.errors import RuleError
from rules.tube import SPEC
from rules.tube.model import Browse, Choose, Concede, Done, Drop, Expire, Go, Options, Snol, State


def started(stations: list[str], seed: int = 1, **options) -> State:
    """A game whose players chose `stations` in the order they were to choose."""
    state = SPEC.setup(len(stations) + options.get("referee", 0), Options(**options), seed)
    for station in stations:
        (prompt,) = [p for p in SPEC.prompts(state) if not p.standing]
        state, _ = SPEC.apply(state, prompt.seats[0], Choose(station=station))
    return state


def mover(state: State, seat: int, station: str, points: int, heading=None) -> State:
    """`seat` to move now from `station` with `points`."""
    state = state.model_copy(deep=True)
    state.turn, state.points, state.roll = seat, points, points
    for p in state.players:
        p.owed = 0
        if p.seat == seat:
            p.station, p.heading = station, heading
    return state


def keys(events) -> list[str]:
    return [e.key for e in events]


def me(state: State, seat: int):
    return next(p for p in state.players if p.seat == seat)


def test_order_of_choosing_is_rolled_and_ties_roll_again():
    state = SPEC.setup(4, Options(), 7)
    rolls = state.order_rolls
    assert sorted(state.choose_order) == [0, 1, 2, 3]
    firsts = [r[0] for r in rolls]
    # the first chooser rolled highest in the first round
    assert firsts[state.choose_order[0]] == max(firsts)
    assert any(len(r) > 1 for r in rolls) == (len(set(firsts)) < 4)


def test_start_stations_are_on_the_circle_and_all_different():
    state = SPEC.setup(3, Options(), 1)
    (prompt,) = [p for p in SPEC.prompts(state) if not p.standing]
    seat = prompt.seats[0]
    with pytest.raises(RuleError, match="not_circle"):
        SPEC.apply(state, seat, Choose(station="waterloo"))
    with pytest.raises(RuleError, match="ambiguous"):  # Euston Square or Sloane Square
        SPEC.apply(state, seat, Choose(station="square"))
    with pytest.raises(RuleError, match="thames"):  # the rule book's answer here too
        SPEC.apply(state, seat, Choose(station="Thames"))
    state, _ = SPEC.apply(state, seat, Choose(station="Baker St"))
    (prompt,) = [p for p in SPEC.prompts(state) if not p.standing]
    assert "Baker Street" not in [o.label for o in prompt.options]
    with pytest.raises(RuleError, match="taken"):
        SPEC.apply(state, prompt.seats[0], Choose(station="baker_street"))


def test_after_choosing_the_highest_roll_starts_and_rolls():
    state = started(["baker_street", "victoria", "aldgate"], seed=7)
    first = [r[-1] if r else 0 for r in state.first_rolls]
    assert state.phase == "move"
    assert state.turn == first.index(max(first))
    assert first.count(max(first)) == 1  # ties rolled again
    assert 1 <= state.roll <= 6 and state.points == state.roll  # on the Circle: not doubled


def test_a_turn_starting_outside_the_circle_moves_twice_the_roll():
    state = started(["baker_street", "victoria"], seed=3)
    seat = state.turn
    other = 1 - seat
    state = mover(state, seat, "baker_street", 1)
    state, events = SPEC.apply(state, seat, Go(to="marylebone"))
    assert me(state, seat).station == "marylebone"
    state = mover(state, other, "victoria", 1)
    state, events = SPEC.apply(state, other, Go(to="pimlico"))
    assert events[-1].key == "tube.rolled_double" and state.points == 2 * state.roll


def test_go_finds_a_route_of_exactly_the_points_and_shows_it_line_by_line():
    state = mover(started(["baker_street", "victoria"]), 0, "baker_street", 3)
    state, events = SPEC.apply(state, 0, Go(to="oxford circ"))
    assert keys(events)[:2] == ["tube.moved", "tube.leg"]
    assert events[0].params["points"] == 3
    assert me(state, 0).station == "oxford_circus" and state.last.stations[-1] == "oxford_circus"
    assert state.turn == 1  # the die passed on


def test_go_via_a_station():
    state = mover(
        started(["baker_street", "victoria"]), 0, "oxford_circus", 2, ("central", "bond_street")
    )
    state, _events = SPEC.apply(state, 0, Go(to="green park > victoria"))
    assert state.last.stations == ("oxford_circus", "green_park", "victoria")


def test_an_unreachable_or_unknown_station_is_refused_and_changes_nothing():
    state = mover(started(["baker_street", "victoria"]), 0, "baker_street", 1)
    with pytest.raises(RuleError, match="unreachable"):
        SPEC.apply(state, 0, Go(to="Morden"))
    with pytest.raises(RuleError, match="unknown_station"):
        SPEC.apply(state, 0, Go(to="Narnia"))
    with pytest.raises(RuleError, match="thames"):
        SPEC.apply(state, 0, Go(to="River Thames"))


def test_an_ambiguous_name_offers_buttons():
    state = mover(started(["paddington", "victoria"]), 0, "paddington", 1)
    state, events = SPEC.apply(state, 0, Go(to="edgware road"))
    assert keys(events) == ["tube.which"] and events[0].to == (0,)
    move = next(p for p in SPEC.prompts(state) if p.id.startswith("move"))
    labels = [o.label for o in move.options]
    assert labels == [
        "Edgware Road (Bakerloo)",
        "Edgware Road (Circle, District and Hammersmith & City)",
    ]


def test_buttons_offer_end_stations_and_the_rest_by_line():
    state = mover(
        started(["baker_street", "victoria"]), 0, "hatton_cross", 2, ("piccadilly", "hounslow_west")
    )
    move = next(p for p in SPEC.prompts(state) if p.id.startswith("move"))
    assert [o.label for o in move.options] == ["Heathrow Airport"]
    state = mover(state, 0, "baker_street", 1)
    move = next(p for p in SPEC.prompts(state) if p.id.startswith("move"))
    assert {o.params.get("line") for o in move.options} >= {"Bakerloo", "Jubilee", "Circle"}
    browse = next(o.action for o in move.options if o.params.get("line") == "Jubilee")
    state, _ = SPEC.apply(state, 0, browse)
    move = next(p for p in SPEC.prompts(state) if p.id.startswith("move"))
    assert [o.label for o in move.options][:2] == ["Bond Street", "St. John's Wood"]
    assert move.options[-1].action == Browse(line=None)


def test_an_end_station_stops_the_move_the_points_left_are_sips_and_the_drop_waits():
    state = mover(
        started(["baker_street", "victoria"]),
        0,
        "hounslow_west",
        6,
        ("piccadilly", "hounslow_central"),
    )
    state, events = SPEC.apply(state, 0, Go(to="heathrow"))
    assert me(state, 0).owed == 4 * 4  # four points left, Heathrow duty free
    assert me(state, 0).pending == Drop(station="heathrow", kind="heathrow")
    assert "tube.sips.heathrow" in keys(events)
    assert me(state, 0).drops == []
    state, events = SPEC.apply(state, 0, Done())
    assert me(state, 0).drops == [Drop(station="heathrow", kind="heathrow")]
    assert me(state, 0).touched is False  # touch the Circle before the next drop


def test_the_heading_is_kept_between_turns():
    state = mover(
        started(["baker_street", "victoria"]),
        0,
        "hounslow_west",
        1,
        ("piccadilly", "hounslow_central"),
    )
    state, _ = SPEC.apply(state, 0, Go(to="hatton cross"))
    assert me(state, 0).heading == ("piccadilly", "hounslow_west")
    state = mover(state, 0, "hatton_cross", 1, me(state, 0).heading)
    with pytest.raises(RuleError, match="unreachable"):
        SPEC.apply(state, 0, Go(to="hounslow west"))


def test_a_player_still_drinking_is_skipped_and_no_drinking_in_advance():
    state = mover(started(["baker_street", "victoria", "aldgate"]), 0, "baker_street", 1)
    with pytest.raises(RuleError, match="nothing_to_drink"):  # seat 0 owes nothing
        SPEC.apply(state, 0, Done())
    me(state, 1).owed = 5
    state, events = SPEC.apply(state, 0, Go(to="marylebone"))
    assert "tube.skipped" in keys(events) and state.turn == 2
    done = next(p for p in SPEC.prompts(state) if p.id.startswith("done"))
    assert done.seats == (1,)


def test_when_everybody_drinks_the_die_waits_for_the_first_done():
    state = mover(started(["baker_street", "victoria"]), 0, "baker_street", 1)
    me(state, 1).owed = 2
    state, events = SPEC.apply(state, 0, Go(to="edgware_road_circle"))  # 2 dots: 0 drinks too
    assert state.turn is None and me(state, 0).owed == 2
    # nobody is told "skipped" (the mover least): the die waits with the mover
    assert [(e.key, e.params) for e in events if e.key.startswith("tube.")][-2:] == [
        ("tube.sips.junction", {"seat": 0, "sips": 2}),
        ("tube.die_waits", {"seat": 0}),
    ]
    state, events = SPEC.apply(state, 0, Done())
    assert state.turn == 0  # the next player still drinks: skipped, back to 0
    assert "tube.skipped" in keys(events)


def test_non_underground_names_cost_sips_and_the_turn():
    state = mover(started(["baker_street", "victoria"]), 0, "baker_street", 2)
    after, events = SPEC.apply(state, 0, Go(to="Westferry"))
    assert me(after, 0).owed == 3 and me(after, 0).station == "baker_street" and after.turn == 1
    after, events = SPEC.apply(state, 0, Go(to="Clapham Junction"))
    assert me(after, 0).owed == 12 and events[0].key == "tube.penalty_rail"


def test_leicester_square_everybody_drinks_at_most_twice_between_drops():
    state = started(["baker_street", "victoria", "aldgate"])
    for n in range(3):
        state = mover(state, 0, "covent_garden", 1, ("piccadilly", "holborn"))
        state, events = SPEC.apply(state, 0, Go(to="leicester"))
        if n < 2:
            roll = next(e for e in events if e.key == "tube.leicester").params["roll"]
            assert [p.owed for p in state.players] == [roll + 1, roll, roll]  # +1: a dot
        else:
            assert "tube.leicester_spent" in keys(events)


def test_leicester_square_says_the_limit_the_table_plays_with():
    for limit, key in ((0, "tube.leicester_off"), (1, "tube.leicester_spent")):
        state = started(["baker_street", "victoria"], leicester_limit=limit)
        me(state, 0).leicester = limit
        state = mover(state, 0, "covent_garden", 1, ("piccadilly", "holborn"))
        _, events = SPEC.apply(state, 0, Go(to="leicester"))
        (said,) = [e for e in events if e.key.startswith("tube.leicester")]
        assert said.key == key and said.params.get("limit", 0) == limit


def test_elephant_and_castle_doubles_plus_one_for_karsten_cool():
    state = mover(
        started(["baker_street", "victoria"]), 0, "lambeth_north", 3, ("bakerloo", "waterloo")
    )
    state, events = SPEC.apply(state, 0, Go(to="elephant"))
    assert me(state, 0).owed == (2 + 1) * 2 + 1
    assert "tube.sips.elephant" in keys(events)


def test_eleven_drops_finish_then_the_dnf_clock_runs_and_ends_the_game():
    state = started(["baker_street", "victoria", "aldgate"])
    p = me(state, 0)
    p.drops = [
        Drop(station=s, kind="north")
        for s in ("harrow_and_wealdstone", "stanmore", "amersham", "high_barnet", "cockfosters")
    ]
    p.drops += [
        Drop(station=s, kind="south")
        for s in ("brixton", "morden", "upminster", "barking", "elephant_and_castle")
    ]
    state = mover(state, 0, "hounslow_west", 2, ("piccadilly", "hounslow_central"))
    state, events = SPEC.apply(state, 0, Go(to="heathrow"))  # no points left, no sips
    assert "tube.finished" in keys(events) and me(state, 0).finished == 1
    dnf = next(p for p in SPEC.prompts(state) if p.id.startswith("dnf"))
    assert dnf.deadline == 15 * 60 and dnf.seats == (1, 2)
    # one clock for everyone still playing: when it runs out they are all late at once,
    # and no die passes between their DNFs
    state, events = SPEC.apply(state, 1, SPEC.timeout(state, dnf, 1))
    assert [(e.key, e.params) for e in events] == [("tube.dnf", {"seats": [1, 2]})]
    assert not [p for p in SPEC.prompts(state) if p.id == dnf.id]  # seat 2: nothing to time
    with pytest.raises(RuleError):
        SPEC.apply(state, 2, Expire())
    out = SPEC.outcome(state)
    assert out is not None and out.ranking == ((0,),) and out.unplaced == (1, 2)


def test_giving_up_is_a_dnf():
    state = started(["baker_street", "victoria"])
    seat = state.turn
    state, _events = SPEC.apply(state, seat, Concede())
    assert me(state, seat).dnf and state.turn == 1 - seat


def test_when_nobody_finished_nobody_wins():
    state = started(["baker_street", "victoria"])
    state, _ = SPEC.apply(state, 0, Concede())
    state, events = SPEC.apply(state, 1, Concede())
    assert keys(events) == ["tube.gave_up", "tube.nobody_finished"]
    out = SPEC.outcome(state)
    assert out is not None and out.ranking == () and out.record is None
    assert out.unplaced == (0, 1)


def test_the_referee_plays_no_piece_and_calls_snol():
    state = started(["baker_street", "victoria", "aldgate"], referee=1)
    assert state.referee == 0 and [p.seat for p in state.players] == [1, 2, 3]
    seat = state.turn
    with pytest.raises(RuleError, match="snol_not_moving"):
        SPEC.apply(state, 0, Snol(call=f"#{seat % 3 + 1}"))
    _, events = SPEC.apply(state, 0, Snol(call=f"#{seat}"))
    assert keys(events) == ["tube.snol.hurry"]
    assert {p.command for p in SPEC.prompts(state) if 0 in p.seats} == {"snøl", "snol"}
    after, events = SPEC.apply(state, 0, Snol(call=f"#{seat} count"))
    assert keys(events)[:2] == ["tube.snol.count", "tube.moved"] and after.turn != seat
    after, events = SPEC.apply(state, 0, Snol(call=f"#{seat} suspend"))
    assert (
        keys(events)[0] == "tube.snol.suspend"
        and me(after, seat).station == me(state, seat).station
    )
    with pytest.raises(RuleError, match="snol_referee_only"):  # a player is no referee
        SPEC.apply(state, 1 if seat != 1 else 2, Snol(call=f"#{seat}"))
    without = started(["baker_street", "victoria"])
    with pytest.raises(RuleError, match="no_referee"):
        SPEC.apply(without, 0, Snol(call=f"#{without.turn}"))


def test_a_referee_needs_two_players_beside_them():
    # a referee and one piece is no race: /start refuses it (it was ignored, silently)
    with pytest.raises(RuleError, match="referee_seats"):
        SPEC.setup(2, Options(referee=1), 1)
    assert SPEC.setup(3, Options(referee=1), 1).referee == 0


def test_who_may_act_is_what_the_prompts_ask():
    state = started(["baker_street", "victoria", "aldgate"], referee=1)
    me(state, 2).owed = 3
    from rules.tube.prompts import asked

    assert sorted((p.id.split(":")[0], p.seats) for p in SPEC.prompts(state)) == sorted(
        asked(state)
    )
