"""The words after an expression: `adv`/`dis`, a label, and other bots' notation.

`1d20+5 adv to hit` rolls the first plain `1d20` twice and keeps the higher (`dis`: the
lower), as avrae does; the rest is the label, kept verbatim. A label that starts like
a modifier of another dice bot (`3d6 e6`, `6d10 t7`, `4d6 r2`, `4d6kh3 x6`, `2d6 kh1`)
is refused with what we understand instead: rolled as plain dice with the rest as a
label it would be a silent misreading.
"""

import re
from dataclasses import dataclass, replace

from rules.core.errors import ParseError, RuleError
from rules.dice.tree import Chain, Dice, Group, Neg, Node, Note

_ADVANTAGE = {
    "adv": "kh",
    "advantage": "kh",
    "vorteil": "kh",
    "dis": "kl",
    "disadv": "kl",
    "disadvantage": "kl",
    "nachteil": "kl",
}
_ADVANTAGE_WORD = re.compile(r"([a-z]+)(?=$|\s|#)")
# A typo, not a label: `3 d6`, `2d6 df`.
_DICE_LIKE = re.compile(r"d(\d|%|f(?![^\W\d_]))")
# Other bots' modifiers, detached by a space, and what we write for each. Dice Maiden:
# e/ie explode at or above, t counts successes, r/ir reroll at or below (once/always),
# x repeats; Roll20/d20 modifiers typed with a space are just ours detached.
_FOREIGN = re.compile(r"(ie|ir|ro|rr|mi|ma|kh|kl|dh|dl|e|t|r|k|x)([0-9]+)(?![^\W_])")
_INSTEAD = {"ie": "!>={n}", "e": "!>={n}", "t": ">={n}", "ir": "r<={n}", "r": "ro<={n}"}
_ENDS_IN_DICE = re.compile(r"d([0-9]+|%|f)$")


@dataclass(frozen=True)
class Words:
    advantage: str | None  # "kh" (adv) or "kl" (dis)
    label: str | None


def starts_words(norm: str, pos: int) -> bool:
    """`/roll adv`: the expression is left out (a d20), the words begin at once."""
    found = _ADVANTAGE_WORD.match(norm, pos)
    return bool(found) and found.group(1) in _ADVANTAGE


def read_words(text: str, norm: str, pos: int, tree: Node) -> Words | None:
    """`adv`, then the label, from `pos` (not a space) on; None: this is no label."""
    advantage = None
    found = _ADVANTAGE_WORD.match(norm, pos)
    if found and found.group(1) in _ADVANTAGE and (pos == 0 or text[pos - 1].isspace()):
        advantage = _ADVANTAGE[found.group(1)]
        pos = found.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos == len(text):
            return Words(advantage, None)
        again = _ADVANTAGE_WORD.match(norm, pos)
        if again and again.group(1) in _ADVANTAGE:  # `adv dis`: not a label "dis"
            raise ParseError("dice.unexpected", token=text[pos : again.end()], pos=pos + 1)
    if text[pos] == "#":
        return Words(advantage, text[pos + 1 :].strip() or None)
    char = text[pos]
    spaced = pos > 0 and text[pos - 1].isspace()  # skipped by the expression
    starts_text = char.isalpha() or char in "\"'" or not (char.isascii() or char.isdigit())
    if not spaced or not starts_text or char in "×÷−" or _DICE_LIKE.match(norm, pos):
        return None
    _refuse_foreign(text, norm, pos)
    return Words(advantage, text[pos:].strip())


def _refuse_foreign(text: str, norm: str, pos: int) -> None:
    found = _FOREIGN.match(norm, pos)
    if not found:
        return
    kind, number = found.group(1), found.group(2)
    token = text[found.start() : found.end()]
    typed = text[:pos].strip()
    if kind == "x":
        raise ParseError("dice.foreign_repeat", token=token, example=f"{int(number)}x {typed}")
    instead = _INSTEAD.get(kind, "{kind}{n}").format(kind=kind, n=int(number))
    example = (typed if _ENDS_IN_DICE.search(norm[:pos].strip()) else "4d6") + instead
    raise ParseError("dice.foreign", token=token, instead=instead, example=example)


def with_advantage(tree: Node, mode: str) -> Node:
    """The first plain `1d20` rolled twice, keeping the higher (kh) or lower (kl)."""
    changed, done = _advantage(tree, mode)
    if not done:
        raise RuleError("dice.advantage_needs_d20")
    return changed


def _advantage(node: Node, mode: str) -> tuple[Node, bool]:
    match node:
        case Dice(count=1, sides=20, fudge=False, keep=None, select=None):
            return replace(node, count=2, keep=(mode, 1)), True
        case Neg(inner):
            inner, done = _advantage(inner, mode)
            return Neg(inner), done
        case Group(inner):
            inner, done = _advantage(inner, mode)
            return Group(inner), done
        case Note(inner, label):
            inner, done = _advantage(inner, mode)
            return Note(inner, label), done
        case Chain(first, rest):
            first, done = _advantage(first, mode)
            operands = []
            for op, operand in rest:
                if not done:
                    operand, done = _advantage(operand, mode)
                operands.append((op, operand))
            return Chain(first, tuple(operands)), done
    return node, False
