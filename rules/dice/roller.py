"""Rolling a parsed expression: integers only, every die kept for the breakdown."""

from rules.core.errors import RuleError
from rules.core.rng import Rng
from rules.dice.limits import MAX_DICE
from rules.dice.parser import Parsed
from rules.dice.result import DiceGroup, Die, SingleRoll
from rules.dice.tree import Chain, Dice, Group, Neg, Node, Num


def roll_once(parsed: Parsed, rng: Rng) -> SingleRoll:
    """One independent roll of a parsed expression (one repeat)."""
    roller = _Roller(rng, spare=MAX_DICE - parsed.dice)
    total, breakdown = roller.eval(parsed.tree)
    groups = tuple(roller.groups)
    # `6d6>=5+1`: one automatic success; `6d6>=5+1d6` mixes a sum in, so it is a number
    successes = bool(groups) and all(g.successes for g in groups)
    return SingleRoll(parsed.expression, total, breakdown, successes, groups)


class _Roller:
    def __init__(self, rng: Rng, spare: int) -> None:
        self.rng = rng
        self.spare = spare  # dice left for explosions once every term has its own
        self.groups: list[DiceGroup] = []

    def eval(self, node: Node) -> tuple[int, str]:
        """The value of a node and its breakdown."""
        match node:
            case Num(value):
                return value, str(value)
            case Dice():
                group = self.dice(node)
                return group.value, f"{group.notation} ({_faces(group.dice)})"
            case Group(inner):
                value, shown = self.eval(inner)
                return value, f"({shown})"
            case Neg(operand):
                value, shown = self.eval(operand)
                return -value, f"-{shown}"
            case Chain(first, rest):
                total, shown = self.eval(first)
                parts = [shown]
                for op, operand in rest:
                    value, shown = self.eval(operand)
                    total = _arith(op, total, value)
                    parts.append(f"{op} {shown}")
                return total, " ".join(parts)
        raise AssertionError(node)

    def dice(self, spec: Dice) -> DiceGroup:
        low, high, draw = spec.low, spec.high, self.rng.randint
        rolled: list[tuple[int, bool, bool]] = []  # (value, exploded, extra)
        capped = False
        if spec.explode is None:
            rolled = [(draw(low, high), False, False) for _ in range(spec.count)]
        else:
            # an explosion's roll follows its die at once, so a chain reads 6!, 6!, 2
            for _ in range(spec.count):
                value, extra = draw(low, high), False
                while spec.explode.test(value):
                    if self.spare == 0:
                        capped = True
                        break
                    self.spare -= 1
                    rolled.append((value, True, extra))
                    value, extra = draw(low, high), True
                rolled.append((value, False, extra))
        kept = _kept([v for v, _, _ in rolled], spec.keep)
        success = spec.success
        dice = tuple(
            Die(
                value,
                kept=i in kept,
                exploded=boom,
                extra=extra,
                success=success is not None and i in kept and success.test(value),
            )
            for i, (value, boom, extra) in enumerate(rolled)
        )
        if success is None:
            value = sum(d.value for d in dice if d.kept)
        else:
            value = sum(d.success for d in dice)
        group = DiceGroup(
            spec.text(), spec.sides, spec.fudge, dice, value, success is not None, capped
        )
        self.groups.append(group)
        return group


def _kept(values: list[int], keep: tuple[str, int] | None) -> set[int] | range:
    """Indexes of the kept dice. Keeping more than were rolled keeps them all;
    among equal values the earlier die counts as the lower one."""
    if keep is None:
        return range(len(values))
    mode, n = keep
    order = sorted(range(len(values)), key=values.__getitem__)  # lowest first, stable
    n = min(n, len(values))
    split = n if mode in ("kl", "dl") else len(values) - n
    low, high = set(order[:split]), set(order[split:])
    return low if mode in ("kl", "dh") else high


def _faces(dice: tuple[Die, ...]) -> str:
    shown = []
    for die in dice:
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
    quotient = abs(a) // abs(b)  # integer division, truncated toward zero like 7/2 → 3
    return quotient if (a >= 0) == (b >= 0) else -quotient
