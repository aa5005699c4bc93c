"""AUFRUHR! at the edges, as a rule-book player meets them through the console (issue 19):
what a lapsed Lord Mayor's table is told, the tie-break of the final ranking, a bribe
folder handed at any time, a cooperation agreed with a deal."""

import pytest

from tests.chat import Chat
from tests.test_aufruhr_chat import ELECT_BEN, START


@pytest.fixture
async def chat(redis):
    chat = Chat.make(redis)
    await chat.say(*START)
    return chat


async def test_a_lapsed_lord_mayor_is_told_what_the_rules_decide(chat):
    await chat.say(*ELECT_BEN, "@wait 60")  # no folder from anyone
    out = await chat.say("@wait 60")  # ben gives no subvention in time
    said = [line.split("] ", 1)[1] for line in out if line.startswith("[group")]
    i = said.index(
        "Time is up for ben: the rules hand out the remaining subventions, the largest"
        " first, from the Lord Mayor's left (a promised one to its mayor)."
    )
    assert said[i + 1 : i + 5] == [
        "EU subvention: cem receives 40.",
        "EU subvention: dora receives 30.",
        "EU subvention: anna receives 20.",
        "EU subvention: ben receives 10.",
    ]
    out = await chat.say("@wait 60")  # nor declares his intention
    assert any(
        "Time is up for ben: the rules complete the intention — an auction, the categories"
        " in turn." in line
        for line in out
    )
