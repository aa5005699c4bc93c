"""On Telegram with a Mini App registered, the bot's private messages to a seated player
carry a `web_app` button that opens the table's page (such buttons work in private chats
only: the strict fake refuses one anywhere else, and the `fake` fixture fails the test);
the group gets the Mini App's direct link. The page opened by the button knows its player
by the initData Telegram signs, which then carries no start_param."""

import aiohttp
import fakeredis
import pytest

from bot.weblinks import WebLinks, slug
from tests.fixtures.fake_telegram import GROUP, TOKEN, begin, running_bot, until
from tests.fixtures.web import SECRET, running_web, signed_init_data

ALICE, BOB, CAROL = 11, 22, 33
APP = "stammbot/board"


@pytest.fixture
async def redis():
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    yield redis
    await redis.aclose()


def web_apps(message: dict) -> list[str]:
    rows = message.get("reply_markup", {}).get("inline_keyboard", [])
    return [b["web_app"]["url"] for row in rows for b in row if "web_app" in b]


def to(fake, chat: int) -> list[dict]:
    return [m for _, m in sorted(fake.sent.items()) if m["chat"]["id"] == chat]


async def test_a_seated_players_private_messages_open_the_mini_app(fake, redis, text_boards):
    table = slug("telegram", str(GROUP))
    async with (
        running_bot(fake, redis) as bot,
        running_web(redis, telegram_token=TOKEN) as (base, _web),
        aiohttp.ClientSession() as session,
    ):
        bot.adapter.router.web = WebLinks(base, SECRET.encode(), APP)  # the operator's
        begin(fake, "/new einsistkeins_karten", [(ALICE, "Alice"), (BOB, "Bob")])
        await until(lambda: to(fake, ALICE) and to(fake, BOB))  # the hands, privately
        fake.say(BOB, "Bob", "/hand")
        await until(lambda: len(to(fake, BOB)) >= 2)
        for user in (ALICE, BOB):
            for message in to(fake, user):
                assert web_apps(message) == [f"{base}/t/{table}"], message
        # a prompt's own buttons stay, the Mini App's below them
        asked = [
            m
            for m in to(fake, ALICE) + to(fake, BOB)
            if len(m["reply_markup"]["inline_keyboard"]) > 1
        ]
        for message in asked:
            assert "callback_data" in message["reply_markup"]["inline_keyboard"][0][0]

        # The group: never a web_app button (Telegram refuses it there), the direct link.
        fake.say(ALICE, "Alice", "/board")
        link = f"https://t.me/{APP}?startapp={table}"
        await until(lambda: link in fake.everything(GROUP))
        assert not any(web_apps(m) for m in to(fake, GROUP))

        # Somebody not seated, writing to the bot privately: no button.
        fake.say(CAROL, "Carol", "/help", chat=CAROL)
        await until(lambda: to(fake, CAROL))
        assert not any(web_apps(m) for m in to(fake, CAROL))

        # The button's page, as Telegram opens it: the path names the table, the signed
        # initData the player (and no start_param).
        auth = {"Authorization": "tma " + signed_init_data(TOKEN, ALICE, "Alice", None)}
        async with session.get(f"{base}/api/view", params={"t": table}, headers=auth) as r:
            view = await r.json()
        assert r.status == 200 and view["seat"]["name"] == "Alice"
    assert not fake.violations
