"""Dice notation → a small syntax tree. Hand-written, bounded, never `eval`.

Grammar (case-insensitive, spaces allowed between tokens):

    roll      := [INT ("x" | "#")] expr [label]
    expr      := term (("+" | "-") term)*
    term      := unary (("*" | "/") unary)*
    unary     := "-" unary | atom
    atom      := INT | dice | "(" expr ")"
    dice      := [INT] "d" (INT | "%") mod*
    mod       := ("kh" | "kl" | "k" | "dh" | "dl" | "d") INT | "!" | cmp INT
    cmp       := ">=" | "<=" | ">" | "<" | "="

`×`, `÷` and `−` are read as `*`, `/` and `-`. Whatever follows the expression after
a space is its label (`2d6+3 fire`). Nesting is limited, so no input can exhaust the
stack; every refusal is a ParseError or RuleError with a message key and the position.
"""

from dataclasses import dataclass

from rules.core.errors import ParseError, RuleError

MAX_LENGTH = 200
MAX_DICE = 1_000
MAX_SIDES = 1_000_000
MAX_REPEATS = 20
MAX_DEPTH = 30  # parentheses and unary minus, nested
_DIGITS = frozenset("0123456789")  # not str.isdigit: that also takes "²" and "٣"
_SYMBOLS = {"×": "*", "÷": "/", "−": "-"}


@dataclass(frozen=True)
class Num:
    value: int


@dataclass(frozen=True)
class Dice:
    count: int
    sides: int
    keep: tuple[str, int] | None = None  # ("kh"|"kl"|"dh"|"dl", n)
    explode: bool = False
    compare: tuple[str, int] | None = None  # success counting: (">=", 5)

    def text(self) -> str:
        out = f"{self.count}d{self.sides}"
        if self.keep:
            out += f"{self.keep[0]}{self.keep[1]}"
        if self.explode:
            out += "!"
        if self.compare:
            out += f"{self.compare[0]}{self.compare[1]}"
        return out


@dataclass(frozen=True)
class Neg:
    operand: "Node"


@dataclass(frozen=True)
class BinOp:
    op: str  # + - * /
    left: "Node"
    right: "Node"


@dataclass(frozen=True)
class Group:
    inner: "Node"  # parentheses, kept so the breakdown shows them


Node = Num | Dice | Neg | BinOp | Group


@dataclass(frozen=True)
class Parsed:
    repeats: int
    tree: Node
    label: str | None


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = "".join(_SYMBOLS.get(c, c) for c in text)
        self.lower = self.text.lower()
        self.pos = 0
        self.depth = 0

    # -- tokens --
    def skip(self) -> bool:
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1
        return self.pos > start

    def peek(self, token: str) -> bool:
        self.skip()
        return self.lower.startswith(token, self.pos)

    def take(self, token: str) -> bool:
        if self.peek(token):
            self.pos += len(token)
            return True
        return False

    def at_end(self) -> bool:
        self.skip()
        return self.pos >= len(self.text)

    def integer(self, what: str) -> int:
        self.skip()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _DIGITS:
            self.pos += 1
        if start == self.pos:
            self.fail(what)
        digits = self.text[start : self.pos]
        if len(digits) > 9:  # nothing in dice needs more; keeps numbers small
            raise RuleError("dice.number_too_big", number=digits[:12], pos=start + 1)
        return int(digits)

    def fail(self, what: str = "") -> None:
        self.skip()
        if self.pos >= len(self.text):
            raise ParseError("dice.unexpected_end")
        token = self.text[self.pos : self.pos + 8].split()[0]
        raise ParseError("dice.unexpected", token=token, pos=self.pos + 1)

    # -- grammar --
    def expr(self) -> Node:
        node = self.term()
        while True:
            if self.take("+"):
                node = BinOp("+", node, self.term())
            elif self.take("-"):
                node = BinOp("-", node, self.term())
            else:
                return node

    def term(self) -> Node:
        node = self.unary()
        while True:
            if self.take("*"):
                node = BinOp("*", node, self.unary())
            elif self.take("/"):
                node = BinOp("/", node, self.unary())
            else:
                return node

    def unary(self) -> Node:
        if self.take("-"):
            with self.deeper():
                return Neg(self.unary())
        return self.atom()

    def atom(self) -> Node:
        if self.take("("):
            with self.deeper():
                inner = self.expr()
            if not self.take(")"):
                self.fail()
            return Group(inner)
        self.skip()
        count = None
        if self.pos < len(self.text) and self.text[self.pos] in _DIGITS:
            count = self.integer("number")
        if self.lower.startswith("d", self.pos):
            self.pos += 1
            return self.dice(1 if count is None else count)
        if count is None:
            self.fail()
        return Num(count)  # type: ignore[arg-type]

    def dice(self, count: int) -> Dice:
        sides = 100 if self.take_here("%") else self.integer("sides")
        if count < 1:
            raise RuleError("dice.zero_dice")
        if sides < 1:
            raise RuleError("dice.zero_sides")
        if count > MAX_DICE:
            raise RuleError("dice.too_many_dice", limit=MAX_DICE)
        if sides > MAX_SIDES:
            raise RuleError("dice.too_many_sides", limit=MAX_SIDES)
        keep, explode, compare = None, False, None
        while True:  # modifiers stick to the dice: no spaces in between
            here = self.lower[self.pos : self.pos + 2]
            if here[:1] in ("k", "d") and keep is None:
                mode = here if here in ("kh", "kl", "dh", "dl") else here[:1]
                self.pos += len(mode)
                mode = {"k": "kh", "d": "dl"}.get(mode, mode)
                keep = (mode, self.integer("keep"))
            elif here[:1] == "!" and not explode:
                if sides == 1:
                    raise RuleError("dice.explode_d1")
                self.pos += 1
                explode = True
            elif here[:1] in ("<", ">", "=") and compare is None:
                op = here if here in (">=", "<=") else here[:1]
                self.pos += len(op)
                compare = (op, self.integer("target"))
            else:
                return Dice(count, sides, keep, explode, compare)

    def take_here(self, token: str) -> bool:
        if self.lower.startswith(token, self.pos):
            self.pos += len(token)
            return True
        return False

    def deeper(self) -> "_Depth":
        return _Depth(self)


class _Depth:
    def __init__(self, reader: _Reader) -> None:
        self.reader = reader

    def __enter__(self) -> None:
        self.reader.depth += 1
        if self.reader.depth > MAX_DEPTH:
            raise RuleError("dice.too_deep", limit=MAX_DEPTH)

    def __exit__(self, *exc: object) -> None:
        self.reader.depth -= 1


def parse(text: str) -> Parsed:
    """Read a whole `/roll` argument. An empty one is `1d20`."""
    if len(text) > MAX_LENGTH:
        raise ParseError("dice.too_long", limit=MAX_LENGTH)
    if not text.strip():
        return Parsed(1, Dice(1, 20), None)
    reader = _Reader(text)
    repeats = _repeats(reader)
    tree = reader.expr()
    label = None
    if not reader.at_end():
        before = reader.pos
        spaced = before > 0 and reader.text[before - 1].isspace()
        if not spaced or not (reader.text[before].isalpha() or reader.text[before] == "#"):
            reader.fail()
        label = reader.text[before:].lstrip("#").strip() or None
    return Parsed(repeats, tree, label)


def _repeats(reader: _Reader) -> int:
    """`6x 4d6` / `6#4d6`: a number directly followed by x or #."""
    reader.skip()
    start = reader.pos
    while reader.pos < len(reader.text) and reader.text[reader.pos] in _DIGITS:
        reader.pos += 1
    if reader.pos > start and reader.lower[reader.pos : reader.pos + 1] in ("x", "#"):
        digits = reader.text[start : reader.pos]
        reader.pos += 1
        repeats = int(digits) if len(digits) <= 3 else MAX_REPEATS + 1
        if repeats < 1:
            raise RuleError("dice.zero_repeats")
        if repeats > MAX_REPEATS:
            raise RuleError("dice.too_many_repeats", limit=MAX_REPEATS)
        return repeats
    reader.pos = start
    return 1
