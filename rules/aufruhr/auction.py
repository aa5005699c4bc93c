"""Sealed-bid auctions (rule book III.a): secret bids, revealed together.

Bids are multiples of 10 and at most what the bidder holds; the highest bid at or above
the minimum wins and is paid to the bank; a tie among the highest goes to the Lord Mayor.
"""

from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from rules.core.errors import RuleError

MINIMUM = {
    ("municipal", "small"): 20,
    ("municipal", "big"): 40,
    ("ruhrcity", "small"): 60,
    ("ruhrcity", "big"): 120,
}
LICENCE = {"small": 120, "big": 300}  # building licence for RuhrCity projects


class AuctionResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    price: int | None  # None: unsold (every bid below the minimum), to the discard pile
    winners: tuple[int, ...]  # one seat, or the tied seats the Lord Mayor chooses among


def check_bid(amount: int, money: int) -> None:
    if amount < 0 or amount % 10:
        raise RuleError("error.aufruhr.bid_multiple")
    if amount > money:
        raise RuleError("error.aufruhr.bid_too_high", amount=amount)


def resolve(bids: Mapping[int, int | None], minimum: int) -> AuctionResult:
    """`bids[seat]` is the sealed bid, None for no bid (a missed deadline)."""
    valid = {s: b for s, b in bids.items() if b is not None and b >= minimum}
    if not valid:
        return AuctionResult(price=None, winners=())
    top = max(valid.values())
    return AuctionResult(price=top, winners=tuple(sorted(s for s, b in valid.items() if b == top)))
