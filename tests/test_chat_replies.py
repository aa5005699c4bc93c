"""What players see from the chat layer around a game: one clear line in the chat's
language for every slip (an empty command, a second press, a stranger's command), and
no group noise from a private step. AUFRUHR! is the vehicle; the rules are the bot's."""

import pytest

from tests.chat import Chat

START = [
    "anna: /new aufruhr events=2 deadline=60",
    "ben: /join",
    "cem: /join",
    "dora: /join",
    "anna: /start",
]
# ben is elected; anna, cem and dora may hand him a folder
ELECT_BEN = ["anna> [Essen]", "ben> [Duisburg]", "cem> [Essen]", "dora> [Essen]"]


@pytest.fixture
async def chat(redis):
    chat = Chat.make(redis)
    await chat.say(*START)
    return chat


def group(out: list[str]) -> list[str]:
    return [line for line in out if line.startswith("[group]")]


async def test_a_step_of_a_secret_answer_tells_the_group_nothing(chat):
    await chat.say(*ELECT_BEN)
    out = await chat.say("anna> [Demand: 40 for me]", "anna> [Put in ★]")
    assert group(out) == []
    assert out[-1].startswith("[dm:anna] Your folder so far")
    out = await chat.say("anna> [Hand over]")
    assert group(out) == ["[group] anna has answered.", "[group] Still waiting for cem, dora."]
