"""Names that look like markdown or mentions, through a whole game on Discord: every
message read back as Discord renders it shows each name as typed and notifies no one,
and our own marks (a dropped die struck through) are the only formatting (bot/marks.py)."""

import re
from typing import Any

import pytest

from tests.adapters.telegram.test_hostile_names import HOSTILE
from tests.fixtures.robot import discord_act, play_out

OURS = re.compile(r"(\*\*|~~)([0-9!+-]+)\1")  # our marks, around dice faces only
FENCE = re.compile(r"```\n?(.*?)```", re.S)
MENTION = re.compile(r"<@!?(\d+)>")
MARKDOWN = "*_~|`"
LINE_MARKS = re.compile(r"(#{1,3} |> |>>> |\s*- )")
LINK = re.compile(r"\[[^\]\n]+\]\(\S+\)")  # a masked link
PUNCTUATION = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def rendered(content: str, names: dict[str, str]) -> tuple[str, list[str]]:
    """What a Discord user reads in `content`, and the markdown Discord would act on
    (besides our marks and code fences): unescaped *_~|`, a heading, quote or list at
    a line's start, a masked link, @everyone/@here, a mention of anyone but the players."""
    text, acted = [], []
    for i, part in enumerate(FENCE.split(content)):
        if i % 2:  # inside a code block everything is literal
            text.append(part)
            continue
        at, line_start = 0, True
        while at < len(part):
            if line_start and (m := LINE_MARKS.match(part, at)):
                acted.append(m.group())
            line_start = False
            char = part[at]
            if char == "\\" and at + 1 < len(part) and part[at + 1] in PUNCTUATION:
                text.append(part[at + 1])
                at += 2
            elif m := OURS.match(part, at):
                text.append(m.group(2))
                at = m.end()
            elif m := MENTION.match(part, at):
                if m.group(1) not in names:
                    acted.append(m.group())
                text.append("@" + names.get(m.group(1), "?"))
                at = m.end()
            elif m := re.match(r"@(everyone|here)", part[at:]):
                acted.append(m.group())
                text.append(m.group())
                at += m.end()
            elif m := LINK.match(part, at):
                acted.append(m.group())
                text.append(m.group())
                at = m.end()
            elif char in MARKDOWN:
                acted.append(char)
                text.append(char)
                at += 1
            else:
                line_start = char == "\n"
                if char != "\u200b":  # escape_mentions' zero-width space: unseen
                    text.append(char)
                at += 1
    return "".join(text), acted


def contents(calls: list[Any]) -> list[str]:
    """Every message content the bot sent or edited, through any route."""
    out = []
    for call in calls:
        body = call.body if isinstance(call.body, dict) else {}
        data = body.get("data") if isinstance(body.get("data"), dict) else {}
        for content in (body.get("content"), data.get("content")):
            if content:
                out.append(content)
    return out


@pytest.mark.parametrize("names", HOSTILE)
async def test_hostile_names_read_as_typed_in_every_message(world, names):
    fake = world.fake
    users = [(300 + i, name) for i, name in enumerate(names)]
    for user, name in users:
        await world.feed(fake.command("roll", user, name, {"expression": "4d6kh3 [~~x~~ **y**]"}))
    await world.feed(fake.command("new", *users[0], {"game": "auktion", "options": "rounds=1"}))
    (thread,) = fake.threads
    for user in users[1:]:
        await world.feed(fake.command("join", *user, channel=thread, thread=True))
    await world.feed(fake.command("start", *users[0], channel=thread, thread=True))
    router = world.bot.adapter.router

    async def load():
        return await router.table("discord", str(thread))

    await play_out(load, discord_act(world, users, thread), seed=3)
    assert "is over" in fake.text_of(thread)
    by_id = {str(user): name for user, name in users}
    seen = [rendered(content, by_id) for content in contents(fake.calls)]
    everything = "\n".join(text for text, _ in seen)
    for name in names:
        assert f"🎲 {name} rolls" in everything  # the name, as typed
        assert everything.count(name) >= 3, name  # and in the lobby and the game
    assert "[~~x~~ **y**]" in everything  # a dice note too
    assert [acted for _, acted in seen if acted] == []  # no markdown but ours
    # our marks still render: each roll's one dropped die is struck through
    rolls = [c for c in contents(fake.calls) if "rolls" in c]
    assert sum(len(OURS.findall(c)) for c in rolls) == len(names)
