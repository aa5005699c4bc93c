"""Numbers as players type them: the digits 0–9 and nothing else, in every command,
answer and option alike. Python's `int()` and the regex `\\d` also take the digits of
other scripts ("٣", "३") and `int()` takes "3_0"; the options' models (pydantic) and the
dice (rules/dice/parser.py) take 0–9 only, which is what every help line shows. So a
`/guess ٣` was read as 3 while `/new … events=٣` was refused: one reading now, the one
the help shows, and the simplest to say in a refusal.
"""

import re

DIGITS = re.compile(r"[0-9]+")
_WHOLE = re.compile(r"[-+]?[0-9]+")


def digits(text: str) -> bool:
    """`text` is one or more of the digits 0–9 (not "²", not "٣")."""
    return DIGITS.fullmatch(text) is not None


def whole(text: str) -> int | None:
    """`30`, `-5`, `+5` → that number; anything else (`٣0`, `3_0`, ` 3`, `3.5`) → None."""
    return int(text) if _WHOLE.fullmatch(text) else None
