"""Gaa Under Gunnar through the fake Telegram: a line menu opened edits the mover's
status message in place, the same question over that line's stations. (Whole games
with robot players run in tests/adapters/telegram/test_games.py and the other adapters'.)"""

import asyncio

import fakeredis
import pytest

from bot.table import lobby, play
from tests.fixtures.fake_telegram import GROUP, begin, running_bot, said, until
from tests.fixtures.telegram_html import plain

PLAYERS = [(11, "Anna"), (22, "Bert"), (33, "Carl")]
BACK = {"en": "« back", "de": "« zurück"}


def _labels(message: dict) -> list[str]:
    rows = message.get("reply_markup", {}).get("inline_keyboard", [])
    return [b["text"] for row in rows for b in row]


async def _asked(bot, kind: str):
    """The table and its prompt of `kind` ("choose", "move") once the bot asks it."""
    for _ in range(1000):
        table = await bot.router.table("telegram", str(GROUP))
        if table is not None and table.status == "playing":
            spec = lobby.spec_of(table)
            asked = play.waiting_prompts(spec, play.state_of(spec, table))
            if asked and asked[0].id.startswith(kind):
                return table, asked[0]
        await asyncio.sleep(0.005)
    raise AssertionError(f"no {kind} prompt")


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_a_line_menu_opened_on_telegram_shows_its_stations_under_the_same_question(
    fake, lang
):
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis) as bot:
        fake.say(*PLAYERS[0], f"/lang {lang}")
        begin(fake, "/new tube", PLAYERS)
        for _ in PLAYERS:  # each chooses a start station: the first one offered
            table, choose = await _asked(bot, "choose")
            fake.say(*PLAYERS[choose.seats[0]], f"/go {choose.options[0].label}")
            for _ in range(1000):
                now = await bot.router.table("telegram", str(GROUP))
                if now.step != table.step:
                    break
                await asyncio.sleep(0.005)
        table, move = await _asked(bot, "move")
        await bot.adapter.sender.drain()
        user, name = PLAYERS[move.seats[0]]
        status = max(m for m in fake.sent if _labels(fake.sent[m]))
        before = dict(fake.sent[status])
        menu = next(label for label in _labels(before) if label.endswith(" …"))
        fake.press_label(user, name, menu, chat=GROUP)
        await until(lambda: BACK[lang] in _labels(fake.sent[status]))
        await bot.adapter.sender.drain()
        opened = dict(fake.sent[status])
        # back again: an edit of the very same text, the keyboard alone changed (which
        # Telegram takes; only an edit that changes nothing is "not modified")
        fake.press_label(user, name, BACK[lang], chat=GROUP)
        await until(lambda: menu in _labels(fake.sent[status]))
        await bot.adapter.sender.drain()
        back = fake.sent[status]
    await redis.aclose()
    # the same message (the board photo carrying the step: its caption), the same
    # question; the line's stations and the way back under it
    assert plain(said(before)) and plain(said(opened)) == plain(said(before))  # (no mention anew)
    assert _labels(opened)[-1] == BACK[lang] and menu not in _labels(opened)
    assert said(back) == said(opened) and _labels(back) == _labels(before)
    assert f"✓ {name}" not in fake.everything(GROUP)  # no move was made
