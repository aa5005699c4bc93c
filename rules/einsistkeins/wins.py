"""The win rules both games share ("End of the Game").

- 12 pubs ("Drunken Master");
- each pub from the third onwards in one lifebuoy lowers the 12 by one (the rule book's
  nine combinations all follow from this);
- all seven pubs of one lifebuoy ("Heroine of the Ghetto");
- one pub from each of the five lifebuoys plus any sixth ("Tourist").
Otherwise most pubs wins; ties: more districts, then the higher alcohol level (the
board game only; the card game passes 0).
"""

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from rules.core.protocol import Frozen
from rules.einsistkeins.pubs import LIFEBUOYS, Pub

TARGET = 12
FREE_PER_LIFEBUOY = 2  # the first two pubs in a lifebuoy lower nothing
LIFEBUOY_SIZE = 7
TOURIST = len(LIFEBUOYS) + 1

WinKind = Literal["all_seven", "tourist", "twelve", "lifebuoys"]


class Win(Frozen):
    kind: WinKind
    pubs: int  # how many pubs the winner has visited
    needed: int  # the number the lifebuoys lowered the 12 to


def lifebuoy_counts(visited: Iterable[Pub]) -> Counter[str]:
    return Counter(p.lifebuoy for p in visited if p.lifebuoy)


def needed(visited: Iterable[Pub]) -> int:
    """12 less one for every pub from the third onwards in each lifebuoy."""
    counts = lifebuoy_counts(visited)
    return TARGET - sum(max(0, n - FREE_PER_LIFEBUOY) for n in counts.values())


def win(visited: Sequence[Pub]) -> Win | None:
    """The win these pubs make, if any (the most telling kind when several apply)."""
    counts = lifebuoy_counts(visited)
    total = len(visited)
    need = needed(visited)
    kind: WinKind | None = None
    if any(n >= LIFEBUOY_SIZE for n in counts.values()):
        kind = "all_seven"
    elif len(counts) == len(LIFEBUOYS) and total >= TOURIST:
        kind = "tourist"
    elif total >= TARGET:
        kind = "twelve"
    elif total >= need:
        kind = "lifebuoys"
    return None if kind is None else Win(kind=kind, pubs=total, needed=need)


def districts(visited: Iterable[Pub]) -> int:
    return len({p.district for p in visited})


def standing(visited: Sequence[Pub], alcohol: int = 0) -> tuple[int, int, int]:
    """What decides without a win: pubs, then districts, then alcohol (tenths of ‰)."""
    return (len(visited), districts(visited), alcohol)


def ranking(
    standings: Mapping[int, tuple[int, ...]], winner: int | None = None
) -> tuple[tuple[int, ...], ...]:
    """Seats best first, tied seats grouped; a player with a win comes first."""
    rest = {s: k for s, k in standings.items() if s != winner}
    groups = [
        tuple(sorted(s for s, k in rest.items() if k == key))
        for key in sorted(set(rest.values()), reverse=True)
    ]
    return ((winner,), *groups) if winner is not None else tuple(groups)


def tied(
    standings: Mapping[int, tuple[int, ...]],
    ranking: Sequence[Sequence[int]],
    winner: int | None = None,
) -> tuple[int, ...]:
    """The seats, in ranking order, whose pubs equal another's: those the tie-break
    (districts, then alcohol) ordered or left sharing a place. A winner stands first by
    the win, which the table was told, and is no part of a tie."""
    pubs = Counter(k[0] for s, k in standings.items() if s != winner)
    return tuple(s for group in ranking for s in group if s != winner and pubs[standings[s][0]] > 1)
