"""bot/private_attrs.py: the models it speeds up get exactly pydantic's private defaults."""

import pytest
from pydantic import BaseModel, PrivateAttr
from pydantic._internal._model_construction import init_private_attributes

from bot.private_attrs import quick_private
from bot.proof.games import GameProof
from bot.table.model import Table

PROOF = {"game": "auktion", "seats": 3, "options": {}, "seed": "00", "commitment": "ab"}


def pydantics(model: BaseModel) -> dict:
    """What pydantic's own setup gives the instance."""
    other = model.model_copy()
    object.__setattr__(other, "__pydantic_private__", None)
    init_private_attributes(other, None)
    return other.__pydantic_private__


@pytest.mark.parametrize(
    "make",
    [
        lambda: Table(platform="telegram", chat="1"),
        lambda: Table.model_validate_json(b'{"platform":"telegram","chat":"1"}'),
        lambda: Table.model_construct(platform="telegram", chat="1"),
        lambda: GameProof(**PROOF),
        lambda: GameProof.model_validate(PROOF),
    ],
)
def test_the_same_defaults_as_pydantics(make):
    model = make()
    assert model.__pydantic_private__ == pydantics(model)
    assert set(model.__pydantic_private__) == set(type(model).__private_attributes__)


def test_a_factorys_value_is_each_instances_own():
    one, two = GameProof(**PROOF), GameProof(**PROOF)
    one.__pydantic_private__["_new"].append("[0,{}]")
    assert two.__pydantic_private__["_new"] == []
    assert GameProof(**PROOF).appended() == ([], False)


def test_a_table_parsed_twice_shares_no_private_state():
    data = Table(platform="telegram", chat="1").dump()
    one, two = Table.load(data), Table.load(data)
    one.__pydantic_private__["_state_json"] = b"{}"
    assert two.__pydantic_private__["_state_json"] is None


def test_refused_where_it_would_change_what_a_model_does():
    class Own(BaseModel):
        _x: int = PrivateAttr(default=0)

        def model_post_init(self, context, /):  # would be lost
            pass

    with pytest.raises(TypeError, match="model_post_init"):
        quick_private(Own)

    class Mutable(BaseModel):
        _x: list = PrivateAttr(default=[])  # shared by every instance

    with pytest.raises(TypeError, match="mutable default"):
        quick_private(Mutable)
