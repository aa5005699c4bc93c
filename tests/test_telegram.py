"""The Telegram adapter with the real python-telegram-bot against a fake Bot API on 127.0.0.1.

Updates go through the real polling path (getUpdates); every call the bot makes is
recorded by tests/fake_telegram.py.
"""

import asyncio
from collections.abc import Callable

import fakeredis
import pytest
from telegram.ext import Application

from adapters.telegram.adapter import TelegramAdapter
from bot.router import Router
from rules.core.rng import Rng
from tests import toygame
from tests.fake_telegram import BOT_USERNAME, FakeTelegram

toygame.install()
GROUP = -100
ALICE, BOB = 11, 22


@pytest.fixture
async def tg():
    fake = FakeTelegram()
    runner = await fake.start()
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    rng = Rng.from_seed(1)
    router = Router(redis, entropy=lambda: rng.next64() >> 1)
    app = (
        Application.builder()
        .token("123:abc")
        .base_url(fake.base_url)
        .base_file_url(fake.base_url.replace("/bot", "/file/bot"))
        .build()
    )
    adapter = TelegramAdapter(router, interval=0)
    adapter.install(app)
    await app.initialize()
    router.bot_name = app.bot.username
    await app.start()
    await app.updater.start_polling(poll_interval=0.0, timeout=0)
    yield fake, adapter
    await adapter.drain()
    await app.updater.stop()
    await app.stop()
    await app.shutdown()
    await runner.cleanup()
    await redis.aclose()


async def until(check: Callable[[], object], timeout: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not check():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.01)


def texts(fake: FakeTelegram, chat: int) -> list[str]:
    return [c["text"] for c in fake.called("sendMessage") if c["chat_id"] == chat]


async def test_roll_in_a_group_with_and_without_the_bot_name(tg):
    fake, _ = tg
    fake.message(ALICE, "Alice", "/roll 3d6")
    fake.message(ALICE, "Alice", f"/roll@{BOT_USERNAME} 2d6")
    fake.message(ALICE, "Alice", "/roll@other_bot 2d6")  # for another bot: not ours
    fake.message(ALICE, "Alice", "/help")
    await until(lambda: "Stammtisch runs" in "\n".join(texts(fake, GROUP)))
    lines = "\n".join(texts(fake, GROUP)).splitlines()
    assert [line.split(" (")[0] for line in lines if line.startswith(("3d6", "2d6"))] == [
        "3d6",
        "2d6",
    ]  # /roll@other_bot was not for us
    assert lines.count("🎲 Alice rolls") == 2
    assert all(c["parse_mode"] == "HTML" for c in fake.called("sendMessage"))


async def test_hostile_names_are_escaped(tg):
    fake, _ = tg
    fake.message(ALICE, '<b>&"x', "/roll 1d6")
    await until(lambda: texts(fake, GROUP))
    assert texts(fake, GROUP)[0].startswith('🎲 &lt;b&gt;&amp;"x rolls')


async def test_dropped_dice_are_struck_through(tg):
    fake, _ = tg
    fake.message(ALICE, "Alice", "/roll 4d6kh3")
    await until(lambda: texts(fake, GROUP))
    assert "<s>" in texts(fake, GROUP)[0]


async def test_long_replies_are_split_on_line_ends(tg):
    fake, _ = tg
    fake.message(ALICE, "Alice", "/roll 20x 100d6")
    await until(lambda: len(texts(fake, GROUP)) >= 2)
    await asyncio.sleep(0.1)
    pieces = texts(fake, GROUP)
    assert len(pieces) == 2 and all(len(p) <= 4096 for p in pieces)
    assert sum(p.count("4d6") + p.count("100d6 (") for p in pieces) == 20


async def test_a_whole_game_through_the_polling_path(tg):
    fake, _ = tg
    for user, name, text in [
        (ALICE, "Alice", "/new auktion rounds=1"),
        (BOB, "Bob", "/join"),
        (ALICE, "Alice", "/start"),
    ]:
        fake.message(user, name, text)
    await until(
        lambda: (
            fake.called("sendMessage")
            and any(c["chat_id"] == BOB for c in fake.called("sendMessage"))
        )
    )
    bids = [c for c in fake.called("sendMessage") if c["chat_id"] in (ALICE, BOB)]
    assert all("reply_markup" in c for c in bids)  # sealed-bid buttons, privately
    group = texts(fake, GROUP)
    assert any("Waiting for secret answers from Alice, Bob" in t for t in group)
    assert not any("sealed bid" in t for t in group)
    alice_button = bids[0]["reply_markup"]["inline_keyboard"][0][1]["callback_data"]  # bid 1
    fake.press(ALICE, "Alice", alice_button, chat=ALICE)
    fake.message(BOB, "Bob", "0", chat=BOB)  # a typed sealed bid, privately
    await until(lambda: any("buys the lot" in t or "unsold" in t for t in texts(fake, GROUP)))
    assert fake.called("answerCallbackQuery")
    # bob may protest; he passes and the game ends with the ranking
    protest = next(
        c for c in fake.called("sendMessage") if c["chat_id"] == GROUP and "reply_markup" in c
    )
    pass_button = protest["reply_markup"]["inline_keyboard"][0][1]["callback_data"]
    fake.press(BOB, "Bob", pass_button)
    await until(lambda: any("is over" in t for t in texts(fake, GROUP)))
    assert any(t.startswith("1. Alice") for t in "\n".join(texts(fake, GROUP)).splitlines())


async def test_the_board_is_edited_in_place(tg):
    fake, _ = tg
    fake.message(ALICE, "Alice", "/new auktion rounds=2")
    fake.message(BOB, "Bob", "/join")
    fake.message(ALICE, "Alice", "/images off")
    fake.message(ALICE, "Alice", "/start")
    await until(lambda: any("<pre>" in t for t in texts(fake, GROUP)))
    fake.message(BOB, "Bob", "/board")
    await until(lambda: fake.called("editMessageText"))
    boards = [t for t in texts(fake, GROUP) if "<pre>" in t]
    assert len(boards) == 1 and "<pre>" in fake.called("editMessageText")[0]["text"]


async def test_stale_buttons_get_an_outdated_alert(tg):
    fake, _ = tg
    fake.message(ALICE, "Alice", "/new auktion")
    fake.message(BOB, "Bob", "/join")
    fake.message(ALICE, "Alice", "/start")
    await until(lambda: any(c["chat_id"] == BOB for c in fake.called("sendMessage")))
    fake.press(BOB, "Bob", "st1:-100:0:0.1", chat=BOB)
    await until(lambda: fake.called("answerCallbackQuery"))
    answer = fake.called("answerCallbackQuery")[0]
    assert answer["text"] == "That button is outdated; use the latest message."
    assert answer["show_alert"] is True


async def test_a_player_who_never_started_the_bot_gets_a_link_then_the_messages(tg):
    fake, _ = tg
    fake.blocked.add(BOB)
    fake.message(ALICE, "Alice", "/new auktion")
    fake.message(BOB, "Bob", "/join")
    fake.message(ALICE, "Alice", "/start")
    await until(lambda: any("cannot write to you privately" in t for t in texts(fake, GROUP)))
    link = next(c for c in fake.called("sendMessage") if "cannot write" in c["text"])
    assert link["reply_markup"]["inline_keyboard"][0][0]["url"].startswith(
        f"https://t.me/{BOT_USERNAME}?start="
    )
    assert not any("sealed bid" in t for t in texts(fake, GROUP))  # nothing private leaks
    fake.blocked.discard(BOB)
    fake.message(BOB, "Bob", "/start mail", chat=BOB)
    await until(lambda: any("sealed bid" in t for t in texts(fake, BOB)))


async def test_429_waits_and_retries_without_losing_the_reply(tg):
    fake, _ = tg
    fake.fail_once(
        "sendMessage",
        429,
        {
            "ok": False,
            "error_code": 429,
            "description": "Too Many Requests: retry after 1",
            "parameters": {"retry_after": 1},
        },
    )
    fake.message(ALICE, "Alice", "/roll 1d6")
    await until(lambda: len(fake.called("sendMessage")) == 2, timeout=8)
    assert fake.called("sendMessage")[0] == fake.called("sendMessage")[1]


async def test_forum_topics_are_tables_of_their_own(tg):
    fake, adapter = tg
    fake.message(ALICE, "Alice", "/new auktion", thread=7)
    fake.message(ALICE, "Alice", "/join", thread=9)
    await until(lambda: len(texts(fake, GROUP)) == 2)
    sent = fake.called("sendMessage")
    assert sent[0]["message_thread_id"] == 7 and "opened a table" in sent[0]["text"]
    assert sent[1]["message_thread_id"] == 9 and "No table is open" in sent[1]["text"]
    assert (await adapter.router.table("telegram", "-100:7")).status == "lobby"


async def test_a_group_that_becomes_a_supergroup_keeps_its_table(tg):
    fake, adapter = tg
    fake.message(ALICE, "Alice", "/new auktion")
    await until(lambda: texts(fake, GROUP))
    msg = fake.message(ALICE, "Alice", "")
    msg["message"].pop("text")
    msg["message"]["migrate_to_chat_id"] = -1001234
    for _ in range(100):
        if await adapter.router.table("telegram", "-1001234"):
            break
        await asyncio.sleep(0.02)
    assert (await adapter.router.table("telegram", "-1001234")).status == "lobby"


async def test_admins_may_abort(tg):
    fake, _ = tg
    fake.admins.add(BOB)
    fake.message(ALICE, "Alice", "/new auktion")
    fake.message(BOB, "Bob", "/abort")
    await until(lambda: any("ended the game" in t for t in texts(fake, GROUP)))


async def test_boards_are_photos_edited_in_place(tg):
    fake, _ = tg
    fake.message(ALICE, "Alice", "/new auktion rounds=2")
    fake.message(BOB, "Bob", "/join")
    fake.message(ALICE, "Alice", "/start")
    await until(lambda: fake.called("sendPhoto"), timeout=10)
    photo = fake.called("sendPhoto")[0]
    assert photo["photo"][:8] == b"\x89PNG\r\n\x1a\n" and photo["chat_id"] == GROUP
    assert photo["caption"].startswith("Auction (test game) – the board")
    fake.message(BOB, "Bob", "/board")
    await until(lambda: fake.called("editMessageMedia"), timeout=10)
    assert len(fake.called("sendPhoto")) == 1


async def test_without_photo_rights_the_board_is_text_and_the_chat_is_told(tg):
    fake, _ = tg
    fake.fail_once(
        "sendPhoto",
        400,
        {
            "ok": False,
            "error_code": 400,
            "description": "Bad Request: not enough rights to send photos",
        },
    )
    fake.message(ALICE, "Alice", "/new auktion")
    fake.message(BOB, "Bob", "/join")
    fake.message(ALICE, "Alice", "/start")
    await until(lambda: any("<pre>" in t for t in texts(fake, GROUP)), timeout=10)
    assert any("I may not send photos here" in t for t in texts(fake, GROUP))


async def test_the_command_menu_in_english_and_german(tg):
    from adapters.telegram.__main__ import on_start, on_stop

    fake, adapter = tg
    app = adapter.app
    await on_start(app, adapter)
    await on_stop(app)
    menus = fake.called("setMyCommands")
    assert [m.get("language_code") for m in menus] == [None, "de"]
    assert {"command": "roll", "description": "Würfeln, z. B. 4d6kh3"} in menus[1]["commands"]


async def test_a_crashing_handler_is_logged_and_the_bot_goes_on(tg, caplog, monkeypatch):
    fake, adapter = tg
    real = adapter.router.handle

    async def broken(msg):
        if msg.text == "/boom":
            raise RuntimeError("bug")
        return await real(msg)

    monkeypatch.setattr(adapter.router, "handle", broken)
    fake.message(ALICE, "Alice", "/boom")
    fake.message(ALICE, "Alice", "/roll 1d6")
    await until(lambda: texts(fake, GROUP))
    assert "handler failed in chat -100" in caplog.text
    assert not any("Traceback" in t or "bug" in t for t in texts(fake, GROUP))


async def test_replies_piling_up_behind_the_rate_limit_go_out_merged(tg):
    fake, adapter = tg
    adapter.interval = 0.6  # as if Telegram's ~20 a minute per group held us back
    for i in range(4):
        fake.message(ALICE, "Alice", f"/roll {i + 1}d1")
    await until(lambda: sum(t.count("rolls") for t in texts(fake, GROUP)) == 4, timeout=8)
    sent = texts(fake, GROUP)
    assert len(sent) < 4  # at least two rolls shared a message
    assert [line for t in sent for line in t.splitlines() if "d1 (" in line] == [
        f"{n}d1 ({', '.join(['1'] * n)}) = {n}" for n in range(1, 5)
    ]
