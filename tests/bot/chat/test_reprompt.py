"""A question that never arrived is asked again (issue 17): what the durable outbox
keeps goes out when a process starts (tests/bot/chat/test_courier.py); a question it does
not hold — a table written before the outbox existed, a message the platform refused
for good — is asked again with live buttons by the step's reminder, since no adapter
ever told the table it posted the step's status. On fakeredis and a real redis-server."""

from bot.chat.router import Incoming, Router
from bot.table.deadlines import of_step
from tests.fixtures.fake_telegram import GROUP, Clock, running_bot, until

CHAT = "g"


def said(user: str, text: str = "", **more) -> Incoming:
    return Incoming(platform="console", chat=CHAT, user=user, name=user, text=text, **more)


async def test_a_reminder_asks_a_question_no_adapter_posted_again_with_live_buttons(redis):
    clock = Clock(1000.0)
    router = Router(redis, clock=clock)  # no adapter: nobody remembers a status message
    for user, text in (("ann", "/new auktion rounds=1 deadline=60"), ("ben", "/join")):
        await router.handle(said(user, text))
    await router.handle(said("ann", "/start"))
    table = await router.table("console", CHAT)
    assert table.status == "playing" and table.status_message is None
    remind = of_step(table)[1]
    clock.now += 46  # the reminder is due at 3/4 of the 60 s
    _, _, replies = await router.fire(remind)
    asked = {r.to: r for r in replies if r.private and r.buttons}
    assert set(asked) == {"ann", "ben"}  # each bidder's sealed bid, with its buttons
    assert any(r.status for r in replies if not r.private)  # and a living status again
    press = asked["ben"].buttons[0][1].data  # the buttons work
    out = await router.handle(said("ben", button=press, private=True))
    assert not any(r.error for r in out) and any("sealed" in r.text for r in out)


async def test_a_reminder_where_the_question_arrived_asks_nothing_again(redis):
    """The usual case: the adapter remembered the status message; the reminder edits it
    and calls the silent seats privately, without a second copy of the question."""
    clock = Clock(1000.0)
    router = Router(redis, clock=clock)
    for user, text in (("ann", "/new auktion rounds=1 deadline=60"), ("ben", "/join")):
        await router.handle(said(user, text))
    started = await router.handle(said("ann", "/start"))
    table = await router.table("console", CHAT)
    status = next(r for r in started if r.status)
    await router.remember_status("console", CHAT, "m1", status.status)
    clock.now += 46
    _, _, replies = await router.fire(of_step(table)[1])
    assert replies and not any(r.buttons for r in replies if r.private)
    assert any(r.edit == "m1" for r in replies)


async def test_a_prompt_kept_in_the_outbox_goes_out_when_a_bot_starts(fake, redis):
    """(tests/bot/chat/test_courier.py's, on a real redis-server too.) A process that died
    right after its writes: the next bot to start sends what they said, the sealed-bid
    prompts with live buttons among them, once."""
    dead = Router(redis)
    dead.durable.add("telegram")
    group = str(GROUP)
    for user, text in (("11", "/new auktion rounds=1"), ("22", "/join"), ("11", "/start")):
        await dead.handle(Incoming("telegram", group, user, f"U{user}", text=text))
    assert not fake.calls
    async with running_bot(fake, redis) as bot:
        await until(lambda: "begins" in fake.everything(GROUP))
        await until(lambda: len(fake.texts(11)) and len(fake.texts(22)))
        fake.press_label(11, "U11", "1", chat=11)
        fake.press_label(22, "U22", "0", chat=22)
        await until(lambda: "buys the lot for 1" in fake.everything(GROUP))
        await bot.adapter.sender.drain()
    assert len([t for t in fake.texts(GROUP) if "opened a table" in t]) == 1


async def test_a_game_written_before_the_outbox_existed_is_asked_again_through_telegram(
    fake, redis
):
    """The game was written by a process without the durable outbox, and its questions
    died with it: a bot started afterwards has nothing to send, until the step's
    reminder asks again, with buttons that work."""
    clock = Clock()
    old = Router(redis, clock=clock)  # not durable: what it said is kept nowhere
    group = str(GROUP)
    for user, text in (("11", "/new auktion rounds=1 deadline=60"), ("22", "/join")):
        await old.handle(Incoming("telegram", group, user, f"U{user}", text=text))
    await old.handle(Incoming("telegram", group, "11", "U11", text="/start"))
    async with running_bot(fake, redis, clock=clock) as bot:
        await bot.adapter.sender.drain()
        assert not fake.done("sendMessage")  # nothing to send: the outbox is empty
        clock.now += 46
        await until(lambda: any("inline_keyboard" in str(c) for c in fake.done("sendMessage")))
        await until(lambda: len(fake.texts(11)) and len(fake.texts(22)))
        fake.press_label(11, "U11", "1", chat=11)
        fake.press_label(22, "U22", "0", chat=22)
        await until(lambda: "buys the lot for 1" in fake.everything(GROUP))
