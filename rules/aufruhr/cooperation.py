"""Cooperation on a big RuhrCity project agreed in a deal (rule book III.a, COOPERATION:
"at any time the buyer may make a deal with a competitor to realize a big RuhrCity
project together (before purchase, upon purchase or in a following game round) …
not binding, as long as the RuhrCity project has not been realized yet").

`/coop @cem Century Hall: I pay you 100` is a deal like any other, numbered, public and
answered with /accept or /decline; accepted, it is remembered, and when the project is
realised its owner's partner in it is asked first (realisation.py). Not binding: the
partner may still decline, the owner may realise another round or not at all, and a
later agreement on the same project replaces an earlier one (NOTES.md 34).
"""

from rules.aufruhr import data, projects
from rules.aufruhr.commands import DEAL_TEXT, addressee, record
from rules.aufruhr.model import Coop, Deal, State
from rules.core.errors import RuleError
from rules.core.protocol import Event


def propose(state: State, seat: int, text: str, events: list[Event]) -> None:
    """`/coop <mayor> <project>: <terms>` (the terms may be left out)."""
    head, _, rest = text.strip().partition(" ")
    if not head or not rest.strip():
        raise RuleError("error.aufruhr.coop_usage")
    to = addressee(state, seat, head, "error.aufruhr.coop_self")
    name, _, terms = rest.partition(":")
    card = _named(state, (seat, to), name)
    if card is None:
        raise RuleError("error.aufruhr.coop_which", name=name.strip()[:40])
    record(state, seat, [to], terms.strip()[:DEAL_TEXT], events, coop=card)


def candidates(state: State, pair: tuple[int, int]) -> list[str]:
    """Big RuhrCity projects a cooperation may name now: in the hand of one of the pair,
    up for auction, or revealed for this round's auctions (before purchase)."""
    cards = [c for s in pair for c in state.mayors[s].hand]
    if state.auction is not None:
        cards.append(state.auction.card)
    cards += state.lots
    return [c for c in dict.fromkeys(cards) if projects.kind(c)[:2] == ("ruhrcity", "big")]


def _named(state: State, pair: tuple[int, int], name: str) -> str | None:
    """The candidate whose name (English or German, any case) is or begins with `name`."""
    key = name.strip().casefold()
    if not key:
        return None
    for card in candidates(state, pair):
        names = data.project(card).name
        if any(n.casefold().startswith(key) for n in names.values()):
            return card
    return None


def answered(state: State, deal: Deal, seat: int, yes: bool, events: list[Event]) -> None:
    """An accepted cooperation deal is remembered for the realisation."""
    if deal.coop is None or not yes:
        return
    state.coops = [c for c in state.coops if c.card != deal.coop]
    state.coops.append(Coop(card=deal.coop, seats=(deal.by, seat), number=deal.number))
    params = {"seat": seat, "by_seat": deal.by, "card": deal.coop, "number": deal.number}
    events.append(Event(key="aufruhr.coop_agreed", params=params))


def agreed_partner(state: State, owner: int, card: str) -> Coop | None:
    """The cooperation the owner agreed on `card`, if any."""
    return next((c for c in state.coops if c.card == card and owner in c.seats), None)


def over(state: State, card: str) -> None:
    """The project is realised, or the partner declined: the agreement is spent."""
    state.coops = [c for c in state.coops if c.card != card]
