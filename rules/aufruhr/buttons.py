"""AUFRUHR! buttons: the options and typed inputs of the prompts.

The bot asks for the prompts after every answer, and building a button (a validated
pydantic model) is most of a prompt's cost; so every button that depends only on the
table and the moment (a mayor, a site, a category, a minimum bid), not on the whole
state, is made once and cached. Caches are keyed by such small things only, so they stay
small however long the bot runs. Buttons are frozen and nobody changes their actions.
"""

from collections.abc import Iterable
from functools import cache

from rules.aufruhr import cards as deck
from rules.aufruhr.common import CATS, _cats, _minimum, _names, _place
from rules.aufruhr.model import State
from rules.core.protocol import FreeInput, Option


def seat_options(state: State, seats: Iterable[int], verb: str) -> tuple[Option, ...]:
    """One button per seat, in the order given (see `seat_option`)."""
    return tuple(seat_option(state.mayors[s].city, s, verb) for s in seats)


@cache
def seat_option(city: str, seat: int, verb: str) -> Option:
    """A button naming a mayor by his city and player ("Essen (ben)", as the chat names
    him): `give` him a subvention, `choose` him, or `vote` for him (a ballot hides his
    own button from him)."""
    label, params = "aufruhr.button.mayor", {"city": _place(city), "seat": seat}
    if verb == "vote":
        action = {"type": "vote", "seat": seat}
        return Option(label=label, params=params, action=action, hidden_from=(seat,))
    if verb == "give":
        return Option(label=label, params=params, action={"type": "give", "seat": seat})
    return Option(label=label, params=params, action={"type": "choose", "choice": str(seat)})


def site_options(sites: Iterable[str]) -> tuple[Option, ...]:
    """One button per community, in the order given."""
    return tuple(site_option(c) for c in sites)


@cache
def site_option(cid: str) -> Option:
    return Option(label=_place(cid), literal=True, action={"type": "choose", "choice": cid})


@cache
def demand_option(cities: tuple[str, ...], demand: str) -> Option:
    kind, _, arg = demand.partition(":")
    action = {"type": "demand", "demand": demand}
    if kind == "subvention":
        return Option(label="aufruhr.demand.subvention", params={"amount": int(arg)}, action=action)
    if kind == "award":
        city = _place(cities[int(arg)])
        return Option(label="aufruhr.demand.award", params={"city": city}, action=action)
    return Option(label=f"aufruhr.demand.{kind}", params=_cats([arg]), action=action)


DEMAND_INPUT = FreeInput(kind="text", field="text", action={"type": "demand"}, max_length=200)
BID_INPUT = FreeInput(kind="number", field="amount", action={"type": "bid"}, min=0, multiple_of=10)


KEEP = Option(label="aufruhr.button.keep", action={"type": "hand", "hand": False})
HAND_OVER = Option(label="aufruhr.button.hand", action={"type": "hand", "hand": True})


def folder_options(
    cities: tuple[str, ...], demands: tuple[str, ...], lacking: dict[int, tuple[int, ...]]
) -> tuple[Option, ...]:
    """Keep, the demands, a token of each star count, the scandal, hand over. `lacking[k]`
    are the seats without a usable token of k stars (0: without their scandal): that
    button is hidden from them (the folder goes to each privately)."""
    stars = sorted(set(deck.cards().bribe_stars))
    return (
        KEEP,
        *(demand_option(cities, d) for d in demands),
        *(put_option(k, lacking[k]) for k in stars),
        put_option(0, lacking[0]),
        HAND_OVER,
    )


@cache
def put_option(stars: int, lacking: tuple[int, ...]) -> Option:
    if not stars:
        return Option(
            label="aufruhr.button.scandal", action={"type": "put", "stars": 0}, hidden_from=lacking
        )
    return Option(
        label="aufruhr.button.put",
        params={"stars": "★" * stars},
        action={"type": "put", "stars": stars},
        hidden_from=lacking,
    )


@cache
def intention_options(auction_open: bool) -> tuple[Option, ...]:
    """An auction (while any pile can fill a slot) or the payout of one category."""
    auction = Option(label="aufruhr.button.auction", action={"type": "intend", "choice": "auction"})
    return (
        *([auction] if auction_open else []),
        *(
            Option(
                label="aufruhr.button.payout",
                params=_cats([c]),
                action={"type": "intend", "choice": f"payout:{c}"},
            )
            for c in CATS
        ),
    )


@cache
def category_options(open_: tuple[str, ...]) -> tuple[Option, ...]:
    """The categories whose piles can still fill the next auction slot, in rule-book order."""
    return tuple(
        Option(
            label="aufruhr.button.category",
            params=_cats([c]),
            action={"type": "intend", "choice": c},
        )
        for c in CATS
        if c in open_
    )


@cache
def lot_option(card: str) -> Option:
    return Option(
        label="aufruhr.button.lot",
        params={**_names(card), "minimum": _minimum(card)},
        action={"type": "choose", "choice": card},
    )


def bid_amounts(minimum: int) -> tuple[int, ...]:
    return (minimum, minimum + 10, minimum + 20, minimum + 50)


NO_BID = Option(label="aufruhr.button.no_bid", action={"type": "bid", "amount": 0})


def bid_options(minimum: int, short: tuple[tuple[int, ...], ...]) -> tuple[Option, ...]:
    """No bid, and four amounts from the minimum; `short[i]` are the seats that cannot
    pay the i-th amount: its button is hidden from them (bids go to each privately)."""
    amounts = bid_amounts(minimum)
    return (NO_BID, *(bid_option(v, seats) for v, seats in zip(amounts, short, strict=True)))


@cache
def bid_option(amount: int, short: tuple[int, ...]) -> Option:
    action = {"type": "bid", "amount": amount}
    return Option(label=str(amount), literal=True, action=action, hidden_from=short)
