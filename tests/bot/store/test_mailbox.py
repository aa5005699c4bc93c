"""A reply as kept in Redis (bot/store/mailbox.py `encoded`/`loads`): read back as it was made,
whatever its text holds, and replies kept by earlier versions still read."""

import json

from bot.replies import Button, InputRequest, Reply
from bot.store.mailbox import encoded, loads, picture_of

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
