"""One full stop at the end of a sentence: a catalog line that ends with a name
("Your hand: {hand}.") takes no stop of its own after a name that ends a sentence
itself (the card "Cheers!", the pub "Was nun?"). Done here, where every message is
filled, not in each message: a card or a player may be named so in any of them.
"""

import string
from functools import lru_cache
from itertools import pairwise
from typing import Any

_FORMATTER = string.Formatter()

_ENDS_SENTENCE = (".", "!", "?", "…")


def one_stop(template: str, shown: dict[str, Any]) -> str:
    """`template` without the full stop after a field whose value ends a sentence
    itself: "Your hand: Prost!, Cheers!", never "Cheers!."."""
    if "}." not in template:  # (most messages: no field before a full stop)
        return template
    ended = [
        name
        for name in _stopped_fields(template)
        if type(value := shown.get(name)) is str and value.endswith(_ENDS_SENTENCE)
    ]
    return _unstopped(template, tuple(ended)) if ended else template


@lru_cache(maxsize=4096)
def _stopped_fields(template: str) -> tuple[str, ...]:
    """The fields of `template` a full stop follows ("{hand}." but not "{text}…")."""
    parts = list(_FORMATTER.parse(template))
    return tuple(
        name
        for (_, name, _, _), (after, _, _, _) in pairwise(parts)
        if name is not None and after.startswith(".") and not after.startswith("..")
    )


@lru_cache(maxsize=4096)
def _unstopped(template: str, ended: tuple[str, ...]) -> str:
    """`template` again, the full stop after each field of `ended` left out."""
    out: list[str] = []
    before: str | None = None
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        if before in ended and literal.startswith("."):
            literal = literal[1:]
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            field = name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            out.append("{" + field + "}")
        before = name
    return "".join(out)
