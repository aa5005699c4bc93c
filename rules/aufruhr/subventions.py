"""II. EU subventions: the Lord Mayor gives each mayor (himself included) one amount,
largest first; the last mayor left gets the last amount by himself. A folder he took
may have promised one mayor a certain amount: any choice breaking it is refused."""

from rules.aufruhr import treasury
from rules.aufruhr.model import AMOUNTS, State, WantSubvention, Wish
from rules.aufruhr.steps import Intention, Step
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.turns import clockwise


def begin(state: State, demand: Wish | None, giver: int | None, events: list[Event]) -> Step | None:
    """After the folder window: a subvention demanded by the folder taken is promised."""
    if isinstance(demand, WantSubvention) and giver is not None:
        state.promised[giver] = demand.amount
    state.phase = "subvention"
    return give_auto(state, events)


def choices(state: State) -> list[int]:
    """Every mayor still without a subvention, from the Lord Mayor's left. A promise made
    by an accepted folder is not shown here (the group would see whose folder it was):
    a choice against it is refused privately (`promise_broken`)."""
    start = (state.lord_mayor or 0) + 1
    return [s for s in clockwise(state.n, start) if s not in state.subvention]


def amount(state: State) -> int:
    """The amount to give next."""
    return AMOUNTS[state.n][len(state.subvention)]


def promise_broken(state: State, to: int) -> tuple[int, int] | None:
    """The promise (seat, amount) that giving the current amount to `to` would break."""
    now = amount(state)
    for seat, promised in state.promised.items():
        if seat in state.subvention:
            continue
        if (promised == now) != (seat == to):
            return seat, promised
    return None


def give(state: State, to: int, events: list[Event]) -> Step | None:
    if to not in choices(state):
        raise RuleError("error.aufruhr.bad_choice")
    if broken := promise_broken(state, to):
        # refusals are not told seat names: the mayor is named by his city
        city = state.mayors[broken[0]].city
        raise RuleError("error.aufruhr.promised", city_id=city, amount=broken[1])
    _give_one(state, to, events)
    return give_auto(state, events)


def reminders(state: State) -> tuple[Event, ...]:
    """While the Lord Mayor still owes the amount a folder he took demanded, each of his
    questions comes with it, privately (the group's buttons must not tell whose folder),
    asked anew or posted again: he gives it himself and would otherwise meet the
    promise only as a refusal."""
    if state.lord_mayor is None:
        return ()
    return tuple(
        Event(
            key="aufruhr.promise",
            params={"city_id": state.mayors[seat].city, "amount": promised},
            to=(state.lord_mayor,),
        )
        for seat, promised in state.promised.items()
        if seat not in state.subvention
    )


def lapse(state: State, events: list[Event]) -> Step | None:
    """The Lord Mayor let it lapse: the rest from his left, largest first, promises kept."""
    step = None
    while state.phase == "subvention":
        left = choices(state)
        kept = [s for s in left if promise_broken(state, s) is None]
        _give_one(state, (kept or left)[0], events)
        step = give_auto(state, events)
        if step is not None:
            return step
    return step


def give_auto(state: State, events: list[Event]) -> Step | None:
    """The last mayor left gets the last amount by himself; then the intention."""
    if len(state.subvention) == state.n - 1:
        _give_one(state, choices(state)[0], events)
    if len(state.subvention) == state.n:
        return Intention()
    state.step += 1
    return None


def _give_one(state: State, to: int, events: list[Event]) -> None:
    given = amount(state)
    state.subvention[to] = given
    treasury.from_bank(state, to, given)
    events.append(Event(key="aufruhr.subvention", params={"seat": to, "amount": given}))
