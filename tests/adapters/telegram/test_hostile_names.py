"""Names that look like markup, through a whole game on Telegram: every message parsed
back as Telegram parses it shows each name as typed, and our own marks (a dropped die
struck through) are the only formatting (bot/marks.py)."""

import re
from html.parser import HTMLParser

import fakeredis
import pytest

from tests.fixtures.fake_telegram import GROUP, FakeTelegram, running_bot, until
from tests.fixtures.robot import play_out, telegram_act

# Two tables of hostile names (the test game seats at most five)
HOSTILE = [
    ["~~x~~", "**x**", "__x__", "<b>x</b>", "@everyone"],
    ["`x`", "||x||", "a&b", "<3", "<i>&amp;"],
    ["<@123456789012345678>", "# x", "> y", "- z", "[a](https://x.y)"],
]
DICE = re.compile(r"[0-9!+-]+")  # what our marks may hold: dice faces


class Seen(HTMLParser):
    """A message as a Telegram user sees it: its text, and each formatted part."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.text = ""
        self.open: list[tuple[str, int]] = []
        self.formatted: list[tuple[str, str]] = []  # (tag, the text it formats)
        self.feed(html)
        self.close()
        assert not self.open, f"unclosed tags in {html!r}"

    def handle_starttag(self, tag, attrs):
        self.open.append((tag, len(self.text)))

    def handle_endtag(self, tag):
        opened, at = self.open.pop()
        assert opened == tag
        self.formatted.append((tag, self.text[at:]))

    def handle_data(self, data):
        self.text += data


def shown(fake: FakeTelegram) -> list[Seen]:
    """Every text the bot had Telegram show (messages, captions and edits), as parsed."""
    out = []
    for call in fake.calls:
        if not call.ok:
            continue
        media = call.params.get("media")
        for text in (
            call.params.get("text"),
            call.params.get("caption"),
            media.get("caption") if isinstance(media, dict) else None,
        ):
            if text and call.method != "answerCallbackQuery":
                assert call.params.get("parse_mode") == "HTML" or media, call.method
                out.append(Seen(str(text)))
    return out


@pytest.mark.parametrize("names", HOSTILE)
async def test_hostile_names_read_as_typed_in_every_message(fake, names):
    users = [(200 + i, name) for i, name in enumerate(names)]
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis) as bot:
        router = bot.adapter.router

        async def load():
            return await router.table("telegram", str(GROUP))

        for user, name in users:
            fake.say(user, name, "/roll 4d6kh3 [~~x~~ **y**]")
        fake.say(*users[0], "/new auktion rounds=1")
        for user in users[1:]:
            fake.say(*user, "/join")
        fake.say(*users[0], "/start")
        await until(lambda: "begins" in fake.everything(GROUP))
        await bot.adapter.sender.drain()
        await play_out(load, telegram_act(fake, users), seed=3)
        await until(lambda: "is over" in fake.everything(GROUP))
        await bot.adapter.sender.drain()
    await redis.aclose()
    seen = shown(fake)
    group = "\n".join(s.text for s in seen)
    for name in names:
        assert f"🎲 {name} rolls" in group  # the name, as typed
        assert group.count(name) >= 3, name  # and in the lobby and the game
    assert "[~~x~~ **y**]" in group  # a dice note too
    # the only formatting: our struck-through dice, boards, and mentions of players
    for s in seen:
        for tag, text in s.formatted:
            assert tag in {"s", "b", "a", "pre"}, (tag, text)
            if tag in {"s", "b"}:
                assert DICE.fullmatch(text), f"<{tag}> around {text!r}"
            if tag == "a":
                assert text in names
    # our marks still render: each roll's one dropped die is struck through
    rolls = [s for s in seen if "rolls" in s.text]
    assert [tag for s in rolls for tag, _ in s.formatted] == ["s"] * len(names)
