"""Bribe folders: a window in which the other mayors may each hand the Lord Mayor one
folder (a demand, bribe tokens or the own scandal), and his choice among them.

A window opens before the subventions, after the intention is declared and when an
auction is tied (`OpenFolders`); what the Lord Mayor took is carried out by the phase
the window stood before (`FoldersClosed`).
"""

from functools import cache, lru_cache
from typing import Any

from rules.aufruhr import data
from rules.aufruhr.actions import Demand, Hand, Put
from rules.aufruhr.clone import clone
from rules.aufruhr.model import (
    AMOUNTS,
    Draft,
    Folders,
    State,
    WantAuction,
    WantAward,
    WantPayout,
    WantSubvention,
    Wish,
)
from rules.aufruhr.steps import FolderContext, FoldersClosed, Step
from rules.aufruhr.tokens import own_scandal, usable_tokens
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.turns import clockwise

# every star count and the scandal (0): what a folder holding the scandal has used up
ALL_USED = frozenset({0, *data.cards().bribe_stars})


def open_window(state: State, context: FolderContext, events: list[Event]) -> Step | None:
    """Every other mayor with something to put in a folder is asked, from the Lord
    Mayor's left; nobody: the window is over at once."""
    lm = state.lord_mayor
    seats = [
        s
        for s in clockwise(state.n, (lm or 0) + 1)
        if s != lm and (usable_tokens(state, s) or own_scandal(state, s))
    ]
    if lm is None or not seats:
        return FoldersClosed(context)
    state.folder_count += 1
    state.folders = Folders(context=context, number=state.folder_count, seats=sorted(seats))
    state.phase = "folders"
    state.step += 1
    return None


def demand_args(state: State) -> tuple[tuple[str, int | str], ...]:
    """What a folder may demand in this window, as the arguments of `want`: plain values,
    which the folder prompt's buttons are cached by (buttons.folder_options)."""
    f = state.folders
    assert f is not None
    if f.context == "subvention":
        return tuple(("subvention", a) for a in AMOUNTS[state.n])
    if f.context == "intention":
        # Only demands that would change something: not the payout already declared, not
        # an auction of a category already chosen or of an empty pile.
        current = state.intention
        cats = data.CATEGORIES
        payout = tuple(("payout", c) for c in cats if [f"payout:{c}"] != current)
        chosen = current[1:] if current[:1] == ["auction"] else []
        auction = tuple(("auction", c) for c in cats if c not in chosen and state.piles[c])
        return payout + auction
    assert state.auction is not None
    return tuple(("award", s) for s in state.auction.tied)


@cache
def want(kind: str, arg: int | str) -> Wish:
    """A listed demand, made once: the folder prompt lists them after every answer."""
    match kind:
        case "subvention":
            return WantSubvention(amount=int(arg))
        case "payout":
            return WantPayout(category=str(arg))
        case "auction":
            return WantAuction(category=str(arg))
    return WantAward(seat=int(arg))


def typed_demand(state: State, text: str) -> tuple[str, int | str] | None:
    """The listed demand (`demand_args`) a typed one says, in English or German words
    (data/cards.json, "typed_demands"): `40 for me`, `Forderung: Auszahlung Bildung`,
    `award to Essen`. A table would read such a note as that demand, so the engine carries
    it out as if its button had been pressed (NOTES.md 21)."""
    cities = tuple(m.city for m in state.mayors)
    said = tuple(text.casefold().strip(" .!\"'„“”").split())  # compared word by word
    return _typed_forms(demand_args(state), cities).get(said)


Said = tuple[str, ...]  # a typed demand, word by word


# (bounded: a process plays many tables, each with its own cities in its own seat order)
@lru_cache(maxsize=256)
def _typed_forms(
    listed: tuple[tuple[str, int | str], ...], cities: tuple[str, ...]
) -> dict[Said, tuple[str, int | str]]:
    """Every wording of the listed demands as its words, with and without a prefix
    ("demand:"); `{}` in a wording stands for the amount, category or city."""
    typed = data.cards().typed_demands
    prefixes = [(), *(tuple(p.split()) for p in typed.get("prefixes", ()))]
    forms: dict[Said, tuple[str, int | str]] = {}
    for kind, arg in listed:
        for form in typed.get(kind, ()):
            words = form.split()
            slot = words.index("{}")
            for name in _names(kind, arg, cities):
                said = (*words[:slot], *name.split(), *words[slot + 1 :])
                for prefix in prefixes:
                    forms[(*prefix, *said)] = (kind, arg)
    return forms


def _names(kind: str, arg: int | str, cities: tuple[str, ...]) -> set[str]:
    """How a player may name a demand's amount, category (either language, or one half
    of `Kultur/Sport`) or city."""
    if kind == "subvention":
        return {str(arg)}
    if kind == "award":
        city = cities[int(arg)]
        return {city, data.place(city).casefold()}
    words = data.cards().categories[str(arg)].values()
    return {str(arg)} | {n.casefold() for w in words for n in (w, *w.split("/"))}


def _args(wish: Wish | None) -> tuple[str, int | str] | None:
    """A demand as the arguments `want` makes it of (`demand_args`). A folder's demand is
    looked up among the listed ones so, as plain values, which compare without a call of
    pydantic's __eq__ for each listed demand."""
    match wish:
        case WantSubvention(amount=amount):
            return ("subvention", amount)
        case WantPayout(category=c) | WantAuction(category=c):
            return (wish.kind, c)
        case WantAward(seat=seat):
            return ("award", seat)
    return None


def used_up(state: State, seat: int) -> frozenset[int]:
    """The star counts (0: the scandal) of which `seat`'s folder, as filled so far,
    leaves nothing to put in: every usable token of that many stars is in it already;
    all of them once the scandal is, which goes in instead of tokens. `act` refuses
    those, so the folder prompt hides their buttons from him (shown again with /hand)."""
    f = state.folders
    d = f.drafts.get(seat) if f is not None else None
    if d is None:
        return frozenset()
    if d.scandal:
        return ALL_USED
    if not d.tokens:
        return frozenset()
    # (a folder holds three tokens at most: lists, not Counters, asked at every answer)
    inside = [state.tokens[i].stars for i in d.tokens]
    usable = [state.tokens[i].stars for i in usable_tokens(state, seat)]
    return frozenset(k for k in inside if k and inside.count(k) >= usable.count(k))


def offers(state: State) -> list[int]:
    """The seats whose folders were handed over, in seat order."""
    f = state.folders
    assert f is not None
    return sorted(s for s, d in f.drafts.items() if d.handed)


def act(state: State, seat: int, action: Demand | Put | Hand, events: list[Event]) -> Step | None:
    """One step of filling a folder, or handing it over, or keeping it."""
    f = state.folders
    assert f is not None
    # this state's own copy of the draft to change (clone.py), or a new one
    d = f.drafts[seat] = clone(f.drafts[seat]) if seat in f.drafts else Draft()
    match action:
        case Demand(demand=demand, text=text):
            if text is not None and (listed := typed_demand(state, text)) is not None:
                text, demand = None, want(*listed)  # typed as its button says it
            if text is not None:
                text = text.strip()
                if not text:
                    raise RuleError("error.aufruhr.empty_demand")
                if d.text == text[:200]:
                    raise RuleError("error.aufruhr.same_demand")
                d.text, d.demand = text[:200], None
            elif _args(demand) in demand_args(state):  # one of the window's listed demands
                if d.demand == demand:
                    raise RuleError("error.aufruhr.same_demand")
                d.demand, d.text = demand, None
            else:
                raise RuleError("error.aufruhr.bad_choice")
        case Put(stars=0):
            if own_scandal(state, seat) is None or d.scandal:
                raise RuleError("error.aufruhr.no_scandal")
            d.scandal, d.tokens = True, []
        case Put(stars=stars):
            if d.scandal:
                raise RuleError("error.aufruhr.scandal_instead")
            free = [i for i in usable_tokens(state, seat) if i not in d.tokens]
            match = [i for i in free if state.tokens[i].stars == stars]
            if not match:
                raise RuleError("error.aufruhr.no_token", stars=max(stars, 0))
            match.sort(key=lambda i: (state.tokens[i].origin != seat, state.tokens[i].origin))
            d.tokens.append(match[0])
        case Hand(hand=False):
            del f.drafts[seat]
            f.seats.remove(seat)
            events.append(Event(key="aufruhr.folder_kept", to=(seat,)))
            return _maybe_close(state, events)
        case Hand(hand=True):
            if d.demand is None and d.text is None:
                raise RuleError("error.aufruhr.folder_no_demand")
            if not d.tokens and not d.scandal:
                raise RuleError("error.aufruhr.folder_empty")
            d.handed = True
            f.seats.remove(seat)
            params = _draft_words(state, d)
            events.append(Event(key="aufruhr.folder_handed_you", params=params, to=(seat,)))
            return _maybe_close(state, events)
    events.append(Event(key="aufruhr.folder_draft", params=_draft_words(state, d), to=(seat,)))
    return None


def _maybe_close(state: State, events: list[Event]) -> Step | None:
    f = state.folders
    assert f is not None
    if f.seats:
        return None
    handed = offers(state)
    if not handed:
        events.append(Event(key="aufruhr.no_folders"))
        state.folders = None
        return FoldersClosed(f.context)
    events.append(Event(key="aufruhr.folders_handed", params={"seats": handed}))
    lm = state.lord_mayor
    assert lm is not None
    for s in handed:
        # named by his city first, as the Lord Mayor's buttons name him ([Accept Duisburg])
        params = {
            "giver_seat": s,
            "city_id": state.mayors[s].city,
            **_draft_words(state, f.drafts[s]),
        }
        events.append(Event(key="aufruhr.offer", params=params, to=(lm,)))
    state.phase = "offers"
    state.step += 1
    return None


def accept(state: State, giver: int | None, events: list[Event]) -> Step:
    """The Lord Mayor takes `giver`'s folder (None: refuses them all); a scandal cannot
    be refused."""
    f = state.folders
    assert f is not None and state.lord_mayor is not None
    lm = state.lord_mayor
    handed = offers(state)
    scandals = [s for s in handed if f.drafts[s].scandal]
    if giver is None and scandals:
        raise RuleError("error.aufruhr.scandal_must")
    if giver is not None and (giver not in handed or (scandals and giver not in scandals)):
        raise RuleError("error.aufruhr.bad_choice")
    for s in handed:
        if s != giver:
            events.append(Event(key="aufruhr.folder_returned", to=(s,)))
    state.folders = None
    if giver is None:
        events.append(Event(key="aufruhr.folders_refused"))
        return FoldersClosed(f.context)
    d = f.drafts[giver]
    for i in d.tokens:
        taken = {"holder": lm, "covered": True, "fresh": True}
        state.tokens[i] = state.tokens[i].model_copy(update=taken)
    if d.scandal:
        taken = {"holder": lm, "fresh": True}
        state.scandals[giver] = state.scandals[giver].model_copy(update=taken)
    events.append(Event(key="aufruhr.folder_accepted", params={"seat": lm}))
    # a typed demand is not carried out by the engine: the Lord Mayor is to honour it; a
    # subvention is promised, not given yet: he gives it himself, bound (subventions.py)
    params = _draft_words(state, d)
    if d.text is not None:
        key = "aufruhr.folder_taken_text"
    elif isinstance(d.demand, WantSubvention):
        key, params["amount"] = "aufruhr.folder_taken_subvention", d.demand.amount
    else:
        key = "aufruhr.folder_taken"
    events.append(Event(key=key, params=params, to=(giver,)))
    if d.text is not None:
        params = {"giver_seat": giver, "city_id": state.mayors[giver].city, "text": d.text}
        events.append(Event(key="aufruhr.free_demand", params=params, to=(lm,)))
    return FoldersClosed(f.context, d.demand, giver)


def _draft_words(state: State, d: Draft) -> dict[str, Any]:
    """What a folder holds, as message parameters (render/aufruhr.py shows them): the
    demand (`demand` its kind, or None; `demand_arg` the amount, city id, category id or
    the typed text), `token_stars` the star count of each token, `scandal` whether the
    giver's scandal is inside instead."""
    stars = [state.tokens[i].stars for i in d.tokens]
    return {**_demand_params(state, d), "token_stars": stars, "scandal": d.scandal}


def _demand_params(state: State, d: Draft) -> dict[str, Any]:
    if d.text is not None:
        return {"demand": "text", "demand_arg": d.text}
    match d.demand:
        case None:
            return {"demand": None, "demand_arg": None}
        case WantSubvention(amount=amount):
            arg: int | str = amount
        case WantAward(seat=seat):
            arg = state.mayors[seat].city
        case WantPayout(category=c) | WantAuction(category=c):
            arg = c
    return {"demand": d.demand.kind, "demand_arg": arg}
