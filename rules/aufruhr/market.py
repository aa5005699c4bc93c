"""AUFRUHR! from the intention on: payout cards and the EU Commission, sealed-bid
auctions and building, V. end of round (RuhrCity realisation, the event card) and
VI. scoring with the RuhrCity Hall.
"""

from rules.aufruhr import cards as deck
from rules.aufruhr import flow
from rules.aufruhr.auction import LICENCE, check_bid, resolve
from rules.aufruhr.common import (
    _can_realise,
    _cats,
    _from_bank,
    _from_left,
    _kind,
    _licence,
    _may_realise,
    _minimum,
    _municipal_count,
    _municipal_sites,
    _n,
    _names,
    _pay_bank,
    _place,
    _private_money,
    _ruhrcity_sites,
    _site_id,
)
from rules.aufruhr.ending import _final
from rules.aufruhr.model import (
    Auction,
    Bilingual,
    Election,
    Project,
    Realising,
    State,
)
from rules.aufruhr.payout import payouts
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.rng import Rng


def _payout_card(state: State, cat: str, events: list[Event]) -> tuple[State, list[Event]]:
    if not state.payouts:  # the pile is used up: shuffle the played cards anew
        rng = Rng(state.rng)
        state.payouts = list(state.payouts_used)
        state.payouts_used = []
        rng.shuffle(state.payouts)
        state.rng = rng.state
        events.append(Event(key="aufruhr.payouts_reshuffled"))
    card = state.payouts.pop(0)
    state.payouts_used.append(card)
    kind = next(p.kind for p in deck.cards().payouts if p.id == card)
    if kind == "eu":
        events.append(Event(key="aufruhr.payout_eu"))
        if _inspect(state, events):  # an impeachment ends the round at once (NOTES.md)
            state.payouts_used.remove(card)  # "the card is played and placed into the box"
        return _end_round(state, events)
    events.append(Event(key=f"aufruhr.payout_{kind}", params=_cats([cat])))
    _pay_out(state, cat, kind == "double", events)
    return _end_round(state, events)


def _pay_out(state: State, cat: str, double: bool, events: list[Event]) -> None:
    paid = payouts(state.board, cat, double, _n(state))
    for seat, amount in enumerate(paid):
        if amount:
            _from_bank(state, seat, amount)
    events.append(Event(key="aufruhr.paid_out", params={"amounts_by_seat": paid}))


def _inspect(state: State, events: list[Event]) -> bool:
    """The EU Commission: a Lord Mayor holding fresh bribes or a scandal is impeached."""
    lm = state.lord_mayor
    if lm is None:
        events.append(Event(key="aufruhr.inspection_nobody"))
        return False
    fresh = [i for i, t in enumerate(state.tokens) if t.holder == lm and t.fresh]
    scandals = [i for i, s in enumerate(state.scandals) if s.holder == lm and s.fresh]
    if not fresh and not scandals:
        events.append(Event(key="aufruhr.inspection_clean", params={"seat": lm}))
        return False
    gone = {"holder": -1, "covered": False, "fresh": False}  # to the EU: out of the game
    for i in fresh:
        state.tokens[i] = state.tokens[i].model_copy(update=gone)
    for i in scandals:
        state.scandals[i] = state.scandals[i].model_copy(update={"public": True, "fresh": False})
    key = "aufruhr.impeached_scandal" if scandals else "aufruhr.impeached"
    events.append(Event(key=key, params={"seat": lm}))
    state.lord_mayor, state.barred = None, lm
    return True


def _start_auction(
    state: State, card: str, source: str, events: list[Event]
) -> tuple[State, list[Event]]:
    state.auction = Auction(card=card, minimum=_minimum(card), source=source)  # type: ignore[arg-type]
    state.phase = "bid"
    state.step += 1
    events.append(
        Event(key="aufruhr.auction_open", params={**_names(card), "minimum": _minimum(card)})
    )
    return state, events


def _bid(state: State, seat: int, amount: int) -> tuple[State, list[Event]]:
    a = state.auction
    assert a is not None
    check_bid(amount, state.mayors[seat].money)
    if amount and _kind(a.card)[0] == "municipal":
        if state.mayors[seat].markers < 1:
            raise RuleError("error.aufruhr.no_markers")
        if not _municipal_sites(state, seat):
            raise RuleError("error.aufruhr.no_site")
    a.bids[seat] = amount or None
    events = [Event(key="aufruhr.your_bid", params={"amount": amount}, to=(seat,))]
    if len(a.bids) < _n(state):
        return state, events
    return _reveal_bids(state, events)


def _reveal_bids(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    a = state.auction
    assert a is not None
    shown = [a.bids.get(s) or "—" for s in range(_n(state))]
    events.append(Event(key="aufruhr.bids", params={"bids_by_seat": shown}))
    result = resolve(a.bids, a.minimum)
    if result.price is None:
        events.append(Event(key="aufruhr.unsold", params=_names(a.card)))
        if not a.card.startswith("ev"):
            state.discard.append(a.card)
        return _after_auction(state, events)
    a.price = result.price
    if len(result.winners) == 1:
        return _sold(state, result.winners[0], events)
    a.tied = list(result.winners)
    events.append(Event(key="aufruhr.tied", params={"tied_seats": a.tied, "price": a.price}))
    if state.lord_mayor is None:  # nobody in office (an impeachment): the first tied bidder
        return _sold(state, a.tied[0], events)
    return flow._open_folders(state, "tie", events)


def _sold(state: State, winner: int, events: list[Event]) -> tuple[State, list[Event]]:
    a = state.auction
    assert a is not None
    _pay_bank(state, winner, a.price)
    a.winner = winner
    events.append(
        Event(key="aufruhr.sold", params={"seat": winner, "price": a.price, **_names(a.card)})
    )
    events.append(_private_money(state, winner))
    kind = _kind(a.card)[0]
    if kind == "ruhrcity":
        state.mayors[winner].hand.append(a.card)
        return _after_auction(state, events)
    if not _municipal_sites(state, winner):  # cannot happen: bids need a site (NOTES.md)
        state.discard.append(a.card)
        return _after_auction(state, events)
    state.build, state.build_card = winner, a.card
    state.phase = "site"
    state.step += 1
    return state, events


def _build(state: State, seat: int, site: str) -> tuple[State, list[Event]]:
    if site not in _municipal_sites(state, seat):
        raise RuleError("error.aufruhr.bad_site")
    card = state.build_card
    assert card is not None
    kind, size, cats, _ = _kind(card)
    state.board.setdefault(site, []).append(
        Project(kind=kind, size=size, categories=cats, owners=(seat,), card=card)
    )
    state.mayors[seat].markers -= 1
    state.build = state.build_card = None
    events = [
        Event(key="aufruhr.built", params={"seat": seat, "place": _place(site), **_names(card)})
    ]
    return _after_auction(state, events)


def _after_auction(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    a = state.auction
    assert a is not None
    state.auction = None
    if a.source == "event":
        return _new_round(state, events)
    return flow._next_lot(state, events)


def _end_round(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state.lots, state.intention = [], []
    # Everyone who could realise as far as the table can see is asked in turn, the ones
    # short of the licence too: skipping them would tell who has less than 120 (NOTES.md).
    queue = [
        s
        for s in _from_left(state, state.lord_mayor)
        if any(_may_realise(state, s, c) for c in state.mayors[s].hand)
    ]
    if queue:
        state.realising = Realising(queue=queue)
        state.phase = "realise"
        state.step += 1
        events.append(Event(key="aufruhr.realise_time", params={"seats": queue}))
        return state, events
    return _after_realising(state, events)


def _realise(state: State, seat: int, choice: str) -> tuple[State, list[Event]]:
    r = state.realising
    assert r is not None
    events: list[Event] = []
    owner = r.queue[0]
    if r.card is None:
        if choice == "done":
            return _next_owner(state, events)
        if choice not in state.mayors[seat].hand or not _may_realise(state, seat, choice):
            raise RuleError("error.aufruhr.cannot_realise")
        if not _can_realise(state, seat, choice):
            raise RuleError(
                "error.aufruhr.licence_too_poor",
                licence=_licence(choice),
                money=state.mayors[seat].money,
            )
        r.card = choice
    elif r.site is None:
        site = _site_id(choice)
        if site not in _ruhrcity_sites(state):
            raise RuleError("error.aufruhr.bad_site")
        r.site = site
        if _kind(r.card)[1] == "small" or state.mayors[owner].markers < 2:
            if state.mayors[owner].markers < 3:
                raise RuleError("error.aufruhr.no_markers")
            return _realised(state, (owner,), events)
    elif r.partner is None:
        if choice == "back":
            r.card = r.site = None
            r.declined = []
            state.step += 1
            return state, events
        if choice == "alone":
            if state.mayors[owner].markers < 3:
                raise RuleError("error.aufruhr.no_markers")
            return _realised(state, (owner,), events)
        if not choice.isdigit() or int(choice) == owner or not 0 <= int(choice) < _n(state):
            raise RuleError("error.aufruhr.bad_choice")
        if state.mayors[int(choice)].markers < 1:
            raise RuleError("error.aufruhr.no_markers")
        if int(choice) in r.declined:
            raise RuleError("error.aufruhr.partner_declined")
        r.partner = int(choice)
        events.append(
            Event(key="aufruhr.partner_asked", params={"seat": owner, "partner_seat": r.partner})
        )
    else:
        if choice == "yes":
            return _realised(state, (owner, r.partner), events)
        if choice != "no":
            raise RuleError("error.aufruhr.bad_choice")
        events.append(Event(key="aufruhr.partner_declined", params={"seat": r.partner}))
        r.declined.append(r.partner)
        r.partner = None
    state.step += 1
    return state, events


def _realised(
    state: State, owners: tuple[int, ...], events: list[Event]
) -> tuple[State, list[Event]]:
    r = state.realising
    assert r is not None and r.card is not None and r.site is not None
    owner = owners[0]
    kind, size, cats, negative = _kind(r.card)
    paid = _pay_bank(state, owner, LICENCE[size])  # bound since the choice: all of it
    state.mayors[owner].markers -= 3 if len(owners) == 1 else 2
    if len(owners) == 2:
        state.mayors[owners[1]].markers -= 1
    state.mayors[owner].hand.remove(r.card)
    state.board[r.site] = [
        Project(
            kind=kind, size=size, categories=cats, owners=owners, negative=negative, card=r.card
        )
    ]
    events.append(
        Event(
            key="aufruhr.realised_coop" if len(owners) == 2 else "aufruhr.realised",
            params={
                "seat": owner,
                "partner_seat": owners[-1],
                "place": _place(r.site),
                "licence": paid,
                **_names(r.card),
            },
        )
    )
    events.append(_private_money(state, owner))
    r.card = r.site = r.partner = None
    r.declined = []
    if any(_may_realise(state, owner, c) for c in state.mayors[owner].hand):
        state.step += 1
        return state, events
    return _next_owner(state, events)


def _next_owner(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    r = state.realising
    assert r is not None
    r.queue.pop(0)
    r.card = r.site = r.partner = None
    r.declined = []
    while r.queue and not any(
        _may_realise(state, r.queue[0], c) for c in state.mayors[r.queue[0]].hand
    ):
        r.queue.pop(0)
    if r.queue:
        state.step += 1
        return state, events
    state.realising = None
    return _after_realising(state, events)


def _after_realising(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    if not state.events:
        return _final(state, events)
    card = deck.event(state.events.pop(0))
    state.event = card.id
    events.append(
        Event(
            key="aufruhr.event",
            params={
                "name": Bilingual(en=card.name["en"], de=card.name["de"]),
                "text": Bilingual(en=card.text["en"], de=card.text["de"]),
                "left": len(state.events),
            },
        )
    )
    n = _n(state)
    match card.kind:
        case "negative":
            return _start_auction(state, card.id, "event", events)
        case "auction":
            assert card.category is not None
            if state.piles[card.category]:
                top = state.piles[card.category].pop(0)
                return _start_auction(state, top, "event", events)
            events.append(Event(key="aufruhr.pile_empty", params=_cats([card.category])))
        case "grant" | "grant_per_project":
            amounts = [
                card.amount
                * (_municipal_count(state, s) if card.kind == "grant_per_project" else 1)
                for s in range(n)
            ]
            for s, a in enumerate(amounts):
                _from_bank(state, s, a)
            events.append(Event(key="aufruhr.event_money", params={"amounts_by_seat": amounts}))
        case "levy" | "levy_per_project":
            wanted = [
                card.amount * (_municipal_count(state, s) if card.kind == "levy_per_project" else 1)
                for s in range(n)
            ]
            # The group hears what is due; who could not pay all of it only learns so in
            # private, or the shortfall would tell the table his treasury.
            events.append(Event(key="aufruhr.event_levy", params={"amounts_by_seat": wanted}))
            for s, due in enumerate(wanted):
                if not due:
                    continue
                paid = _pay_bank(state, s, due)
                if paid < due:
                    events.append(
                        Event(key="aufruhr.levy_short", params={"paid": paid, "due": due}, to=(s,))
                    )
                events.append(_private_money(state, s))
        case "payout":
            assert card.category is not None
            _pay_out(state, card.category, False, events)
        case "inspection":
            _inspect(state, events)
    return _new_round(state, events)


def _new_round(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state.round += 1
    state.phase = "election"
    state.election = Election(candidates=tuple(range(_n(state))))
    state.step += 1
    key = "aufruhr.new_round" if state.events else "aufruhr.new_round_last"
    params = {"round": state.round, "events_left": len(state.events)}
    events.append(Event(key=key, params=params))
    return state, events
