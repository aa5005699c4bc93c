"""Drinking: where a player may drink and how much (never above 2.3 ‰, the know-your-limit
rule), the drink itself, the round of drinks a 4 pours, and the gum rule (dry outside an
open pub). Readings of the rule book: NOTES.md ("The board game")."""

from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.einsistkeins.board.hours import open_squares
from rules.einsistkeins.board.model import LIMIT, State, permille


def in_open_pub(state: State, seat: int) -> bool:
    return state.pos[seat] in open_squares(state.clock)


def can_drink(state: State, seat: int) -> bool:
    return in_open_pub(state, seat) and state.alcohol[seat] < LIMIT


def drink_limit(state: State, seat: int, roll: int) -> int:
    """Tenths `seat` may drink now with `roll`: up to the roll, never above 2.3 ‰."""
    return min(roll, LIMIT - state.alcohol[seat]) if can_drink(state, seat) else 0


def dry(state: State, seat: int) -> bool:
    """The gum rule applies: 0 ‰ and not in an open pub."""
    return state.alcohol[seat] == 0 and not in_open_pub(state, seat)


def drink(state: State, seat: int, amount: int | None) -> list[Event]:
    """`seat` drinks `amount` tenths (None: as much as allowed) with this turn's roll."""
    if not in_open_pub(state, seat):
        raise RuleError("einsistkeins.error.no_pub")
    limit = drink_limit(state, seat, 1 if state.phase == "one" else state.roll or 0)
    if limit <= 0:
        raise RuleError("einsistkeins.error.limit")
    amount = limit if amount is None else amount
    if not 1 <= amount <= limit:
        raise RuleError("einsistkeins.error.drink_amount", most=permille(limit))
    state.alcohol[seat] += amount
    params = {"seat": seat, "amount": permille(amount), "level": permille(state.alcohol[seat])}
    return [Event(key="einsistkeins.drank", params=params)]


def round_of_drinks(state: State, roller: int) -> list[Event]:
    """A 4: everybody else in an open pub drinks up to 0.4 (to 2.3 at most). Drinking is
    only ever good in this game, so the round is poured without asking (NOTES.md)."""
    events = [Event(key="einsistkeins.round", params={"seat": roller})]
    for s in range(state.players):
        if s != roller and can_drink(state, s):  # at 2.3 ‰ nothing more (know-your-limit)
            amount = min(4, LIMIT - state.alcohol[s])
            state.alcohol[s] += amount
            params = {"seat": s, "amount": permille(amount), "level": permille(state.alcohol[s])}
            events.append(Event(key="einsistkeins.round_drink", params=params))
    return events
