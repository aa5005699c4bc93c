"""Pydantic models whose private attributes are set up without pydantic's general loop.

Pydantic gives every new instance of a model with private attributes a dict of their
defaults from a loop in Python (`init_private_attributes`: a `get_default` call and a
deep-copy check per attribute): ~2 µs for each Table and each GameProof, and every
command parses one of each (bot/table/model.py), ~27 % of parsing a table's 1.7 KB of fields
(2026-11-24). `quick_private` replaces it with the same dict made from the class's own
declarations once: the defaults copied, the factories called.
"""

from typing import Any, TypeVar

from pydantic import BaseModel
from pydantic._internal._model_construction import init_private_attributes

M = TypeVar("M", bound=BaseModel)
# Defaults shared by every instance, as pydantic shares them (it copies only what is
# mutable): anything else must be a default_factory.
_SHARED = (type(None), bool, int, float, str, bytes)
_setattr = object.__setattr__


def quick_private(cls: type[M]) -> type[M]:
    """Class decorator: the private attributes' defaults as pydantic would set them."""
    # Only pydantic's own setup is replaced: a model_post_init of the class's would be lost.
    if cls.model_post_init is not init_private_attributes:
        raise TypeError(f"{cls.__name__} has a model_post_init of its own")
    plain: dict[str, Any] = {}
    made: list[tuple[str, Any]] = []
    for name, attr in cls.__private_attributes__.items():
        if attr.default_factory is not None:
            if attr.default_factory_takes_validated_data:
                raise TypeError(f"{cls.__name__}.{name}: a factory of the validated data")
            made.append((name, attr.default_factory))
        else:
            if not isinstance(attr.default, _SHARED):
                raise TypeError(f"{cls.__name__}.{name}: a shared mutable default")
            plain[name] = attr.default

    def model_post_init(self: BaseModel, context: Any, /) -> None:
        private = plain.copy()
        for name, factory in made:
            private[name] = factory()
        _setattr(self, "__pydantic_private__", private)

    # pydantic-core calls it by name on each instance it validates (and model_construct
    # too), so the class's attribute is what runs.
    cls.model_post_init = model_post_init  # type: ignore[method-assign]
    return cls
