"""The syntax tree of a dice expression and its normalised notation (`4d6kh3+2`)."""

from collections.abc import Iterator
from dataclasses import dataclass

_TESTS = {
    ">=": int.__ge__,
    "<=": int.__le__,
    ">": int.__gt__,
    "<": int.__lt__,
    "=": int.__eq__,
}


@dataclass(frozen=True, slots=True)
class Compare:
    """A target for success counting (`>=5`) or for exploding (`!>=5`)."""

    op: str  # one of >= <= > < =
    target: int

    def test(self, value: int) -> bool:
        return _TESTS[self.op](value, self.target)

    def text(self) -> str:
        return f"{self.op}{self.target}"


@dataclass(frozen=True, slots=True)
class Num:
    value: int


@dataclass(frozen=True, slots=True)
class Dice:
    """`count` dice; keep/drop, explode and success counting are optional."""

    count: int
    sides: int  # 3 for Fudge dice
    fudge: bool = False  # dF: faces -1, 0, +1
    keep: tuple[str, int] | None = None  # ("kh" | "kl" | "dh" | "dl", n)
    explode: Compare | None = None  # a die passing this rolls once more
    success: Compare | None = None  # the group counts dice passing this

    @property
    def low(self) -> int:
        return -1 if self.fudge else 1

    @property
    def high(self) -> int:
        return 1 if self.fudge else self.sides

    def text(self) -> str:
        # Success before explosion: `!>=5` right after `!` would be read as the
        # explosion's own target, so `6d6>=5!` must not be written `6d6!>=5`.
        out = f"{self.count}d{'F' if self.fudge else self.sides}"
        if self.keep:
            out += f"{self.keep[0]}{self.keep[1]}"
        if self.success:
            out += self.success.text()
        if self.explode:
            out += "!" if self.explode == Compare("=", self.high) else "!" + self.explode.text()
        return out


@dataclass(frozen=True, slots=True)
class Neg:
    operand: "Node"


@dataclass(frozen=True, slots=True)
class Group:
    inner: "Node"  # parentheses, kept so the breakdown shows them


@dataclass(frozen=True, slots=True)
class Chain:
    """Operators of one precedence, left to right: `a + b - c` or `a * b / c`.

    Flat rather than nested pairs, so a long `1+1+1+…` stays one level deep."""

    first: "Node"
    rest: tuple[tuple[str, "Node"], ...]  # (operator, operand); operators + - * /


Node = Num | Dice | Neg | Group | Chain


def notation(node: Node) -> str:
    """The normalised expression: no spaces, `d%` as `1d100`, `k3` as `kh3`."""
    match node:
        case Num(value):
            return str(value)
        case Dice():
            return node.text()
        case Neg(operand):
            return "-" + notation(operand)
        case Group(inner):
            return f"({notation(inner)})"
        case Chain(first, rest):
            return notation(first) + "".join(op + notation(n) for op, n in rest)
    raise AssertionError(node)


def dice_in(node: Node) -> Iterator[Dice]:
    """Every dice term of the expression, left to right."""
    match node:
        case Dice():
            yield node
        case Neg(inner) | Group(inner):
            yield from dice_in(inner)
        case Chain(first, rest):
            yield from dice_in(first)
            for _, operand in rest:
                yield from dice_in(operand)
