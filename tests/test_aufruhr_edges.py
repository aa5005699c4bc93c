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


async def test_the_final_ranking_says_why_the_tied_stand_as_they_do(redis):
    """A one-round game in which nobody builds or bribes: all four tie at 3 points; ben,
    the Lord Mayor in office, holds the title and stands first, and the table is told why."""
    chat = Chat.make(redis)
    await chat.say("anna: /new aufruhr events=0 deadline=60", *START[1:], *ELECT_BEN)
    await chat.say("@wait 60", "@wait 60", "ben: [Payout Economy]", "@wait 60")
    out = await chat.say("ben: [Essen]")
    i = out.index("[group] 1. ben, anna, cem, dora – 3 points")
    assert out[i + 1] == (
        "[group] Equal points share a place. ben stands before anna, cem, dora: the title goes"
        " to the Lord Mayor in office when he is among the tied (as in the elections), and"
        " with it the RuhrCity Hall."
    )
