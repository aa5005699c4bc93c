"""III. The intention: the Lord Mayor declares the payout of one category, or an auction
of three projects (a category for each slot, from piles that can fill it); a folder he
takes may change it. Then it is carried out: the payout card, or the projects revealed
and auctioned one by one, in the order he picks.
"""

from rules.aufruhr import projects
from rules.aufruhr.data import CATEGORIES
from rules.aufruhr.model import State
from rules.aufruhr.steps import EndRound, OpenFolders, PayoutCard, StartAuction, Step
from rules.core.errors import RuleError
from rules.core.protocol import Event


def begin(state: State) -> None:
    state.phase = "intention"
    state.intention = []
    state.step += 1


def categories_open(state: State) -> list[str]:
    """Categories whose piles can still fill the next auction slot."""
    chosen = state.intention[1:]
    return [c for c in CATEGORIES if len(state.piles[c]) > chosen.count(c)]


def payout(state: State, category: str, events: list[Event]) -> Step | None:
    if state.intention or category not in CATEGORIES:
        raise RuleError("error.aufruhr.bad_choice")
    state.intention = [f"payout:{category}"]
    params = {"seat": state.lord_mayor, **projects.categories([category])}
    events.append(Event(key="aufruhr.intention_payout", params=params))
    return OpenFolders("intention")


def auction(state: State) -> None:
    if state.intention or not categories_open(state):
        raise RuleError("error.aufruhr.bad_choice")
    state.intention = ["auction"]
    state.step += 1


def slot(state: State, category: str, events: list[Event]) -> Step | None:
    if not state.intention or category not in categories_open(state):
        raise RuleError("error.aufruhr.bad_choice")
    state.intention.append(category)
    if len(state.intention) < 4 and categories_open(state):
        state.step += 1
        return None
    return _announce_auction(state, events)


def lapse(state: State, events: list[Event]) -> Step | None:
    """A lapse: an auction, the categories in turn (a payout if no pile can fill a slot)."""
    if not state.intention:
        if not categories_open(state):
            return payout(state, CATEGORIES[0], events)
        state.intention = ["auction"]
    while len(state.intention) < 4 and (open_ := categories_open(state)):
        wanted = CATEGORIES[(len(state.intention) - 1) % len(CATEGORIES)]
        state.intention.append(wanted if wanted in open_ else open_[0])
    return _announce_auction(state, events)


def _announce_auction(state: State, events: list[Event]) -> Step:
    params = {"seat": state.lord_mayor, **projects.categories(state.intention[1:])}
    events.append(Event(key="aufruhr.intention_auction", params=params))
    return OpenFolders("intention")


def after_folders(state: State, demand: str | None, events: list[Event]) -> Step | None:
    """A folder's demand the Lord Mayor took changes the intention; then it is carried out."""
    kind, _, arg = (demand or "").partition(":")
    before = list(state.intention)
    if kind == "payout":
        state.intention = [f"payout:{arg}"]
        key, cats = "aufruhr.intention_changed_payout", [arg]
    elif kind == "auction":
        cats = state.intention[1:] if state.intention[0] == "auction" else []
        if arg not in cats:
            cats = [*cats[:2], arg] if cats else [arg, arg, arg]
        state.intention = ["auction", *cats]
        key = "aufruhr.intention_changed_auction"
    if kind in ("payout", "auction") and state.intention != before:
        params = {"seat": state.lord_mayor, **projects.categories(cats)}
        events.append(Event(key=key, params=params))
    return _carry_out(state, events)


def _carry_out(state: State, events: list[Event]) -> Step | None:
    if state.intention[0].startswith("payout:"):
        return PayoutCard(state.intention[0].split(":")[1])
    lots = [state.piles[cat].pop(0) for cat in state.intention[1:] if state.piles[cat]]
    for card in lots:
        params = {**projects.names(card), **projects.categories(projects.kind(card)[2])}
        events.append(Event(key=f"aufruhr.revealed_{projects.kind_key(card)}", params=params))
    state.lots = lots
    return next_lot(state)


def next_lot(state: State) -> Step | None:
    """The only lot left is auctioned at once; of several, the Lord Mayor picks."""
    if not state.lots:
        return EndRound()
    if len(state.lots) == 1:
        return StartAuction(state.lots.pop(0), "round")
    state.phase = "order"
    state.step += 1
    return None


def lot(state: State, card: str) -> Step:
    if card not in state.lots:
        raise RuleError("error.aufruhr.bad_choice")
    state.lots.remove(card)
    return StartAuction(card, "round")
