"""Places on the board for people: which pub stands on a square, a square's name, and
finding the pub or station a player typed (`/go Izarro`, `/go lind`)."""

import unicodedata
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from rules.core.errors import RuleError
from rules.einsistkeins.board.graph import board


@cache
def pubs_on() -> Mapping[int, str]:
    """The pub (or Café Safran) on each square that has one, in square order: looked up
    for every player at every step, so read off the board once (read only: shared by
    every table of the process)."""
    on = {s.index: s.name for s in board().squares if s.kind in ("pub", "start")}
    return MappingProxyType(on)


def pub_at(sq: int) -> str | None:
    """The pub (or Café Safran) on a square, if any."""
    return pubs_on().get(sq)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


@cache
def _folded() -> dict[str, str]:
    """Every place's name, folded once (each `/go` compares it with every name)."""
    return {n: _fold(n) for n in board().by_name}


@cache
def _exactly(wanted: str) -> tuple[str, ...]:
    """The places whose folded name is `wanted` (asked for a card's name only: one entry
    per pub at most)."""
    return tuple(n for n, f in _folded().items() if f == wanted)


def find_place(text: str, prefer: list[str]) -> int:
    """The pub or station `text` names: exactly, by a unique beginning, or a unique part;
    the pubs in `prefer` (your cards) are searched first."""
    wanted = _fold(text)
    folded = _folded()
    if text in prefer and _exactly(wanted) == (text,):
        # one of your cards by its own name (a button's), no other place so named: what
        # the search below finds first, found without searching
        return board().by_name[text]
    names = list(folded)
    for group in ([n for n in prefer if n in folded], names):
        for rule in (str.__eq__, str.startswith, str.__contains__):
            found = [n for n in group if wanted and rule(folded[n], wanted)]
            if len(found) == 1:
                return board().by_name[found[0]]
            if len(found) > 1:
                raise RuleError("einsistkeins.error.ambiguous", text=text[:40], places=found[:6])
    raise RuleError("einsistkeins.error.unknown_place", text=text[:40])
