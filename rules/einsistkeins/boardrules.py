"""The board game's small rules as pure functions of the state: where a player may drink,
how far they may go, whether trams run, which cards are dead, finding a typed place.

Readings of the rule book: NOTES.md ("The board game").
"""

import unicodedata

from rules.core.errors import RuleError
from rules.einsistkeins.board import board, square
from rules.einsistkeins.boardmodel import END_CLOCK, HALF_HOUR, LIMIT, NIGHT_STAR, State
from rules.einsistkeins.pubs import BY_NAME, PUBS, is_open


def permille(tenths: int) -> float:
    """23 → 2.3: a message parameter, so the bot can write it as its language does."""
    return round(tenths / 10, 1)


def trams_run(clock: int) -> bool:
    """The night-star rule: from 1 a.m. trams only on the full hour."""
    return clock < NIGHT_STAR or clock % 60 == 0


def pub_at(sq: int) -> str | None:
    """The pub (or Café Safran) on a square, if any."""
    s = square(sq)
    return s.name if s.kind in ("pub", "start") else None


def in_open_pub(state: State, seat: int) -> bool:
    name = pub_at(state.pos[seat])
    return name is not None and is_open(BY_NAME[name], state.clock)


def can_drink(state: State, seat: int) -> bool:
    return in_open_pub(state, seat) and state.alcohol[seat] < LIMIT


def drink_limit(state: State, seat: int, roll: int) -> int:
    """Tenths `seat` may drink now with `roll`: up to the roll, never above 2.3 ‰."""
    return min(roll, LIMIT - state.alcohol[seat]) if can_drink(state, seat) else 0


def takeaway_possible(state: State, seat: int) -> bool:
    """A 3 in a pub that is open, or that closed at this very half hour ("closing")."""
    name = pub_at(state.pos[seat])
    if name is None:
        return False
    p = BY_NAME[name]
    return is_open(p, state.clock) or is_open(p, state.clock - HALF_HOUR)


def budget(state: State, seat: int) -> int:
    """Movement points this turn: the roll, but never more than the tenths left
    (a takeaway costs nothing, so only the roll limits it)."""
    roll = state.roll or 0
    if state.phase == "gum":
        return 1
    if state.phase == "one":
        return min(1, state.alcohol[seat])
    if state.takeaway:
        return roll
    return min(roll, state.alcohol[seat])


def dry(state: State, seat: int) -> bool:
    """The gum rule applies: 0 ‰ and not in an open pub."""
    return state.alcohol[seat] == 0 and not in_open_pub(state, seat)


def dead(name: str, clock: int) -> bool:
    """A card whose pub has closed for the night: not open now, nor at any later half
    hour before 5 o'clock (Gaststätte Kaiser closed 15:00–17:00 stays in play)."""
    p = BY_NAME[name]
    return not any(is_open(p, t) for t in range(clock, END_CLOCK, HALF_HOUR))


def any_pub_open(clock: int) -> bool:
    return any(is_open(p, clock) for p in PUBS)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


def find_place(text: str, prefer: list[str]) -> int:
    """The pub or station `text` names: exactly, by a unique beginning, or a unique part;
    the pubs in `prefer` (your cards) are searched first."""
    wanted = _fold(text)
    names = list(board().by_name)
    for group in ([n for n in prefer if n in board().by_name], names):
        for rule in (str.__eq__, str.startswith, str.__contains__):
            found = [n for n in group if wanted and rule(_fold(n), wanted)]
            if len(found) == 1:
                return board().by_name[found[0]]
            if len(found) > 1:
                raise RuleError("eikb.error.ambiguous", text=text[:40], places=found[:6])
    raise RuleError("eikb.error.unknown_place", text=text[:40])


def where(sq: int) -> str:
    """A square for people: a place's name, or for a path square its link from the
    nearer end ("Glocksee ↔ Goetheplatz (1/3)": one step of three from Glocksee)."""
    return square(sq).name
