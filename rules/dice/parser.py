"""Dice notation → a syntax tree. Hand-written recursive descent, bounded, never `eval`.

Grammar (letters in any case; spaces may separate tokens, but not the parts of a
dice term except before and inside a success comparison):

    roll     := [repeat] [expr] [label]       nothing at all means 1d20
    repeat   := INT "x" | INT "#"             `6x 4d6kh3`, `6 x 4d6`, `6#4d6` (no space)
    expr     := product (("+" | "-") product)*
    product  := unary (("*" | "/") unary)*
    unary    := ("-" | "+") unary | atom
    atom     := "(" expr ")" | dice | INT
    dice     := [INT] "d" (INT | "%" | "F") mod*      each kind of mod at most once
    mod      := keep INT                     keep/drop: kh kl dh dl, k = kh, d = dl
              | "!" [cmp INT]                explode on the maximum, or on cmp INT
              | cmp INT                      count dice passing instead of summing
    cmp      := (">=" | "<=" | ">" | "<" | "=") ["-"]     the sign belongs to INT
    label    := "#" TEXT | SPACE TEXT          TEXT starts with a letter, a quote or a
                                               non-ASCII sign (🔥), and not like `d6`

`×`, `÷` and `−` are `*`, `/` and `-`. A comparison directly after `!` is the
explosion's (`3d6!>=5` explodes on 5 and 6, as on Roll20); to count successes with
exploding dice write the comparison first: `5d10>=8!`. An empty expression, alone or
after a repeat or before a `#` label, is `1d20`: a bare `/roll` rolls a d20.
A label is kept verbatim. Errors name the 1-based position in the text passed in.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from string import ascii_uppercase
from typing import NoReturn

from rules.core.errors import ParseError, RuleError
from rules.dice.limits import (
    MAX_DEPTH,
    MAX_DICE,
    MAX_LENGTH,
    MAX_NUMBER,
    MAX_REPEATS,
    MAX_SIDES,
)
from rules.dice.tree import Chain, Compare, Dice, Group, Neg, Node, Num, dice_in, notation

# One character for one: positions in the normalised text are positions in the input.
# (str.lower would not do: "İ".lower() is two characters long.)
_NORMAL = str.maketrans({"×": "*", "÷": "/", "−": "-"} | {c: c.lower() for c in ascii_uppercase})
_DIGITS = frozenset("0123456789")  # not str.isdigit, which also takes "²" and "٣"
_INT = re.compile(r"[0-9]+")  # not \d, for the same reason
_SPACES = re.compile(r"\s*")
_KEEPS = {"kh": "kh", "kl": "kl", "dh": "dh", "dl": "dl", "k": "kh", "d": "dl"}
_COMPARES = (">=", "<=", ">", "<", "=")  # two-character ones first
# A label must not start like dice or a modifier (`3 d6`, `2d6 kh1`): that is a typo.
_DICE_LIKE = re.compile(r"d(\d|%|f(?![^\W\d_]))|k[hl]?\d|d[hl]\d")
_WORD = re.compile(r"[^\W_]{1,12}")  # the offending token, when it is a word or a number
_DEFAULT = Dice(1, 20)


@dataclass(frozen=True)
class Parsed:
    repeats: int
    tree: Node
    expression: str  # normalised
    label: str | None
    dice: int  # dice in the expression before explosions (per repeat)


def parse(text: str) -> Parsed:
    """Read a whole `/roll` argument. Raises ParseError/RuleError with a `dice.` key."""
    if len(text) > MAX_LENGTH:
        raise ParseError("dice.too_long", limit=MAX_LENGTH)
    reader = _Reader(text)
    repeats = reader.repeats()
    reader.skip()
    tree = _DEFAULT if reader.at_end() or reader.peek() == "#" else reader.expr()
    label = reader.label()
    return Parsed(repeats, tree, notation(tree), label, sum(d.count for d in dice_in(tree)))


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text  # as typed: labels and error tokens come from here
        self.norm = text.translate(_NORMAL)  # what the grammar reads
        self.pos = 0
        self.depth = 0
        self.dice_count = 0

    # ----- characters ---------------------------------------------------------------

    def skip(self) -> None:
        self.pos = _SPACES.match(self.text, self.pos).end()  # type: ignore[union-attr]

    def peek(self, size: int = 1) -> str:
        return self.norm[self.pos : self.pos + size]

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def digits(self) -> tuple[int, int]:
        """The integer right here (no spaces skipped) and where it starts."""
        start = self.pos
        found = _INT.match(self.text, start)
        if not found:
            self.fail()
        self.pos = found.end()
        return int(found.group()), start

    def number(self) -> int:
        """An integer that is not a count of dice, sides or repeats."""
        value, start = self.digits()
        if value > MAX_NUMBER:
            shown = self.text[start : self.pos]
            shown = shown if len(shown) <= 12 else shown[:12] + "…"
            raise RuleError("dice.number_too_big", number=shown, pos=start + 1, limit=MAX_NUMBER)
        return value

    def fail(self) -> NoReturn:
        self.skip()
        if self.at_end():
            raise ParseError("dice.unexpected_end")
        word = _WORD.match(self.text, self.pos)
        token = word.group() if word else self.text[self.pos]
        raise ParseError("dice.unexpected", token=token, pos=self.pos + 1)

    def deeper(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise RuleError("dice.too_deep", limit=MAX_DEPTH)

    # ----- grammar ------------------------------------------------------------------

    def repeats(self) -> int:
        """`6x …`, `6 x …`, `6#…`; otherwise the number belongs to the expression."""
        self.skip()
        start = self.pos
        if not self.peek() or self.peek() not in _DIGITS:
            return 1
        count, _ = self.digits()
        attached = self.peek() == "#"  # `6 # fire` is 6 with a label
        self.skip()
        mark, after = self.peek(), self.norm[self.pos + 1 : self.pos + 2]
        # `6 xp` is 6 with a label; `6xd6` and `6x (…)` are repeats
        if attached or (mark == "x" and (after == "d" or not after.isalpha())):
            self.pos += 1
            if count < 1:
                raise RuleError("dice.zero_repeats")
            if count > MAX_REPEATS:
                raise RuleError("dice.too_many_repeats", limit=MAX_REPEATS)
            return count
        self.pos = start
        return 1

    def expr(self) -> Node:
        return self.chain("+-", self.product)

    def product(self) -> Node:
        return self.chain("*/", self.unary)

    def chain(self, ops: str, operand: Callable[[], Node]) -> Node:
        first = operand()
        rest = []
        while True:
            self.skip()
            op = self.peek()
            if not op or op not in ops:
                return Chain(first, tuple(rest)) if rest else first
            self.pos += 1
            rest.append((op, operand()))

    def unary(self) -> Node:
        self.skip()
        sign = self.peek()
        if sign and sign in "+-":
            self.pos += 1
            self.deeper()
            operand = self.unary()
            self.depth -= 1
            return Neg(operand) if sign == "-" else operand  # unary plus changes nothing
        return self.atom()

    def atom(self) -> Node:
        self.skip()
        char = self.peek()
        if char == "(":
            self.pos += 1
            self.deeper()
            inner = self.expr()
            self.depth -= 1
            self.skip()
            if self.peek() != ")":
                self.fail()
            self.pos += 1
            return Group(inner)
        start = self.pos
        if char == "d":
            self.pos += 1
            return self.dice(1, start)
        if not char or char not in _DIGITS:
            self.fail()
        value, _ = self.digits()
        if self.peek() == "d":
            self.pos += 1
            return self.dice(value, start)
        self.pos = start
        return Num(self.number())

    def dice(self, count: int, start: int) -> Dice:
        if count < 1:
            raise RuleError("dice.zero_dice")
        self.dice_count += count
        if self.dice_count > MAX_DICE:  # across all terms, before a single die is rolled
            raise RuleError("dice.too_many_dice", limit=MAX_DICE)
        if self.peek() in ("%", "f"):
            fudge = self.peek() == "f"
            sides = 3 if fudge else 100
            self.pos += 1
        elif self.peek() not in _DIGITS:  # `6x dragon`, `3d x`: name the whole word
            if self.pos < len(self.text):
                self.pos = start
            self.fail()
        else:
            fudge = False
            sides, _ = self.digits()
            if sides < 1:
                raise RuleError("dice.zero_sides")
            if sides > MAX_SIDES:
                raise RuleError("dice.too_many_sides", limit=MAX_SIDES)
        spec = Dice(count, sides, fudge)
        keep = explode = success = None
        while True:
            two = self.peek(2)
            if keep is None and two[:1] and two[:1] in "kd":
                mode = two if two in _KEEPS else two[:1]
                self.pos += len(mode)
                keep = (_KEEPS[mode], self.number())
            elif explode is None and two[:1] == "!":
                self.pos += 1
                explode = self.compare(spaced=False) or Compare("=", spec.high)
            elif success is None and (found := self.compare(spaced=True)):
                success = found
            else:
                break
        if explode and explode.test(spec.low) and explode.test(spec.high):
            # every face passes (comparisons are monotone): it would never stop
            if spec.low == spec.high:
                raise RuleError("dice.explode_d1")
            raise RuleError("dice.explode_always", pos=start + 1)
        return Dice(count, sides, fudge, keep, explode, success)

    def compare(self, spaced: bool) -> Compare | None:
        """`>=5` here (or after spaces, when `spaced`), else None and nothing read."""
        start = self.pos
        if spaced:
            self.skip()
        for op in _COMPARES:
            if self.norm.startswith(op, self.pos):
                self.pos += len(op)
                if spaced:
                    self.skip()
                sign = -1 if self.peek() == "-" else 1  # `4dF>=-1`
                self.pos += sign < 0
                return Compare(op, sign * self.number())
        self.pos = start
        return None

    def label(self) -> str | None:
        """The free text after the expression, verbatim; None when there is none."""
        self.skip()
        if self.at_end():
            return None
        if self.peek() == "#":
            return self.text[self.pos + 1 :].strip() or None
        char = self.text[self.pos]
        spaced = self.pos > 0 and self.text[self.pos - 1].isspace()  # skipped by the expression
        starts_text = char.isalpha() or char in "\"'" or not (char.isascii() or char.isdigit())
        if not spaced or not starts_text or char in "×÷−" or _DICE_LIKE.match(self.norm, self.pos):
            self.fail()
        return self.text[self.pos :].strip()
