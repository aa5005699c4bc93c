"""V. The event card at the end of a round: money from or to the bank, a payout, an
inspection, or a project auctioned at once (a negative RuhrCity project too). After the
last event card one more round is played; then the end (ending.py)."""

from rules.aufruhr import data, projects, treasury
from rules.aufruhr.inspection import inspect
from rules.aufruhr.model import State
from rules.aufruhr.payout import pay_out
from rules.aufruhr.sites import municipal_count
from rules.aufruhr.steps import Final, NewRound, StartAuction, Step
from rules.core.protocol import Event


def play(state: State, events: list[Event]) -> Step:
    if not state.events:
        return Final()
    card = data.event(state.events.pop(0))
    state.event = card.id
    events.append(
        Event(
            key="aufruhr.event",
            params={"event_card": card.id, "left": len(state.events)},
        )
    )
    n = state.n
    match card.kind:
        case "negative":
            return StartAuction(card.id, "event")
        case "auction":
            assert card.category is not None
            if state.piles[card.category]:
                top, *rest = state.piles[card.category]
                state.piles[card.category] = rest  # a new list (clone.py)
                return StartAuction(top, "event")
            events.append(
                Event(key="aufruhr.pile_empty", params=projects.categories([card.category]))
            )
        case "grant" | "grant_per_project":
            per = card.kind == "grant_per_project"
            amounts = [card.amount * (municipal_count(state, s) if per else 1) for s in range(n)]
            for s, a in enumerate(amounts):
                treasury.from_bank(state, s, a)
            events.append(Event(key="aufruhr.event_money", params={"amounts_by_seat": amounts}))
        case "levy" | "levy_per_project":
            per = card.kind == "levy_per_project"
            wanted = [card.amount * (municipal_count(state, s) if per else 1) for s in range(n)]
            # The group hears what is due; who could not pay all of it only learns so in
            # private, or the shortfall would tell the table his treasury.
            events.append(Event(key="aufruhr.event_levy", params={"amounts_by_seat": wanted}))
            for s, due in enumerate(wanted):
                if not due:
                    continue
                paid = treasury.pay_bank(state, s, due)
                if paid < due:
                    params = {"paid": paid, "due": due}
                    events.append(Event(key="aufruhr.levy_short", params=params, to=(s,)))
                events.append(treasury.told(state, s))
        case "payout":
            assert card.category is not None
            pay_out(state, card.category, False, events)
        case "inspection":
            inspect(state, events)
    return NewRound()
