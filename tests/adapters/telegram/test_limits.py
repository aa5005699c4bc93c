"""Telegram's limits and failures: flood waits, network trouble, long messages, the
per-group rate, boards edited in place, missing photo rights, hostile names."""

import itertools

import fakeredis
import pytest
from redis import exceptions as redis_errors

from adapters.telegram.calls import Retry
from adapters.telegram.format import MESSAGE_LIMIT, units
from adapters.telegram.pace import Pace
from tests.fixtures.fake_telegram import GROUP, FakeTelegram, running_bot, until

ALICE, BOB = 11, 22


@pytest.fixture
async def redis():
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    yield redis
    await redis.aclose()


class Sleeps:
    """Records how long the bot asked to wait, and waits not at all."""

    def __init__(self) -> None:
        self.asked: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.asked.append(seconds)


# python-telegram-bot warns when it builds the RetryAfter of a 429 (its int → timedelta move).
@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
async def test_a_flood_wait_is_waited_out_and_the_reply_is_not_lost(fake, redis):
    sleeps = Sleeps()
    fake.fail("sendMessage", 429, "Too Many Requests: retry after 7", retry_after=7)
    async with running_bot(fake, redis, retry=Retry(sleep=sleeps)):
        fake.say(ALICE, "Alice", "/roll 2d1")
        await until(lambda: fake.texts(GROUP))
    assert sleeps.asked == [7.0]
    first, second = fake.called("sendMessage")
    assert first == second and "2d1 (1, 1) = 2" in second["text"]


async def test_network_trouble_is_retried_with_backoff(fake, redis):
    sleeps = Sleeps()
    fake.fail("sendMessage", 502, "Bad Gateway", times=3)
    async with running_bot(fake, redis, retry=Retry(backoff=0.5, sleep=sleeps)):
        fake.say(ALICE, "Alice", "/roll 2d1")
        await until(lambda: fake.texts(GROUP))
    assert sleeps.asked == [0.5, 1.0, 2.0]
    assert len(fake.called("sendMessage")) == 4 and len(fake.texts(GROUP)) == 1


async def test_a_long_reply_is_split_on_line_ends(fake, redis):
    async with running_bot(fake, redis) as bot:
        fake.say(ALICE, "Alice", "/roll 20x 90d6")
        await until(lambda: fake.texts(GROUP))
        await bot.adapter.sender.drain()
    pieces = fake.texts(GROUP)
    assert len(pieces) == 2 and all(units(p) <= MESSAGE_LIMIT for p in pieces)
    lines = "\n".join(pieces).splitlines()
    assert len([line for line in lines if line.startswith("90d6 (")]) == 20  # none cut


async def test_a_hostile_name_is_escaped_everywhere(fake, redis):
    async with running_bot(fake, redis):
        fake.say(ALICE, '<b>&"x', "/roll 1d1")
        fake.say(ALICE, '<b>&"x', "/new auktion")
        await until(lambda: "opened a table" in fake.everything(GROUP))
    text = fake.everything(GROUP)
    assert '🎲 &lt;b&gt;&amp;"x rolls' in text
    assert '&lt;b&gt;&amp;"x opened a table' in text
    assert "<b>&" not in text


async def test_replies_piling_up_behind_the_rate_go_out_merged_and_in_order(fake, redis):
    # A gap long enough that the four rolls typed after the first reach the bot within it
    # even on a loaded machine (at 0.25 s, 1 run in many at load 10 sent them apart).
    pace = Pace(redis, gap=1.0, per_minute=1000)
    async with running_bot(fake, redis, pace=pace) as bot:
        fake.say(ALICE, "Alice", "/roll 1d1")
        await until(lambda: fake.texts(GROUP))
        for n in range(2, 6):  # these come while the group must wait for the next message
            fake.say(ALICE, "Alice", f"/roll {n}d1")
        await until(lambda: fake.everything(GROUP).count("rolls") == 5)
        await bot.adapter.sender.drain()
    sent = [c for c in fake.calls if c.method == "sendMessage"]
    assert 2 <= len(sent) < 5  # (exactly 2 unless the machine is very slow)
    # The pace counts a message when it lets it go; the fake sees it one HTTP request
    # later, and that request's time varies (0.241–0.253 s apart measured for a 0.25 s
    # gap under load): 50 ms of slack, while without the pace they would come ~0 s apart.
    assert all(later.at - earlier.at >= 0.95 for earlier, later in itertools.pairwise(sent))
    totals = [line for c in sent for line in c.params["text"].splitlines()]
    assert [line for line in totals if "d1 (" in line] == [
        f"{n}d1 ({', '.join(['1'] * n)}) = {n}" for n in range(1, 6)
    ]


async def test_a_redis_failure_while_pacing_loses_no_reply_and_stops_no_group(fake, redis):
    pace = Pace(redis, gap=0, per_minute=1000)
    wait, failures = pace._times.wait, [redis_errors.ConnectionError("Redis went away")]

    async def flaky(*args, **kwargs):  # the first call fails, as a dropped connection would
        if failures:
            raise failures.pop()
        return await wait(*args, **kwargs)

    pace._times.wait = flaky
    async with running_bot(fake, redis, pace=pace) as bot:
        fake.say(ALICE, "Alice", "/roll 1d1")
        await until(lambda: "1d1 (1) = 1" in fake.everything(GROUP))
        await bot.adapter.sender.drain()
        fake.say(ALICE, "Alice", "/roll 2d1")  # and the group's queue still works
        await until(lambda: "2d1 (1, 1) = 2" in fake.everything(GROUP))
    assert not failures


async def test_while_redis_is_down_the_group_still_gets_its_replies(fake, redis):
    """Pacing needs Redis; an outage must not silence the group (the apology for the
    command that failed is exactly what must arrive)."""
    pace = Pace(redis, gap=0, per_minute=1000)

    async def down(*args, **kwargs):
        raise redis_errors.ConnectionError("Redis went away")

    pace._times.wait = down
    async with running_bot(fake, redis, pace=pace) as bot:
        for n in (1, 2, 3):
            fake.say(ALICE, "Alice", f"/roll {n}d1")
        await until(lambda: fake.everything(GROUP).count("rolls") == 3)
        await bot.adapter.sender.drain()


def _sent_to(fake: FakeTelegram, chat: int) -> list[dict]:
    return [c for c in fake.done("sendMessage") if c["chat_id"] == chat]


async def _game(fake: FakeTelegram, *first: str) -> None:
    for line in (*first, "/new auktion rounds=2"):
        fake.say(ALICE, "Alice", line)
    fake.say(BOB, "Bob", "/join")
    fake.say(ALICE, "Alice", "/start")


async def test_a_text_board_is_edited_in_place(fake, redis):
    async with running_bot(fake, redis) as bot:
        await _game(fake, "/images off")
        await until(lambda: any("<pre>" in t for t in fake.texts(GROUP)))
        await until(lambda: _sent_to(fake, ALICE) and _sent_to(fake, BOB))
        fake.press_label(ALICE, "Alice", "2", chat=ALICE)
        fake.press_label(BOB, "Bob", "1", chat=BOB)
        boards = lambda: [c for c in fake.done("editMessageText") if "<pre>" in c["text"]]  # noqa: E731
        await until(boards)  # (the prompts' and the status's edits are others)
        await bot.adapter.sender.drain()
        board = next(c for c in fake.called("sendMessage") if "<pre>" in c["text"])
        edit = boards()[0]
        assert edit["text"] != board["text"] and edit["text"].count("<pre>") == 1
        assert [t for t in fake.texts(GROUP) if "<pre>" in t] == [board["text"]]  # posted once
        assert not fake.called("sendPhoto")
        table = await bot.router.table("telegram", str(GROUP))
        assert table.board_message == f"text:{edit['message_id']}"  # remembered when posted


async def test_a_photo_board_is_edited_in_place(fake, redis):
    async with running_bot(fake, redis) as bot:
        await _game(fake)
        await until(lambda: fake.done("sendPhoto"), timeout=10)
        photo = fake.done("sendPhoto")[0]
        assert photo["photo"][:8] == b"\x89PNG\r\n\x1a\n"
        # the step's message is the board photo's caption (adapters/telegram/board.py)
        assert photo["caption"].startswith("Auction (test game) begins!")
        await until(lambda: _sent_to(fake, ALICE) and _sent_to(fake, BOB))
        fake.press_label(ALICE, "Alice", "2", chat=ALICE)  # the next turn edits the board
        fake.press_label(BOB, "Bob", "1", chat=BOB)
        await until(lambda: fake.done("editMessageMedia"), timeout=10)
        await bot.adapter.sender.drain()
        assert len([c for c in fake.done("sendPhoto") if c["chat_id"] == GROUP]) == 1
        assert "Alice buys the lot for 2." in fake.done("editMessageMedia")[0]["media"]["caption"]


async def test_a_board_that_cannot_be_edited_is_posted_anew(fake, redis):
    async with running_bot(fake, redis) as bot:
        await _game(fake, "/images off")
        await until(lambda: any("<pre>" in t for t in fake.texts(GROUP)))
        await bot.adapter.sender.drain()
        await until(lambda: _sent_to(fake, ALICE) and _sent_to(fake, BOB))
        for message_id, message in list(fake.sent.items()):
            if "<pre>" in message.get("text", "") and message["chat"]["id"] == GROUP:
                del fake.sent[message_id]  # someone deleted the board
        fake.press_label(ALICE, "Alice", "2", chat=ALICE)  # the next turn cannot edit it
        fake.press_label(BOB, "Bob", "1", chat=BOB)
        await until(lambda: len([t for t in fake.texts(GROUP) if "<pre>" in t]) == 2)
        await bot.adapter.sender.drain()
        second = [c for c in fake.done("sendMessage") if "<pre>" in c["text"]][1]
        table = await bot.router.table("telegram", str(GROUP))
        assert table.board_message is not None and table.board_message.startswith("text:")
        assert fake.called("editMessageText") and second


async def test_without_photo_rights_boards_are_text_and_the_group_is_told_once(fake, redis):
    fake.no_photos.add(GROUP)
    async with running_bot(fake, redis) as bot:
        await _game(fake)
        await until(lambda: any("<pre>" in t for t in fake.texts(GROUP)), timeout=10)
        await until(lambda: _sent_to(fake, ALICE) and _sent_to(fake, BOB))
        fake.press_label(ALICE, "Alice", "2", chat=ALICE)  # the next turn: a text board again
        fake.press_label(BOB, "Bob", "1", chat=BOB)
        await until(lambda: fake.called("editMessageText"))
        await bot.adapter.sender.drain()
    told = [t for t in fake.texts(GROUP) if "I may not send photos here" in t]
    assert len(told) == 1
    assert len(fake.called("sendPhoto")) == 1  # not tried again for every board
