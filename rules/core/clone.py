"""Copying a game state before a transition: only its changeable parts.

An engine's `apply` never touches its input, yet its phases change the state in place,
so every transition starts from a copy. `model_copy(deep=True)` copies every leaf, by
way of `copy.deepcopy`'s memo; frozen models, strings and numbers can be shared, so only
lists, dicts and models that are not frozen need copying. How to copy each field is read
once per model class from its annotation, not found out value by value; an annotation
not foreseen here fails loudly rather than being shared by mistake.

Two depths: `clone` copies the containers all the way down (a list of lists is a new
list of new lists); `clone_top` copies a model's own lists and dicts and shares their
items, for an engine that replaces an item it changes rather than changing it where it
lies (rules/aufruhr/clone.py). `clone_only` copies the fields named and shares the
rest, for a transition known to change nothing else in place.
"""

from collections.abc import Callable
from functools import cache
from types import NoneType, UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)
Copier = Callable[[Any], Any]

# The fields of a model that hold something changeable: the names of those that always
# hold a list or a dict to be copied one level (`list.copy`, `dict.copy`), and the others
# (a model, an optional container, one copied all the way down) each with how to copy it.
_Plan = tuple[tuple[str, ...], tuple[tuple[str, Copier], ...]]


def clone(value: M) -> M:
    """A copy of a model that shares nothing changeable with it."""
    return _copy(value, _plan(type(value), True))


def clone_top(value: M) -> M:
    """A copy of a model whose own fields can be changed without touching `value`: its
    lists and dicts are copies (their items shared), its unfrozen models `clone_top`s."""
    return _copy(value, _plan(type(value), False))


def clone_only(value: M, *names: str) -> M:
    """A copy of a model whose fields `names` can be changed without touching `value`
    (copied as `clone_top` copies them); every other field is shared with `value`, so
    only a field of its own may be given a new value, nothing changed in place."""
    return _copy(value, _only(type(value), names))


def _copy(value: M, plan: _Plan) -> M:
    """`model_copy` (pydantic's shallow copy) with the changeable fields copied as `plan`
    says; the others are shared, as a shallow copy shares them."""
    fields = value.__dict__
    shallow, other = plan
    update = {name: fields[name].copy() for name in shallow}
    for name, copy in other:
        v = fields[name]
        if v is not None:
            update[name] = copy(v)
    return value.model_copy(update=update)


@cache
def _plan(cls: type[BaseModel], deep: bool) -> _Plan:
    """How to copy the changeable fields of `cls`."""
    if cls.model_config.get("extra") == "allow" or cls.__private_attributes__:
        raise TypeError(f"cannot copy {cls!r}: extra fields or private attributes")
    shallow, other = [], []
    for name, field in cls.model_fields.items():
        copy = _copier(field.annotation, deep)
        if copy in (list.copy, dict.copy) and get_origin(field.annotation) in (list, dict):
            shallow.append(name)  # (never None: `X | None` has a union as its origin)
        elif copy is not None:
            other.append((name, copy))
    return tuple(shallow), tuple(other)


@cache
def _only(cls: type[BaseModel], names: tuple[str, ...]) -> _Plan:
    shallow, other = _plan(cls, False)
    unknown = set(names) - set(cls.model_fields)
    if unknown:
        raise TypeError(f"{cls.__name__} has no fields {sorted(unknown)}")
    return (
        tuple(name for name in shallow if name in names),
        tuple((name, copy) for name, copy in other if name in names),
    )


def _copier(annotation: Any, deep: bool) -> Copier | None:
    """How to copy a value of this type; None when it is immutable and can be shared."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (Union, UnionType):  # `X | None`: None is never copied
        copiers = {_copier(a, deep) for a in args if a is not NoneType}
        if len(copiers) != 1:
            raise TypeError(f"cannot copy a value of {annotation!r}")
        return copiers.pop()
    if origin is list:
        item = _copier(args[0], deep) if deep else None
        if item is None:
            return list.copy
        return lambda v: list(map(item, v))
    if origin is dict:
        item = _copier(args[1], deep) if deep else None
        if item is None:
            return dict.copy
        return lambda v: dict(zip(v, map(item, v.values()), strict=True))
    if origin is tuple and all(_copier(a, deep) is None for a in args if a is not Ellipsis):
        return None
    if origin is Literal or annotation in (int, str, bool, float, NoneType):
        return None
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation.model_config.get("frozen"):
            return None  # replaced with `model_copy(update=…)`, never changed in place
        return clone if deep else clone_top
    raise TypeError(f"cannot copy a value of {annotation!r}")
