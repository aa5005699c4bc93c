"""The board game's engine: set-up, one dispatch over the actions, the deadline's default,
the outcome and the invariants. It chains the phase modules, which never import each
other: roll.py (the die and its face), drinking.py, moving.py, cards.py (swap, score,
refill, closing time) and clock.py (the keeper's half hour, the ends that come with time);
they share the concepts below them (model, graph, route, places, hours).

A turn: roll; the face's extra action; drink or move (or stay); a pub ended in is scored
and the hand refilled; the clock keeper's turn moves the clock and closes pubs; then the
next player, clockwise. Readings of the rule book: NOTES.md ("The board game").
"""

from collections import Counter

from rules.core.clone import clone
from rules.core.errors import RuleError
from rules.core.protocol import Event, Outcome, Prompt, Record, Tiebreak
from rules.core.rng import Rng
from rules.core.turns import clockwise, next_seat
from rules.einsistkeins import wins
from rules.einsistkeins.board import cards, drinking, moving
from rules.einsistkeins.board import clock as board_clock
from rules.einsistkeins.board import roll as dice
from rules.einsistkeins.board.graph import board, index
from rules.einsistkeins.board.hours import dead
from rules.einsistkeins.board.model import (
    END_CLOCK,
    HALF_HOUR,
    HAND,
    LIMIT,
    START_CLOCK,
    Action,
    Discard,
    Draw,
    Drink,
    EndReason,
    Go,
    Options,
    Roll,
    State,
    Stay,
    Swap,
    Take,
)
from rules.einsistkeins.pubs import PUBS, START, pub

# ---------------------------------------------------------------- set-up


def start_player(hands: list[list[str]]) -> int:
    """The player with the earliest opening pub; a tie compares the next earliest, and so
    on (a tie to the last card: the earlier seat)."""
    keys = [sorted(pub(c).opening for c in hand) for hand in hands]
    return min(range(len(hands)), key=lambda s: (keys[s], s))


def setup(players: int, options: Options, seed: int) -> State:
    rng = Rng.from_seed(seed)
    pile = [p.name for p in PUBS]
    rng.shuffle(pile)
    hands = [pile[i * HAND : (i + 1) * HAND] for i in range(players)]
    pile = pile[players * HAND :]
    starter = start_player(hands)
    return State(
        players=players,
        options=options,
        rng=rng.state,
        pile=pile[1:],
        faceup=pile[0],
        hands=hands,
        visited=[[] for _ in range(players)],
        # Café Safran's square, looked up on the board: so it is built here, when a
        # worker sets every game up once at its start (bot/app.py), not at a first move
        pos=[index(START.name)] * players,
        alcohol=[0] * players,
        clock=START_CLOCK,
        starter=starter,
        keeper=clockwise(players, starter)[-1],  # the clock card: the starter's right
        turn=starter,
    )


# ---------------------------------------------------------------- apply


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if state.phase == "over" or seat != state.turn:
        raise RuleError("error.not_prompted")
    state = clone(state)  # never touch the caller's state
    state.step += 1
    phase = state.phase
    match action:
        case Roll() if phase == "roll":
            return state, _roll(state, seat)
        case Drink(amount=amount) if phase in ("one", "act"):
            return _after_action(state, seat, drinking.drink(state, seat, amount))
        case Go(to=waypoints) if phase in ("one", "act", "gum"):
            return _after_action(state, seat, moving.go(state, seat, waypoints))
        case Stay() if phase == "swap":
            state.phase = "act"  # no swap: on to the turn's action
            return state, []
        case Stay() if phase in ("one", "act", "gum"):
            key = (
                "einsistkeins.spritzer"
                if drinking.in_open_pub(state, seat)
                else "einsistkeins.waits"
            )
            return _after_action(state, seat, [Event(key=key, params={"seat": seat})])
        case Swap(card=card) if phase == "swap":
            return state, cards.swap(state, seat, card)
        case Discard(card=card) if phase == "swap":
            return state, cards.discard(state, seat, card)
        case Draw() if phase == "refill" and state.pile:
            return _after_refill(state, seat, cards.refill(state, seat, take=False))
        case Take() if phase == "refill" and state.faceup:
            return _after_refill(state, seat, cards.refill(state, seat, take=True))
    raise RuleError("error.not_now")


def _roll(state: State, seat: int) -> list[Event]:
    events = dice.roll(state, seat)
    if state.roll == dice.ROUND_OF_DRINKS:
        events += drinking.round_of_drinks(state, seat)
    return events


def _after_action(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    """After drinking, moving or staying: score the pub ended in; then roll again (a 1),
    draw first (a card of your own scored), or end the turn."""
    events += cards.visit(state, seat)
    if state.winner is not None:
        return state, events + _finish(state, "win")
    if state.phase == "refill":
        return state, events  # draw first; a 1 then rolls again (_after_refill)
    if state.phase == "one":
        if drinking.dry(state, seat):
            # The gum rule: "as long as you are dry, you are not allowed to roll the
            # dice" — a 1's step that leaves you dry outside an open pub ends the turn
            # (NOTES.md).
            events.append(Event(key="einsistkeins.dry_after_one", params={"seat": seat}))
            return _end_turn(state, seat, events)
        return state, events + _roll(state, seat)
    return _end_turn(state, seat, events)


def _after_refill(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    if state.roll == 1:  # scored with "Eins ist keins": now roll again
        return state, events + _roll(state, seat)
    return _end_turn(state, seat, events)


def _end_turn(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    if seat == state.keeper:
        events += board_clock.tick(state, seat)
        events += cards.close_pubs(state, seat)
    reason = board_clock.end_reason(state)
    if reason:
        return state, events + _finish(state, reason)
    following = next_seat(state.players, seat)
    assert following is not None  # nobody leaves the board game
    state.turn = following
    state.turn_no += 1
    state.roll, state.takeaway = None, False
    state.phase = "gum" if drinking.dry(state, state.turn) else "roll"
    if state.phase == "gum":
        events.append(Event(key="einsistkeins.gum", params={"seat": state.turn}))
    return state, events


def _finish(state: State, reason: EndReason) -> list[Event]:
    state.phase = "over"
    state.end_reason = reason
    state.finished_at = state.clock
    state.roll = None
    if reason == "win":
        return []
    return [Event(key=f"einsistkeins.end.{reason}", params={"minute": state.clock})]


# ---------------------------------------------------------------- deadlines, end


def timeout(state: State, prompt: Prompt, seat: int) -> Action:
    """A silent player rolls, drinks what they may (else stays), skips a swap, and draws."""
    match state.phase:
        case "roll":
            return Roll()
        case "one" | "act" if drinking.can_drink(state, seat):
            return Drink()
        case "refill":
            return Draw() if state.pile else Take()
    return Stay()


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    standings = {
        s: wins.standing([pub(c) for c in state.visited[s]], state.alcohol[s])
        for s in range(state.players)
    }
    record = None
    if state.players == 1 and state.winner == 0 and state.finished_at is not None:
        record = Record(
            seat=0,
            value=state.finished_at - START_CLOCK,
            key="einsistkeins.record",
            params={"minute": state.finished_at},
        )
    ranking = wins.ranking(standings, state.winner)
    # The ranking's scores are pubs: equal ones ordered by districts, then alcohol, read
    # "1. anna – 6 / 2. cora – 6" with no reason, so the tied players' numbers are told.
    tied = wins.tied(standings, ranking, state.winner)
    told = [[s, *standings[s]] for s in tied]  # seat, pubs, districts, tenths of ‰
    tiebreak = Tiebreak(key="einsistkeins.tiebreak", params={"standings": told}) if tied else None
    return Outcome(
        ranking=ranking,
        scores={s: len(v) for s, v in enumerate(state.visited)},
        record=record,
        tiebreak=tiebreak,
    )


DECK = Counter(p.name for p in PUBS)


def invariants(state: State) -> None:
    """What holds after every step: the 50 cards are all somewhere and none twice; ‰
    within 0–2.3; the clock on a half hour between 14:00 and 05:00; at most six cards in
    front of a player; no dead card in play; a winner only at the end."""
    faceup = [state.faceup] if state.faceup else []
    places = [*state.pile, *faceup, *state.boxed]
    places += [c for h in state.hands for c in h] + [c for v in state.visited for c in v]
    assert Counter(places) == DECK, "the 50 cards are conserved, none twice"
    assert all(0 <= a <= LIMIT for a in state.alcohol), "alcohol within 0–2.3 ‰"
    assert START_CLOCK <= state.clock <= END_CLOCK, "the clock within 14:00–05:00"
    assert (state.clock - START_CLOCK) % HALF_HOUR == 0, "the clock on a half hour"
    assert all(len(h) <= HAND for h in state.hands), "at most six cards each"
    assert all(0 <= p < len(board().squares) for p in state.pos), "every piece on the board"
    assert 0 <= state.turn < state.players and 0 <= state.keeper < state.players
    if state.phase != "over":
        live = [c for h in state.hands for c in h] + faceup
        assert not any(dead(c, state.clock) for c in live), "no dead card in play"
    assert state.winner is None or state.phase == "over", "a win ends the game"
    assert (state.phase == "over") == (state.end_reason is not None)
