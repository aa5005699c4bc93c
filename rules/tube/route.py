"""Legal routes of exactly a turn's points (or fewer, ending at an end station).

A breadth-first search over (station, heading, touched the Circle, passed the via
station), one layer per movement point. A route stops where its points run out, or on
arriving at an end station of the line it arrives on (movement stops there; the points
left are sips). Routes may pass a station twice. Every layer keeps the first way it
reached a search state, and the states are expanded in sorted order, so the route found
to a station is deterministic. bench/tube.py times the largest search (12 points from
the busiest station, every direction open) against the 5 ms a turn may take.
"""

from dataclasses import dataclass

from rules.tube.circle import where_all
from rules.tube.direction import Heading, steps
from rules.tube.network import is_end


@dataclass(frozen=True)
class Step:
    station: str
    line: str


@dataclass(frozen=True)
class Route:
    start: str
    steps: tuple[Step, ...]
    left: int  # points not used (only when stopped at an end station)
    touched: bool  # passed or ended on a station of the Circle line (after the start)

    @property
    def end(self) -> str:
        return self.steps[-1].station if self.steps else self.start

    @property
    def heading(self) -> Heading | None:
        if not self.steps:
            return None
        prev = self.steps[-2].station if len(self.steps) > 1 else self.start
        return (self.steps[-1].line, prev)

    @property
    def stations(self) -> tuple[str, ...]:
        return (self.start, *(s.station for s in self.steps))


# Search states are small integers: a station with the class of its heading. Headings at
# one station that allow the same next steps have the same future, so they are one state
# (the search stays small); at an end station the heading itself is kept, since it
# decides the drop. `_move[state]` lists (next state, station, line, stops there).
_ids: dict[tuple[str, object], int] = {}
_move: list[tuple[tuple[int, str, str, bool, bool], ...] | None] = []
_at: list[tuple[str, Heading | None]] = []


def _state(station: str, heading: Heading | None) -> int:
    if heading is None:
        klass: object = None
    elif is_end(station, heading[0]):
        klass = heading
    else:
        klass = steps(station, heading)
    key = (station, klass)
    found = _ids.get(key)
    if found is not None:
        return found
    sid = len(_move)
    _ids[key] = sid
    _move.append(None)
    _at.append((station, heading))
    return sid


def _moves(sid: int) -> tuple[tuple[int, str, str, bool, bool], ...]:
    """(next state, station, line, movement stops there, on the Circle line)."""
    found = _move[sid]
    if found is None:
        on = where_all()
        station, heading = _at[sid]
        found = tuple(
            (_state(t, (line, station)), t, line, is_end(t, line), on[t] == "on")
            for t, line in steps(station, heading)
        )
        _move[sid] = found
    return found


@dataclass(frozen=True)
class Found:
    """A finished search: its end states (key, layer) and each layer's parents."""

    start: str
    points: int
    done: tuple[tuple[int, int], ...]
    parents: tuple[dict[int, tuple[int, str, str, bool]], ...]

    def station(self, i: int) -> str:
        key, k = self.done[i]
        return self.parents[k][key][1]

    def route(self, i: int) -> Route:
        key, k = self.done[i]
        touched = self.parents[k][key][3]
        path: list[Step] = []
        cur = key
        for depth in range(k, -1, -1):
            prev, station, line, _ = self.parents[depth][cur]
            path.append(Step(station, line))
            cur = prev
        path.reverse()
        return Route(self.start, tuple(path), self.points - k - 1, touched)


def search(start: str, heading: Heading | None, points: int, via: str | None = None) -> Found:
    """Every distinct way a turn can end (one per end state), in a stable order.

    Of two ways to one state the one that touched the Circle is kept (it can do all the
    other can), else the first found. A search key is 2 × state + (via passed)."""
    first = 2 * _state(start, heading) + (via is None)
    # per layer: key → (parent key, station, line, touched)
    parents: list[dict[int, tuple[int, str, str, bool]]] = []
    layer: list[tuple[int, bool]] = [(first, False)]
    done: list[tuple[int, int]] = []
    last = points - 1
    for k in range(points):
        nxt: dict[int, tuple[int, str, str, bool]] = {}
        stops: list[int] = []
        for key, touched in layer:
            via_ok = key & 1
            for sid, station, line, stop, circle in _moves(key >> 1):
                t = touched or circle
                new = 2 * sid + (via_ok or station == via)
                old = nxt.get(new)
                if old is None:
                    nxt[new] = (key, station, line, t)
                    if stop:
                        stops.append(new)
                elif t and not old[3]:
                    nxt[new] = (key, station, line, t)
        parents.append(nxt)
        if k == last:
            done += [(key, k) for key in nxt]
            break
        done += [(key, k) for key in stops]
        stopped = set(stops)
        layer = [(key, v[3]) for key, v in nxt.items() if key not in stopped]
        if not layer:
            break
    return Found(start, points, tuple((key, k) for key, k in done if key & 1), tuple(parents))


def routes(start: str, heading: Heading | None, points: int, via: str | None = None) -> list[Route]:
    found = search(start, heading, points, via)
    return [found.route(i) for i in range(len(found.done))]


def ends(start: str, heading: Heading | None, points: int) -> list[str]:
    """The stations a turn can end on, sorted, each once."""
    found = search(start, heading, points)
    return sorted({found.station(i) for i in range(len(found.done))})
