"""What a roll produced: every die, for the one-line breakdown and for drawn dice faces."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Die:
    value: int
    kept: bool = True  # False: dropped by keep/drop, shown struck through
    exploded: bool = False  # passed the explosion target: the next die is its extra roll
    extra: bool = False  # rolled because the die before it exploded
    success: bool = False  # kept and passing the success target


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """One dice term of the expression (`4d6kh3`), in the order the dice were rolled."""

    notation: str  # normalised, e.g. `4d6kh3`
    sides: int  # 3 for Fudge dice
    fudge: bool  # faces -1, 0, +1
    dice: tuple[Die, ...]
    value: int  # the sum of the kept dice, or the number of successes
    successes: bool  # value counts successes
    capped: bool = False  # an explosion was skipped: the expression reached MAX_DICE


@dataclass(frozen=True, slots=True)
class SingleRoll:
    expression: str  # normalised, e.g. `4d6kh3+2`
    total: int
    breakdown: str  # `4d6kh3 (6, 5, 3, ~~1~~) + 2`: ~~dropped~~, exploded!, **success**
    successes: bool  # the total counts successes: every dice term counts successes
    groups: tuple[DiceGroup, ...]  # the dice terms, left to right


@dataclass(frozen=True, slots=True)
class RollResult:
    label: str | None  # the free text after the expression, verbatim
    results: tuple[SingleRoll, ...]  # one per repeat (`6x 4d6kh3`: six)
