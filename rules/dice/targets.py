"""What a target can tell apart: modifiers that would never stop or never happen are
refused, and a success comparison that every face passes (or every face fails) is
handed back to the comparison of totals (`2d6>7` means the sum)."""

from rules.core.errors import RuleError
from rules.dice.tree import Compare, Dice


def checked(spec: Dice, start: int, explode_at: int) -> Dice:
    """Refuse modifiers that make no sense together or would never stop."""
    low, high = (-1, 1) if spec.fudge else (1, spec.sides)
    for value in (spec.least, spec.most):
        if value is not None and not low <= value <= high:
            raise RuleError("dice.clamp_range", pos=start + 1, low=low, high=high)
    if spec.least is not None and spec.most is not None and spec.least > spec.most:
        raise RuleError("dice.clamp_range", pos=start + 1, low=low, high=high)
    # rerolls test the face as drawn, before min/max hold it
    if spec.reroll and not spec.reroll_once and _always(spec.reroll, low, high):
        raise RuleError("dice.reroll_always", pos=start + 1)
    if spec.explode:
        if _always(spec.explode, spec.low, spec.high):
            if spec.sides == 1 and not spec.fudge:
                raise RuleError("dice.explode_d1")
            raise RuleError("dice.explode_always", pos=start + 1)
        if _never(spec.explode, spec.low, spec.high):  # `3d6!>7`: meant `3d6! > 7`?
            raise RuleError("dice.explode_never", pos=explode_at)
    return spec


def cannot_tell_apart(spec: Dice) -> bool:
    """A success target every die passes or every die fails, or on Fudge dice."""
    assert spec.success is not None
    if spec.fudge:
        return True
    high = None if spec.compound else spec.high  # a compounded die has no top
    return _always(spec.success, spec.low, high) or _never(spec.success, spec.low, high)


def _always(compare: Compare, low: int, high: int | None) -> bool:
    """Every face from low to high (None: no top) passes; comparisons are monotone."""
    if high is None:
        return compare.op in (">=", ">") and compare.test(low)
    return compare.test(low) and compare.test(high)


def _never(compare: Compare, low: int, high: int | None) -> bool:
    if compare.op == "=":
        return not (low <= compare.target and (high is None or compare.target <= high))
    if high is None:
        return compare.op in ("<=", "<") and not compare.test(low)
    return not compare.test(low) and not compare.test(high)
