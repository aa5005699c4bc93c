"""EINS IST KEINS – the board game (1–4 players): pure transitions.

A turn: roll (or, dry outside an open pub, only one step: the gum rule); the face's
extra action (1 drink 0.1 or move 1 and roll again; 2 swap with the face-up card or put
one on it and draw; 3 takeaway; 4 round of drinks; 5 take the clock card; 6 nothing);
then drink or move (`/go`); a pub on your cards or the face-up card, open, is scored;
the clock keeper moves the clock on half an hour, then closed pubs leave the game and
everyone refills to six. Readings of the rule book: NOTES.md ("The board game").
"""

from pathlib import Path

from pydantic import TypeAdapter

from rules.core.errors import RuleError
from rules.core.protocol import Event, GameSpec, Outcome, Prompt, Record, no_secrets
from rules.core.rng import Rng
from rules.einsistkeins import boardturn as turn
from rules.einsistkeins import wins
from rules.einsistkeins.board import START_SQUARE
from rules.einsistkeins.boardmodel import (
    HAND,
    START_CLOCK,
    Action,
    Discard,
    Draw,
    Drink,
    Go,
    Options,
    PublicView,
    Roll,
    SeatView,
    State,
    Stay,
    Swap,
    Take,
)
from rules.einsistkeins.boardprompts import prompts
from rules.einsistkeins.boardrules import (
    can_drink,
    trams_run,
    where,
)
from rules.einsistkeins.pubs import PUBS, clock, is_open, pub

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
        pos=[START_SQUARE] * players,
        alcohol=[0] * players,
        clock=START_CLOCK,
        starter=starter,
        keeper=(starter - 1) % players,
        turn=starter,
    )


# ---------------------------------------------------------------- apply


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if state.phase == "over" or seat != state.turn:
        raise RuleError("error.not_prompted")
    state = state.model_copy(deep=True)  # never touch the caller's state
    state.step += 1
    phase = state.phase
    match action:
        case Roll() if phase == "roll":
            return turn.roll(state, seat, [])
        case Drink(amount=amount) if phase in ("one", "act"):
            return turn.drink(state, seat, amount)
        case Go(to=text) if phase in ("one", "act", "gum"):
            return turn.go(state, seat, text)
        case Stay() if phase in ("one", "act", "gum", "swap"):
            return turn.stay(state, seat)
        case Swap(card=card) if phase == "swap":
            return turn.swap(state, seat, card, draw=False)
        case Discard(card=card) if phase == "swap":
            return turn.swap(state, seat, card, draw=True)
        case Draw() if phase == "refill" and state.pile:
            return turn.refill(state, seat, take=False)
        case Take() if phase == "refill" and state.faceup:
            return turn.refill(state, seat, take=True)
    raise RuleError("error.not_now")


# ---------------------------------------------------------------- deadlines, end, views


def timeout(state: State, prompt: Prompt, seat: int) -> Action:
    """A silent player rolls, drinks what they may (else stays), skips a swap, and draws."""
    match state.phase:
        case "roll":
            return Roll()
        case "one" | "act" if can_drink(state, seat):
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
            key="eikb.record",
            params={"time": clock(state.finished_at)},
        )
    return Outcome(
        ranking=wins.ranking(standings, state.winner),
        scores={s: len(v) for s, v in enumerate(state.visited)},
        record=record,
    )


def public_view(state: State) -> PublicView:
    return PublicView(
        players=state.players,
        phase=state.phase,
        turn=state.turn,
        turn_no=state.turn_no,
        starter=state.starter,
        keeper=state.keeper,
        clock=state.clock,
        roll=state.roll,
        takeaway=state.takeaway,
        trams=trams_run(state.clock),
        pile=len(state.pile),
        faceup=state.faceup,
        hands=tuple(tuple(h) for h in state.hands),
        visited=tuple(tuple(v) for v in state.visited),
        needed=tuple(wins.needed(pub(c) for c in v) for v in state.visited),
        boxed=len(state.boxed),
        pos=tuple(state.pos),
        where=tuple(where(p) for p in state.pos),
        alcohol=tuple(state.alcohol),
        open_pubs=tuple(p.name for p in (*PUBS,) if is_open(p, state.clock)),
        winner=state.winner,
        win_kind=state.win_kind,
        end_reason=state.end_reason,
    )


def seat_view(state: State, seat: int) -> SeatView:
    return SeatView(seat=seat, table=public_view(state))


BOARD_GAME = GameSpec(
    id="einsistkeins",
    names={"de": "Eins ist keins", "en": "Eins ist keins – board game"},
    min_players=1,
    max_players=4,
    options=Options,
    state=State,
    action=TypeAdapter(Action),
    setup=setup,
    prompts=prompts,
    apply=apply,
    public_view=public_view,
    seat_view=seat_view,
    timeout=timeout,
    outcome=outcome,
    secrets=no_secrets,  # the cards lie face up in front of each player
    locales=Path(__file__).parent / "locales",
    rulebook="rules/einsistkeins/NOTES.md",
    commands=("go",),
)
