"""Dice for `/roll` and for games: `roll("4d6kh3+2", rng)`. See parser.py for the grammar."""

from dataclasses import dataclass

from rules.core.rng import Rng
from rules.dice.parser import MAX_DICE, MAX_LENGTH, MAX_REPEATS, MAX_SIDES, parse
from rules.dice.roller import DiceGroup, Die, SingleRoll, roll_tree

__all__ = [
    "MAX_DICE",
    "MAX_LENGTH",
    "MAX_REPEATS",
    "MAX_SIDES",
    "DiceGroup",
    "Die",
    "RollResult",
    "SingleRoll",
    "roll",
]


@dataclass(frozen=True)
class RollResult:
    label: str | None
    results: tuple[SingleRoll, ...]  # one per repeat


def roll(text: str, rng: Rng) -> RollResult:
    """Parse and roll `text` (empty: `1d20`). Raises ParseError/RuleError with a key."""
    parsed = parse(text)
    return RollResult(
        parsed.label, tuple(roll_tree(parsed.tree, rng) for _ in range(parsed.repeats))
    )
