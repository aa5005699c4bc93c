"""Money: what the bank pays and receives (kept in a ledger the invariants check), what
a mayor's money is bound to, and the private "your treasury" message.

Treasuries are secret (rule book: money is kept hidden); only the bank's payments to
everybody (subventions, payouts, grants) and public transfers (`/pay`) are told.
"""

from rules.aufruhr import projects
from rules.aufruhr.clone import mayor
from rules.aufruhr.model import State
from rules.core.protocol import Event


def pay_bank(state: State, seat: int, amount: int) -> int:
    """`seat` pays up to `amount` to the bank; what he could pay is returned."""
    amount = min(amount, state.mayors[seat].money)
    mayor(state, seat).money -= amount
    state.bank_in += amount
    return amount


def from_bank(state: State, seat: int, amount: int) -> None:
    mayor(state, seat).money += amount
    state.bank_out += amount


def told(state: State, seat: int) -> Event:
    """`seat`'s treasury, told to him alone."""
    return Event(key="aufruhr.treasury", params={"money": state.mayors[seat].money}, to=(seat,))


def bound(state: State, seat: int) -> int:
    """Money already promised to the bank: a sealed bid until the reveal, the price while a
    tie is decided, the licence of the project being realised. It cannot be paid across
    the table meanwhile, or the bank would be paid less than the bid (NOTES.md)."""
    a = state.auction
    if a is not None and a.winner is None:
        if not a.price:  # still bidding
            return a.bids.answers.get(seat) or 0
        return a.price if seat in a.tied else 0
    r = state.realising
    if r is not None and r.card is not None and r.queue and r.queue[0] == seat:
        return projects.licence(r.card)
    return 0


def free(state: State, seat: int) -> int:
    """What `seat` may still pay across the table."""
    return state.mayors[seat].money - bound(state, seat)
