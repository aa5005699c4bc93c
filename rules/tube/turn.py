"""A turn: the roll, `/go`, what the arrival costs, the drop, and passing the die on.

The die passes on before the mover drinks: the next player rolls at once, and a player
who still owes sips when the die reaches them is skipped (told in the chat). When every
player still playing owes, the die waits and goes on from the mover once someone has
drunk (NOTES.md).
"""

from rules.core.errors import RuleError
from rules.core.protocol import Event, Option
from rules.core.rng import Rng
from rules.core.turns import clockwise
from rules.tube import drops as droprules
from rules.tube.circle import outside
from rules.tube.model import Drop, Go, Move, Player, State
from rules.tube.naming import Match, find
from rules.tube.network import is_end, net
from rules.tube.route import Found, Route, search
from rules.tube.sips import (
    LEICESTER,
    OTHER_MODE_PENALTY,
    RAIL_PENALTY,
    turn_sips,
)


def name(station: str) -> str:
    """A station as players read it (events carry names: the bot shows them as they are)."""
    return net().names[station]


def player(state: State, seat: int) -> Player:
    return next(p for p in state.players if p.seat == seat)


def playing(state: State) -> list[int]:
    return [p.seat for p in state.players if p.playing]


def start_turn(state: State, seat: int) -> list[Event]:
    """The die goes to `seat` or, skipping those who still drink, the next player."""
    out = [s for s in range(state.seats) if s not in playing(state)]
    events: list[Event] = []
    state.turn, state.offer, state.browse = None, [], None
    order = clockwise(state.seats, seat, out)
    if all(player(state, s).owed > 0 for s in order):
        # Nobody is skipped then (not even the mover): the die waits for a Done (NOTES.md).
        last = state.had_die if state.had_die is not None else seat
        return [Event(key="tube.die_waits", params={"seat": last})] if order else []
    for s in order:
        p = player(state, s)
        if p.owed > 0:
            events.append(Event(key="tube.skipped", params={"seat": s, "owed": p.owed}))
            continue
        rng = Rng(state.rng)
        state.roll = rng.randint(1, 6)
        state.rng = rng.state
        doubled = outside(p.station)
        state.points = state.roll * (2 if doubled else 1)
        state.turn = state.had_die = s
        p.turns += 1
        key = "tube.rolled_double" if doubled else "tube.rolled"
        events.append(
            Event(key=key, params={"seat": s, "roll": state.roll, "points": state.points})
        )
        return events
    return events


def pass_die(state: State, seat: int) -> list[Event]:
    """The mover is done moving: the die goes to the next player."""
    if not playing(state):
        state.turn = None
        return []
    out = [s for s in range(state.seats) if s not in playing(state)]
    following = clockwise(state.seats, seat + 1, out)
    return start_turn(state, following[0])


def found_for(state: State, via: str | None = None) -> Found:
    assert state.turn is not None
    p = player(state, state.turn)
    return search(p.station, p.heading, state.points, via)


def _resolve(text: str) -> Match:
    if text in net().names:
        return Match("station", (text,))
    return find(text)


def _best(p: Player, routes: list[Route]) -> Route:
    """Of several routes to one station: one that lets the drop count, then one that
    touched the Circle, then the first found."""

    def rank(r: Route) -> tuple[int, int]:
        line, came = r.heading or ("", r.start)
        ok = (
            is_end(r.end, line)
            and droprules.refusal(
                r.end, line, came, [(d.station, d.kind) for d in p.drops], p.touched or r.touched
            )
            is None
        )
        return (0 if ok else 1, 0 if r.touched else 1)

    return min(routes, key=rank)


def go(state: State, seat: int, text: str) -> list[Event]:
    via_text, _, dest_text = text.rpartition(">")
    if not dest_text.strip():  # "/go Bank >": no station to go to (the bot's own usage line)
        raise RuleError("error.tube.go_usage")
    dest = _resolve(dest_text.strip())
    via = _resolve(via_text.strip()) if via_text.strip() else None
    for m, typed in ((dest, dest_text), (via, via_text)):
        if m is None:
            continue
        if m.kind == "river":
            raise RuleError("tube.error.thames")
        if m.kind in ("other_mode", "national_rail"):
            return penalty(state, seat, m)
        if m.kind == "unknown":  # the name not found, not the whole "via > station"
            raise RuleError("tube.error.unknown_station", text=typed.strip()[:40])
    assert dest is not None
    via_id = None
    if via is not None:
        if via.kind == "ambiguous":  # each station it could mean, as a button (bot/chat/offers.py)
            choices = [
                Option(label=name(s), literal=True, action=Go(to=f"{s} > {dest_text.strip()}"))
                for s in via.ids
            ]
            raise RuleError("tube.error.ambiguous", choices=choices, text=via_text.strip()[:40])
        via_id = via.ids[0]
    found = found_for(state, via_id)
    reach = {found.station(i) for i in range(len(found.done))}
    candidates = [sid for sid in dest.ids if sid in reach]
    if dest.kind == "ambiguous" and not candidates:  # saying which would not help
        text = dest_text.strip()[:40]
        raise RuleError("tube.error.ambiguous_unreachable", text=text, points=state.points)
    if dest.kind == "ambiguous" and len(candidates) > 1:
        state.offer = candidates
        return [Event(key="tube.which", params={"text": dest_text.strip()[:40]}, to=(seat,))]
    target = candidates[0] if candidates else dest.ids[0]
    routes = [found.route(i) for i in range(len(found.done)) if found.station(i) == target]
    if not routes:
        key = "tube.error.unreachable_via" if via_id else "tube.error.unreachable"
        raise RuleError(key, station=name(target), points=state.points)
    return move(state, seat, _best(player(state, seat), routes))


def penalty(state: State, seat: int, m: Match) -> list[Event]:
    """A DLR, Overground or Elizabeth line name: 3 sips; National Rail: a whole beer;
    both cost the turn, and the piece stays where the turn started."""
    sips = RAIL_PENALTY if m.kind == "national_rail" else OTHER_MODE_PENALTY
    player(state, seat).owed += sips
    key = "tube.penalty_rail" if m.kind == "national_rail" else "tube.penalty_other"
    events = [Event(key=key, params={"seat": seat, "name": m.name, "sips": sips})]
    return events + pass_die(state, seat)


def move(state: State, seat: int, route: Route) -> list[Event]:
    p = player(state, seat)
    heading = route.heading
    assert heading is not None
    line, came_from = heading
    p.station, p.heading = route.end, heading
    p.touched = p.touched or route.touched
    sips = turn_sips(route.end, route.left)
    state.last = Move(
        seat=seat,
        roll=state.roll,
        points=state.points,
        stations=route.stations,
        lines=tuple(s.line for s in route.steps),
        left=route.left,
        sips=sips,
    )
    events = [
        Event(
            key="tube.moved",
            params={
                "seat": seat,
                "station": name(route.end),
                "points": state.points - route.left,
            },
        )
    ]
    events += _legs(route)
    if is_end(route.end, line):
        events.append(
            Event(key="tube.end_station", params={"station": name(route.end), "left": route.left})
        )
        why = droprules.refusal(
            route.end, line, came_from, [(d.station, d.kind) for d in p.drops], p.touched
        )
        if why is None:
            p.pending = Drop(station=route.end, kind=droprules.kind(route.end, line, came_from))
            events.append(
                Event(
                    key=f"tube.drop_pending.{p.pending.kind}",
                    params={"seat": seat, "station": name(route.end)},
                )
            )
        else:
            events.append(Event(key=why, params={"station": name(route.end)}))
    if sips:
        p.owed += sips
        events.append(Event(key=_sips_key(route.end), params={"seat": seat, "sips": sips}))
    events += _leicester(state, p)
    if p.owed == 0 and p.pending is not None:
        events += drop(state, p)
    return events + pass_die(state, seat)


def _sips_key(end: str) -> str:
    special = {"heathrow": "tube.sips.heathrow", "elephant_and_castle": "tube.sips.elephant"}
    if end in special:
        return special[end]
    return "tube.sips.junction" if net().dots[end] else "tube.sips.left"


def _legs(route: Route) -> list[Event]:
    """The route line by line: one event per stretch on one line."""
    events: list[Event] = []
    stations = [route.start]
    current = route.steps[0].line if route.steps else ""
    for step in route.steps:
        if step.line != current:
            events.append(_leg(current, stations))
            stations = [stations[-1]]
            current = step.line
        stations.append(step.station)
    if route.steps:
        events.append(_leg(current, stations))
    return events


def _leg(line: str, stations: list[str]) -> Event:
    names = net().names
    return Event(
        key="tube.leg",
        params={"line": net().line_names[line], "stations": " – ".join(names[s] for s in stations)},
    )


def _leicester(state: State, p: Player) -> list[Event]:
    if p.station != LEICESTER:
        return []
    limit = state.options.leicester_limit
    if limit == 0:  # a friendly table that plays without the roll
        return [Event(key="tube.leicester_off", params={"seat": p.seat})]
    if p.leicester >= limit:
        return [Event(key="tube.leicester_spent", params={"seat": p.seat, "limit": limit})]
    rng = Rng(state.rng)
    roll = rng.randint(1, 6)
    state.rng = rng.state
    p.leicester += 1
    drinkers = playing(state)
    for s in drinkers:
        player(state, s).owed += roll
    return [Event(key="tube.leicester", params={"seat": p.seat, "roll": roll, "seats": drinkers})]


def drop(state: State, p: Player) -> list[Event]:
    """The sips are drunk: the pending inhibition is dropped; the 11th finishes."""
    assert p.pending is not None
    p.drops.append(p.pending)
    p.pending, p.touched, p.leicester = None, False, 0
    events = [
        Event(
            key="tube.dropped",
            params={
                "seat": p.seat,
                "station": name(p.drops[-1].station),
                "count": len(p.drops),
                "total": state.options.inhibitions,
            },
        )
    ]
    if droprules.finished([d.kind for d in p.drops], state.options.inhibitions):
        p.finished = 1 + sum(q.finished is not None for q in state.players)
        state.clock += 1
        events.append(
            Event(
                key="tube.finished",
                params={"seat": p.seat, "place": p.finished, "total": len(p.drops)},
            )
        )
    return events
