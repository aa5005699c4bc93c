"""III.a Sealed-bid auctions: secret bids, revealed together once every mayor has bid.

Bids are multiples of 10 and at most what the bidder holds; the highest bid at or above
the minimum wins and is paid to the bank; a tie among the highest goes to the Lord Mayor
(after a folder window). A municipal project is built at once (`build`); a RuhrCity
project goes to the winner's hand, to be realised at the end of the round.
"""

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.aufruhr import projects, treasury
from rules.aufruhr.clone import mayor
from rules.aufruhr.model import Auction, Project, State, WantAward, Wish
from rules.aufruhr.sites import open_sites
from rules.aufruhr.steps import NewRound, NextLot, OpenFolders, Step
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.turns import Collect


class AuctionResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    price: int | None  # None: unsold (every bid below the minimum), to the discard pile
    winners: tuple[int, ...]  # one seat, or the tied seats the Lord Mayor chooses among


def check_bid(amount: int, money: int) -> None:
    if amount < 0 or amount % 10:
        raise RuleError("error.aufruhr.bid_multiple")
    if amount > money:
        raise RuleError("error.aufruhr.bid_too_high", amount=amount)


def resolve(bids: Mapping[int, int | None], minimum: int) -> AuctionResult:
    """`bids[seat]` is the sealed bid, None for no bid (a missed deadline)."""
    valid = {s: b for s, b in bids.items() if b is not None and b >= minimum}
    if not valid:
        return AuctionResult(price=None, winners=())
    top = max(valid.values())
    return AuctionResult(price=top, winners=tuple(sorted(s for s, b in valid.items() if b == top)))


def start(state: State, card: str, source: str, events: list[Event]) -> None:
    minimum = projects.minimum(card)
    bids: Collect[int | None] = Collect(asked=tuple(range(state.n)))
    state.auction = Auction(card=card, minimum=minimum, source=source, bids=bids)  # type: ignore[arg-type]
    state.phase = "bid"
    state.step += 1
    events.append(Event(key="aufruhr.auction_open", params={"card": card, "minimum": minimum}))


def bid(state: State, seat: int, amount: int, events: list[Event]) -> Step | None:
    a = state.auction
    assert a is not None
    check_bid(amount, state.mayors[seat].money)
    if amount and projects.kind(a.card)[0] == "municipal":
        if state.mayors[seat].markers < 1:
            raise RuleError("error.aufruhr.no_markers")
        if not open_sites(state, seat):
            raise RuleError("error.aufruhr.no_site")
    a.bids = a.bids.answer(seat, amount or None)
    if amount:
        events.append(Event(key="aufruhr.your_bid", params={"amount": amount}, to=(seat,)))
    else:  # [No bid], 0 or a lapse: said as the reveal says it, not as a bid of 0
        events.append(Event(key="aufruhr.your_no_bid", to=(seat,)))
    if not a.bids.complete:
        return None
    return _reveal(state, events)


def _reveal(state: State, events: list[Event]) -> Step | None:
    a = state.auction
    assert a is not None
    # None: no bid from that seat (render/aufruhr.py shows a dash)
    shown = [a.bids.answers.get(s) or None for s in range(state.n)]
    events.append(Event(key="aufruhr.bids", params={"bids_by_seat": shown}))
    result = resolve(a.bids.answers, a.minimum)
    if result.price is None:
        events.append(Event(key="aufruhr.unsold", params={"card": a.card}))
        if not a.card.startswith("ev"):
            state.discard.append(a.card)
        return after(state)
    a.price = result.price
    if len(result.winners) == 1:
        return _sold(state, result.winners[0], events)
    a.tied = list(result.winners)
    params = {"tied_seats": a.tied, "price": a.price}
    if state.lord_mayor is None:  # nobody in office (an impeachment): the first tied bidder
        # (and the group is told so: no Lord Mayor decides it)
        events.append(Event(key="aufruhr.tied_nobody_in_office", params=params))
        return _sold(state, a.tied[0], events)
    events.append(Event(key="aufruhr.tied", params=params))
    return OpenFolders("tie")


def after_folders(state: State, demand: Wish | None, events: list[Event]) -> Step | None:
    """A tie after the folder window: a folder taken may have named the winner."""
    assert state.auction is not None
    if isinstance(demand, WantAward) and demand.seat in state.auction.tied:
        return award(state, demand.seat, events)
    state.phase = "award"
    state.step += 1
    return None


def award(state: State, winner: int, events: list[Event]) -> Step | None:
    """The Lord Mayor awards a tied auction."""
    assert state.auction is not None
    if winner not in state.auction.tied:
        raise RuleError("error.aufruhr.bad_choice")
    events.append(Event(key="aufruhr.awarded", params={"seat": winner}))
    return _sold(state, winner, events)


def _sold(state: State, winner: int, events: list[Event]) -> Step | None:
    a = state.auction
    assert a is not None
    treasury.pay_bank(state, winner, a.price)
    a.winner = winner
    params = {"seat": winner, "price": a.price, "card": a.card}
    events.append(Event(key="aufruhr.sold", params=params))
    events.append(treasury.told(state, winner))
    if projects.kind(a.card)[0] == "ruhrcity":
        mayor(state, winner).hand.append(a.card)
        return after(state)
    if not open_sites(state, winner):  # cannot happen: bids need a site (NOTES.md)
        state.discard.append(a.card)
        return after(state)
    state.build, state.build_card = winner, a.card
    state.phase = "site"
    state.step += 1
    return None


def build(state: State, seat: int, site: str, events: list[Event]) -> Step:
    """The buyer of a municipal project builds it at once: one of his markers goes onto
    a site sites.py allows him."""
    if site not in open_sites(state, seat):
        raise RuleError("error.aufruhr.bad_site")
    card = state.build_card
    assert card is not None
    kind, size, cats, _ = projects.kind(card)
    built = Project(kind=kind, size=size, categories=cats, owners=(seat,), card=card)
    state.board[site] = [*state.board.get(site, ()), built]  # a new list (clone.py)
    mayor(state, seat).markers -= 1
    state.build = state.build_card = None
    params = {"seat": seat, "place_id": site, "card": card}
    events.append(Event(key="aufruhr.built", params=params))
    return after(state)


def after(state: State) -> Step:
    """The auction is over: the next lot, or (an event card's auction) the next round."""
    a = state.auction
    assert a is not None
    state.auction = None
    return NewRound() if a.source == "event" else NextLot()
