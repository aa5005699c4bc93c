"""Who must decide what now: the chooser, the mover, the drinkers, the DNF clock, and the
commands open all the time (`/giveup`, `/where` for the mover, `/snøl` for the referee)."""

from rules.core.protocol import FreeInput, Option, Prompt
from rules.tube.circle import where_all
from rules.tube.model import Browse, Choose, Concede, Done, Go, Snol, State, Where
from rules.tube.network import is_end, net
from rules.tube.start import chooser
from rules.tube.turn import found_for, player, playing

MAX_BUTTONS = 24  # beyond this many stations on one line the buttons are cut (see /where)


def _choose(state: State, seat: int) -> Prompt:
    taken = {p.station for p in state.players}
    on = [s for s, w in where_all().items() if w == "on" and s not in taken]
    names = net().names
    return Prompt(
        id=f"choose:{state.step}",
        seats=(seat,),
        key="tube.prompt.choose",
        params={"seat": seat},
        options=tuple(
            Option(label=names[s], literal=True, action=Choose(station=s))
            for s in sorted(on, key=lambda s: names[s])
        ),
        input=FreeInput(kind="text", field="station", action=Choose(station="?"), max_length=80),
        command="go",
    )


def reachable(state: State) -> dict[str, set[str]]:
    """Station → lines it is reached on this turn (the mover's)."""
    found = found_for(state)
    out: dict[str, set[str]] = {}
    for i in range(len(found.done)):
        key, k = found.done[i]
        _, station, line, _ = found.parents[k][key]
        out.setdefault(station, set()).add(line)
    return out


def _move_options(state: State) -> tuple[Option, ...]:
    names, line_names = net().names, net().line_names
    reach = reachable(state)

    def go(s: str) -> Option:
        return Option(label=names[s], literal=True, action=Go(to=s))

    if state.offer:
        return tuple(go(s) for s in state.offer if s in reach)
    if state.browse is not None:
        on_line = sorted((s for s, lines in reach.items() if state.browse in lines), key=names.get)
        back = Option(label="tube.button.back", action=Browse(line=None), menu=True)
        return (*(go(s) for s in on_line[:MAX_BUTTONS]), back)
    ends = sorted(
        (s for s, lines in reach.items() if any(is_end(s, ln) for ln in lines)), key=names.get
    )
    lines = sorted({ln for s, ls in reach.items() if s not in ends for ln in ls})
    return (
        *(go(s) for s in ends),
        *(
            Option(
                label="tube.button.line",
                params={"line": line_names[ln]},
                action=Browse(line=ln),
                menu=True,  # a line's stations, on rows after the end stations
            )
            for ln in lines
        ),
    )


def asked(state: State) -> list[tuple[str, tuple[int, ...]]]:
    """(kind of prompt, seats) of every prompt now, standing ones included: who may do
    what, without the buttons (which need a route search). One source with `prompts`."""
    out: list[tuple[str, tuple[int, ...]]] = []
    if state.phase == "choose":
        seat = chooser(state)
        return [("choose", (seat,))] if seat is not None else []
    if state.phase != "move":
        return []
    if state.turn is not None:
        out += [("move", (state.turn,)), ("where", (state.turn,))]
    owing = tuple(p.seat for p in state.players if p.owed > 0)
    if owing:
        out.append(("done", owing))
    if sober := _sober(state):
        out.append(("drink", sober))
    if playing(state):
        out.append(("giveup", tuple(playing(state))))
        if state.clock:
            out.append(("dnf", tuple(playing(state))))
    everyone = tuple(range(state.seats))
    out += [("snøl", everyone), ("snol", everyone)]
    return out


def _sober(state: State) -> tuple[int, ...]:
    """Players owing nothing: their `/done` reaches the engine, which tells them there is
    no drinking in advance (rather than the bot's "not your turn")."""
    return tuple(p.seat for p in state.players if p.playing and p.owed == 0)


def prompts(state: State) -> list[Prompt]:
    if state.phase == "choose":
        seat = chooser(state)
        return [_choose(state, seat)] if seat is not None else []
    if state.phase != "move":
        return []
    out: list[Prompt] = []
    if state.turn is not None:
        p = player(state, state.turn)
        out.append(
            Prompt(
                id=f"move:{state.step}",
                seats=(state.turn,),
                key="tube.prompt.move",
                params={
                    "seat": state.turn,
                    "roll": state.roll,
                    "points": state.points,
                    "station": net().names[p.station],
                },
                options=_move_options(state),
                input=FreeInput(kind="text", field="to", action=Go(to="?"), max_length=80),
                command="go",
            )
        )
    owing = tuple(p.seat for p in state.players if p.owed > 0)
    if owing:
        out.append(
            Prompt(
                id=f"done:{state.step}",
                seats=owing,
                key="tube.prompt.done",
                options=(Option(label="tube.button.done", action=Done()),),
                input=FreeInput(kind="text", field="note", action=Done(), min_length=0),
                command="done",
            )
        )
    if state.clock and playing(state):
        out.append(
            Prompt(
                id=f"dnf:{state.clock}",
                seats=tuple(playing(state)),
                key="tube.prompt.dnf",
                params={"minutes": state.options.dnf_minutes},
                options=(Option(label="tube.button.giveup", action=Concede()),),
                deadline=state.options.dnf_minutes * 60,
                timeout_key="tube.timeout.dnf",
                reminder_key="tube.reminder.dnf",  # a clock: nothing to answer
            )
        )
    out += _standing(state)
    return out


def _standing(state: State) -> list[Prompt]:
    out = []
    if sober := _sober(state):
        out.append(
            Prompt(
                id="drink",
                seats=sober,
                key="tube.prompt.done",
                input=FreeInput(kind="text", field="note", action=Done(), min_length=0),
                command="done",
                standing=True,
            )
        )
    if playing(state):
        out.append(
            Prompt(
                id="giveup",
                seats=tuple(playing(state)),
                key="tube.prompt.giveup",
                input=FreeInput(kind="text", field="note", action=Concede(), min_length=0),
                command="giveup",
                standing=True,
            )
        )
    if state.turn is not None:
        out.append(
            Prompt(
                id="where",
                seats=(state.turn,),
                key="tube.prompt.where",
                input=FreeInput(kind="text", field="note", action=Where(), min_length=0),
                command="where",
                standing=True,
                private_ok=True,  # the list goes to the mover alone, wherever asked
            )
        )
    # `/snol` too: Telegram's command menu and entities take ASCII only. Open to every
    # seat, with or without a referee: the engine says who may call it (referee.py).
    out += [
        Prompt(
            id=verb,
            seats=tuple(range(state.seats)),
            key="tube.prompt.snol",
            input=FreeInput(kind="text", field="call", action=Snol(call="?"), names_seats=True),
            command=verb,
            standing=True,
        )
        for verb in ("snøl", "snol")
    ]
    return out
