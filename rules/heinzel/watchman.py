"""The night watchman: duels when a piece enters an outer Veedel where others already are.

Everybody in that Veedel rolls (the newcomer too); the lowest is sent back to his start
field; those tied for lowest roll again among themselves until one is lowest. The
watchman walks only the outer Veedel: nobody is ever challenged at the Schneider. Whether
the loser plays his Nachtwächter card is asked in engine.py.
"""

from rules.core.rng import Rng
from rules.heinzel.board import field

Round = tuple[tuple[int, int], ...]  # (seat, roll) for each seat that rolled


def alarmed(pos: list[int], mover: int, came_from: int) -> tuple[int, ...]:
    """The seats that must roll, newcomer first: empty when the mover's field is not in an
    outer Veedel, when he was in that Veedel already (`came_from`, where the turn began),
    or when nobody else is there."""
    here = field(pos[mover])
    if not here.watched or here.veedel == field(came_from).veedel:
        return ()
    others = tuple(s for s, p in enumerate(pos) if s != mover and field(p).veedel == here.veedel)
    return (mover, *others) if others else ()


def duel(rng: Rng, seats: tuple[int, ...]) -> tuple[int, tuple[Round, ...]]:
    """Roll until one seat is lowest: (that seat, every round rolled)."""
    rounds: list[Round] = []
    rolling = seats
    while True:
        rolled = tuple((s, rng.randint(1, 6)) for s in rolling)
        rounds.append(rolled)
        low = min(r for _, r in rolled)
        rolling = tuple(s for s, r in rolled if r == low)
        if len(rolling) == 1:
            return rolling[0], tuple(rounds)
