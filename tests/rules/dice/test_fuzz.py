"""Dice under random input: only keyed refusals escape, totals stay within the bounds of
the expression, every group keeps its own invariants, and the dice are fair enough."""

import contextlib
from dataclasses import dataclass

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from rules.core.errors import GameError, RuleError
from rules.core.rng import Rng
from rules.dice import MAX_DICE, MAX_LENGTH, roll
from tests.fixtures.examples import examples
from tests.fixtures.written import breakdown_written as written

# ----- any text at all ------------------------------------------------------------------

DICE_ALPHABET = "0123456789dDfFkKhHlLxXrRoOmMiIaAvVsStTeE#!<>=≥≤+-*/()%×÷−[] \t"


@settings(max_examples=examples(500), deadline=None)
@given(st.text(max_size=300))
def test_random_text_only_raises_game_errors(text):
    with contextlib.suppress(GameError):
        roll(text, Rng.from_seed(5))


@settings(max_examples=examples(1000), deadline=None)
@given(st.text(alphabet=DICE_ALPHABET, max_size=300), st.integers(0, 2**64))
def test_dice_like_text_only_raises_game_errors(text, seed):
    with contextlib.suppress(GameError):
        result = roll(text, Rng.from_seed(seed))
        assert 1 <= len(result.results) <= 20
        for single in result.results:
            assert sum(len(g.dice) for g in single.groups) <= MAX_DICE


# ----- well-formed expressions and their bounds -----------------------------------------


@dataclass(frozen=True)
class Expr:
    text: str
    low: int
    high: int
    dice: int  # dice before explosions
    depth: int  # parentheses and unary minus
    may_divide_by_zero: bool = False


@dataclass(frozen=True)
class Term:
    """A dice term as generated, to check a rolled group against."""

    count: int
    sides: int
    fudge: bool
    keep: tuple[str, int] | None
    explode: tuple[str, int] | None
    success: tuple[str, int] | None


PASSES = {
    ">=": lambda v, t: v >= t,
    "<=": lambda v, t: v <= t,
    ">": lambda v, t: v > t,
    "<": lambda v, t: v < t,
    "=": lambda v, t: v == t,
}


def faces(term: Term) -> tuple[int, int]:
    return (-1, 1) if term.fudge else (1, term.sides)


def kept_count(term: Term, rolled: int) -> int:
    if term.keep is None:
        return rolled
    mode, n = term.keep
    return min(n, rolled) if mode in ("kh", "kl") else rolled - min(n, rolled)


@st.composite
def terms(draw) -> Term:
    fudge = draw(st.booleans()) and draw(st.booleans())
    sides = 3 if fudge else draw(st.sampled_from([1, 2, 4, 6, 10, 20, 100, 1_000_000]))
    low, high = (-1, 1) if fudge else (1, sides)
    keep = draw(st.none() | st.tuples(st.sampled_from(["kh", "kl", "dh", "dl"]), st.integers(0, 6)))
    explode = None
    if high > low and draw(st.booleans()):
        op = draw(st.sampled_from(list(PASSES)))
        target = draw(st.integers(low - 1, high + 1))
        if tells_apart(op, target, low, high):  # else it never stops, or never happens
            explode = (op, target)
    # A success target that every face passes or fails, or on Fudge dice, compares the
    # total instead (test_features.py): terms here count successes only where they can.
    success = draw(st.none() | st.tuples(st.sampled_from(list(PASSES)), st.integers(-1, 7)))
    if success and (fudge or not tells_apart(*success, low, high)):
        success = None
    return Term(draw(st.integers(1, 8)), sides, fudge, keep, explode, success)


def tells_apart(op: str, target: int, low: int, high: int) -> bool:
    """Some face from low to high passes and some fails."""
    if op == "=":
        return low <= target <= high and low < high
    return PASSES[op](low, target) != PASSES[op](high, target)  # comparisons are monotone


def term_text(term: Term, draw) -> str:
    text = f"{term.count}d" + ("F" if term.fudge else str(term.sides))
    if term.sides == 100 and not term.fudge and draw(st.booleans()):
        text = f"{term.count}d%"
    if term.count == 1 and draw(st.booleans()):
        text = text[1:]  # `d20`
    mods = []
    if term.keep:
        mode, n = term.keep
        short = {"kh": "k", "dl": "d"}.get(mode, mode)  # `k3` is kh3, `d1` is dl1
        mods.append(f"{draw(st.sampled_from([mode, short]))}{n}")
    mods = list(draw(st.permutations(mods)))
    if term.success:  # after keep/drop: a `d` right after a target would start dice
        mods.append(f"{term.success[0]}{term.success[1]}")
    if term.explode:
        if term.explode == ("=", faces(term)[1]) and draw(st.booleans()):
            mods.append("!")  # last: a comparison right after a bare `!` would be its target
        else:
            mods.insert(draw(st.integers(0, len(mods))), f"!{term.explode[0]}{term.explode[1]}")
    text += "".join(mods)
    return text.upper() if draw(st.booleans()) else text


def term_bounds(term: Term) -> tuple[int, int]:
    low, high = faces(term)
    most = MAX_DICE if term.explode else term.count
    kept = (kept_count(term, term.count), kept_count(term, most))
    if term.success:
        return 0, max(kept)
    return min(k * low for k in kept), max(k * high for k in kept)


@st.composite
def dice_exprs(draw) -> Expr:
    term = draw(terms())
    return Expr(term_text(term, draw), *term_bounds(term), term.count, 0)


CONSTANTS = st.integers(0, 60).map(lambda n: Expr(str(n), n, n, 0, 0))
PLUS = st.sampled_from(["+", " + ", "+ "])
MINUS = st.sampled_from(["-", " - ", "−", " − "])
TIMES = st.sampled_from(["*", " * ", "×", " × "])
DIVIDE = st.sampled_from(["/", " / ", "÷"])


def _trunc(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def combine(op: str, a: Expr, b: Expr, shown: str) -> Expr:
    zero = False
    if op == "+":
        low, high = a.low + b.low, a.high + b.high
    elif op == "-":
        low, high = a.low - b.high, a.high - b.low
    elif op == "*":
        products = [x * y for x in (a.low, a.high) for y in (b.low, b.high)]
        low, high = min(products), max(products)
    else:
        zero = b.low <= 0 <= b.high
        # On each side of 0, a/b is monotone in a and in b: its extremes lie at the ends
        # of that side, which are b's own ends and ±1 when b's range spans 0.
        ends = {b.low, b.high} | ({-1} if b.low <= -1 else set()) | ({1} if b.high >= 1 else set())
        quotients = [_trunc(x, y) for x in (a.low, a.high) for y in ends if y != 0] or [0]
        low, high = min(quotients), max(quotients)
    # Every binary step is bracketed, so the text means exactly this tree.
    return Expr(
        f"({a.text}{shown}{b.text})",
        low,
        high,
        a.dice + b.dice,
        max(a.depth, b.depth) + 1,
        zero or a.may_divide_by_zero or b.may_divide_by_zero,
    )


def extend(children):
    binary = st.tuples(st.sampled_from("+-*/"), children, children, PLUS, MINUS, TIMES, DIVIDE).map(
        lambda t: combine(t[0], t[1], t[2], dict(zip("+-*/", t[3:], strict=True))[t[0]])
    )
    negated = children.map(
        lambda e: Expr("-" + e.text, -e.high, -e.low, e.dice, e.depth + 1, e.may_divide_by_zero)
    )
    return binary | negated


EXPRESSIONS = st.recursive(CONSTANTS | dice_exprs(), extend, max_leaves=8)


@pytest.mark.slow  # 500 examples
@settings(max_examples=examples(500), deadline=None)
@given(EXPRESSIONS, st.integers(0, 2**64))
def test_totals_stay_within_the_bounds_of_the_expression(expr, seed):
    assume(len(expr.text) <= MAX_LENGTH and expr.dice <= MAX_DICE and expr.depth <= 30)
    try:
        result = roll(expr.text, Rng.from_seed(seed))
    except RuleError as e:
        assert expr.may_divide_by_zero and e.key == "dice.division_by_zero"
        return
    total = result.results[0].total
    assert expr.low <= total <= expr.high, (expr, result)


@settings(max_examples=examples(300), deadline=None)
@given(EXPRESSIONS, st.integers(0, 2**64))
def test_the_normalised_expression_rolls_the_same(expr, seed):
    assume(len(expr.text) <= MAX_LENGTH and expr.dice <= MAX_DICE and expr.depth <= 30)
    with contextlib.suppress(RuleError):  # a division by zero happens to both alike
        first = roll(expr.text, Rng.from_seed(seed)).results[0]
        again = roll(first.expression, Rng.from_seed(seed)).results[0]
        assert again == first


@pytest.mark.slow  # 500 examples
@settings(max_examples=examples(500), deadline=None)
@given(st.lists(terms(), min_size=1, max_size=4), st.integers(0, 2**64), st.data())
def test_every_group_keeps_its_invariants(group_terms, seed, data):
    text = " + ".join(term_text(t, data.draw) for t in group_terms)
    result = roll(text, Rng.from_seed(seed)).results[0]
    assert len(result.groups) == len(group_terms)
    assert result.successes == all(t.success for t in group_terms)
    assert result.total == sum(g.value for g in result.groups)
    for term, group in zip(group_terms, result.groups, strict=True):
        dice = group.dice
        low, high = faces(term)
        assert all(low <= d.value <= high for d in dice)
        assert (group.sides, group.fudge) == (term.sides, term.fudge)
        assert f"{group.notation} (" in written(result.breakdown)
        # explosions: only dice passing the target explode, each followed by its extra roll
        explodes = PASSES[term.explode[0]] if term.explode else None
        for i, die in enumerate(dice):
            assert die.extra == (i > 0 and dice[i - 1].exploded)
            if die.exploded:
                assert explodes and explodes(die.value, term.explode[1])
            elif explodes and not group.capped:
                assert not explodes(die.value, term.explode[1])
        assert len(dice) == term.count + sum(d.exploded for d in dice)
        # keep/drop: the right number, and the kept ones are the highest or lowest
        kept = [d.value for d in dice if d.kept]
        dropped = [d.value for d in dice if not d.kept]
        assert len(kept) == kept_count(term, len(dice))
        if term.keep and kept and dropped:
            if term.keep[0] in ("kh", "dl"):
                assert min(kept) >= max(dropped)
            else:
                assert max(kept) <= min(dropped)
        # successes: among kept dice only; the value counts them, or sums the kept dice
        if term.success:
            op, target = term.success
            assert all(d.success == (d.kept and PASSES[op](d.value, target)) for d in dice)
            assert group.successes and group.value == sum(d.success for d in dice)
        else:
            assert not any(d.success for d in dice)
            assert not group.successes and group.value == sum(kept)


# ----- fairness -------------------------------------------------------------------------


def test_faces_are_fair_enough():
    rng = Rng.from_seed(42)
    counts = [0] * 6
    for _ in range(6000):
        counts[roll("d6", rng).results[0].total - 1] += 1
    # 1,000 expected each, standard deviation about 29: ±150 is five of them
    assert all(850 < c < 1150 for c in counts), counts


def test_a_big_roll_covers_its_range():
    values = [d.value for d in roll("1000d20", Rng.from_seed(4)).results[0].groups[0].dice]
    assert set(values) == set(range(1, 21))
    assert 9.5 < sum(values) / len(values) < 11.5  # mean 10.5, sd of the mean about 0.18


# ----- rerolls, min/max, compounding, keep/drop by value ---------------------------------


@dataclass(frozen=True)
class Modded:
    count: int
    sides: int
    reroll: tuple[str, int] | None
    once: bool
    least: int | None
    most: int | None
    compound: bool  # with an explosion on the (clamped) maximum
    select: tuple[str, str, int] | None  # ("k" | "d", op, target)

    def text(self) -> str:
        out = f"{self.count}d{self.sides}"
        if self.reroll:
            out += ("ro" if self.once else self.reroll_spelling()) + "".join(map(str, self.reroll))
        if self.least is not None:
            out += f"mi{self.least}"
        if self.most is not None:
            out += f"ma{self.most}"
        if self.compound:
            out += "!!"
        if self.select:
            out += "".join(map(str, self.select))
        return out

    def reroll_spelling(self) -> str:
        return "rr" if self.count % 2 else "r"  # both mean "until it does not pass"

    @property
    def low(self) -> int:
        return 1 if self.least is None else self.least

    @property
    def high(self) -> int:
        return self.sides if self.most is None else self.most


@st.composite
def modded(draw) -> Modded:
    sides = draw(st.sampled_from([2, 4, 6, 10, 20]))
    reroll = None
    once = draw(st.booleans())
    if draw(st.booleans()):
        op = draw(st.sampled_from(["<", "<=", ">", ">=", "="]))
        reroll = (op, draw(st.integers(1, sides)))
        if not once and PASSES[op](1, reroll[1]) and PASSES[op](sides, reroll[1]):
            reroll = None  # would never stop: refused (test_notation.py)
    least = draw(st.none() | st.integers(1, sides))
    most = draw(st.none() | st.integers(least or 1, sides))
    low, high = least or 1, most or sides
    compound = low < high and draw(st.booleans())
    select = None
    if draw(st.booleans()):
        select = (draw(st.sampled_from("kd")), draw(st.sampled_from(list(PASSES))), sides // 2)
    return Modded(draw(st.integers(1, 8)), sides, reroll, once, least, most, compound, select)


@settings(max_examples=examples(400), deadline=None)
@given(modded(), st.integers(0, 2**64))
@example(Modded(1, 2, (">", 2), False, None, None, True, None), 0)  # found by hypothesis
def test_rerolls_clamps_compounding_and_selection_keep_their_invariants(term, seed):
    text = term.text()
    group = roll(text, Rng.from_seed(seed)).results[0].groups[0]
    live = [d for d in group.dice if not d.rerolled]
    assert len(live) == term.count  # compounding adds into its die, rerolls replace theirs
    for die in group.dice:
        if die.rerolled:  # struck through, never counted, and it passed the target
            assert not die.kept and not die.success
            assert term.reroll and PASSES[term.reroll[0]](die.value, term.reroll[1])
    for die in live:
        faces = die.parts or (die.value,)
        assert all(term.low <= f <= term.high for f in faces)
        assert die.value == sum(faces)
        assert die.exploded == (len(faces) > 1)
        if term.compound:
            assert all(f == term.high for f in faces[:-1]) and (
                faces[-1] < term.high or group.capped
            )
        clamped = term.least is not None or term.most is not None  # shows no longer what
        if term.reroll and not term.once and not group.capped and not clamped:  # was rolled
            # each face rolled is checked, not a compounded total (1d2rr>2!! may show 3)
            assert not any(PASSES[term.reroll[0]](f, term.reroll[1]) for f in faces)
        if term.select:
            mode, op, target = term.select
            assert die.kept == (PASSES[op](die.value, target) == (mode == "k"))
    rerolls = sum(d.rerolled for d in group.dice)
    if term.once and term.reroll:  # at most once for each die drawn, extra rolls too
        assert rerolls <= sum(len(d.parts) or 1 for d in live)
    assert group.value == sum(d.value for d in live if d.kept)
