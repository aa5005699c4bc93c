"""Dice notation → a syntax tree. Hand-written recursive descent, bounded, never `eval`.

Grammar (letters in any case; spaces may separate tokens, but not the parts of a
dice term, except after the sign of a success comparison):

    roll     := [repeat] [check] [words]      nothing at all means 1d20
    repeat   := INT "x" | INT "#"             `6x 4d6kh3`, `6 x 4d6`, `6#4d6` (no space)
    check    := expr [cmp expr]               a comparison of totals: `1d20+5 >= 15`
    expr     := product (("+" | "-") product)*
    product  := unary (("*" | "/") unary)*
    unary    := ("-" | "+") unary | note
    note     := atom ["[" TEXT "]"]           `2d6[fire]`: names a part, changes nothing
    atom     := "(" expr ")" | dice | INT
    dice     := [INT] ("d" | "w") (INT | "%" | "F") mod*   each kind of mod at most once;
                                                       `w` as in German (`3W6`)
    mod      := ("kh" | "kl" | "dh" | "dl") [INT]     keep/drop; no count means 1
              | ("k" | "d") INT                        k = kh, d = dl
              | ("k" | "d") cmp INT                    keep/drop the dice passing
              | ("r" | "rr" | "ro") (INT | cmp INT)    reroll until not / once (`ro`)
              | ("mi" | "ma") INT                      a face counts at least / at most
              | ("!" | "!!") [cmp INT]                 explode (`!!`: compound) on the
                                                       maximum, or on cmp INT
              | cmp INT                                count dice passing, not the sum
    cmp      := (">=" | "<=" | "≥" | "≤" | ">" | "<" | "==" | "=") ["-"]
    words    := ["adv" | "dis"] [label]       see words.py

`×`, `÷` and `−` are `*`, `/` and `-`. `>` and `<` are strict, as in mathematics, d20
(avrae) and Foundry, and unlike Roll20 where `>7` means at least 7: the reply writes
every comparison back as ≥ ≤ > <, so a Roll20 player sees which was meant.

A comparison written right after a dice term (`10d10>7`, as on Roll20) counts
successes, but only when it can tell dice apart: when every face passes or every face
fails it (`2d6>7`, `3d6<=12`), when its target is dice (`1d20>=1d6`: a `d` after a
target is never "drop"), and on Fudge dice, it compares the total of the whole
expression instead. With a space before its sign (`2d6 >= 5`, `1d20+5 >= 15`) a
comparison always compares the total, as in d20 (avrae). A comparison
directly after `!`, `r` or `k`/`d` is theirs (`3d6!>=5` explodes on 5 and 6, as on
Roll20); to count successes with exploding dice write it first: `5d10>=8!`.
Errors name the 1-based position in the text passed in.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from string import ascii_uppercase
from typing import Any, NoReturn

from rules.core.errors import ParseError, RuleError
from rules.dice.limits import (
    MAX_DEPTH,
    MAX_DICE,
    MAX_LENGTH,
    MAX_NOTE,
    MAX_NUMBER,
    MAX_REPEATS,
    MAX_SIDES,
)
from rules.dice.targets import cannot_tell_apart, checked
from rules.dice.tree import SIGNS, Chain, Compare, Dice, Group, Neg, Node, Note, Num, notation
from rules.dice.words import Words, read_words, starts_words, with_advantage

# One character for one: positions in the normalised text are positions in the input.
# (str.lower would not do: "İ".lower() is two characters long.)
_NORMAL = str.maketrans({"×": "*", "÷": "/", "−": "-"} | {c: c.lower() for c in ascii_uppercase})
# A die is `d`, or `w` as German players write it (W for Würfel: `3W6`, `W20`); only
# as the die itself, never for the `d` of "drop" (`4d6d1`).
_DIE = frozenset("dw")
_DIGITS = frozenset("0123456789")  # not str.isdigit, which also takes "²" and "٣"
_INT = re.compile(r"[0-9]+")  # not \d, for the same reason
_SPACES = re.compile(r"\s*")
_KEEPS = frozenset(("kh", "kl", "dh", "dl"))
_CLAMPS = {"mi": "least", "ma": "most"}
_COMPARES = (  # longest first: `>=` before `>`, `==` before `=`
    (">=", ">="),
    ("<=", "<="),
    ("==", "="),
    ("≥", ">="),
    ("≤", "<="),
    (">", ">"),
    ("<", "<"),
    ("=", "="),
)
_COMPARE_STARTS = frozenset(spelled[0] for spelled, _ in _COMPARES)
# An annotation is shown in the reply as typed (`[**x**]` too: the bot's marks are
# spans, never characters in a text); only brackets and line breaks would misread.
_NOTE = re.compile(r"\[([^\[\]\n]{1," + str(MAX_NOTE) + r"})\]")
_WORD = re.compile(r"[^\W_]{1,12}")  # the offending token, when it is a word or a number
_DEFAULT = Dice(1, 20)


@dataclass(frozen=True)
class Parsed:
    repeats: int
    tree: Node
    check: tuple[str, Node] | None  # compare the total with this expression
    expression: str  # normalised
    label: str | None
    dice: int  # dice in the expression before explosions and rerolls (per repeat)


def parse(text: str) -> Parsed:
    """Read a whole `/roll` argument. Raises ParseError/RuleError with a `dice.` key."""
    if len(text) > MAX_LENGTH:
        raise ParseError("dice.too_long", limit=MAX_LENGTH)
    reader = _Reader(text)
    repeats = reader.repeats()
    reader.skip()
    check = None
    if reader.at_end() or reader.peek() == "#" or starts_words(reader.norm, reader.pos):
        tree: Node = _DEFAULT
        reader.dice_count = 1
    else:
        tree = reader.expr()
        check = reader.check()
    words = reader.words(tree)
    if words.advantage:
        tree = with_advantage(tree, words.advantage)
        reader.dice_count += 1
        if reader.dice_count > MAX_DICE:
            raise RuleError("dice.too_many_dice", limit=MAX_DICE)
    shown = notation(tree)
    if check:
        shown += f" {SIGNS[check[0]]} {notation(check[1])}"
    return Parsed(repeats, tree, check, shown, words.label, reader.dice_count)


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text  # as typed: labels and error tokens come from here
        self.norm = text.translate(_NORMAL)  # what the grammar reads
        self.pos = 0
        self.depth = 0
        self.dice_count = 0
        self.in_target = False  # reading the target of a comparison of totals

    # ----- characters ---------------------------------------------------------------

    def skip(self) -> None:
        # most calls find no space: a character test first spares them the regex
        if self.pos < len(self.text) and self.text[self.pos].isspace():
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

    def fail(self, at: int | None = None) -> NoReturn:
        if at is not None:
            self.pos = at
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
        if attached or (mark == "x" and (after in _DIE or not after.isalpha())):
            self.pos += 1
            if count < 1:
                raise RuleError("dice.zero_repeats")
            if count > MAX_REPEATS:
                raise RuleError("dice.too_many_repeats", limit=MAX_REPEATS)
            return count
        self.pos = start
        return 1

    def check(self) -> tuple[str, Node] | None:
        """`>= 15` after the whole expression: the total against another expression."""
        start = self.pos
        self.skip()
        op = self.compare_op()
        if op is None:
            self.pos = start
            return None
        # `1 < 2d6 < 6`: a comparison in the target would count successes silently
        self.in_target = True
        right = self.expr()
        self.in_target = False
        after = self.pos
        self.skip()
        if self.compare_op() is not None:  # `1 < 2d6 < 6` would need two answers
            self.fail(after)
        self.pos = after
        return op, right

    def words(self, tree: Node) -> Words:
        self.skip()
        if self.at_end():
            return Words(None, None)
        words = read_words(self.text, self.norm, self.pos, tree)
        if words is None:
            self.fail()
        return words

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
        node = self.atom()
        start = self.pos
        self.skip()
        if self.peek() != "[":
            self.pos = start
            return node
        found = _NOTE.match(self.text, self.pos)
        if not found or not found.group(1).strip():
            raise ParseError("dice.bad_note", pos=self.pos + 1, limit=MAX_NOTE)
        self.pos = found.end()
        return Note(node, found.group(1).strip())

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
        if char in _DIE:
            self.pos += 1
            return self.dice(1, start)
        if not char or char not in _DIGITS:
            self.fail()
        value, _ = self.digits()
        if self.peek() in _DIE:
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
        return self.modifiers(Dice(count, sides, fudge), start)

    def modifiers(self, spec: Dice, start: int) -> Dice:
        """Every modifier after `NdS`, each kind at most once, then their checks."""
        explode_at = success_at = success_end = -1  # `!`; the success comparison
        mods: dict[str, Any] = {}  # Dice's fields, set once at the end (replace() is slow)
        while True:
            here, char, two = self.pos, self.peek(), self.peek(2)
            if char in ("k", "d") and "keep" not in mods and "select" not in mods:
                if two in _KEEPS:
                    self.pos += 2
                    count = self.number() if self.peek() in _DIGITS else 1  # `2d20kh`
                    mods["keep"] = (two, count)
                    continue
                self.pos += 1
                if found := self.compare(spaced=False):  # `6d6k>3`, `4d6d<3`
                    mods["select"] = (char, found)
                    continue
                if self.peek() in _DIGITS:  # `4d6k3` keeps, `4d6d1` drops
                    mods["keep"] = ("kh" if char == "k" else "dl", self.number())
                    continue
                self.pos = here
                break
            if char == "r" and "reroll" not in mods:
                self.pos += 2 if two in ("ro", "rr") else 1
                target = self.compare(spaced=False)
                if target is None and self.peek() in _DIGITS:
                    target = Compare("=", self.number())  # `r1`: reroll ones
                if target is None:
                    self.fail(here)
                mods["reroll"], mods["reroll_once"] = target, two == "ro"
                continue
            if two in ("mi", "ma") and (field := _CLAMPS[two]) not in mods:
                self.pos += 2
                mods[field] = self.signed()
                continue
            if char == "!" and "explode" not in mods:
                compound = two == "!!"
                self.pos += 2 if compound else 1
                explode_at = here + 1
                # None: on the maximum, once min/max are known
                mods["explode"], mods["compound"] = self.compare(spaced=False), compound
                continue
            # `10d10>7` counts successes; `2d6 >= 5`, with a space, compares the total (d20)
            if (
                "success" not in mods
                and not self.in_target
                and char in _COMPARE_STARTS
                and (found := self.compare(spaced=True))
            ):
                if self.peek() in _DIE:  # `1d20>=1d6`: the target is dice, not "drop 6"
                    self.pos = here
                    break
                mods["success"] = found
                success_at, success_end = here, self.pos
                continue
            break
        if not mods:
            return spec
        spec = Dice(spec.count, spec.sides, spec.fudge, **mods)
        if "explode" in mods and spec.explode is None:
            spec = replace(spec, explode=Compare("=", spec.high))
        spec = checked(spec, start, explode_at)
        if spec.success and cannot_tell_apart(spec):
            # `2d6>7`, `3d6<=12`, `4dF>=1`: the player means the total
            if self.pos != success_end:  # `3d6>7!`: the total's comparison must come last
                raise RuleError("dice.compare_last", pos=success_at + 1)
            self.pos = success_at
            spec = replace(spec, success=None)
        return spec

    def signed(self) -> int:
        """An integer here, with a `-` sign allowed (Fudge faces)."""
        negative = self.peek() == "-"
        self.pos += negative
        return -self.number() if negative else self.number()

    def compare_op(self) -> str | None:
        if self.norm[self.pos : self.pos + 1] not in _COMPARE_STARTS:
            return None
        for spelled, op in _COMPARES:
            if self.norm.startswith(spelled, self.pos):
                self.pos += len(spelled)
                return op
        return None

    def compare(self, spaced: bool) -> Compare | None:
        """`>=5` here (or after spaces, when `spaced`), else None and nothing read."""
        start = self.pos
        if spaced:
            self.skip()
        op = self.compare_op()
        if op is None:
            self.pos = start
            return None
        if spaced:
            self.skip()
        sign = -1 if self.peek() == "-" else 1  # `4dF>=-1`
        self.pos += sign < 0
        if self.peek() not in _DIGITS:  # `2d6 > (1d6)`, `1d20 >= d20`: a total comparison
            self.pos = start
            return None
        return Compare(op, sign * self.number())
