"""A reply as kept in Redis (bot/store/mailbox.py `encoded`/`loads`): read back as it was made,
whatever its text holds, and replies kept by earlier versions still read."""

import asyncio
import json

import pytest

from bot.replies import Button, InputRequest, Reply
from bot.store import mailbox
from bot.store.mailbox import encoded, loads, picture_of
from tests.conftest import make_backend

ODD = 'Anna "die Große" \\ 🎩\n\t<b>&amp;</b> \u2028 ÄÖÜß ✓ €'


def _reply() -> Reply:
    return Reply(
        text=ODD,
        to="u1",
        pre="A  anna  Duisburg  3 VP\nB  ben   Essen     0 VP",
        buttons=((Button("60", "st2:c:1.ab:0.1"), Button(ODD, "st2:c:1.ab:0.2")),),
        board=True,
        input=InputRequest(label="Type a number", kind="number", data="st2:c:1.ab:0.i", min=0),
        chat="-100123",
        status="1.ab",
        edit="55",
        pressed="✓",
        mentions=(("u1", ODD),),
        replaces="54",
        reply_to="53",
        menu=("aufruhr", "de"),
    )


def test_a_reply_reads_back_as_it_was_made():
    reply = _reply()
    assert loads(encoded(reply)) == reply  # as Redis hands it back
    assert loads(encoded(reply).decode()) == reply
    assert loads(encoded(Reply(text=""))) == Reply(text="")


def test_the_text_is_kept_as_utf8_and_the_picture_named():
    raw = encoded(Reply(text=ODD, board=True, svg=lambda: "<svg/>"), extra=1).decode()
    assert "🎩" in raw and "\\u" not in raw.replace("\\u2028", "")
    assert picture_of(raw) == "board" and json.loads(raw)["extra"] == 1


def test_a_reply_kept_by_the_json_module_still_reads():
    reply = _reply()
    old = json.dumps(json.loads(encoded(reply)), ensure_ascii=False)  # ", " and ": " spaced
    assert old != encoded(reply).decode() and loads(old) == reply


# On fakeredis, a real redis-server and a Redis Cluster: the mailbox's keys share the
# user's hash tag, so its steps are one slot's on a cluster too.
@pytest.fixture(params=["fake", "real", "cluster"])
async def backend(request):
    async for made in make_backend(request):
        yield made


async def test_replies_wait_and_are_taken_once_with_the_group_told_once(redis):
    first, second = Reply(text="your hand: 3 ♥", to="u1"), Reply(text="your turn", to="u1")
    assert await mailbox.keep(redis, "telegram", "u1", first) is True  # tell the group
    assert await mailbox.keep(redis, "telegram", "u1", second) is False  # told already
    taken = await asyncio.gather(*(mailbox.take(redis, "telegram", "u1") for _ in range(3)))
    assert sorted(taken, key=len) == [[], [], [first, second]]  # one taker gets them all
    assert await mailbox.told(redis, "telegram", "u1") is True  # told anew after a delivery


async def test_a_mailbox_keeps_the_last_replies_only(redis):
    for n in range(mailbox.MAX_WAITING + 5):
        await mailbox.keep(redis, "discord", "u2", Reply(text=f"#{n}", to="u2"))
    texts = [r.text for r in await mailbox.take(redis, "discord", "u2")]
    assert texts == [f"#{n}" for n in range(5, mailbox.MAX_WAITING + 5)]
