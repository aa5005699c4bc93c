"""Copying the state before a transition: only what a transition may change in place.

`apply` never touches its input, yet the phases change the state in place, so every
transition starts from a copy. Frozen models, strings and numbers are shared; a field
holding a list, a dict or a `Mutable` model gets its own copy, one level deep: the
items of a copied list or dict are shared with the input. So an item that is itself
changeable (a `Mayor` in `mayors`, a `Draft` in `Folders.drafts`, a list in `board` or
`piles`) is never changed where it lies: it is replaced by a changed copy
(`mayor(state, seat)`, or a new list). Copying every mayor, draft and pile on every
answer was most of a transition's time (issue 21); a transition changes one or two.
How to copy each field is read once per model class from its annotation, not found
out value by value.
"""

from collections.abc import Callable
from functools import cache
from types import NoneType, UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

from rules.aufruhr.model import Mayor, Mutable, State

M = TypeVar("M", bound=Mutable)
Copier = Callable[[Any], Any]
_set = object.__setattr__  # past pydantic's __setattr__, which takes only fields


def clone(value: M) -> M:
    """A copy of a mutable model whose own fields can be changed without touching
    `value`: its lists, dicts and `Mutable` fields are copies (their items shared)."""
    cls = type(value)
    fields = value.__dict__.copy()
    for name, copy in _plan(cls):
        v = fields[name]
        if v is not None:
            fields[name] = copy(v)
    new = object.__new__(cls)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", set(value.__pydantic_fields_set__))
    _set(new, "__pydantic_extra__", None)  # extra="forbid"
    _set(new, "__pydantic_private__", None)  # no private attributes
    return new


@cache
def _plan(cls: type[Mutable]) -> tuple[tuple[str, Copier], ...]:
    """The fields of `cls` that hold something mutable, each with how to copy it."""
    return tuple(
        (name, copy)
        for name, field in cls.model_fields.items()
        if (copy := _copier(field.annotation)) is not None
    )


def _copier(annotation: Any) -> Copier | None:
    """How to copy a value of this type; None when it is immutable and can be shared.
    An annotation not foreseen here fails loudly rather than being shared by mistake."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (Union, UnionType):  # `X | None`: None is never copied
        copiers = {_copier(a) for a in args if a is not NoneType}
        if len(copiers) != 1:
            raise TypeError(f"cannot copy a value of {annotation!r}")
        return copiers.pop()
    if origin is list:  # the items are shared (the module's docstring)
        return list.copy
    if origin is dict:
        return dict.copy
    if origin is tuple and all(_copier(a) is None for a in args if a is not Ellipsis):
        return None
    if origin is Literal or annotation in (int, str, bool, float, NoneType):
        return None
    if isinstance(annotation, type) and issubclass(annotation, Mutable):
        return clone
    frozen = isinstance(annotation, type) and issubclass(annotation, BaseModel)
    if frozen and annotation.model_config.get("frozen"):
        return None  # replaced with `model_copy(update=…)`, never changed in place
    raise TypeError(f"cannot copy a value of {annotation!r}")


def mayor(state: State, seat: int) -> Mayor:
    """`seat`'s mayor, made this state's own to be changed: the mayors of a cloned state
    are shared with the state it was cloned from. Change him at once (`mayor(state,
    seat).money -= 10`), holding no copy across another call that may replace him."""
    m = state.mayors[seat] = clone(state.mayors[seat])
    return m
