"""AUFRUHR! phases I–IV: election, bribe folders, EU subventions, the intention.

The folder window opens before the subventions, after the intention is declared and
when an auction is tied; what the Lord Mayor accepts is carried out here.
"""

from typing import Any

from rules.aufruhr import cards as deck
from rules.aufruhr import market
from rules.aufruhr.common import (
    CATS,
    _categories_open,
    _cats,
    _demands,
    _from_bank,
    _from_left,
    _give_choices,
    _kind,
    _kind_key,
    _n,
    _names,
    _offers,
    _own_scandal,
    _place,
    _promise_broken,
    _usable_tokens,
)
from rules.aufruhr.election import electable
from rules.aufruhr.election import vote as cast_vote
from rules.aufruhr.model import (
    Action,
    Bilingual,
    Demand,
    Draft,
    Folders,
    Hand,
    Put,
    State,
)
from rules.aufruhr.subventions import AMOUNTS
from rules.core.errors import RuleError
from rules.core.protocol import Event


def _vote(state: State, seat: int, candidate: int | None) -> tuple[State, list[Event]]:
    assert state.election is not None
    if candidate == seat:
        raise RuleError("error.aufruhr.self_vote")
    if candidate is not None and candidate not in electable(state, seat):
        raise RuleError("error.aufruhr.not_electable", city=_place(state.mayors[candidate].city))
    before = state.lord_mayor
    state, evs = cast_vote(state, seat, candidate)
    events = [e for e in evs if e.key != "aufruhr.voted"]
    if candidate is not None:
        events.insert(
            0, Event(key="aufruhr.your_vote", params={"candidate_seat": candidate}, to=(seat,))
        )
    if state.election is not None:
        return state, events
    return _elected(state, before, events)


def _elected(state: State, before: int | None, events: list[Event]) -> tuple[State, list[Event]]:
    """A new term begins: bribes of the last term are no longer fresh; whoever is out of
    office may use what he received while in it."""
    lm = state.lord_mayor
    state.tokens = [
        t.model_copy(update={"fresh": False, "covered": t.covered and t.holder == lm})
        if t.fresh or (t.covered and t.holder != lm)
        else t
        for t in state.tokens
    ]
    state.scandals = [
        s.model_copy(update={"fresh": False}) if s.fresh else s for s in state.scandals
    ]
    state.subvention, state.promised, state.intention = {}, {}, []
    return _open_folders(state, "subvention", events)


def _open_folders(state: State, context: str, events: list[Event]) -> tuple[State, list[Event]]:
    lm = state.lord_mayor
    seats = [
        s
        for s in _from_left(state, (lm or 0) + 1)
        if s != lm and (_usable_tokens(state, s) or _own_scandal(state, s))
    ]
    if lm is None or not seats:
        return _after_folders(state, context, None, events)
    state.folder_count += 1
    state.folders = Folders(context=context, number=state.folder_count, seats=sorted(seats))  # type: ignore[arg-type]
    state.phase = "folders"
    state.step += 1
    return state, events


def _draft_text(state: State, seat: int, d: Draft) -> dict[str, Any]:
    stars = " ".join("★" * state.tokens[i].stars for i in d.tokens) or "—"
    scandal = deck.cards().demands["scandal"]
    return {
        **_demand_params(state, d),
        "content": Bilingual(
            en=scandal["en"] if d.scandal else stars, de=scandal["de"] if d.scandal else stars
        ),
    }


def _demand_params(state: State, d: Draft) -> dict[str, Any]:
    """The demand in both languages (phrases from data/cards.json, "demands")."""
    phrases = deck.cards().demands
    if d.text is not None:
        quoted = phrases["text"]
        return {"demand": Bilingual(en=quoted["en"].format(d.text), de=quoted["de"].format(d.text))}
    if d.demand is None:
        return {"demand": Bilingual(en="—", de="—")}
    kind, _, arg = d.demand.partition(":")
    if kind == "subvention":
        fill = {"en": arg, "de": arg}
    elif kind == "award":
        city = _place(state.mayors[int(arg)].city)
        fill = {"en": city, "de": city}
    else:
        fill = deck.cards().categories[arg]
    return {
        "demand": Bilingual(
            en=phrases[kind]["en"].format(fill["en"]), de=phrases[kind]["de"].format(fill["de"])
        )
    }


def _folder_act(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    f = state.folders
    assert f is not None
    d = f.drafts.setdefault(seat, Draft())
    match action:
        case Demand(demand=demand, text=text):
            if text is not None:
                text = text.strip()
                if not text:
                    raise RuleError("error.aufruhr.empty_demand")
                if d.text == text[:200]:
                    raise RuleError("error.aufruhr.same_demand")
                d.text, d.demand = text[:200], None
            elif demand in _demands(state):
                if d.demand == demand:
                    raise RuleError("error.aufruhr.same_demand")
                d.demand, d.text = demand, None
            else:
                raise RuleError("error.aufruhr.bad_choice")
        case Put(stars=0):
            if _own_scandal(state, seat) is None or d.scandal:
                raise RuleError("error.aufruhr.no_scandal")
            d.scandal, d.tokens = True, []
        case Put(stars=stars):
            if d.scandal:
                raise RuleError("error.aufruhr.scandal_instead")
            free = [i for i in _usable_tokens(state, seat) if i not in d.tokens]
            match = [i for i in free if state.tokens[i].stars == stars]
            if not match:
                raise RuleError("error.aufruhr.no_token", stars="★" * max(stars, 0))
            match.sort(key=lambda i: (state.tokens[i].origin != seat, state.tokens[i].origin))
            d.tokens.append(match[0])
        case Hand(hand=False):
            del f.drafts[seat]
            f.seats.remove(seat)
            events = [Event(key="aufruhr.folder_kept", to=(seat,))]
            return _maybe_close(state, events)
        case Hand(hand=True):
            if d.demand is None and d.text is None:
                raise RuleError("error.aufruhr.folder_no_demand")
            if not d.tokens and not d.scandal:
                raise RuleError("error.aufruhr.folder_empty")
            d.handed = True
            f.seats.remove(seat)
            events = [
                Event(
                    key="aufruhr.folder_handed_you", params=_draft_text(state, seat, d), to=(seat,)
                )
            ]
            return _maybe_close(state, events)
    return state, [
        Event(key="aufruhr.folder_draft", params=_draft_text(state, seat, d), to=(seat,))
    ]


def _maybe_close(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    f = state.folders
    assert f is not None
    if f.seats:
        return state, events
    offers = _offers(state)
    if not offers:
        events.append(Event(key="aufruhr.no_folders"))
        context = f.context
        state.folders = None
        return _after_folders(state, context, None, events)
    events.append(Event(key="aufruhr.folders_handed", params={"seats": offers}))
    lm = state.lord_mayor
    assert lm is not None
    for s in offers:
        events.append(
            Event(
                key="aufruhr.offer",
                params={"giver_seat": s, **_draft_text(state, s, f.drafts[s])},
                to=(lm,),
            )
        )
    state.phase = "offers"
    state.step += 1
    return state, events


def _accept(state: State, giver: int | None) -> tuple[State, list[Event]]:
    f = state.folders
    assert f is not None and state.lord_mayor is not None
    lm = state.lord_mayor
    offers = _offers(state)
    scandals = [s for s in offers if f.drafts[s].scandal]
    if giver is None and scandals:
        raise RuleError("error.aufruhr.scandal_must")
    if giver is not None and (giver not in offers or (scandals and giver not in scandals)):
        raise RuleError("error.aufruhr.bad_choice")
    events: list[Event] = []
    for s in offers:
        if s != giver:
            events.append(Event(key="aufruhr.folder_returned", to=(s,)))
    accepted = None
    if giver is None:
        events.append(Event(key="aufruhr.folders_refused"))
    else:
        d = f.drafts[giver]
        accepted = d
        for i in d.tokens:
            taken = {"holder": lm, "covered": True, "fresh": True}
            state.tokens[i] = state.tokens[i].model_copy(update=taken)
        if d.scandal:
            taken = {"holder": lm, "fresh": True}
            state.scandals[giver] = state.scandals[giver].model_copy(update=taken)
        events.append(Event(key="aufruhr.folder_accepted", params={"seat": lm}))
        # a typed demand is not carried out by the engine: the Lord Mayor is to honour it
        taken = "aufruhr.folder_taken_text" if d.text is not None else "aufruhr.folder_taken"
        events.append(Event(key=taken, params=_draft_text(state, giver, d), to=(giver,)))
        if d.text is not None:
            events.append(
                Event(
                    key="aufruhr.free_demand",
                    params={"giver_seat": giver, "text": d.text},
                    to=(lm,),
                )
            )
    context = f.context
    state.folders = None
    return _after_folders(state, context, accepted, events, giver)


def _after_folders(
    state: State,
    context: str,
    accepted: Draft | None,
    events: list[Event],
    giver: int | None = None,
) -> tuple[State, list[Event]]:
    demand = accepted.demand if accepted else None
    kind, _, arg = (demand or "").partition(":")
    if context == "subvention":
        if kind == "subvention" and giver is not None:
            state.promised[giver] = int(arg)
        state.phase = "subvention"
        return _give_auto(state, events)
    if context == "intention":
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
            events.append(Event(key=key, params={"seat": state.lord_mayor, **_cats(cats)}))
        return _carry_out(state, events)
    # a tied auction: the Lord Mayor awards
    assert state.auction is not None
    if kind == "award" and int(arg) in state.auction.tied:
        events.append(Event(key="aufruhr.awarded", params={"seat": int(arg)}))
        return market._sold(state, int(arg), events)
    state.phase = "award"
    state.step += 1
    return state, events


def _give_auto(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """The last mayor left gets the last amount by himself; the rest the Lord Mayor gives."""
    if len(state.subvention) == _n(state) - 1:
        _give_one(state, _give_choices(state)[0], events)
    if len(state.subvention) == _n(state):
        return _begin_intention(state, events)
    state.step += 1
    return state, events


def _give_one(state: State, to: int, events: list[Event]) -> None:
    amount = AMOUNTS[_n(state)][len(state.subvention)]
    state.subvention[to] = amount
    _from_bank(state, to, amount)
    events.append(Event(key="aufruhr.subvention", params={"seat": to, "amount": amount}))


def _give(state: State, to: int | None) -> tuple[State, list[Event]]:
    events: list[Event] = []
    if to is None:  # the Lord Mayor let it lapse: the rest from his left, largest first
        while state.phase == "subvention":
            choices = _give_choices(state)
            kept = [s for s in choices if _promise_broken(state, s) is None]
            _give_one(state, (kept or choices)[0], events)
            state, events = _give_auto(state, events)
        return state, events
    if to not in _give_choices(state):
        raise RuleError("error.aufruhr.bad_choice")
    if broken := _promise_broken(state, to):
        city = _place(state.mayors[broken[0]].city)  # refusals are not told seat names
        raise RuleError("error.aufruhr.promised", city=city, amount=broken[1])
    _give_one(state, to, events)
    return _give_auto(state, events)


def _begin_intention(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state.phase = "intention"
    state.intention = []
    state.step += 1
    return state, events


def _intend(state: State, choice: str) -> tuple[State, list[Event]]:
    events: list[Event] = []
    if choice == "default":  # a lapse: an auction, the categories in turn
        if not state.intention:
            if not _categories_open(state):
                return _intend(state, f"payout:{CATS[0]}")
            state.intention = ["auction"]
        while len(state.intention) < 4 and (open_ := _categories_open(state)):
            wanted = CATS[(len(state.intention) - 1) % len(CATS)]
            state.intention.append(wanted if wanted in open_ else open_[0])
        return _announce_auction(state, events)
    if not state.intention:
        if choice == "auction" and _categories_open(state):
            state.intention = ["auction"]
            state.step += 1
            return state, events
        kind, _, cat = choice.partition(":")
        if kind != "payout" or cat not in CATS:
            raise RuleError("error.aufruhr.bad_choice")
        state.intention = [choice]
        events.append(
            Event(key="aufruhr.intention_payout", params={"seat": state.lord_mayor, **_cats([cat])})
        )
        return _open_folders(state, "intention", events)
    if choice not in _categories_open(state):
        raise RuleError("error.aufruhr.bad_choice")
    state.intention.append(choice)
    if len(state.intention) < 4 and _categories_open(state):
        state.step += 1
        return state, events
    return _announce_auction(state, events)


def _announce_auction(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    params = {"seat": state.lord_mayor, **_cats(state.intention[1:])}
    events.append(Event(key="aufruhr.intention_auction", params=params))
    return _open_folders(state, "intention", events)


def _carry_out(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    if state.intention[0].startswith("payout:"):
        return market._payout_card(state, state.intention[0].split(":")[1], events)
    lots = []
    for cat in state.intention[1:]:
        if state.piles[cat]:
            lots.append(state.piles[cat].pop(0))
    for card in lots:
        kind_key = _kind_key(card)
        events.append(
            Event(
                key=f"aufruhr.revealed_{kind_key}", params={**_names(card), **_cats(_kind(card)[2])}
            )
        )
    state.lots = lots
    return _next_lot(state, events)


def _next_lot(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    if not state.lots:
        return market._end_round(state, events)
    if len(state.lots) == 1:
        return market._start_auction(state, state.lots.pop(0), "round", events)
    state.phase = "order"
    state.step += 1
    return state, events
