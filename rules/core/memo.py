"""A bounded memo: the one shape of the process-wide caches that remember what a pure
function made of its arguments (a board's lines, a project's public form).

`memo[key]` is `make(*key)`, made on the first asking and remembered; a hit is one dict
lookup in C (the memos sit on every step's end: a board's lines are asked for dozens of
times a command). Past `bound` entries the whole memo is forgotten at once, cheaper
than keeping an order of use, and a bound that holds every chat's live entries makes
that rare. Only for values made by a pure function of the key, never changed by their
users: a value is shared by everyone who asks for the same key.
"""

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

V = TypeVar("V")


class Memo(dict[tuple[Hashable, ...], V], Generic[V]):
    __slots__ = ("bound", "make")

    def __init__(self, make: Callable[..., V], bound: int) -> None:
        super().__init__()
        self.make, self.bound = make, bound

    def __missing__(self, key: tuple[Any, ...]) -> V:
        if len(self) >= self.bound:
            self.clear()
        value = self[key] = self.make(*key)
        return value
