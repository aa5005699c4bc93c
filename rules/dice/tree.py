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
# How a comparison is written back: one sign each, so nobody has to guess whether `>`
# means "at least" (it does not: `>` is strict, see parser.py).
SIGNS = {">=": "≥", "<=": "≤", ">": ">", "<": "<", "=": "="}


@dataclass(frozen=True, slots=True)
class Compare:
    """A target: success counting (`>=5`), exploding (`!>=5`), rerolls, keep/drop."""

    op: str  # one of >= <= > < =
    target: int

    def test(self, value: int) -> bool:
        return _TESTS[self.op](value, self.target)

    def text(self) -> str:
        return f"{SIGNS[self.op]}{self.target}"

    def short(self) -> str:
        """`1` for `=1`, as rerolls and keep-by-value are usually written (`r1`)."""
        return str(self.target) if self.op == "=" else self.text()


@dataclass(frozen=True, slots=True)
class Num:
    value: int


@dataclass(frozen=True, slots=True)
class Dice:
    """`count` dice; every modifier is optional and applied in this order to each die:
    rerolls, min/max, explosions; then to the group: keep/drop, success counting."""

    count: int
    sides: int  # 3 for Fudge dice
    fudge: bool = False  # dF: faces -1, 0, +1
    keep: tuple[str, int] | None = None  # ("kh" | "kl" | "dh" | "dl", n)
    select: tuple[str, Compare] | None = None  # ("k" | "d", target): keep/drop by value
    success: Compare | None = None  # the group counts dice passing this
    reroll: Compare | None = None  # a die passing this is rolled again
    reroll_once: bool = False  # `ro`: only once; `r`/`rr`: until it does not pass
    least: int | None = None  # `mi`: a face below this counts as this
    most: int | None = None  # `ma`: a face above this counts as this
    explode: Compare | None = None  # a die passing this rolls once more
    compound: bool = False  # `!!`: the extra rolls add to the die that exploded

    @property
    def low(self) -> int:
        """The lowest face a die can show, min/max included."""
        low = -1 if self.fudge else 1
        return low if self.least is None else max(low, self.least)

    @property
    def high(self) -> int:
        high = 1 if self.fudge else self.sides
        return high if self.most is None else min(high, self.most)

    def text(self) -> str:
        # Success before rerolls and explosions: a comparison right after `r` or `!` is
        # theirs, so `6d6>=5!` must not be written `6d6!>=5`.
        out = f"{self.count}d{'F' if self.fudge else self.sides}"
        if self.keep:
            out += f"{self.keep[0]}{self.keep[1]}"
        if self.select:
            out += self.select[0] + self.select[1].text()
        if self.success:
            out += self.success.text()
        if self.reroll:
            out += ("ro" if self.reroll_once else "r") + self.reroll.short()
        if self.least is not None:
            out += f"mi{self.least}"
        if self.most is not None:
            out += f"ma{self.most}"
        if self.explode:
            out += "!!" if self.compound else "!"
            if self.explode != Compare("=", self.high):
                out += self.explode.text()
        return out


@dataclass(frozen=True, slots=True)
class Neg:
    operand: "Node"


@dataclass(frozen=True, slots=True)
class Group:
    inner: "Node"  # parentheses, kept so the breakdown shows them


@dataclass(frozen=True, slots=True)
class Note:
    """`2d6[fire]`: an annotation that names a part of the expression; no value of its own."""

    inner: "Node"
    text: str


@dataclass(frozen=True, slots=True)
class Chain:
    """Operators of one precedence, left to right: `a + b - c` or `a * b / c`.

    Flat rather than nested pairs, so a long `1+1+1+…` stays one level deep."""

    first: "Node"
    rest: tuple[tuple[str, "Node"], ...]  # (operator, operand); operators + - * /


Node = Num | Dice | Neg | Group | Note | Chain


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
        case Note(inner, text):
            return f"{notation(inner)}[{text}]"
        case Chain(first, rest):
            return notation(first) + "".join(op + notation(n) for op, n in rest)
    raise AssertionError(node)


def dice_in(node: Node) -> Iterator[Dice]:
    """Every dice term of the expression, left to right."""
    match node:
        case Dice():
            yield node
        case Neg(inner) | Group(inner) | Note(inner):
            yield from dice_in(inner)
        case Chain(first, rest):
            yield from dice_in(first)
            for _, operand in rest:
                yield from dice_in(operand)
