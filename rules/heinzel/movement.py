"""Moving a piece: exactly the roll, in a freely chosen direction, never turning back.

A move is a walk of exactly `roll` steps along the board's links in which no step
returns to the field just left ("direction freely chosen" read on a graph: you choose
a way at the start and at every fork, but you do not turn round within one move; NOTES.md).
Entering a shop (the four crafts and the Schneider) ends the move at once, the surplus
is lost. Landing exactly on a tunnel field lets the piece jump to any other tunnel
field, which ends the move (the jump itself is chosen in engine.py).
"""

from functools import cache

from rules.core.errors import RuleError
from rules.core.protocol import Option
from rules.heinzel.board import board, field, is_shop
from rules.heinzel.data import board_data
from rules.heinzel.model import Go


@cache
def destinations(start: int, roll: int) -> tuple[int, ...]:
    """Every field a move of `roll` from `start` may end on, in board order."""
    near = board().neighbours
    ends: set[int] = set()
    # (field, previous field, steps left) on every walk still going
    walks = {(n, start, roll - 1) for n in near[start]}
    while walks:
        going = set()
        for here, prev, left in walks:
            if left == 0 or is_shop(here):
                ends.add(here)
                continue
            going |= {(n, here, left - 1) for n in near[here] if n != prev}
        walks = going
    return tuple(sorted(ends))


def lands_on_tunnel(to: int) -> bool:
    """A move ending on a tunnel field reached it exactly (tunnels are not shops)."""
    return field(to).kind == "tunnel"


# Typed names are compared folded: without case, dots and hyphens, and with the umlauts
# as their base letters (also written "ae", "oe", "ue"), so that "/go St Severin",
# "/go Muehlenbach" or "/go Thurmchenswall" on a keyboard without umlauts find the field.
_UMLAUTS = (("ae", "a"), ("oe", "o"), ("ue", "u"), ("ä", "a"), ("ö", "o"), ("ü", "u"))


def fold(text: str) -> str:
    text = text.casefold().replace(".", " ").replace("-", " ")  # (casefold: ß → ss)
    for umlaut, base in _UMLAUTS:
        text = text.replace(umlaut, base)
    return " ".join(text.split())


@cache
def _names(index: int) -> frozenset[str]:
    """What a player may call a field (folded): its name and its craft in either language."""
    f = field(index)
    names = {fold(f.name)}
    if f.craft:
        names |= {fold(n) for n in board_data().crafts[f.craft].values()}
    return frozenset(names)


def _named(index: int, wanted: str) -> bool:
    # The id (what a button sends) only whole: a walking field's id spells its link's
    # ends ("hahnentor-gereon-1" is Friesenwall), so a beginning of it would send
    # "/go Hahnentor" to Friesenwall.
    return wanted in _names(index) or wanted == fold(field(index).id)


def find(text: str, among: tuple[int, ...]) -> int:
    """The field of `among` that `text` names: its id, its name or its craft ("Bäcker",
    "baker"), or the unique field whose name begins so. Refused when `text` names none of
    them, or several."""
    wanted = fold(text)
    if not wanted:
        raise RuleError("heinzel.error.no_field", text=text)
    exact = [i for i in among if _named(i, wanted)]
    if len(exact) == 1:
        return exact[0]
    starts = [i for i in among if any(n.startswith(wanted) for n in _names(i))]
    if len(starts) == 1:
        return starts[0]
    if len(starts) > 1:
        choices = [
            Option(label=field(i).name, literal=True, action=Go(to=field(i).id)) for i in starts
        ]
        raise RuleError(
            "heinzel.error.ambiguous",
            choices=choices,  # offered as buttons
            text=text,
            fields=[field(i).name for i in starts],
        )
    every = range(len(board().fields))
    named = [i for i in every if _named(i, wanted)]
    if len(named) != 1:
        named = [i for i in every if any(n.startswith(wanted) for n in _names(i))]
    if len(named) == 1:
        raise RuleError("heinzel.error.unreachable", field=field(named[0]).name)
    if named:  # not one of them: naming the first ("St. Ursula" for "/go St.") misleads
        raise RuleError("heinzel.error.none_reachable", text=text)
    raise RuleError("heinzel.error.no_field", text=text)
