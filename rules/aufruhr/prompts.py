"""AUFRUHR! prompts: who must decide what now, with buttons that say what they do.

One main prompt at a time (a secret simultaneous step keeps its id while its seats
answer, so nobody's buttons go stale), plus the standing commands /pay, /deal,
/accept and /decline. The buttons themselves are made (once each) in buttons.py.
"""

from functools import lru_cache
from typing import Any

from rules.aufruhr import buttons, data, folders, projects, subventions
from rules.aufruhr.actions import Accept, Alone, Back, Done, PartnerAnswer, Realise, RefuseAll
from rules.aufruhr.commands import standing
from rules.aufruhr.intention import categories_open
from rules.aufruhr.model import State
from rules.aufruhr.prompted import prompted
from rules.aufruhr.sites import free_sites, open_sites
from rules.aufruhr.tokens import own_scandal, usable_stars
from rules.core.protocol import Option, Prompt
from rules.core.turns import clockwise

# A lapsed Lord Mayor's whole step is decided at once, by no button (NOTES.md 29): the
# group is told which rule decides; the subventions or categories follow as events.
_LAPSES = {"give": "aufruhr.timeout.give", "intend": "aufruhr.timeout.intend"}


def _lm_prompt(state: State, pid: str, key: str, options: list[Option], **params: Any) -> Prompt:
    assert state.lord_mayor is not None
    return Prompt(
        id=f"{pid}:{state.step}",
        seats=prompted(state),
        key=key,
        params=params,
        options=tuple(options),
        deadline=state.options.deadline,
        timeout_key=_LAPSES.get(pid),
    )


def _folder_prompt(state: State) -> Prompt:
    f = state.folders
    assert f is not None
    seats = prompted(state)
    usable = usable_stars(state, seats)
    # a button is hidden from a mayor who has none of it left: none to begin with, or
    # his folder as filled so far holds them all (folders.used_up; a few seats at most)
    gone = {s: folders.used_up(state, s) for s in seats if s in f.drafts}
    lacking = (
        *(
            tuple(s for s in seats if k not in usable[s] or k in gone.get(s, ()))
            for k in buttons.STARS
        ),
        tuple(s for s in seats if own_scandal(state, s) is None or 0 in gone.get(s, ())),
    )
    return _folder(
        f.number,
        seats,
        f.context,
        state.lord_mayor,
        (state.cities, folders.demand_args(state), lacking),
        state.options.deadline,
    )


@lru_cache(maxsize=512)  # (as buttons.folder_options: asked after every answer in a window)
def _folder(
    number: int,
    seats: tuple[int, ...],
    context: str,
    lord_mayor: int | None,
    options: tuple[tuple[str, ...], tuple[tuple[str, int | str], ...], tuple[tuple[int, ...], ...]],
    deadline: int,
) -> Prompt:
    """The folder prompt, made once for each window and what it offers; `options`: the
    arguments of `buttons.folder_options`."""
    return Prompt(
        id=f"folder:{number}",
        seats=seats,
        key=f"aufruhr.prompt.folder_{context}",
        params={"lord_mayor_seat": lord_mayor},
        options=buttons.folder_options(*options),
        input=buttons.DEMAND_INPUT,
        secret=True,
        command="demand",
        deadline=deadline,
        timeout_key="aufruhr.timeout.folder",
    )


def _offers_prompt(state: State) -> Prompt:
    f = state.folders
    assert f is not None
    offers = folders.offers(state)
    scandals = [s for s in offers if f.drafts[s].scandal]
    options = []
    if not scandals:
        options.append(Option(label="aufruhr.button.refuse_all", action=RefuseAll()))
    for s in scandals or offers:
        options.append(
            Option(
                label="aufruhr.button.accept_folder",
                params={"city_id": state.mayors[s].city},
                action=Accept(seat=s),
            )
        )
    p = _lm_prompt(state, "offers", "aufruhr.prompt.offers", options)
    return p.model_copy(update={"secret": True})


def _give_prompt(state: State) -> Prompt:
    amount = subventions.amount(state)
    options = buttons.seat_options(state, subventions.choices(state), "give")
    p = _lm_prompt(state, "give", "aufruhr.prompt.give", list(options), amount=amount)
    return p.model_copy(update={"notes": subventions.reminders(state)})


def _intend_prompt(state: State) -> Prompt:
    open_ = tuple(categories_open(state))
    if not state.intention:
        options = buttons.intention_options(bool(open_))
        return _lm_prompt(state, "intend", "aufruhr.prompt.intention", list(options))
    slot = len(state.intention)
    options = buttons.category_options(open_)
    return _lm_prompt(state, "intend", "aufruhr.prompt.category", list(options), slot=slot)


def _bid_prompt(state: State) -> Prompt:
    a = state.auction
    assert a is not None
    m = a.minimum
    money = [mayor.money for mayor in state.mayors]
    short = tuple(
        tuple(s for s, held in enumerate(money) if held < v) for v in buttons.bid_amounts(m)
    )
    return Prompt(
        id=f"bid:{state.step}",
        seats=prompted(state),
        key="aufruhr.prompt.bid",
        params={"card": a.card, "minimum": m},
        options=buttons.bid_options(m, short),
        input=buttons.BID_INPUT,
        secret=True,
        command="bid",
        deadline=state.options.deadline,
        timeout_key="aufruhr.timeout.bid",
    )


def _award_prompt(state: State) -> Prompt:
    a = state.auction
    assert a is not None and state.lord_mayor is not None
    tied = [s for s in clockwise(state.n, state.lord_mayor + 1) if s in a.tied]
    options = list(buttons.seat_options(state, tied, "award"))
    return _lm_prompt(state, "award", "aufruhr.prompt.award", options, price=a.price, card=a.card)


def _site_prompt(state: State) -> Prompt:
    assert state.build is not None and state.build_card is not None
    return Prompt(
        id=f"site:{state.step}",
        seats=prompted(state),
        key="aufruhr.prompt.site",
        params={"card": state.build_card},
        options=buttons.site_options(open_sites(state, state.build)),
        deadline=state.options.deadline,
    )


def _realise_prompt(state: State) -> Prompt:
    r = state.realising
    assert r is not None
    seat = r.queue[0]
    base = {
        "id": f"realise:{state.step}",
        "seats": prompted(state),
        "deadline": state.options.deadline,
    }
    if r.card is None:
        options = [Option(label="aufruhr.button.done", action=Done())]
        for card in state.mayors[seat].hand:
            options.append(
                Option(
                    label="aufruhr.button.realise",
                    params={"card": card, "licence": projects.licence(card)},
                    action=Realise(card=card),
                )
            )
        return Prompt(**base, key="aufruhr.prompt.realise", options=tuple(options))
    if r.site is None:
        return Prompt(
            **base,
            key="aufruhr.prompt.realise_site",
            params={"card": r.card},
            options=buttons.site_options(free_sites(state)),
        )
    if r.partner is None:
        if state.mayors[seat].markers >= 3:
            first = Option(label="aufruhr.button.alone", action=Alone())
        else:
            first = Option(label="aufruhr.button.back", action=Back())
        options = [first]
        options += buttons.seat_options(
            state,
            (
                s
                for s in clockwise(state.n, seat + 1)
                if s != seat and state.mayors[s].markers >= 1 and s not in r.declined
            ),
            "partner",
        )
        params = {"card": r.card}
        return Prompt(**base, key="aufruhr.prompt.partner", params=params, options=tuple(options))
    return Prompt(  # asks the partner (see `prompted`)
        **base,
        key="aufruhr.prompt.partner_answer",
        params={"card": r.card, "owner_seat": seat, "place_id": r.site},
        options=(
            Option(label="aufruhr.button.decline", action=PartnerAnswer(yes=False)),
            Option(label="aufruhr.button.agree", action=PartnerAnswer(yes=True)),
        ),
    )


def _hall_prompt(state: State) -> Prompt:
    seat = state.winner_hall
    assert seat is not None
    own = state.mayors[seat].city
    sites = (own, *sorted(c for c in data.ruhr_map().communities if c != own))
    return Prompt(
        id="hall",
        seats=prompted(state),
        key="aufruhr.prompt.hall",
        options=buttons.site_options(sites, hall=True),
        deadline=state.options.deadline,
    )


def _ballot_options(state: State) -> tuple[Option, ...]:
    """Whom a voter may elect: not a barred mayor, and not himself, so his own button is
    hidden from him (a run-off has two or more candidates: everyone has a choice)."""
    assert state.election is not None
    candidates = (c for c in state.election.candidates if c != state.barred)
    return buttons.seat_options(state, candidates, "vote")


def _main_prompt(state: State) -> Prompt | None:
    match state.phase:
        case "election":
            el = state.election
            assert el is not None
            return Prompt(
                id=f"vote:{state.round}:{el.number}",
                seats=prompted(state),
                key="aufruhr.prompt.vote_runoff"
                if len(el.candidates) < state.n
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
            options = [buttons.lot_option(c) for c in state.lots]
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
    return ([main] if main else []) + standing(state)
