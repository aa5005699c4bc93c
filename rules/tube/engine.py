"""Gaa Under Gunnar: set-up, one dispatch over the actions, timeout, outcome, invariants."""

from rules.core.errors import RuleError
from rules.core.protocol import Event, Option, Outcome, Prompt, Record
from rules.core.rng import Rng
from rules.tube import referee, start, turn
from rules.tube.circle import where
from rules.tube.model import (
    INHIBITIONS,
    Action,
    Browse,
    Choose,
    Concede,
    Done,
    Expire,
    Go,
    Options,
    Player,
    Snol,
    State,
    Where,
)
from rules.tube.naming import Match, find
from rules.tube.network import net
from rules.tube.prompts import asked, reachable

# Which prompt (by the start of its id) lets a seat take which action.
_ALLOWS: dict[str, tuple[type, ...]] = {
    "choose": (Choose,),
    "move": (Go, Browse),
    "done": (Done,),
    "drink": (Done,),  # owing nothing: refused by `_done` in the game's words
    "dnf": (Concede, Expire),
    "giveup": (Concede,),
    "where": (Where,),
    "snøl": (Snol,),
    "snol": (Snol,),
}


def setup(seats: int, options: Options, seed: int) -> State:
    if options.referee and seats < 3:  # a referee and one piece is no race: refused, not ignored
        raise RuleError("tube.error.referee_seats", players=seats)
    ref = 0 if options.referee else None
    rng = Rng.from_seed(seed)
    players = [Player(seat=s) for s in range(seats) if s != ref]
    rolls: dict[int, list[int]] = {}
    order = start.roll_off([p.seat for p in players], rng, rolls)
    return State(
        seats=seats,
        options=options,
        rng=rng.state,
        referee=ref,
        players=players,
        order_rolls=[rolls.get(s, []) for s in range(seats)],
        choose_order=order,
    )


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    kinds = tuple(t for kind, seats in asked(state) if seat in seats for t in _ALLOWS[kind])
    if not kinds:
        raise RuleError("error.not_prompted")
    if not isinstance(action, kinds):
        raise RuleError("error.not_now")
    state = state.model_copy(deep=True)  # never touch the caller's state
    match action:
        case Choose(station=station):
            events = _choose(state, seat, station)
        case Go(to=text):
            events = turn.go(state, seat, text)
        case Browse(line=line):
            state.browse, state.offer = line, []
            events = []
        case Done():
            events = _done(state, seat)
        case Concede():
            events = _out(state, seat, "tube.gave_up")
        case Expire():
            events = _expire(state)
        case Snol(call=call):
            events = referee.snol(state, seat, call)
        case Where():
            names = net().names
            found = sorted(names[s] for s in reachable(state))
            events = [Event(key="tube.where", params={"stations": found}, to=(seat,))]
        case _:
            raise RuleError("error.not_now")
    state.step += 1
    if not turn.playing(state):
        state.phase, state.turn = "over", None
        if not any(p.finished for p in state.players):  # a DNF is no place (NOTES.md)
            events.append(Event(key="tube.nobody_finished"))
    return state, events


def _choose(state: State, seat: int, text: str) -> list[Event]:
    station = text if text in net().names else None
    if station is None:
        m = find(text)
        # Of the stations a name could mean only those one may start at are offered (a
        # button that is then refused is no choice): "Hammersmith" is the Circle's one.
        if m.kind == "ambiguous" and len(startable := start.free(state, m.ids)) > 1:
            choices = [
                Option(label=net().names[s], literal=True, action=Choose(station=s))
                for s in startable
            ]
            raise RuleError("tube.error.ambiguous", choices=choices, text=text[:40])
        if m.kind == "ambiguous":  # one to start at, or none: `choose` says why not
            on = [s for s in m.ids if where(s) == "on"]
            m = Match("station", (*startable, *on, *m.ids)[:1])
        if m.kind == "river":  # the rule book's own answer, whenever the Thames is named
            raise RuleError("tube.error.thames")
        if m.kind != "station":
            raise RuleError("tube.error.unknown_station", text=text[:40])
        station = m.ids[0]
    events = start.choose(state, seat, station)
    if start.chooser(state) is None:
        first, more = start.first_player(state)
        state.phase = "move"
        events += more + turn.start_turn(state, first)
    return events


def _done(state: State, seat: int) -> list[Event]:
    p = turn.player(state, seat)
    if p.owed <= 0:
        raise RuleError("tube.error.nothing_to_drink")
    p.drunk += p.owed
    events = [Event(key="tube.drunk", params={"seat": seat, "sips": p.owed})]
    p.owed = 0
    if p.pending is not None:
        events += turn.drop(state, p)
    if state.turn is None and turn.playing(state):
        events += turn.pass_die(state, state.had_die if state.had_die is not None else seat)
    return events


def _out(state: State, seat: int, key: str) -> list[Event]:
    """The seat leaves the game unfinished: gave up, or the DNF clock ran out."""
    p = turn.player(state, seat)
    p.dnf, p.owed, p.pending = True, 0, None
    events = [Event(key=key, params={"seat": seat})]
    if state.turn == seat:  # while everybody drinks, the die waits for a Done
        events += turn.pass_die(state, seat)
    return events


def _expire(state: State) -> list[Event]:
    """The DNF clock ran out: it is one clock for everyone still playing, so they all did
    not finish in time at once (no die passes between their DNFs)."""
    late = turn.playing(state)
    for seat in late:
        p = turn.player(state, seat)
        p.dnf, p.owed, p.pending = True, 0, None
    state.turn = None
    return [Event(key="tube.dnf", params={"seats": late})]


def timeout(state: State, prompt: Prompt, seat: int) -> Action:
    """Only the DNF clock has a deadline: when it runs out, the silent seat did not finish."""
    return Expire()


def outcome(state: State) -> Outcome | None:
    """Places in finishing order; the DNFs get no place (they did not finish) and are
    listed as DNF after the places. When nobody finished, no places at all: a DNF is
    shameful, not a shared win (the Hall of Fame credits the first place with a win)."""
    if state.phase != "over":
        return None
    done = sorted((p for p in state.players if p.finished), key=lambda p: p.finished or 0)
    ranking = tuple((p.seat,) for p in done)
    dnf = tuple(p.seat for p in state.players if p.finished is None)
    record = None
    if done:
        first = done[0]
        record = Record(
            seat=first.seat, value=first.turns, key="tube.record", params={"turns": first.turns}
        )
    return Outcome(ranking=ranking, record=record, unplaced=dnf, unplaced_key="tube.outcome.dnf")


def invariants(state: State) -> None:
    """Drops never exceed eleven, debts are never negative, places are 1, 2, 3 …"""
    for p in state.players:
        assert len(p.drops) <= INHIBITIONS, p
        assert p.owed >= 0 and p.drunk >= 0, p
        assert p.pending is None or p.owed > 0 or not p.playing, p
    places = sorted(p.finished for p in state.players if p.finished)
    assert places == list(range(1, len(places) + 1)), places
    starts = [p.station for p in state.players if p.station]
    if state.phase == "choose":
        assert len(starts) == len(set(starts)), starts
