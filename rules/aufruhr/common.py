"""AUFRUHR! helpers shared by the phases: names, seats, sites, money, tokens."""

from functools import cache

from rules.aufruhr import cards as deck
from rules.aufruhr.auction import LICENCE, MINIMUM
from rules.aufruhr.building import municipal_sites
from rules.aufruhr.mapdata import ruhr_map
from rules.aufruhr.model import (
    Bilingual,
    Scandal,
    State,
    Token,
)
from rules.aufruhr.scoring import project_points
from rules.aufruhr.subventions import AMOUNTS
from rules.core.protocol import Event

CATS = deck.CATEGORIES
NEGATIVE_MINIMUM = 60  # negative RuhrCity projects are auctioned like small RuhrCity ones


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


def _usable(t: Token, lord_mayor: int | None) -> bool:
    """A token its holder may put in a folder: not covered, nor fresh in office."""
    return not t.covered and not (t.holder == lord_mayor and t.fresh)


def _usable_tokens(state: State, seat: int) -> list[int]:
    lm = state.lord_mayor
    return [i for i, t in enumerate(state.tokens) if t.holder == seat and _usable(t, lm)]


def _usable_stars(state: State, seats: tuple[int, ...]) -> dict[int, set[int]]:
    """The star counts each of `seats` could put in, in one pass over the tokens."""
    stars: dict[int, set[int]] = {s: set() for s in seats}
    for t in state.tokens:
        if t.holder in stars and _usable(t, state.lord_mayor):
            stars[t.holder].add(t.stars)
    return stars


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


def initial_name(card: str) -> dict[str, str]:
    _, city, k = card.split(":")
    name = deck.cards().initial[city][int(k)].name
    return {"en": name["en"], "de": name["de"]}


def _demands(state: State) -> list[str]:
    f = state.folders
    assert f is not None
    if f.context == "subvention":
        return [f"subvention:{a}" for a in AMOUNTS[_n(state)]]
    if f.context == "intention":
        # Only demands that would change something: not the payout already declared, not
        # an auction of a category already chosen or of an empty pile.
        current = state.intention
        payout = [f"payout:{c}" for c in CATS if [f"payout:{c}"] != current]
        chosen = current[1:] if current[:1] == ["auction"] else []
        auction = [f"auction:{c}" for c in CATS if c not in chosen and state.piles[c]]
        return payout + auction
    assert state.auction is not None
    return [f"award:{s}" for s in state.auction.tied]


def _offers(state: State) -> list[int]:
    f = state.folders
    assert f is not None
    return sorted(s for s, d in f.drafts.items() if d.handed)


def _give_choices(state: State) -> list[int]:
    """Every mayor still without a subvention, from the Lord Mayor's left. A promise made
    by an accepted folder is not shown here (the group would see whose folder it was):
    a choice against it is refused privately (`_promise_broken`)."""
    return [s for s in _from_left(state, (state.lord_mayor or 0) + 1) if s not in state.subvention]


def _promise_broken(state: State, to: int) -> tuple[int, int] | None:
    """The promise (seat, amount) that giving the current amount to `to` would break."""
    amount = AMOUNTS[_n(state)][len(state.subvention)]
    for seat, promised in state.promised.items():
        if seat in state.subvention:
            continue
        if (promised == amount) != (seat == to):
            return seat, promised
    return None


def _categories_open(state: State) -> list[str]:
    chosen = state.intention[1:]
    return [c for c in CATS if len(state.piles[c]) > chosen.count(c)]


def _minimum(card: str) -> int:
    kind, size, _, negative = _kind(card)
    return NEGATIVE_MINIMUM if negative else MINIMUM[(kind, size)]


def _may_realise(state: State, seat: int, card: str) -> bool:
    """What the table can see: enough markers and a free community. Whether the mayor can
    pay the licence is his secret, so it is asked of him (and refused) privately."""
    need = 2 if _kind(card)[1] == "big" else 3
    return state.mayors[seat].markers >= need and bool(_ruhrcity_sites(state))


def _can_realise(state: State, seat: int, card: str) -> bool:
    return _may_realise(state, seat, card) and _free_money(state, seat) >= _licence(card)


def _licence(card: str) -> int:
    return LICENCE[_kind(card)[1]]


def _bound(state: State, seat: int) -> int:
    """Money already promised to the bank: a sealed bid until the reveal, the price while a
    tie is decided, the licence of the project being realised. It cannot be paid across
    the table meanwhile, or the bank would be paid less than the bid (NOTES.md)."""
    a = state.auction
    if a is not None and a.winner is None:
        if not a.price:  # still bidding
            return a.bids.get(seat) or 0
        return a.price if seat in a.tied else 0
    r = state.realising
    if r is not None and r.card is not None and r.queue and r.queue[0] == seat:
        return _licence(r.card)
    return 0


def _free_money(state: State, seat: int) -> int:
    return state.mayors[seat].money - _bound(state, seat)


def _site_id(text: str) -> str:
    key = text.strip().casefold()
    for cid, c in ruhr_map().communities.items():
        if key in (cid, c.name.casefold()):
            return cid
    return key


def _municipal_count(state: State, seat: int) -> int:
    return sum(
        1 for ps in state.board.values() for p in ps if p.kind == "municipal" and seat in p.owners
    )
