"""AUFRUHR! as a state machine: every phase of every round, from set-up to the outcome.

A round: I. election (secret ballot) → a bribe-folder window → II. EU subventions →
III. intention (three auction categories or one payout category) → a bribe-folder
window → the Lord Mayor picks one folder or none → either sealed-bid auctions (a tie
opens another folder window, then the Lord Mayor awards) with building at once, or the
payout card (single, double, EU inspection) → V. end of round: RuhrCity projects are
realised, owner by owner, then the event card → the next election. After the last event
card one more round is played; then VI. scoring, and the winner places the RuhrCity Hall.

Readings of the rule book are in NOTES.md; each names the test that pins it.
"""

from functools import cache
from typing import Any

from pydantic import TypeAdapter

from rules.aufruhr import cards as deck
from rules.aufruhr.auction import LICENCE, MINIMUM, check_bid, resolve
from rules.aufruhr.building import municipal_sites
from rules.aufruhr.election import electable
from rules.aufruhr.election import vote as cast_vote
from rules.aufruhr.mapdata import ruhr_map
from rules.aufruhr.model import (
    CITIES,
    Accept,
    Action,
    Answer,
    Auction,
    Bid,
    Bilingual,
    Choose,
    Deal,
    Demand,
    Draft,
    Election,
    Folders,
    Give,
    Hand,
    Intend,
    Mayor,
    Mutable,
    Options,
    Pay,
    Project,
    Propose,
    PublicProject,
    PublicView,
    Put,
    Realising,
    Scandal,
    SeatView,
    State,
    Token,
    Vote,
)
from rules.aufruhr.payout import payouts
from rules.aufruhr.scoring import bribe_bonus, project_points
from rules.aufruhr.subventions import AMOUNTS
from rules.core.errors import RuleError
from rules.core.protocol import Event, FreeInput, Option, Outcome, Prompt
from rules.core.rng import Rng

ACTION: TypeAdapter[Action] = TypeAdapter(Action)

CATS = deck.CATEGORIES
NEGATIVE_MINIMUM = 60  # negative RuhrCity projects are auctioned like small RuhrCity ones
COOP_POINTS = 10


# ----- small helpers ---------------------------------------------------------------------


@cache
def _neighbours() -> dict[str, frozenset[str]]:
    m = ruhr_map()
    return {c: m.neighbours(c) for c in m.communities}


def _place(cid: str) -> str:
    return ruhr_map().communities[cid].name


def _names(card: str) -> dict[str, Bilingual]:
    """A card's name in both languages: the catalogs pick `{name:<}` (en) or `{name:>}` (de)."""
    name = deck.event(card).name if card.startswith("ev") else deck.project(card).name
    return {"name": Bilingual(en=name["en"], de=name["de"])}


def _cats(categories: list[str] | tuple[str, ...]) -> dict[str, Bilingual]:
    names = deck.cards().categories
    return {
        "category": Bilingual(
            en=", ".join(names[c]["en"] for c in categories),
            de=", ".join(names[c]["de"] for c in categories),
        )
    }


def _kind(card: str) -> tuple[str, str, tuple[str, ...], bool]:
    """kind, size, categories, negative — an event card id is a negative RuhrCity project."""
    if card.startswith("ev"):
        return "ruhrcity", "small", (), True
    p = deck.project(card)
    return p.kind, p.size, p.categories, False


def _kind_key(card: str) -> str:
    kind, size, _, negative = _kind(card)
    return "negative" if negative else f"{kind}_{size}"


def _n(state: State) -> int:
    return len(state.mayors)


def _cities(state: State) -> tuple[str, ...]:
    return tuple(m.city for m in state.mayors)


def _from_left(state: State, first: int | None) -> list[int]:
    """Seats in order, starting with `first` (the Lord Mayor), then clockwise."""
    n = _n(state)
    start = 0 if first is None else first
    return [(start + i) % n for i in range(n)]


def _owners_board(state: State) -> dict[str, tuple[tuple[int, ...], ...]]:
    return {c: tuple(p.owners for p in ps) for c, ps in state.board.items() if ps}


def _municipal_sites(state: State, seat: int) -> list[str]:
    closed = {c for c, ps in state.board.items() if any(p.kind == "ruhrcity" for p in ps)}
    sites = municipal_sites(_owners_board(state), seat, state.mayors[seat].city, _cities(state))
    return [c for c in sites if c not in closed]


def _ruhrcity_sites(state: State) -> list[str]:
    cities = set(_cities(state))
    return sorted(c for c in ruhr_map().communities if c not in cities and not state.board.get(c))


def _usable_tokens(state: State, seat: int) -> list[int]:
    return [
        i
        for i, t in enumerate(state.tokens)
        if t.holder == seat and not t.covered and not (seat == state.lord_mayor and t.fresh)
    ]


def _own_scandal(state: State, seat: int) -> Scandal | None:
    s = state.scandals[seat]
    return s if s.holder == seat == s.origin and not s.public else None


def _points(state: State) -> list[int]:
    return project_points(state.board, _n(state))


def _stars_received(state: State) -> list[int]:
    stars = [0] * _n(state)
    for t in state.tokens:
        if t.holder >= 0 and t.origin != t.holder:
            stars[t.holder] += t.stars
    return stars


def _pay_bank(state: State, seat: int, amount: int) -> int:
    amount = min(amount, state.mayors[seat].money)
    state.mayors[seat].money -= amount
    state.bank_in += amount
    return amount


def _from_bank(state: State, seat: int, amount: int) -> None:
    state.mayors[seat].money += amount
    state.bank_out += amount


def _private_money(state: State, seat: int) -> Event:
    return Event(key="aufruhr.treasury", params={"money": state.mayors[seat].money}, to=(seat,))


# ----- set-up ----------------------------------------------------------------------------


def setup(n: int, options: Options, seed: int) -> State:
    if not 4 <= n <= 6:
        raise RuleError("error.aufruhr.players", count=n)
    rng = Rng.from_seed(seed)
    c = deck.cards()
    piles: dict[str, list[str]] = {}
    for cat in CATS:
        pile = [p.id for p in c.projects if p.categories[0] == cat]
        rng.shuffle(pile)
        piles[cat] = pile
    pays = [p.id for p in c.payouts]
    rng.shuffle(pays)
    events = [e.id for e in c.events]
    rng.shuffle(events)
    mayors = [Mayor(city=city) for city in CITIES[:n]]
    board: dict[str, list[Project]] = {}
    for seat, m in enumerate(mayors):
        board[m.city] = [
            Project(
                kind="municipal",
                size=i.size,
                categories=(i.category,),
                owners=(seat,),
                card=f"init:{m.city}:{k}",
            )
            for k, i in enumerate(c.initial[m.city])
        ]
        m.markers -= len(board[m.city])
    tokens = [Token(origin=s, stars=st, holder=s) for s in range(n) for st in c.bribe_stars]
    return State(
        options=options,
        rng=rng.state,
        mayors=mayors,
        election=Election(candidates=tuple(range(n))),
        board=board,
        piles=piles,
        payouts=pays,
        events=events[: options.events],
        tokens=tokens,
        scandals=[Scandal(origin=s, holder=s) for s in range(n)],
    )


def initial_name(card: str) -> dict[str, str]:
    _, city, k = card.split(":")
    name = deck.cards().initial[city][int(k)].name
    return {"en": name["en"], "de": name["de"]}


# ----- prompts ---------------------------------------------------------------------------


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


def _demands(state: State) -> list[str]:
    f = state.folders
    assert f is not None
    if f.context == "subvention":
        return [f"subvention:{a}" for a in AMOUNTS[_n(state)]]
    if f.context == "intention":
        return [f"payout:{c}" for c in CATS] + [f"auction:{c}" for c in CATS]
    assert state.auction is not None
    return [f"award:{s}" for s in state.auction.tied]


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


def _offers(state: State) -> list[int]:
    f = state.folders
    assert f is not None
    return sorted(s for s, d in f.drafts.items() if d.handed)


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


def _give_choices(state: State) -> list[int]:
    amount = AMOUNTS[_n(state)][len(state.subvention)]
    return [
        s
        for s in _from_left(state, (state.lord_mayor or 0) + 1)
        if s not in state.subvention and state.promised.get(s, amount) == amount
    ]


def _categories_open(state: State) -> list[str]:
    chosen = state.intention[1:]
    return [c for c in CATS if len(state.piles[c]) > chosen.count(c)]


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


def _minimum(card: str) -> int:
    kind, size, _, negative = _kind(card)
    return NEGATIVE_MINIMUM if negative else MINIMUM[(kind, size)]


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
            input=FreeInput(kind="text", field="choice", action={"type": "choose"}, max_length=40),
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
        input=FreeInput(kind="text", field="choice", action={"type": "choose"}, max_length=40),
        deadline=state.options.deadline,
    )


def _standing(state: State) -> list[Prompt]:
    everyone = tuple(range(_n(state)))
    asked = tuple(s for s in everyone if any(s in d.to and s not in d.answers for d in state.deals))
    return list(_standing_prompts(everyone, asked))


@cache
def _standing_prompts(everyone: tuple[int, ...], asked: tuple[int, ...]) -> tuple[Prompt, ...]:
    out = [
        Prompt(
            id="pay",
            seats=everyone,
            key="aufruhr.prompt.pay",
            input=FreeInput(kind="text", field="text", action={"type": "pay"}, max_length=60),
            command="pay",
            standing=True,
        ),
        Prompt(
            id="deal",
            seats=everyone,
            key="aufruhr.prompt.deal",
            input=FreeInput(kind="text", field="text", action={"type": "deal"}, max_length=300),
            command="deal",
            standing=True,
        ),
    ]
    if asked:
        for cmd, yes in (("accept", True), ("decline", False)):
            out.append(
                Prompt(
                    id=cmd,
                    seats=asked,
                    key=f"aufruhr.prompt.{cmd}",
                    input=FreeInput(
                        kind="text",
                        field="text",
                        action={"type": "answer", "yes": yes},
                        max_length=10,
                    ),
                    command=cmd,
                    standing=True,
                )
            )
    return tuple(out)


def _main_prompt(state: State) -> Prompt | None:
    match state.phase:
        case "election":
            el = state.election
            assert el is not None
            options = tuple(
                _city_option(state, c, {"type": "vote", "seat": c})
                for c in el.candidates
                if c != state.barred
            )
            return Prompt(
                id=f"vote:{state.round}:{el.number}",
                seats=tuple(s for s in range(_n(state)) if s not in el.ballots),
                key="aufruhr.prompt.vote_runoff"
                if len(el.candidates) < _n(state)
                else "aufruhr.prompt.vote",
                params={"round": state.round},
                options=options,
                secret=True,
                deadline=state.options.deadline,
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


# ----- apply -----------------------------------------------------------------------------


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if state.phase == "over" or not 0 <= seat < _n(state):
        raise RuleError("error.not_prompted")
    match action:  # the standing commands: open to every mayor at any time
        case Pay(text=text):
            return _pay(_clone(state), seat, text)
        case Propose(text=text):
            return _propose(_clone(state), seat, text)
        case Answer(text=text, yes=yes):
            return _answer(_clone(state), seat, text, yes)
    main = _main_prompt(state)
    if main is None or seat not in main.seats:
        raise RuleError("error.not_prompted")
    state = _clone(state)
    match (state.phase, action):
        case ("election", Vote(seat=candidate)):
            return _vote(state, seat, candidate)
        case ("folders", Demand()) | ("folders", Put()) | ("folders", Hand()):
            return _folder_act(state, seat, action)
        case ("offers", Accept(seat=giver)):
            return _accept(state, giver)
        case ("subvention", Give(seat=to)):
            return _give(state, to)
        case ("intention", Intend(choice=choice)):
            return _intend(state, choice)
        case ("order", Choose(choice=card)):
            if card not in state.lots:
                raise RuleError("error.aufruhr.bad_choice")
            state.lots.remove(card)
            return _start_auction(state, card, "round", [])
        case ("bid", Bid(amount=amount)):
            return _bid(state, seat, amount)
        case ("award", Choose(choice=choice)):
            assert state.auction is not None
            if not choice.isdigit() or int(choice) not in state.auction.tied:
                raise RuleError("error.aufruhr.bad_choice")
            events = [Event(key="aufruhr.awarded", params={"seat": int(choice)})]
            return _sold(state, int(choice), events)
        case ("site", Choose(choice=site)):
            return _build(state, seat, site)
        case ("realise", Choose(choice=choice)):
            return _realise(state, seat, choice)
        case ("hall", Choose(choice=choice)):
            return _hall(state, choice)
    raise RuleError("error.not_now")


def _clone(value: Any) -> Any:
    """A deep copy of the mutable parts (frozen models, strings and numbers are shared):
    far faster than `model_copy(deep=True)`, which copies every leaf."""
    t = type(value)
    if t is list:
        return (
            [_clone(v) for v in value] if value and isinstance(value[0], Mutable) else value.copy()
        )
    if t is dict:
        return {
            k: _clone(v) if isinstance(v, list | dict | Mutable) else v for k, v in value.items()
        }
    if not isinstance(value, Mutable):
        return value
    fields = value.__dict__.copy()
    for k, v in fields.items():
        if type(v) in (list, dict) or isinstance(v, Mutable):
            fields[k] = _clone(v)
    new = object.__new__(t)
    object.__setattr__(new, "__dict__", fields)
    object.__setattr__(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


# ----- I. election -----------------------------------------------------------------------


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


# ----- IV. bribe folders -----------------------------------------------------------------


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
    return {
        **_demand_params(state, d),
        "content": Bilingual(
            en="the scandal" if d.scandal else stars, de="der Skandal" if d.scandal else stars
        ),
    }


def _demand_params(state: State, d: Draft) -> dict[str, Any]:
    """The demand in both languages (phrases from data/cards.json, "demands")."""
    phrases = deck.cards().demands
    if d.text is not None:
        return {"demand": Bilingual(en=f"“{d.text}”", de=f"„{d.text}“")}
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
                d.text, d.demand = text[:200], None
            elif demand in _demands(state):
                d.demand, d.text = demand, None
            else:
                raise RuleError("error.aufruhr.bad_choice")
        case Put(stars=0):
            if _own_scandal(state, seat) is None:
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
        events.append(
            Event(key="aufruhr.folder_taken", params=_draft_text(state, giver, d), to=(giver,))
        )
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
        if kind == "payout":
            state.intention = [f"payout:{arg}"]
            params = {"seat": state.lord_mayor, **_cats([arg])}
            events.append(Event(key="aufruhr.intention_changed_payout", params=params))
        elif kind == "auction":
            cats = state.intention[1:] if state.intention[0] == "auction" else []
            if arg not in cats:
                cats = ([*cats[:2], arg]) if cats else [arg, arg, arg]
            state.intention = ["auction", *cats]
            params = {"seat": state.lord_mayor, **_cats(cats)}
            events.append(Event(key="aufruhr.intention_changed_auction", params=params))
        return _carry_out(state, events)
    # a tied auction: the Lord Mayor awards
    assert state.auction is not None
    if kind == "award" and int(arg) in state.auction.tied:
        events.append(Event(key="aufruhr.awarded", params={"seat": int(arg)}))
        return _sold(state, int(arg), events)
    state.phase = "award"
    state.step += 1
    return state, events


# ----- II. EU subventions ----------------------------------------------------------------


def _give_auto(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Hand out what is already decided (a promised amount, the last mayor left)."""
    amounts = AMOUNTS[_n(state)]
    while len(state.subvention) < _n(state):
        amount = amounts[len(state.subvention)]
        promised = [
            s for s, a in state.promised.items() if a == amount and s not in state.subvention
        ]
        choices = _give_choices(state)
        if promised:
            to = promised[0]
        elif len(choices) == 1:
            to = choices[0]
        else:
            state.step += 1
            return state, events
        _give_one(state, to, events)
    return _begin_intention(state, events)


def _give_one(state: State, to: int, events: list[Event]) -> None:
    amount = AMOUNTS[_n(state)][len(state.subvention)]
    state.subvention[to] = amount
    _from_bank(state, to, amount)
    events.append(Event(key="aufruhr.subvention", params={"seat": to, "amount": amount}))


def _give(state: State, to: int) -> tuple[State, list[Event]]:
    if to not in _give_choices(state):
        raise RuleError("error.aufruhr.bad_choice")
    events: list[Event] = []
    _give_one(state, to, events)
    return _give_auto(state, events)


# ----- III. intention --------------------------------------------------------------------


def _begin_intention(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state.phase = "intention"
    state.intention = []
    state.step += 1
    return state, events


def _intend(state: State, choice: str) -> tuple[State, list[Event]]:
    events: list[Event] = []
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
    if len(state.intention) < 4:
        state.step += 1
        return state, events
    params = {"seat": state.lord_mayor, **_cats(state.intention[1:])}
    events.append(Event(key="aufruhr.intention_auction", params=params))
    return _open_folders(state, "intention", events)


def _carry_out(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    if state.intention[0].startswith("payout:"):
        return _payout_card(state, state.intention[0].split(":")[1], events)
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
        return _end_round(state, events)
    if len(state.lots) == 1:
        return _start_auction(state, state.lots.pop(0), "round", events)
    state.phase = "order"
    state.step += 1
    return state, events


# ----- payouts and the EU Commission ------------------------------------------------------


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
        _inspect(state, events)  # an impeachment ends the round at once (NOTES.md)
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


# ----- auctions --------------------------------------------------------------------------


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
    return _open_folders(state, "tie", events)


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
    return _next_lot(state, events)


# ----- V. end of round -------------------------------------------------------------------


def _can_realise(state: State, seat: int, card: str) -> bool:
    m = state.mayors[seat]
    size = _kind(card)[1]
    need = 2 if size == "big" else 3
    return m.money >= LICENCE[size] and m.markers >= need and bool(_ruhrcity_sites(state))


def _end_round(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state.lots, state.intention = [], []
    queue = [
        s
        for s in _from_left(state, state.lord_mayor)
        if any(_can_realise(state, s, c) for c in state.mayors[s].hand)
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
        if choice not in state.mayors[seat].hand or not _can_realise(state, seat, choice):
            raise RuleError("error.aufruhr.cannot_realise")
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
        r.partner = None
    state.step += 1
    return state, events


def _site_id(text: str) -> str:
    key = text.strip().casefold()
    for cid, c in ruhr_map().communities.items():
        if key in (cid, c.name.casefold()):
            return cid
    return key


def _realised(
    state: State, owners: tuple[int, ...], events: list[Event]
) -> tuple[State, list[Event]]:
    r = state.realising
    assert r is not None and r.card is not None and r.site is not None
    owner = owners[0]
    kind, size, cats, negative = _kind(r.card)
    paid = _pay_bank(state, owner, LICENCE[size])
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
    r.card = r.site = None
    r.partner = None
    if any(_can_realise(state, owner, c) for c in state.mayors[owner].hand):
        state.step += 1
        return state, events
    return _next_owner(state, events)


def _next_owner(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    r = state.realising
    assert r is not None
    r.queue.pop(0)
    r.card = r.site = None
    r.partner = None
    while r.queue and not any(
        _can_realise(state, r.queue[0], c) for c in state.mayors[r.queue[0]].hand
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
            paid = [_pay_bank(state, s, a) for s, a in enumerate(wanted)]
            events.append(Event(key="aufruhr.event_levy", params={"amounts_by_seat": paid}))
        case "payout":
            assert card.category is not None
            _pay_out(state, card.category, False, events)
        case "inspection":
            _inspect(state, events)
    return _new_round(state, events)


def _municipal_count(state: State, seat: int) -> int:
    return sum(
        1 for ps in state.board.values() for p in ps if p.kind == "municipal" and seat in p.owners
    )


def _new_round(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    state.round += 1
    state.phase = "election"
    state.election = Election(candidates=tuple(range(_n(state))))
    state.step += 1
    key = "aufruhr.new_round" if state.events else "aufruhr.new_round_last"
    params = {"round": state.round, "events_left": len(state.events)}
    events.append(Event(key=key, params=params))
    return state, events


# ----- VI. end and scoring ---------------------------------------------------------------


def _final(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    points = _points(state)
    stars = _stars_received(state)
    bonus = bribe_bonus(stars)
    state.bonus = {s: b for s, b in enumerate(bonus)}
    state.final = {s: points[s] + bonus[s] for s in range(_n(state))}
    events.append(Event(key="aufruhr.final_stars", params={"stars_by_seat": stars}))
    events.append(
        Event(
            key="aufruhr.final_scores",
            params={
                "points_by_seat": [state.final[s] for s in range(_n(state))],
                "bonus_by_seat": bonus,
            },
        )
    )
    best = max(state.final.values())
    tied = [s for s in range(_n(state)) if state.final[s] == best]
    winner = max(tied, key=lambda s: (state.mayors[s].money, -s))
    state.winner_hall = winner
    state.phase = "hall"
    state.step += 1
    events.append(Event(key="aufruhr.winner_places_hall", params={"seat": winner}))
    return state, events


def _hall(state: State, choice: str) -> tuple[State, list[Event]]:
    site = _site_id(choice)
    if site not in ruhr_map().communities:
        raise RuleError("error.aufruhr.bad_site")
    state.hall = site
    state.phase = "over"
    return state, [
        Event(key="aufruhr.hall", params={"seat": state.winner_hall, "place": _place(site)})
    ]


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = dict(state.final)
    order = sorted(set(scores.values()), reverse=True)
    ranking = tuple(tuple(s for s in sorted(scores) if scores[s] == v) for v in order)
    return Outcome(ranking=ranking, scores=scores)


# ----- standing commands: /pay, /deal, /accept, /decline ---------------------------------


def _seat_named(state: State, word: str) -> int | None:
    key = word.strip(" ,;:@").casefold()
    for s, m in enumerate(state.mayors):
        if key in (m.city, _place(m.city).casefold()):
            return s
    return None


def _pay(state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    words = text.split()
    if len(words) != 2:
        raise RuleError("error.aufruhr.pay_usage")
    to = _seat_named(state, words[0])
    try:
        amount = int(words[1])
    except ValueError:
        raise RuleError("error.aufruhr.pay_usage") from None
    if to is None or to == seat or amount <= 0 or amount % 10:
        raise RuleError("error.aufruhr.pay_usage")
    if amount > state.mayors[seat].money:
        raise RuleError("error.aufruhr.too_poor", money=state.mayors[seat].money)
    state.mayors[seat].money -= amount
    state.mayors[to].money += amount
    return state, [
        Event(key="aufruhr.paid", params={"seat": seat, "to_seat": to, "amount": amount}),
        _private_money(state, seat),
        _private_money(state, to),
    ]


def _propose(state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    """`/deal Essen, Bochum: text` — the leading city names are the addressees."""
    rest = text.strip()
    to: list[int] = []
    while rest:
        word, _, after = rest.partition(" ")
        s = _seat_named(state, word)
        if s is None:
            break
        if s != seat and s not in to:
            to.append(s)
        rest = after.strip()
        if word.rstrip().endswith(":"):
            break
    body = rest.removeprefix(":").strip()
    if not to or not body:
        raise RuleError("error.aufruhr.deal_usage")
    number = len(state.deals) + 1
    state.deals.append(Deal(number=number, by=seat, to=tuple(to), text=body[:300]))
    return state, [
        Event(
            key="aufruhr.deal",
            params={"number": number, "seat": seat, "to_seats": to, "text": body[:300]},
        )
    ]


def _answer(state: State, seat: int, text: str, yes: bool) -> tuple[State, list[Event]]:
    key = text.strip().lstrip("#")
    open_ = [d for d in state.deals if seat in d.to and seat not in d.answers]
    if not key and len(open_) == 1:
        deal = open_[0]
    else:
        deal = next((d for d in open_ if str(d.number) == key), None)
    if deal is None:
        raise RuleError("error.aufruhr.no_deal")
    i = state.deals.index(deal)
    state.deals[i] = deal.model_copy(update={"answers": {**deal.answers, seat: yes}})
    key_ = "aufruhr.deal_accepted" if yes else "aufruhr.deal_declined"
    return state, [
        Event(key=key_, params={"seat": seat, "number": deal.number, "by_seat": deal.by})
    ]


# ----- timeouts --------------------------------------------------------------------------


def timeout(state: State, prompt: Prompt, seat: int) -> Action:
    """A missing ballot abstains, a missing bid is no bid, a folder not handed over stays
    with its owner; every decision of the Lord Mayor (and of a builder) defaults to the
    prompt's first option, which is chosen to be the sensible default (NOTES.md)."""
    if prompt.id.startswith("vote:"):
        return Vote(seat=None)
    if prompt.id.startswith("bid:"):
        return Bid(amount=0)
    if prompt.key == "aufruhr.prompt.category":  # a lapse names a mix of categories
        slot = prompt.params["slot"]
        choices = [o.action["choice"] for o in prompt.options]
        wanted = CATS[(slot - 1) % len(CATS)]
        return Intend(choice=wanted if wanted in choices else choices[0])
    return ACTION.validate_python(dict(prompt.options[0].action))


# ----- views -----------------------------------------------------------------------------


def _public_projects(state: State) -> tuple[PublicProject, ...]:
    out = []
    for c, ps in sorted(state.board.items()):
        for p in ps:
            if p.card.startswith("init:"):
                name = initial_name(p.card)
            else:
                n = _names(p.card)
                name = {"en": n["name"].en, "de": n["name"].de}
            out.append(
                PublicProject(
                    community=c,
                    card=p.card,
                    kind=p.kind,
                    size=p.size,
                    categories=p.categories,
                    owners=p.owners,
                    negative=p.negative,
                    name=name,
                )
            )
    return tuple(out)


def _answered(state: State) -> tuple[int, ...]:
    if state.phase == "election" and state.election is not None:
        return tuple(sorted(state.election.ballots))
    if state.phase == "bid" and state.auction is not None:
        return tuple(sorted(state.auction.bids))
    if state.phase == "folders" and state.folders is not None:
        lm = state.lord_mayor
        return tuple(s for s in range(_n(state)) if s != lm and s not in state.folders.seats)
    return ()


def public_view(state: State) -> PublicView:
    return PublicView(
        cities=_cities(state),
        round=state.round,
        rounds=state.options.events + 1,
        events_left=len(state.events),
        phase=state.phase,
        lord_mayor=state.lord_mayor,
        barred=state.barred,
        projects=_public_projects(state),
        points=tuple(_points(state)),
        markers=tuple(m.markers for m in state.mayors),
        hands=tuple(len(m.hand) for m in state.mayors),
        lots=tuple(state.lots),
        auction=state.auction.card if state.auction else None,
        answered=_answered(state),
        event=state.event,
        hall=state.hall,
        deals=tuple(state.deals),
        final=dict(state.final),
    )


def seat_view(state: State, seat: int) -> SeatView:
    m = state.mayors[seat]
    held = tuple((t.origin, t.stars, not t.covered) for t in state.tokens if t.holder == seat)
    ballot = state.election.ballots.get(seat) if state.election else None
    bid = state.auction.bids.get(seat) if state.auction else None
    folder = state.folders.drafts.get(seat) if state.folders else None
    return SeatView(
        seat=seat,
        city=m.city,
        money=m.money,
        tokens=held,
        scandal=_own_scandal(state, seat) is not None,
        scandals_held=tuple(
            s.origin for s in state.scandals if s.holder == seat and s.origin != seat
        ),
        hand=tuple(m.hand),
        hand_names=tuple(_names(c)["name"] for c in m.hand),
        ballot=ballot,
        bid=bid,
        folder=folder,
    )
