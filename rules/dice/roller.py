"""Rolling a parsed expression: integers only, every die kept for the breakdown."""

from rules.core.errors import RuleError
from rules.core.rng import Rng
from rules.dice.limits import MAX_DICE
from rules.dice.parser import Parsed
from rules.dice.result import Breakdown, Check, DiceGroup, Die, Shown, SingleRoll
from rules.dice.tree import SIGNS, Chain, Compare, Dice, Group, Neg, Node, Note, Num


def roll_once(parsed: Parsed, rng: Rng) -> SingleRoll:
    """One independent roll of a parsed expression (one repeat)."""
    roller = _Roller(rng, spare=MAX_DICE - parsed.dice)
    total, breakdown = roller.eval(parsed.tree)
    groups = tuple(roller.groups)
    if parsed.check is not None:
        op, right = parsed.check
        target, shown = roller.eval(right)
        passed = Compare(op, target).test(total)
        plain = isinstance(right, Num)
        check = Check(op, SIGNS[op], total, target, None if plain else shown, passed)
        return SingleRoll(
            parsed.expression, int(passed), breakdown, False, tuple(roller.groups), check
        )
    # `6d6>=5+1`: one automatic success; `6d6>=5+1d6` mixes a sum in, so it is a number
    successes = bool(groups) and all(g.successes for g in groups)
    return SingleRoll(parsed.expression, total, breakdown, successes, groups)


class _Roller:
    def __init__(self, rng: Rng, spare: int) -> None:
        self.rng = rng
        self.spare = spare  # dice left for explosions and rerolls once every term has its own
        self.capped = False
        self.groups: list[DiceGroup] = []

    def eval(self, node: Node) -> tuple[int, Breakdown]:
        """The value of a node and its breakdown."""
        match node:
            case Num(value):
                return value, (Shown(str(value)),)
            case Dice():
                group = self.dice(node)
                return group.value, _cat(f"{group.notation} (", _faces(group.dice), ")")
            case Group(inner):
                value, shown = self.eval(inner)
                return value, _cat("(", shown, ")")
            case Note(inner, text):
                value, shown = self.eval(inner)
                return value, _cat(shown, f" [{text}]")
            case Neg(operand):
                value, shown = self.eval(operand)
                return -value, _cat("-", shown)
            case Chain(first, rest):
                total, shown = self.eval(first)
                parts = [shown]
                for op, operand in rest:
                    value, shown = self.eval(operand)
                    total = _arith(op, total, value)
                    parts.append(_cat(f" {op} ", shown))
                return total, _cat(*parts)
        raise AssertionError(node)

    def spend(self) -> bool:
        """One more die for an explosion or a reroll, unless the limit is reached."""
        if self.spare == 0:
            self.capped = True
            return False
        self.spare -= 1
        return True

    def face(self, spec: Dice, extra: bool, out: list[Die]) -> int:
        """One die: drawn, rerolled while it passes the reroll target (the replaced faces
        go to `out`, struck through), then held within min/max."""
        value = self.rng.randint(-1 if spec.fudge else 1, 1 if spec.fudge else spec.sides)
        if spec.reroll is not None:
            while spec.reroll.test(value) and self.spend():
                out.append(Die(value, kept=False, extra=extra, rerolled=True))
                value = self.rng.randint(-1 if spec.fudge else 1, 1 if spec.fudge else spec.sides)
                if spec.reroll_once:
                    break
        if spec.least is not None:
            value = max(value, spec.least)
        if spec.most is not None:
            value = min(value, spec.most)
        return value

    def dice(self, spec: Dice) -> DiceGroup:
        self.capped = False
        if (
            spec.reroll is None
            and spec.explode is None
            and spec.least is None
            and (spec.most is None)
        ):
            # plain dice, the common case: no die is rerolled or added
            draw, low, high = self.rng.randint, spec.low, spec.high
            rolled = [Die(draw(low, high)) for _ in range(spec.count)]
        else:
            rolled = self.modified(spec)
        live = [i for i, d in enumerate(rolled) if not d.rerolled]
        kept = _kept([rolled[i].value for i in live], spec)
        success = spec.success
        if len(kept) != len(live) or success is not None:
            # only dropped dice and successes differ from Die(value): rebuild just those
            kept_at = {live[i] for i in kept}
            rolled = [
                die
                if die.rerolled or (i in kept_at and not (success and success.test(die.value)))
                else Die(
                    die.value,
                    kept=i in kept_at,
                    exploded=die.exploded,
                    extra=die.extra,
                    success=success is not None and i in kept_at,
                    parts=die.parts,
                )
                for i, die in enumerate(rolled)
            ]
        dice = tuple(rolled)
        if success is None:
            value = sum(d.value for d in dice if d.kept)
        else:
            value = sum(d.success for d in dice)
        group = DiceGroup(
            spec.text(), spec.sides, spec.fudge, dice, value, success is not None, self.capped
        )
        self.groups.append(group)
        return group

    def modified(self, spec: Dice) -> list[Die]:
        """Dice with rerolls, min/max or explosions, in the order they were rolled."""
        rolled: list[Die] = []
        explode = spec.explode
        for _ in range(spec.count):
            value, extra = self.face(spec, False, rolled), False
            if explode is None:
                rolled.append(Die(value))
            elif spec.compound:
                # `!!`: the extra rolls add up into one die, shown as 6!+6!+2
                parts = [value]
                while explode.test(parts[-1]) and self.spend():
                    parts.append(self.face(spec, True, rolled))
                rolled.append(Die(sum(parts), exploded=len(parts) > 1, parts=tuple(parts)))
            else:
                # an explosion's roll follows its die at once, so a chain reads 6!, 6!, 2
                while explode.test(value) and self.spend():
                    rolled.append(Die(value, exploded=True, extra=extra))
                    value, extra = self.face(spec, True, rolled), True
                rolled.append(Die(value, extra=extra))
        return rolled


def _kept(values: list[int], spec: Dice) -> set[int] | range:
    """Indexes of the kept dice. Keeping more than were rolled keeps them all;
    among equal values the earlier die counts as the lower one."""
    if spec.select is not None:
        mode, target = spec.select
        return {i for i, v in enumerate(values) if target.test(v) == (mode == "k")}
    if spec.keep is None:
        return range(len(values))
    mode, n = spec.keep
    order = sorted(range(len(values)), key=values.__getitem__)  # lowest first, stable
    n = min(n, len(values))
    split = n if mode in ("kl", "dl") else len(values) - n
    low, high = set(order[:split]), set(order[split:])
    return low if mode in ("kl", "dh") else high


def _faces(dice: tuple[Die, ...]) -> Breakdown:
    out: list[Shown] = []
    plain: list[str] = []  # unmarked text not yet made a piece
    for i, die in enumerate(dice):
        if die.parts:
            text = "+".join([*(f"{p}!" for p in die.parts[:-1]), str(die.parts[-1])])
        else:
            text = f"{die.value}!" if die.exploded else str(die.value)
        if i:
            plain.append(", ")
        if die.kept and not die.success:
            plain.append(text)
            continue
        if plain:
            out.append(Shown("".join(plain)))
            plain = []
        out.append(Shown(text, dropped=not die.kept, success=die.kept))
    if plain:
        out.append(Shown("".join(plain)))
    return tuple(out)


def _cat(*parts: str | Breakdown) -> Breakdown:
    """Pieces one after another, neighbouring unmarked text read as one piece."""
    out: list[Shown] = []
    for part in parts:
        for piece in (Shown(part),) if type(part) is str else part:
            if not piece.text:
                continue
            if out and not (piece.dropped or piece.success):
                last = out[-1]
                if not (last.dropped or last.success):
                    out[-1] = Shown(last.text + piece.text)
                    continue
            out.append(piece)
    return tuple(out)


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
