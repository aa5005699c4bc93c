"""AUFRUHR! buttons: the options and typed inputs of the prompts.

The bot asks for the prompts after every answer, and building a button (a validated
pydantic model) is most of a prompt's cost; so every button that depends only on the
table and the moment (a mayor, a site, a category, a minimum bid), not on the whole
state, is made once and cached. Caches are keyed by such small things only, so they stay
small however long the bot runs. Buttons are frozen and nobody changes their actions.
"""

from collections.abc import Iterable
from functools import cache, lru_cache

from rules.aufruhr import data, projects
from rules.aufruhr.actions import (
    Award,
    Bid,
    Demand,
    Give,
    Hall,
    Hand,
    IntendAuction,
    IntendPayout,
    Lot,
    Partner,
    Put,
    Site,
    Slot,
    Vote,
)
from rules.aufruhr.data import CATEGORIES
from rules.aufruhr.folders import want
from rules.aufruhr.model import State
from rules.core.protocol import FreeInput, Option


def seat_options(state: State, seats: Iterable[int], verb: str) -> tuple[Option, ...]:
    """One button per seat, in the order given (see `seat_option`)."""
    return tuple(seat_option(state.mayors[s].city, s, verb) for s in seats)


@cache
def seat_option(city: str, seat: int, verb: str) -> Option:
    """A button naming a mayor by his city and player ("Essen (ben)", as the chat names
    him, a long name cut short: `brief_seat`): `give` him a subvention, `award` him a
    tied auction, ask him as a `partner`, or `vote` for him (a ballot hides his own button
    from him)."""
    label, params = "aufruhr.button.mayor", {"city_id": city, "brief_seat": seat}
    if verb == "vote":
        return Option(label=label, params=params, action=Vote(seat=seat), hidden_from=(seat,))
    action = {"give": Give, "award": Award, "partner": Partner}[verb](seat=seat)
    return Option(label=label, params=params, action=action)


def site_options(sites: Iterable[str], hall: bool = False) -> tuple[Option, ...]:
    """One button per community, in the order given: a site to build on, or (`hall`)
    where the RuhrCity Hall goes."""
    return tuple(site_option(c, hall) for c in sites)


@cache
def site_option(cid: str, hall: bool = False) -> Option:
    action = Hall(community=cid) if hall else Site(community=cid)
    return Option(label="aufruhr.button.site", params={"place_id": cid}, action=action)


@cache
def demand_option(cities: tuple[str, ...], kind: str, arg: int | str) -> Option:
    """A button for a listed demand (`folders.want(kind, arg)`), cached by plain values
    (a model as a cache key is hashed and compared field by field at every lookup)."""
    action = Demand(demand=want(kind, arg))
    label = f"aufruhr.demand.{kind}"
    if kind == "subvention":
        return Option(label=label, params={"amount": arg}, action=action)
    if kind == "award":
        return Option(label=label, params={"city_id": cities[int(arg)]}, action=action)
    return Option(label=label, params=projects.categories([str(arg)]), action=action)


DEMAND_INPUT = FreeInput(kind="text", field="text", action=Demand(text=""), max_length=200)
BID_INPUT = FreeInput(kind="number", field="amount", action=Bid(amount=0), min=0, multiple_of=10)


KEEP = Option(label="aufruhr.button.keep", action=Hand(hand=False))
HAND_OVER = Option(label="aufruhr.button.hand", action=Hand(hand=True))


# The star counts of the bribe tokens, in the order of their buttons.
STARS = tuple(sorted(set(data.cards().bribe_stars)))


@lru_cache(maxsize=512)  # asked after every answer in a window; few tables are in one
def folder_options(
    cities: tuple[str, ...],
    demands: tuple[tuple[str, int | str], ...],
    lacking: tuple[tuple[int, ...], ...],
) -> tuple[Option, ...]:
    """Keep, the demands (`folders.demand_args`), a token of each star count, the
    scandal, hand over. `lacking` holds, for each of `STARS` and then the scandal, the
    seats without a usable token of that many stars (without their scandal): that
    button is hidden from them (the folder goes to each privately)."""
    return (
        KEEP,
        *(demand_option(cities, kind, arg) for kind, arg in demands),
        *(put_option(k, seats) for k, seats in zip((*STARS, 0), lacking, strict=True)),
        HAND_OVER,
    )


@cache
def put_option(stars: int, lacking: tuple[int, ...]) -> Option:
    if not stars:
        return Option(label="aufruhr.button.scandal", action=Put(stars=0), hidden_from=lacking)
    return Option(
        label="aufruhr.button.put",
        params={"stars": stars},
        action=Put(stars=stars),
        hidden_from=lacking,
    )


@cache
def intention_options(auction_open: bool) -> tuple[Option, ...]:
    """An auction (while any pile can fill a slot) or the payout of one category."""
    auction = Option(label="aufruhr.button.auction", action=IntendAuction())
    return (
        *([auction] if auction_open else []),
        *(
            Option(
                label="aufruhr.button.payout",
                params=projects.categories([c]),
                action=IntendPayout(category=c),
            )
            for c in CATEGORIES
        ),
    )


@cache
def category_options(open_: tuple[str, ...]) -> tuple[Option, ...]:
    """The categories whose piles can still fill the next auction slot, in rule-book order."""
    return tuple(
        Option(
            label="aufruhr.button.category",
            params=projects.categories([c]),
            action=Slot(category=c),
        )
        for c in CATEGORIES
        if c in open_
    )


@cache
def lot_option(card: str) -> Option:
    return Option(
        label="aufruhr.button.lot",
        params={"card": card, "minimum": projects.minimum(card)},
        action=Lot(card=card),
    )


def bid_amounts(minimum: int) -> tuple[int, ...]:
    return (minimum, minimum + 10, minimum + 20, minimum + 50)


NO_BID = Option(label="aufruhr.button.no_bid", action=Bid(amount=0))


def bid_options(minimum: int, short: tuple[tuple[int, ...], ...]) -> tuple[Option, ...]:
    """No bid, and four amounts from the minimum; `short[i]` are the seats that cannot
    pay the i-th amount: its button is hidden from them (bids go to each privately)."""
    amounts = bid_amounts(minimum)
    return (NO_BID, *(bid_option(v, seats) for v, seats in zip(amounts, short, strict=True)))


@cache
def bid_option(amount: int, short: tuple[int, ...]) -> Option:
    return Option(label=str(amount), literal=True, action=Bid(amount=amount), hidden_from=short)
