"""Die Heinzelmännchen von Köln: set-up, one dispatch over the actions, the turn's chain.

A turn: roll (or play Tunnel, or play Zweimal Würfeln and roll twice); move exactly
(movement.py); a shop pays its top point card (scoring.py); an exact landing on a tunnel
field may jump; after the turn's last move the watchman checks the Veedel entered
(watchman.py), the loser may play his Nachtwächter card; then Schneiders Weib draws a
pea card (ending.py) and the next player clockwise goes on.
"""

from rules.core.errors import RuleError
from rules.core.protocol import Event, Outcome, Prompt
from rules.core.rng import Rng
from rules.core.turns import next_seat
from rules.heinzel import cards, ending, movement, scoring, watchman
from rules.heinzel.board import board, field
from rules.heinzel.data import SCHNEIDER
from rules.heinzel.model import (
    CARDS,
    Action,
    Enough,
    Go,
    Guard,
    Options,
    PlayTunnel,
    PlayTwice,
    Roll,
    State,
    Stay,
)

# Which of the four colours (clockwise round the town) the seats take: two players sit
# opposite, three leave the last colour out, so the second of them starts between the others.
SEAT_COLOURS = {2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)}
MIDDLE_OF_THREE = 1


def setup(players: int, options: Options, seed: int) -> State:
    if options.youngest > players:  # a seat nobody took: refused, not quietly the opener
        raise RuleError(
            "heinzel.error.youngest_unseated", youngest=options.youngest, players=players
        )
    b = board()
    colours = [b.colours[i] for i in SEAT_COLOURS[players]]
    # three: the rule book's one whose start lies between the others; else the youngest
    starter = MIDDLE_OF_THREE if players == 3 else options.youngest - 1
    pos = [b.starts[b.colours.index(c)] for c in colours]
    return State(
        players=players,
        options=options,
        rng=Rng.from_seed(seed).state,
        colours=colours,
        pos=pos,
        cards=[list(CARDS) for _ in range(players)],
        piles=scoring.piles(players),
        taken=[{} for _ in range(players)],
        starter=starter,
        turn=starter,
        turn_from=pos[starter],
    )


def start_field(state: State, seat: int) -> int:
    b = board()
    return b.starts[b.colours.index(state.colours[seat])]


def asked(state: State) -> int | None:
    """The one seat that must decide now (the duel's loser while he is asked)."""
    if state.phase == "over":
        return None
    return state.loser if state.phase == "guard" else state.turn


# ---------------------------------------------------------------- apply


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if seat != asked(state):
        raise RuleError("error.not_prompted")
    state = state.model_copy(deep=True)  # never touch the caller's state
    state.step += 1
    events: list[Event] = []
    phase = state.phase
    match action:
        case Roll() if phase == "start":
            _roll(state, events)
        case PlayTwice() if cards.may_play_before_rolling(state):
            cards.take(state, seat, "zweimal")
            state.twice, state.rolls_left = True, 2
            events.append(Event(key="heinzel.played_twice", params={"seat": seat}))
        case PlayTunnel() if cards.may_play_before_rolling(state):
            cards.take(state, seat, "tunnel")
            state.phase = "tunnel"
            events.append(Event(key="heinzel.played_tunnel", params={"seat": seat}))
        case Go(to=text) if phase == "move":
            assert state.roll is not None
            to = movement.find(text, movement.destinations(state.pos[seat], state.roll))
            _arrive(state, seat, to, events)
            if movement.lands_on_tunnel(to) and cards.tunnel_targets(to):
                state.phase = "jump"
            else:
                _moved(state, events)
        case Go(to=text) if phase in ("jump", "tunnel"):
            to = movement.find(text, cards.tunnel_targets(state.pos[seat]))
            state.pos[seat] = to
            key = "heinzel.jumped" if phase == "jump" else "heinzel.tunnelled"
            events.append(Event(key=key, params={"seat": seat, "field": field(to).name}))
            _moved(state, events)
        case Stay() if phase == "jump":
            _moved(state, events)
        case Enough() if phase == "start" and state.twice and state.rolls_left == 1:
            events.append(Event(key="heinzel.enough", params={"seat": seat}))
            _moved(state, events)
        case Guard(play=play) if phase == "guard":
            if play:
                cards.take(state, seat, "nachtwaechter")
                events.append(Event(key="heinzel.guarded", params={"seat": seat}))
            else:
                _send_home(state, seat, events)
            state.loser = None
            _end_turn(state, events)
        case _:
            raise RuleError("heinzel.error.not_now")
    return state, events


def _roll(state: State, events: list[Event]) -> None:
    rng = Rng(state.rng)
    state.roll = rng.randint(1, 6)
    state.rng = rng.state
    seat = state.turn
    events.append(Event(key="heinzel.rolled", params={"seat": seat, "roll": state.roll}))
    if movement.destinations(state.pos[seat], state.roll):
        state.phase = "move"
    else:  # every way runs into a dead end: the roll is lost
        events.append(Event(key="heinzel.no_way", params={"seat": seat}))
        _moved(state, events)


def _arrive(state: State, seat: int, to: int, events: list[Event]) -> None:
    state.pos[seat] = to
    f = field(to)
    events.append(Event(key="heinzel.moved", params={"seat": seat, "field": f.name}))
    if not f.craft:
        return
    pile, taken = state.piles[f.craft], state.taken[seat]
    if not scoring.may_collect(taken, f.craft, pile):
        # the move ended here all the same: say why no card came
        if f.craft in taken:
            events.append(Event(key=f"heinzel.visited.{f.craft}", params={"seat": seat}))
        elif f.craft == SCHNEIDER:
            events.append(Event(key="heinzel.schneider_closed", params={"seat": seat}))
        return
    taken[f.craft] = pile.pop(0)
    events.append(
        Event(key=f"heinzel.card.{f.craft}", params={"seat": seat, "points": taken[f.craft]})
    )
    if f.craft == SCHNEIDER:
        state.arrived.append(seat)
        if state.weib is None:
            state.weib, state.weib_turn = seat, state.turn_no
            events.append(Event(key="heinzel.weib", params={"seat": seat}))


def _moved(state: State, events: list[Event]) -> None:
    """One move is over: roll again (Zweimal Würfeln), or the watchman checks."""
    state.roll = None
    state.rolls_left -= 1
    if state.rolls_left > 0:
        state.phase = "start"
        return
    seats = watchman.alarmed(state.pos, state.turn, state.turn_from)
    if not seats:
        _end_turn(state, events)
        return
    rng = Rng(state.rng)
    loser, rounds = watchman.duel(rng, seats)
    state.rng = rng.state
    veedel = board().veedel_names[field(state.pos[state.turn]).veedel or ""]
    events.append(Event(key="heinzel.alarm", params={"seats": list(seats), "veedel": veedel}))
    for i, rolled in enumerate(rounds):
        # one line a round, each seat beside its roll ("alice 3, bob 5"): keys by size
        params = {f"p{k}_seat": s for k, (s, _) in enumerate(rolled, 1)}
        params |= {f"r{k}": r for k, (_, r) in enumerate(rolled, 1)}
        kind = "round" if i == 0 else "again"
        events.append(Event(key=f"heinzel.duel_{kind}.{len(rolled)}", params=params))
    events.append(Event(key="heinzel.duel_lost", params={"seat": loser}))
    if "nachtwaechter" in state.cards[loser]:
        state.phase, state.loser = "guard", loser
        return
    _send_home(state, loser, events)
    _end_turn(state, events)


def _send_home(state: State, seat: int, events: list[Event]) -> None:
    state.pos[seat] = start_field(state, seat)
    events.append(
        Event(key="heinzel.sent_home", params={"seat": seat, "field": field(state.pos[seat]).name})
    )


def _end_turn(state: State, events: list[Event]) -> None:
    if ending.all_done(state.arrived, state.players):
        state.phase, state.end_reason = "over", "all_done"
        events.append(Event(key="heinzel.end.all_done"))
        _tell_ties(state, events)
        return
    if ending.draws_now(state.weib, state.weib_turn, state.turn_no):
        rng = Rng(state.rng)
        pea = ending.draw_pea(rng, state.options.searching)
        state.rng, state.draws, state.last_pea = rng.state, state.draws + 1, pea
        events.append(Event(key=f"heinzel.pea.{pea}", params={"seat": state.weib}))
        if pea == "suchend":
            state.phase, state.end_reason = "over", "suchend"
            _tell_ties(state, events)
            return
    state.turn = next_seat(state.players, state.turn) or 0
    state.turn_no += 1
    state.phase, state.roll, state.rolls_left, state.twice = "start", None, 1, False
    state.turn_from = state.pos[state.turn]


def _tell_ties(state: State, events: list[Event]) -> None:
    """The final list shows equal points on different places: say why (the rule book:
    who reached the Schneider first wins the tie)."""
    points = scores(state)
    for seat, behind in scoring.ties_broken(points, state.arrived):
        params = {"seat": seat, "seats": list(behind), "points": points[seat]}
        events.append(Event(key="heinzel.tie_broken", params=params))


# ---------------------------------------------------------------- deadlines, end


def timeout(state: State, prompt: Prompt, seat: int) -> Action:
    """A silent player rolls, takes the first offered field, stays on a tunnel, and plays
    the Nachtwächter card when he lost a duel (what anybody would do)."""
    match state.phase:
        case "start":
            return Roll()
        case "move" | "tunnel":
            return Go(to=field(_first_option(prompt)).id)
        case "jump":
            return Stay()
    return Guard(play=True)


def _first_option(prompt: Prompt) -> int:
    first = prompt.options[0].action
    assert isinstance(first, Go)
    return board().by_id[first.to]


def scores(state: State) -> list[int]:
    return [scoring.score(t) for t in state.taken]


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    points = scores(state)
    return Outcome(
        ranking=scoring.ranking(points, state.arrived),
        scores=dict(enumerate(points)),
    )


def invariants(state: State) -> None:
    """Point cards are neither lost nor doubled; the Schneider's arrivals are its cards."""
    full = scoring.piles(state.players)
    for craft, cards_ in full.items():
        held = sorted([t[craft] for t in state.taken if craft in t] + state.piles[craft])
        assert held == sorted(cards_), f"{craft}: cards lost or doubled"
    assert state.arrived == sorted(state.arrived, key=state.arrived.index)
    assert {s for s, t in enumerate(state.taken) if SCHNEIDER in t} == set(state.arrived)
    assert len(set(state.arrived)) == len(state.arrived)
    assert all(0 <= p < len(board().fields) for p in state.pos)
    assert (state.weib is None) == (not state.arrived)
    assert state.weib is None or state.weib == state.arrived[0]
