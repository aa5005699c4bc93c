"""Pure transitions of the test-only auction game."""

from rules.core.errors import RuleError
from rules.core.protocol import Event, FreeInput, Option, Outcome, Prompt, Secrets
from rules.core.rng import Rng
from rules.core.turns import Collect, clockwise
from tests.games.auktion.model import (
    START_COINS,
    Action,
    Bid,
    Options,
    Pass,
    Protest,
    PublicView,
    SeatView,
    State,
)

PROTEST_DEADLINE = 60


def setup(players: int, options: Options, seed: int) -> State:
    state = State(
        players=players,
        options=options,
        rng=Rng.from_seed(seed).state,
        coins=[START_COINS] * players,
        points=[0] * players,
    )
    state, _ = _new_lot(state)
    return state


def _roll_lot(state: State) -> tuple[int, list[int]]:
    rng = Rng(state.rng)
    dice = [rng.randint(1, 6), rng.randint(1, 6)]
    state.rng = rng.state
    return sum(dice), dice


def _new_lot(state: State) -> tuple[State, list[Event]]:
    worth, dice = _roll_lot(state)
    state.lot, state.winner, state.passed = worth, None, []
    state.bids = Collect(asked=tuple(range(state.players)))
    state.phase = "bid"
    return state, [
        Event(key="auktion.lot", params={"round": state.round, "worth": worth, "dice": dice})
    ]


def prompts(state: State) -> list[Prompt]:
    if state.phase == "bid":
        return [
            Prompt(
                id=f"bid:{state.round}",
                seats=state.bids.waiting,
                key="auktion.prompt.bid",
                params={"worth": state.lot},
                options=tuple(
                    Option(label=str(n), literal=True, action=Bid(amount=n)) for n in (0, 1, 2, 5)
                ),
                input=FreeInput(kind="number", field="amount", action=Bid(amount=0), min=0),
                secret=True,
                command="bid",
                deadline=state.options.deadline,
            )
        ]
    if state.phase == "protest":
        assert state.winner is not None
        waiting = tuple(clockwise(state.players, 0, (state.winner, *state.passed)))
        return [
            Prompt(
                id=f"protest:{state.round}",
                seats=waiting,
                key="auktion.prompt.protest",
                params={"winner_seat": state.winner},
                options=(
                    Option(label="auktion.button.protest", action=Protest()),
                    Option(label="auktion.button.pass", action=Pass()),
                ),
                deadline=PROTEST_DEADLINE,
            )
        ]
    return []


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if not any(seat in p.seats for p in prompts(state)):
        raise RuleError("error.not_prompted")
    state = state.model_copy(deep=True)  # never touch the caller's state
    match action:
        case Bid(amount=amount):
            return _bid(state, seat, amount)
        case Protest():
            return _protest(state, seat)
        case Pass():
            return _pass(state, seat)
    raise RuleError("error.not_now")


def _bid(state: State, seat: int, amount: int) -> tuple[State, list[Event]]:
    if state.phase != "bid":
        raise RuleError("error.not_now")
    if amount < 0:
        raise RuleError("auktion.error.negative")
    if amount > state.coins[seat]:
        raise RuleError("auktion.error.too_poor", coins=state.coins[seat])
    state.bids = state.bids.answer(seat, amount)
    events = [Event(key="auktion.bid_taken", params={"amount": amount}, to=(seat,))]
    if not state.bids.complete:
        return state, events
    # All sealed bids are in: reveal them together.
    bids = [state.bids.answers[s] for s in range(state.players)]
    events.append(Event(key="auktion.reveal", params={"bids_by_seat": bids}))
    top = max(bids)
    leaders = [s for s, b in enumerate(bids) if b == top]
    if top == 0 or len(leaders) > 1:
        events.append(Event(key="auktion.no_sale"))
        return _next_round(state, events)
    winner = leaders[0]
    state.coins[winner] -= top
    state.points[winner] += state.lot
    state.winner = winner
    state.phase = "protest"
    events.append(Event(key="auktion.sold", params={"winner_seat": winner, "price": top}))
    return state, events


def _protest(state: State, seat: int) -> tuple[State, list[Event]]:
    if state.phase != "protest":
        raise RuleError("error.not_now")
    if state.coins[seat] < 1:
        raise RuleError("auktion.error.too_poor", coins=0)
    assert state.winner is not None
    state.coins[seat] -= 1
    old = state.lot
    new, dice = _roll_lot(state)
    state.points[state.winner] += new - old
    events = [
        Event(
            key="auktion.protested",
            params={
                "seat": seat,
                "winner_seat": state.winner,
                "old": old,
                "new": new,
                "dice": dice,
            },
        )
    ]
    return _next_round(state, events)


def _pass(state: State, seat: int) -> tuple[State, list[Event]]:
    if state.phase != "protest":
        raise RuleError("error.not_now")
    state.passed.append(seat)
    events: list[Event] = []
    if not prompts(state)[0].seats:
        return _next_round(state, events)
    return state, events


def _next_round(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    if state.round >= state.options.rounds:
        state.phase = "over"
        state.bids, state.winner, state.passed = Collect(asked=()), None, []
        return state, events
    state.round += 1
    state, more = _new_lot(state)
    return state, events + more


def timeout(state: State, prompt: Prompt, seat: int) -> Action:
    """A silent bidder bids nothing; a silent bystander lets the sale stand."""
    return Bid(amount=0) if state.phase == "bid" else Pass()


def _score(state: State, seat: int) -> int:
    return state.coins[seat] + state.points[seat]


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = {s: _score(state, s) for s in range(state.players)}
    ranking = tuple(
        tuple(s for s in scores if scores[s] == value)
        for value in sorted(set(scores.values()), reverse=True)
    )
    return Outcome(ranking=ranking, scores=scores)


def public_view(state: State) -> PublicView:
    return PublicView(
        round=state.round,
        rounds=state.options.rounds,
        phase=state.phase,
        lot=state.lot,
        points=tuple(state.points),
        answered=state.bids.answered if state.phase == "bid" else (),
    )


def seat_view(state: State, seat: int) -> SeatView:
    return SeatView(
        seat=seat,
        coins=state.coins[seat],
        points=state.points[seat],
        my_bid=state.bids.answers.get(seat),
    )


def secrets(state: State) -> Secrets:
    """Coins are kept behind a screen; a bid is secret until all are in (then it is
    shown and spent, and the collection starts afresh)."""
    sealed = {} if state.bids.complete else state.bids.answers
    return {
        s: {"coins": state.coins[s], **({"bid": sealed[s]} if s in sealed else {})}
        for s in range(state.players)
    }


def invariants(state: State) -> None:
    """Coins only go to the bank: nobody ever has more than they started with, or less
    than nothing."""
    assert all(0 <= c <= START_COINS for c in state.coins), state.coins
