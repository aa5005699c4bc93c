"""AUFRUHR! prompts: who must decide what now, with buttons that say what they do.

One main prompt at a time (a secret simultaneous step keeps its id while its seats
answer, so nobody's buttons go stale), plus the standing commands /pay, /deal,
/accept and /decline.
"""

from functools import cache
from typing import Any

from rules.aufruhr import cards as deck
from rules.aufruhr.auction import LICENCE
from rules.aufruhr.commands import _standing
from rules.aufruhr.common import (
    CATS,
    _categories_open,
    _cats,
    _cities,
    _from_left,
    _give_choices,
    _kind,
    _minimum,
    _municipal_sites,
    _n,
    _names,
    _offers,
    _place,
    _ruhrcity_sites,
)
from rules.aufruhr.mapdata import ruhr_map
from rules.aufruhr.model import (
    State,
)
from rules.aufruhr.subventions import AMOUNTS
from rules.core.protocol import FreeInput, Option, Prompt


def _lm_prompt(state: State, pid: str, key: str, options: list[Option], **params: Any) -> Prompt:
    assert state.lord_mayor is not None
    return Prompt(
        id=f"{pid}:{state.step}",
        seats=(state.lord_mayor,),
        key=key,
        params=params,
        options=tuple(options),
        deadline=state.options.deadline,
    )


def _city_option(state: State, seat: int, action: dict[str, Any]) -> Option:
    return Option(label=_place(state.mayors[seat].city), literal=True, action=action)


def _site_options(sites: list[str]) -> tuple[Option, ...]:
    return tuple(
        Option(label=_place(c), literal=True, action={"type": "choose", "choice": c}) for c in sites
    )


def _demand_option(cities: tuple[str, ...], demand: str) -> Option:
    kind, _, arg = demand.partition(":")
    action = {"type": "demand", "demand": demand}
    if kind == "subvention":
        return Option(label="aufruhr.demand.subvention", params={"amount": int(arg)}, action=action)
    if kind == "award":
        city = _place(cities[int(arg)])
        return Option(label="aufruhr.demand.award", params={"city": city}, action=action)
    return Option(label=f"aufruhr.demand.{kind}", params=_cats([arg]), action=action)


def _folder_prompt(state: State) -> Prompt:
    f = state.folders
    assert f is not None
    cities = _cities(state)
    tied = tuple(state.auction.tied) if f.context == "tie" and state.auction else ()
    return Prompt(
        id=f"folder:{f.number}",
        seats=tuple(f.seats),
        key=f"aufruhr.prompt.folder_{f.context}",
        params={"lord_mayor_seat": state.lord_mayor},
        options=_folder_options(f.context, cities, tied),
        input=FreeInput(kind="text", field="text", action={"type": "demand"}, max_length=200),
        secret=True,
        command="demand",
        deadline=state.options.deadline,
        timeout_key="aufruhr.timeout.folder",
    )


@cache
def _folder_options(
    context: str, cities: tuple[str, ...], tied: tuple[int, ...]
) -> tuple[Option, ...]:
    """The folder buttons depend only on the moment and the table: made once each."""
    n = len(cities)
    if context == "subvention":
        demands = [f"subvention:{a}" for a in AMOUNTS[n]]
    elif context == "intention":
        demands = [f"payout:{c}" for c in CATS] + [f"auction:{c}" for c in CATS]
    else:
        demands = [f"award:{s}" for s in tied]
    stars = sorted(set(deck.cards().bribe_stars))
    return (
        Option(label="aufruhr.button.keep", action={"type": "hand", "hand": False}),
        *(_demand_option(cities, d) for d in demands),
        *(
            Option(
                label="aufruhr.button.put",
                params={"stars": "★" * s},
                action={"type": "put", "stars": s},
            )
            for s in stars
        ),
        Option(label="aufruhr.button.scandal", action={"type": "put", "stars": 0}),
        Option(label="aufruhr.button.hand", action={"type": "hand", "hand": True}),
    )


def _offers_prompt(state: State) -> Prompt:
    f = state.folders
    assert f is not None
    offers = _offers(state)
    scandals = [s for s in offers if f.drafts[s].scandal]
    options = []
    if not scandals:
        options.append(
            Option(
                label="aufruhr.button.refuse_all", action={"type": "accept_folder", "seat": None}
            )
        )
    for s in scandals or offers:
        options.append(
            Option(
                label="aufruhr.button.accept_folder",
                params={"city": _place(state.mayors[s].city)},
                action={"type": "accept_folder", "seat": s},
            )
        )
    p = _lm_prompt(state, "offers", "aufruhr.prompt.offers", options)
    return p.model_copy(update={"secret": True})


def _give_prompt(state: State) -> Prompt:
    amount = AMOUNTS[_n(state)][len(state.subvention)]
    options = [_city_option(state, s, {"type": "give", "seat": s}) for s in _give_choices(state)]
    return _lm_prompt(state, "give", "aufruhr.prompt.give", options, amount=amount)


def _intend_prompt(state: State) -> Prompt:
    if not state.intention:
        options = []
        if _categories_open(state):
            options.append(
                Option(
                    label="aufruhr.button.auction", action={"type": "intend", "choice": "auction"}
                )
            )
        options += [
            Option(
                label="aufruhr.button.payout",
                params=_cats([c]),
                action={"type": "intend", "choice": f"payout:{c}"},
            )
            for c in CATS
        ]
        return _lm_prompt(state, "intend", "aufruhr.prompt.intention", options)
    slot = len(state.intention)
    open_ = _categories_open(state)
    order = CATS
    options = [
        Option(
            label="aufruhr.button.category",
            params=_cats([c]),
            action={"type": "intend", "choice": c},
        )
        for c in order
        if c in open_
    ]
    return _lm_prompt(state, "intend", "aufruhr.prompt.category", options, slot=slot)


def _lot_option(card: str) -> Option:
    return Option(
        label="aufruhr.button.lot",
        params={**_names(card), "minimum": _minimum(card)},
        action={"type": "choose", "choice": card},
    )


def _bid_prompt(state: State) -> Prompt:
    a = state.auction
    assert a is not None
    m = a.minimum
    options = [Option(label="aufruhr.button.no_bid", action={"type": "bid", "amount": 0})]
    options += [
        Option(label=str(v), literal=True, action={"type": "bid", "amount": v})
        for v in (m, m + 10, m + 20, m + 50)
    ]
    return Prompt(
        id=f"bid:{state.step}",
        seats=tuple(s for s in range(_n(state)) if s not in a.bids),
        key="aufruhr.prompt.bid",
        params={**_names(a.card), "minimum": m},
        options=tuple(options),
        input=FreeInput(
            kind="number", field="amount", action={"type": "bid"}, min=0, multiple_of=10
        ),
        secret=True,
        command="bid",
        deadline=state.options.deadline,
        timeout_key="aufruhr.timeout.bid",
    )


def _award_prompt(state: State) -> Prompt:
    a = state.auction
    assert a is not None and state.lord_mayor is not None
    tied = [s for s in _from_left(state, state.lord_mayor + 1) if s in a.tied]
    options = [_city_option(state, s, {"type": "choose", "choice": str(s)}) for s in tied]
    return _lm_prompt(
        state, "award", "aufruhr.prompt.award", options, price=a.price, **_names(a.card)
    )


def _site_prompt(state: State) -> Prompt:
    assert state.build is not None and state.build_card is not None
    return Prompt(
        id=f"site:{state.step}",
        seats=(state.build,),
        key="aufruhr.prompt.site",
        params=_names(state.build_card),
        options=_site_options(_municipal_sites(state, state.build)),
        deadline=state.options.deadline,
    )


def _realise_prompt(state: State) -> Prompt:
    r = state.realising
    assert r is not None
    seat = r.queue[0]
    base = {"id": f"realise:{state.step}", "seats": (seat,), "deadline": state.options.deadline}
    if r.card is None:
        options = [Option(label="aufruhr.button.done", action={"type": "choose", "choice": "done"})]
        for card in state.mayors[seat].hand:
            options.append(
                Option(
                    label="aufruhr.button.realise",
                    params={**_names(card), "licence": LICENCE[_kind(card)[1]]},
                    action={"type": "choose", "choice": card},
                )
            )
        return Prompt(**base, key="aufruhr.prompt.realise", options=tuple(options))
    if r.site is None:
        return Prompt(
            **base,
            key="aufruhr.prompt.realise_site",
            params=_names(r.card),
            options=_site_options(_ruhrcity_sites(state)),
        )
    if r.partner is None:
        if state.mayors[seat].markers >= 3:
            first = Option(
                label="aufruhr.button.alone", action={"type": "choose", "choice": "alone"}
            )
        else:
            first = Option(label="aufruhr.button.back", action={"type": "choose", "choice": "back"})
        options = [first]
        options += [
            _city_option(state, s, {"type": "choose", "choice": str(s)})
            for s in _from_left(state, seat + 1)
            if s != seat and state.mayors[s].markers >= 1
        ]
        return Prompt(
            **base, key="aufruhr.prompt.partner", params=_names(r.card), options=tuple(options)
        )
    return Prompt(
        **{**base, "seats": (r.partner,)},
        key="aufruhr.prompt.partner_answer",
        params={**_names(r.card), "owner_seat": seat, "place": _place(r.site)},
        options=(
            Option(label="aufruhr.button.decline", action={"type": "choose", "choice": "no"}),
            Option(label="aufruhr.button.agree", action={"type": "choose", "choice": "yes"}),
        ),
    )


def _hall_prompt(state: State) -> Prompt:
    seat = state.winner_hall
    assert seat is not None
    own = state.mayors[seat].city
    sites = [own, *sorted(c for c in ruhr_map().communities if c != own)]
    return Prompt(
        id="hall",
        seats=(seat,),
        key="aufruhr.prompt.hall",
        options=_site_options(sites),
        deadline=state.options.deadline,
    )


def _ballot_options(state: State) -> tuple[Option, ...]:
    """Whom a voter may elect: not a barred mayor, and not himself, so his own button is
    hidden from him (a run-off has two or more candidates: everyone has a choice)."""
    assert state.election is not None
    return tuple(
        _city_option(state, c, {"type": "vote", "seat": c}).model_copy(update={"hidden_from": (c,)})
        for c in state.election.candidates
        if c != state.barred
    )


def _main_prompt(state: State) -> Prompt | None:
    match state.phase:
        case "election":
            el = state.election
            assert el is not None
            voters = tuple(s for s in range(_n(state)) if s not in el.ballots)
            return Prompt(
                id=f"vote:{state.round}:{el.number}",
                seats=voters,
                key="aufruhr.prompt.vote_runoff"
                if len(el.candidates) < _n(state)
                else "aufruhr.prompt.vote",
                params={"round": state.round},
                options=_ballot_options(state),
                secret=True,
                deadline=state.options.deadline,
                timeout_key="aufruhr.timeout.vote",
            )
        case "folders":
            return _folder_prompt(state)
        case "offers":
            return _offers_prompt(state)
        case "subvention":
            return _give_prompt(state)
        case "intention":
            return _intend_prompt(state)
        case "order":
            options = [_lot_option(c) for c in state.lots]
            return _lm_prompt(state, "order", "aufruhr.prompt.order", options)
        case "bid":
            return _bid_prompt(state)
        case "award":
            return _award_prompt(state)
        case "site":
            return _site_prompt(state)
        case "realise":
            return _realise_prompt(state)
        case "hall":
            return _hall_prompt(state)
    return None


def prompts(state: State) -> list[Prompt]:
    if state.phase == "over":
        return []
    main = _main_prompt(state)
    return ([main] if main else []) + _standing(state)
