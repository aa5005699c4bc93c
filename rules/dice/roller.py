"""Rolling a parsed expression: every die kept for the breakdown, totals as integers."""

from dataclasses import dataclass

from rules.core.errors import RuleError
from rules.core.rng import Rng
from rules.dice.parser import MAX_DICE, BinOp, Dice, Group, Neg, Node, Num


@dataclass(frozen=True)
class Die:
    value: int
    kept: bool = True
    exploded: bool = False  # showed its maximum and rolled again
    success: bool = False


@dataclass(frozen=True)
class DiceGroup:
    notation: str
    dice: tuple[Die, ...]
    value: int  # the sum of the kept dice, or the number of successes
    successes: bool


@dataclass(frozen=True)
class SingleRoll:
    expression: str  # normalised, e.g. `4d6kh3+2`
    total: int
    breakdown: str  # `4d6kh3 (6, 5, 3, ~~1~~) + 2`
    successes: bool  # the total counts successes (`6d6>=5`)
    groups: tuple[DiceGroup, ...]


_COMPARE = {
    ">=": lambda v, t: v >= t,
    "<=": lambda v, t: v <= t,
    ">": lambda v, t: v > t,
    "<": lambda v, t: v < t,
    "=": lambda v, t: v == t,
}


class _Roller:
    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.rolled = 0
        self.groups: list[DiceGroup] = []

    def eval(self, node: Node) -> tuple[int, str, str]:
        """(value, breakdown, normalised notation) of a node."""
        match node:
            case Num(value):
                return value, str(value), str(value)
            case Dice():
                group = self.dice(node)
                return group.value, f"{group.notation} ({_faces(group)})", group.notation
            case Group(inner):
                value, shown, notation = self.eval(inner)
                return value, f"({shown})", f"({notation})"
            case Neg(operand):
                value, shown, notation = self.eval(operand)
                return -value, f"-{shown}", f"-{notation}"
            case BinOp(op, left, right):
                a, a_shown, a_not = self.eval(left)
                b, b_shown, b_not = self.eval(right)
                return _arith(op, a, b), f"{a_shown} {op} {b_shown}", f"{a_not}{op}{b_not}"
        raise AssertionError(node)

    def dice(self, spec: Dice) -> DiceGroup:
        values: list[tuple[int, bool]] = []  # (value, exploded)
        pending = spec.count
        while pending:
            pending -= 1
            self.rolled += 1
            if self.rolled > MAX_DICE:
                raise RuleError("dice.too_many_dice", limit=MAX_DICE)
            value = self.rng.randint(1, spec.sides)
            boom = spec.explode and value == spec.sides
            values.append((value, boom))
            pending += boom
        kept = _kept(values, spec.keep)
        dice = []
        for i, (value, boom) in enumerate(values):
            hit = (
                bool(spec.compare)
                and i in kept
                and _COMPARE[spec.compare[0]](value, spec.compare[1])
            )  # type: ignore[index]
            dice.append(Die(value, kept=i in kept, exploded=boom, success=hit))
        if spec.compare:
            total = sum(d.success for d in dice)
        else:
            total = sum(d.value for d in dice if d.kept)
        group = DiceGroup(spec.text(), tuple(dice), total, spec.compare is not None)
        self.groups.append(group)
        return group


def _kept(values: list[tuple[int, bool]], keep: tuple[str, int] | None) -> set[int]:
    """Indexes of the kept dice. Keeping more dice than rolled keeps them all."""
    everything = set(range(len(values)))
    if keep is None:
        return everything
    mode, n = keep
    order = sorted(everything, key=lambda i: values[i][0])  # lowest first, stable
    n = min(n, len(values))
    match mode:
        case "kh":
            return set(order[len(order) - n :])
        case "kl":
            return set(order[:n])
        case "dh":
            return everything - set(order[len(order) - n :])
        case _:  # "dl"
            return everything - set(order[:n])


def _faces(group: DiceGroup) -> str:
    shown = []
    for die in group.dice:
        text = f"{die.value}!" if die.exploded else str(die.value)
        if not die.kept:
            text = f"~~{text}~~"  # the bot maps ~~ to the platform's strikethrough
        elif die.success:
            text = f"**{text}**"
        shown.append(text)
    return ", ".join(shown)


def _arith(op: str, a: int, b: int) -> int:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if b == 0:
        raise RuleError("dice.division_by_zero")
    quotient = abs(a) // abs(b)  # integer division, rounded toward zero
    return quotient if (a >= 0) == (b >= 0) else -quotient


def roll_tree(tree: Node, rng: Rng) -> SingleRoll:
    roller = _Roller(rng)
    total, breakdown, expression = roller.eval(tree)
    only_successes = (
        isinstance(tree, Dice) and tree.compare is not None
    )  # `6d6>=5` alone counts successes; inside arithmetic it is a number like any other
    return SingleRoll(expression, total, breakdown, only_successes, tuple(roller.groups))
