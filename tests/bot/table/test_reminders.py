"""The one reminder of a step: the time left is told to the seats whose questions have a
deadline, and only to them."""

import pytest

from bot.table import timeouts
from rules.core.protocol import Prompt
from tests.fixtures.chat import Chat

LINES = {
    "en": (
        "[group:edit] bob: the table is waiting for you – 25 s left.",
        "[group:edit] alice: the table is waiting for you.",
        "[dm:bob] ⏰ The table is waiting for your answer – 25 s left.",
        "[dm:alice] ⏰ The table is waiting for your answer.",
    ),
    "de": (
        "[group:edit] bob: der Tisch wartet – noch 25 s zum Antworten.",
        "[group:edit] alice: der Tisch wartet – bitte antworten.",
        "[dm:bob] ⏰ Der Tisch wartet auf deine Antwort – noch 25 s.",
        "[dm:alice] ⏰ Der Tisch wartet auf deine Antwort.",
    ),
}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_seat_asked_without_a_deadline_is_not_told_anothers_time_left(
    redis, monkeypatch, lang
):
    # No registered game asks one seat without a deadline beside another's timed answer
    # yet (in Gaa Under Gunnar every waiting player is on the DNF clock): the test game's
    # sealed bid (100 s) waits for bob, and alice is asked beside it a question without one.
    asked = timeouts.waiting_prompts

    def with_an_untimed_question(spec, state):
        untimed = Prompt(
            id="untimed", seats=(0,), key="auktion.prompt.protest", params={"winner_seat": 1}
        )
        return [*asked(spec, state), untimed]

    monkeypatch.setattr(timeouts, "waiting_prompts", with_an_untimed_question)
    chat = Chat.make(redis, lang=lang)
    await chat.say("alice: /new auktion rounds=1 deadline=100", "bob: /join", "alice: /start")
    await chat.say("alice> 3")
    out = await chat.say("@wait 75")
    for line in LINES[lang]:
        assert line in out, out
    # (the step's status line keeps its time left: the step's, not alice's)
    reminded = [line for line in out if "⏳" not in line]
    assert not [line for line in reminded if "alice" in line and "25 s" in line], out


LATE = {"en": "Time is up for bob", "de": "Die Zeit ist um für bob"}


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_reminder_fired_after_its_deadline_is_not_sent(redis, lang):
    """A ticker back after a restart finds the reminder and the timeout both due: the
    timeout tells what happened, and no reminder counts negative seconds."""
    chat = Chat.make(redis, lang=lang)
    await chat.say("alice: /new auktion rounds=1 deadline=100", "bob: /join", "alice: /start")
    await chat.say("alice> 3")
    clock, deadlines = chat.router.clock, chat.router.deadlines("console")
    clock.now += 140  # the reminder was due at 75 s, the timeout at 100 s
    start = len(chat.lines)
    for member in await deadlines.claim_due(clock.now):
        _, _, replies = await chat.router.fire(member)
        await chat.console.show(replies)
    out = chat.lines[start:]
    assert any(LATE[lang] in line for line in out), out
    assert not [line for line in out if "⏰" in line or "-40 s" in line], out
