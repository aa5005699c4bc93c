"""What a command says is made once (bot/table/outbox.py). A message is made again from memory
(`_texts`) only when everything it is made of is the same — its key, its parameters as
they are shown (True is not 1, 1.0 is not 1), the names, the language; and a reply
readdressed (`amended`) is the reply `dataclasses.replace` would make."""

import dataclasses

import pytest

from bot.i18n import fill
from bot.replies import Button, InputRequest, Reply, amended
from bot.table import outbox
from bot.table.outbox import Outbox


def _fresh(out: Outbox, key: str, **params) -> str:
    """The message as made without the memory."""
    return fill(out.lang, key, out.named(out.shown(key, params)))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_values_equal_as_keys_but_shown_apart_stay_apart(lang):
    out = Outbox(lang=lang, names=["Ann", "Ben"])
    values = [1, True, 1.0, "1", 0.0, -0.0, None, 12_345, 12_345.5, [1, 0], (1, 0), ["1"]]
    made = [out.text("status.time_left", seconds=v) for v in values]
    again = [out.text("status.time_left", seconds=v) for v in reversed(values)][::-1]
    assert made == again == [_fresh(out, "status.time_left", seconds=v) for v in values]
    # 1, True and 1.0 read differently, and so do 0.0 and -0.0: equal keys would not
    assert len(set(made[:3])) == 3 and made[4] != made[5]
    if lang == "de":
        assert "1,0" in made[2]


def test_the_names_and_the_language_are_part_of_a_message():
    out = Outbox(lang="en", names=["Ann", "Ben"])
    assert out.text("status.chose", seat=1, choice="x") == "✓ Ben: x"
    out.names = ["Ann", "Bea"]  # (a seat taken by another since)
    assert out.text("status.chose", seat=1, choice="x") == "✓ Bea: x"
    assert out.text("status.waiting", seats=[0, 1]) == "⏳ Waiting for Ann, Bea"
    out.lang = "de"
    assert out.text("status.waiting", seats=[0, 1]) == _fresh(out, "status.waiting", seats=[0, 1])
    assert "Waiting" not in out.text("status.waiting", seats=[0, 1])


def test_what_cannot_be_a_key_is_made_every_time_and_the_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(outbox, "TEXTS", 3)
    monkeypatch.setattr(outbox, "_texts", {})
    out = Outbox(lang="en", names=["Ann"])
    nested = {"seconds": [[1, 2]]}  # a list of lists: no key, made as it is
    assert out.text("status.time_left", **nested) == _fresh(out, "status.time_left", **nested)
    assert outbox._texts == {}
    for n in range(10):
        assert out.text("status.time_left", seconds=n) == f"{n} s left"
    assert 0 < len(outbox._texts) <= 3


def test_a_reply_amended_is_the_reply_replaced_and_the_original_stays():
    reply = Reply(
        text="Your bid",
        to="22",
        buttons=((Button("0", "st2:-1:1.ab:0.0"),),),
        input=InputRequest("Type a number", "number", "st2:-1:1.ab:0.i", min=0, max=10),
        mentions=(("22", "Ann"),),
    )
    new = amended(reply, chat="-1", outbox_id="000000000002.001")
    assert new == dataclasses.replace(reply, chat="-1", outbox_id="000000000002.001")
    assert repr(new) == repr(dataclasses.replace(reply, chat="-1", outbox_id="000000000002.001"))
    assert (reply.chat, reply.outbox_id) == ("", "")
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.chat = "x"  # type: ignore[misc]
    with pytest.raises(AssertionError):
        amended(reply, chats="-1")  # no such field
