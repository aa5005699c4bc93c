"""Dice for `/roll` and for games: `roll("4d6kh3+2", rng)`. The grammar is in parser.py.

Every die comes from the `Rng` passed in, one `randint` per die in the order shown,
so a seed replays a roll. Refusals are ParseError (unreadable) or RuleError (readable
but beyond a limit) with a `dice.` message key; nothing here writes user-visible text.

Choices: division truncates toward zero (`-7/2` is -3). Keeping or dropping more dice
than were rolled keeps or drops them all; `0d6` is refused. At most MAX_DICE dice per
roll, counted over all terms before rolling; each repeat is a roll of its own.
Explosions and rerolls stop quietly at that limit (the group is `capped`) rather
than failing at random. The total counts successes when every dice term counts successes
(`6d6>=5+1`: one automatic success). Of equal dice, the earlier counts as lower.
A comparison of totals (`1d20+5 >= 15`) makes the total 1 (passed) or 0, as in d20.
"""

from rules.core.rng import Rng
from rules.dice.limits import MAX_DEPTH, MAX_DICE, MAX_LENGTH, MAX_NUMBER, MAX_REPEATS, MAX_SIDES
from rules.dice.parser import parse
from rules.dice.result import Check, DiceGroup, Die, RollResult, SingleRoll
from rules.dice.roller import roll_once

__all__ = [
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_LENGTH",
    "MAX_NUMBER",
    "MAX_REPEATS",
    "MAX_SIDES",
    "Check",
    "DiceGroup",
    "Die",
    "RollResult",
    "SingleRoll",
    "roll",
]


def roll(text: str, rng: Rng) -> RollResult:
    """Parse and roll `text` (empty: `1d20`), once per repeat. Raises ParseError/RuleError."""
    parsed = parse(text)
    rolls = tuple(roll_once(parsed, rng) for _ in range(parsed.repeats))
    return RollResult(parsed.label, rolls)
