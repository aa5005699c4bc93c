"""The protocol's own checks on what an engine hands the bot."""

import pytest
from pydantic import ValidationError

from rules.core.protocol import Event, Prompt


def test_a_prompts_note_is_private_to_the_seats_it_names():
    # (a note goes with the question to its seats alone: one for everyone would be a
    # group line the engine should tell as an event)
    note = Event(key="aufruhr.promise", params={"city_id": "duisburg", "amount": 30}, to=(1,))
    assert Prompt(id="give:1", seats=(1,), key="k", notes=(note,)).notes == (note,)
    with pytest.raises(ValidationError, match="privately"):
        Prompt(id="give:1", seats=(1,), key="k", notes=(Event(key="aufruhr.promise"),))
