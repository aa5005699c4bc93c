"""What a roll produced: every die, for the one-line breakdown and for drawn dice faces."""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Shown:
    """A piece of a breakdown as it reads, and whether it is one die that was dropped
    (struck through where the chat can) or a success (in bold): the bot draws the marks,
    so nothing reads them back out of a text a player may have typed into (`[~~note~~]`)."""

    text: str
    dropped: bool = False  # dropped by keep/drop, or replaced by a reroll
    success: bool = False  # kept and passing the success target


Breakdown = tuple[Shown, ...]


def plain(breakdown: Breakdown) -> str:
    """The breakdown's text without its marks: `4d6kh3 (6, 5, 3, 1) + 2`."""
    return "".join(piece.text for piece in breakdown)


@dataclass(frozen=True, slots=True)
class Die:
    value: int
    kept: bool = True  # False: dropped by keep/drop, shown struck through
    exploded: bool = False  # passed the explosion target: the next die is its extra roll
    extra: bool = False  # rolled because the die before it exploded
    success: bool = False  # kept and passing the success target
    rerolled: bool = False  # replaced by the die after it (`r1`): struck through, not counted
    parts: tuple[int, ...] = ()  # `!!`: the rolls added up into this die (6, 6, 2 → 14)


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
class Check:
    """`1d20+5 >= 15`: the total of the expression against a target, itself maybe dice."""

    op: str  # >= <= > < =
    sign: str  # how it is written back: ≥ ≤ > < =
    value: int  # the total of the left side
    target: int
    target_breakdown: Breakdown | None  # when the target has dice or arithmetic: `1d6 (4)`
    passed: bool


@dataclass(frozen=True, slots=True)
class SingleRoll:
    expression: str  # normalised, e.g. `4d6kh3+2`
    total: int
    breakdown: Breakdown  # `4d6kh3 (6, 5, 3, 1) + 2`, the 1 dropped; exploded dice read 6!;
    # of the left side only when there is a check
    successes: bool  # the total counts successes: every dice term counts successes
    groups: tuple[DiceGroup, ...]  # the dice terms, left to right (a check's target last)
    check: Check | None = None  # then `total` is 1 when it passed, else 0 (as in d20)


@dataclass(frozen=True, slots=True)
class RollResult:
    label: str | None  # the free text after the expression, verbatim
    results: tuple[SingleRoll, ...]  # one per repeat (`6x 4d6kh3`: six)
