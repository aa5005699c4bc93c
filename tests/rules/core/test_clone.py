"""rules/core/clone.py `clone_only`: the fields named are the copy's own, the rest shared."""

import pytest
from pydantic import BaseModel, Field

from rules.core.clone import clone_only


class Inner(BaseModel):
    items: list[int] = Field(default_factory=list)


class Outer(BaseModel):
    mine: list[int]
    shared: list[int]
    inner: Inner
    count: int = 0


def test_the_named_fields_are_copied_and_the_others_shared():
    before = Outer(mine=[1], shared=[2], inner=Inner(items=[3]))
    after = clone_only(before, "mine", "inner")
    after.mine.append(9)
    after.inner.items.append(9)
    after.count = 5
    assert before == Outer(mine=[1], shared=[2], inner=Inner(items=[3]))
    assert after.shared is before.shared  # (not copied: to be changed only by a new value)
    assert after == Outer(mine=[1, 9], shared=[2], inner=Inner(items=[3, 9]), count=5)


def test_a_field_the_model_has_not_is_refused():
    with pytest.raises(TypeError, match="mayors"):
        clone_only(Outer(mine=[], shared=[], inner=Inner()), "mayors")
