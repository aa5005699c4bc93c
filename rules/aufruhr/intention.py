"""III. The intention: the Lord Mayor declares the payout of one category, or an auction
of three projects (a category for each slot, from piles that can fill it); a folder he
takes may change it. Then it is carried out: the top payout card (a single or double
payout, or the EU Commission's inspection), or the projects revealed and auctioned one
by one, in the order he picks.
"""

from rules.aufruhr import data, payout, projects
from rules.aufruhr.inspection import inspect
from rules.aufruhr.model import State, WantAuction, WantPayout, Wish
from rules.aufruhr.steps import EndRound, OpenFolders, StartAuction, Step
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.rng import Rng


def begin(state: State) -> None:
    state.phase = "intention"
    state.intention = []
    state.step += 1


def categories_open(state: State) -> list[str]:
    """Categories whose piles can still fill the next auction slot."""
    chosen = state.intention[1:]
    return [c for c in data.CATEGORIES if len(state.piles[c]) > chosen.count(c)]


def declare_payout(state: State, category: str, events: list[Event]) -> Step | None:
    if state.intention or category not in data.CATEGORIES:
        raise RuleError("error.aufruhr.bad_choice")
    state.intention = [f"payout:{category}"]
    params = {"seat": state.lord_mayor, **projects.categories([category])}
    events.append(Event(key="aufruhr.intention_payout", params=params))
    return OpenFolders("intention")


def declare_auction(state: State) -> None:
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
            return declare_payout(state, data.CATEGORIES[0], events)
        state.intention = ["auction"]
    while len(state.intention) < 4 and (open_ := categories_open(state)):
        wanted = data.CATEGORIES[(len(state.intention) - 1) % len(data.CATEGORIES)]
        state.intention.append(wanted if wanted in open_ else open_[0])
    return _announce_auction(state, events)


def _announce_auction(state: State, events: list[Event]) -> Step:
    params = {"seat": state.lord_mayor, **projects.categories(state.intention[1:])}
    events.append(Event(key="aufruhr.intention_auction", params=params))
    return OpenFolders("intention")


def after_folders(state: State, demand: Wish | None, events: list[Event]) -> Step | None:
    """A folder's demand the Lord Mayor took changes the intention; then it is carried out."""
    before = list(state.intention)
    match demand:
        case WantPayout(category=c):
            state.intention = [f"payout:{c}"]
            key, cats = "aufruhr.intention_changed_payout", [c]
        case WantAuction(category=c):
            cats = state.intention[1:] if state.intention[0] == "auction" else []
            if c not in cats:
                cats = [*cats[:2], c] if cats else [c, c, c]
            state.intention = ["auction", *cats]
            key = "aufruhr.intention_changed_auction"
        case _:
            return _carry_out(state, events)
    if state.intention != before:
        params = {"seat": state.lord_mayor, **projects.categories(cats)}
        events.append(Event(key=key, params=params))
    return _carry_out(state, events)


def _carry_out(state: State, events: list[Event]) -> Step | None:
    if state.intention[0].startswith("payout:"):
        return _payout_card(state, state.intention[0].split(":")[1], events)
    lots = []
    for cat in state.intention[1:]:
        if state.piles[cat]:
            top, *rest = state.piles[cat]
            state.piles[cat] = rest  # a new list (clone.py)
            lots.append(top)
    for card in lots:
        params = {"card": card, **projects.categories(projects.kind(card)[2])}
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


def _payout_card(state: State, category: str, events: list[Event]) -> Step:
    """The top payout card for `category` (the pile reshuffled when it is used up)."""
    if not state.payouts:
        rng = Rng(state.rng)
        state.payouts = list(state.payouts_used)
        state.payouts_used = []
        rng.shuffle(state.payouts)
        state.rng = rng.state
        events.append(Event(key="aufruhr.payouts_reshuffled"))
    top = state.payouts.pop(0)
    state.payouts_used.append(top)
    kind = data.payout_kind(top)
    if kind == "eu":
        events.append(Event(key="aufruhr.payout_eu"))
        if inspect(state, events):  # an impeachment ends the round at once (NOTES.md)
            state.payouts_used.remove(top)  # "the card is played and placed into the box"
        return EndRound()
    events.append(Event(key=f"aufruhr.payout_{kind}", params=projects.categories([category])))
    payout.pay_out(state, category, kind == "double", events)
    return EndRound()
