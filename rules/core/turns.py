"""Whose turn, written once: seat rotation and secret answers collected together.

Every game needs the same two pieces of turn machinery. `clockwise` and `next_seat`
walk the table from a seat, skipping seats that are out (finished, knocked out).
`Collect` gathers simultaneous secret answers (ballots, sealed bids): each asked seat
answers once, nobody sees another's answer, and the game resolves them together when
`complete`; a deadline fills the silent seats with the game's default (`fill`).
"""

from collections.abc import Callable, Collection, Iterable
from typing import Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from rules.core.errors import RuleError

T = TypeVar("T")


def clockwise(n: int, start: int, out: Collection[int] = ()) -> list[int]:
    """The seats of an `n`-seat table from `start` (included) clockwise, without `out`."""
    return [(start + i) % n for i in range(n) if (start + i) % n not in out]


def next_seat(n: int, seat: int, out: Collection[int] = ()) -> int | None:
    """The first seat after `seat`, clockwise, that is not `out` (None: everyone is)."""
    following = clockwise(n, seat + 1, out)
    return following[0] if following else None


class Collect(BaseModel, Generic[T]):
    """Simultaneous secret answers from `asked`, kept until the last one is in.

    Immutable: `answer` and `fill` return a new collection. The answers are secret until
    the game resolves them: a game's views show `answered` (who), never `answers`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    asked: tuple[int, ...]
    answers: dict[int, T] = Field(default_factory=dict)

    @property
    def waiting(self) -> tuple[int, ...]:
        """Seats still to answer, in seat order."""
        return tuple(s for s in self.asked if s not in self.answers)

    @property
    def answered(self) -> tuple[int, ...]:
        return tuple(s for s in self.asked if s in self.answers)

    @property
    def complete(self) -> bool:
        return all(s in self.answers for s in self.asked)

    def answer(self, seat: int, value: T) -> "Collect[T]":
        """`seat`'s answer; refused if it is not asked or has answered already."""
        if seat not in self.asked:
            raise RuleError("error.not_prompted")
        if seat in self.answers:
            raise RuleError("error.already_answered")
        return self.model_copy(update={"answers": {**self.answers, seat: value}})

    def fill(self, default: Callable[[int], T], seats: Iterable[int] | None = None) -> "Collect[T]":
        """The silent seats (or those of `seats` still waiting) answered by `default(seat)`:
        what a deadline does."""
        silent = [s for s in (self.waiting if seats is None else seats) if s in self.waiting]
        filled = {**self.answers, **{s: default(s) for s in silent}}
        return self.model_copy(update={"answers": filled})
