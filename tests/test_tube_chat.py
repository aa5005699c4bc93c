"""Gaa Under Gunnar through the router: the DNF clock runs 15 real minutes from a finish,
and the turns played meanwhile do not restart it (bot/play.py keeps a prompt's deadline
while the prompt stays open)."""

from pathlib import Path

import pytest

from tests.chat import Chat

SCRIPT = Path(__file__).parent / "transcripts" / "tube_2p.txt"


@pytest.fixture
def chat(redis):
    return Chat.make(redis)


def _until_finished() -> list[str]:
    lines = [ln for ln in SCRIPT.read_text().splitlines() if ln and not ln.startswith("#")]
    return lines[: lines.index("alice: [Done drinking]") + 1]


async def test_the_dnf_clock_is_not_restarted_by_later_turns(chat):
    out = await chat.say(*_until_finished())
    assert "[group] alice has dropped all 1 inhibitions and finishes in place 1!" in out
    assert await chat.say("@wait 600") == []  # the reminder comes at 3/4: 675 s
    out = await chat.say("bob: /go westferry", "bob: [Done drinking]")
    assert any("300 s left" in line for line in out)  # the clock goes on, not anew
    out = await chat.say("@wait 299")
    assert not any("DNF" in line for line in out)
    out = await chat.say("@wait 1")
    assert "[group] bob did not finish in time: DNF. Very shameful!" in out
    assert "[group] 1. alice" in out


async def test_when_everybody_gives_up_nobody_wins(chat):
    # Whoever chooses first, one of each pair of start lines is refused (not prompted,
    # or the station taken): anna ends at Westminster or Temple, bert at the other.
    await chat.say(
        "anna: /new tube",
        "bert: /join",
        "anna: /start",
        "anna: /go Temple",
        "bert: /go Temple",
        "anna: /go Westminster",
        "bert: /go Westminster",
    )
    out = await chat.say("bert: /giveup", "anna: /giveup")
    assert "[group] Nobody finished: nobody wins. Very shameful!" in out
    assert not any(line.startswith("[group] 1.") for line in out)
    fame = await chat.say("anna: /fame")
    assert not any("won" in line for line in fame), fame
