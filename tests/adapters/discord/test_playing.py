"""The Discord adapter with the real discord.py client against a fake Discord API on 127.0.0.1.

Interactions are fed as raw INTERACTION_CREATE payloads; every HTTP call the bot makes
is recorded by tests/fixtures/fake_discord.py.
"""

import asyncio
import contextlib
import re
from typing import Any

from bot.chat import pictures
from tests.fixtures.fake_discord import ALL_RIGHTS, APP_ID, CHANNEL, EPHEMERAL, GUILD, World

# A bid of 7 shown in the thread (a 7 inside the hex of the seed's commitment is not one).
SEVEN = re.compile(r"\b7\b")

ALICE, BOB, CAROL = 11, 22, 33


def callback(world: World, payload) -> dict:
    """The body of an interaction's callback (its first response)."""
    (call,) = world.fake.called("POST", rf"/interactions/{payload['id']}/.+/callback")
    return call.body


async def test_roll(world):
    roll = world.fake.command("roll", ALICE, "Alice", {"expression": "3d6"})
    await world.feed(roll)
    body = callback(world, roll)
    assert body["type"] == 4  # answered at once, publicly
    assert body["data"]["content"].startswith("🎲 Alice rolls")
    assert "3d6" in body["data"]["content"]
    assert body["data"]["allowed_mentions"] == {"parse": []}


def ephemeral_answer(world: World, payload) -> str:
    """What the interaction's own response shows its user alone, as it reads in the end."""
    message = world.fake.original(payload)
    assert message["flags"] & EPHEMERAL
    return message["content"]


def components(message: dict) -> dict[str, str]:
    """A message's buttons and select menus: label (or custom id) → custom id."""
    return {
        c.get("label") or c["custom_id"]: c["custom_id"]
        for row in message.get("components", [])
        for c in row["components"]
    }


def messages(world: World, channel: int, ephemeral: bool | None = None) -> list[dict]:
    shown = [m for m in world.fake.messages.values() if m["channel_id"] == str(channel)]
    if ephemeral is not None:
        shown = [m for m in shown if bool(m["flags"] & EPHEMERAL) == ephemeral]
    return shown


async def open_game(world: World, rounds: int = 1) -> int:
    """Alice opens an auction with Bob in a thread of its own and starts it; the thread."""
    new = world.fake.command(
        "new", ALICE, "Alice", {"game": "auktion", "options": f"rounds={rounds}"}
    )
    await world.feed(new)
    (thread,) = world.fake.threads
    await world.feed(world.fake.command("join", BOB, "Bob", channel=thread, thread=True))
    await world.feed(world.fake.command("start", ALICE, "Alice", channel=thread, thread=True))
    return thread


async def test_a_whole_game_in_a_thread_with_buttons_a_modal_and_a_dm(world):
    fake = world.fake
    thread = await open_game(world)
    assert "This thread is the table" in fake.text_of(thread)
    assert f"⏳ Waiting for <@{ALICE}>, <@{BOB}>" in fake.text_of(thread)
    # The board: in the thread, as text, with a "My hand" button.
    (board,) = [m for m in messages(world, thread) if "```" in m["content"]]
    assert "🔒 My hand & money" in components(board)
    # Alice started the game: her sealed-bid buttons are ephemeral, in the thread.
    (alice_prompt,) = [m for m in messages(world, thread, ephemeral=True) if m["components"]]
    assert "sealed bid" in alice_prompt["content"]
    # Bob's arrive as a direct message.
    bob_dm = fake.dm_channel(BOB)
    (bob_prompt,) = messages(world, bob_dm)
    assert "sealed bid" in bob_prompt["content"] and "sealed bid" not in fake.text_of(thread)
    # Alice bids 1 with a button; Bob types 0 into the modal.
    press = fake.press(
        alice_prompt, components(alice_prompt)["1"], ALICE, "Alice", channel=thread, thread=True
    )
    await world.feed(press)
    assert "✓ Alice" in fake.text_of(thread)
    opener = fake.press(
        bob_prompt, components(bob_prompt)["Type a number"], BOB, "Bob", channel=bob_dm, guild=None
    )
    await world.feed(opener)
    modal = callback(world, opener)
    assert modal["type"] == 9  # the modal, as the very first response
    await world.feed(
        fake.submit(modal["data"]["custom_id"], "0", BOB, "Bob", channel=bob_dm, guild=None)
    )
    assert "Alice buys the lot" in fake.text_of(thread)
    # Bob may protest in the group; he passes and the game ends.
    (protest,) = [m for m in messages(world, thread) if "Pass" in components(m)]
    await world.feed(
        fake.press(protest, components(protest)["Pass"], BOB, "Bob", channel=thread, thread=True)
    )
    assert "is over" in fake.text_of(thread)
    # One board, edited in place as the game went on.
    assert fake.called("PATCH", rf"/channels/{thread}/messages/{board['id']}")
    assert len([m for m in messages(world, thread) if "```" in m["content"]]) == 1


async def test_my_hand_on_the_board_is_an_ephemeral_private_view(world):
    fake = world.fake
    thread = await open_game(world)
    (board,) = [m for m in messages(world, thread) if "```" in m["content"]]
    hand = fake.press(
        board, components(board)["🔒 My hand & money"], BOB, "Bob", channel=thread, thread=True
    )
    await world.feed(hand)
    # A private view may carry a picture: deferred ephemerally, then filled in.
    assert callback(world, hand)["data"]["flags"] == EPHEMERAL
    assert "Coins: 10" in ephemeral_answer(world, hand)
    assert "Coins: 10" not in fake.text_of(thread)


async def test_a_bid_from_the_ephemeral_prompt_opens_a_modal_and_stays_secret(world):
    fake = world.fake
    thread = await open_game(world)
    (prompt,) = [m for m in messages(world, thread, ephemeral=True) if m["components"]]
    opener = fake.press(
        prompt, components(prompt)["Type a number"], ALICE, "Alice", channel=thread, thread=True
    )
    await world.feed(opener)
    form = callback(world, opener)
    assert form["type"] == 9
    assert form["data"]["title"] == "Your secret answer"
    submit = fake.submit(
        form["data"]["custom_id"], "7", ALICE, "Alice", channel=thread, thread=True
    )
    await world.feed(submit)
    # Only Alice sees her bid; the thread sees that she answered.
    assert callback(world, submit)["data"]["flags"] == EPHEMERAL
    assert "Your bid of 7 is sealed" in ephemeral_answer(world, submit)
    assert "✓ Alice" in fake.text_of(thread) and not SEVEN.search(fake.text_of(thread))


async def test_a_typed_bid_in_the_thread_stays_with_the_bidder(world):
    fake = world.fake
    thread = await open_game(world)
    bid = fake.typed_command("bid", ALICE, "Alice", {"amount": 7}, channel=thread, thread=True)
    await world.feed(bid)
    # Deferred ephemerally at once: "/bid" and its value are never shown to the thread.
    assert callback(world, bid) == {"type": 5, "data": {"flags": EPHEMERAL}}
    (edit,) = fake.called("PATCH", rf"/webhooks/{APP_ID}/{bid['token']}/messages/@original")
    assert "Your bid of 7 is sealed" in edit.body["content"]
    assert "✓ Alice" in fake.text_of(thread) and not SEVEN.search(fake.text_of(thread))


async def test_buttons_survive_a_restart_and_stale_ones_are_outdated(world):
    fake = world.fake
    thread = await open_game(world)
    (alice_prompt,) = [m for m in messages(world, thread, ephemeral=True) if m["components"]]
    (bob_prompt,) = messages(world, fake.dm_channel(BOB))
    await world.clients[0].close()
    later = await world.start_bot()  # a new process: nothing of the old one in memory
    stale = components(alice_prompt)["5"]
    # A current button still works...
    bid = fake.press(alice_prompt, components(alice_prompt)["0"], ALICE, "Alice", channel=thread)
    await world.feed(bid, later)
    assert "✓ Alice" in fake.text_of(thread)
    # ...and its message, answered, shows the choice and has no buttons any more
    assert alice_prompt["content"].endswith("✓ 0") and alice_prompt["components"] == []
    bid = fake.press(bob_prompt, components(bob_prompt)["0"], BOB, "Bob", guild=None)
    await world.feed(bid, later)
    # ...and once the bids are in, the same button is outdated: said to the presser only.
    again = fake.press(alice_prompt, stale, ALICE, "Alice", channel=thread)
    await world.feed(again, later)
    body = callback(world, again)
    assert body["type"] == 7  # the press is answered by editing its message: outdated
    assert body["data"]["content"].endswith("⌛ Outdated.") and body["data"]["components"] == []
    (notice,) = [
        c.body for c in fake.answers(again) if c.method == "POST" and "/webhooks/" in c.path
    ]
    assert notice["flags"] == EPHEMERAL and "outdated" in notice["content"]


async def slow_bot(world, delay: float):
    """A second bot, with a short budget, whose router takes `delay` seconds to answer."""
    slow = await world.start_bot(budget=0.05, sync=False)
    handle = slow.adapter.router.handle

    async def slow_handle(msg):
        await asyncio.sleep(delay)
        return await handle(msg)

    slow.adapter.router.handle = slow_handle
    return slow


async def test_a_slow_answer_is_deferred_then_followed_up(world):
    fake = world.fake
    thread = await open_game(world)
    slow = await slow_bot(world, 0.3)  # Redis or rendering taking long
    hand = fake.command("hand", BOB, "Bob", channel=thread, thread=True)
    await world.feed(hand, slow)
    # Deferred at once, ephemerally; the private view then fills the "thinking…" message.
    assert callback(world, hand) == {"type": 5, "data": {"flags": EPHEMERAL}}
    (edit,) = fake.called("PATCH", rf"/webhooks/{APP_ID}/{hand['token']}/messages/@original")
    assert "Coins: 10" in edit.body["content"]
    roll = fake.command("roll", ALICE, "Alice", {"expression": "d6"})
    await world.feed(roll, slow)
    # A group answer after an ephemeral deferral goes to the channel, never ephemerally.
    assert callback(world, roll)["type"] == 5
    assert "Alice rolls" in fake.posted(CHANNEL)[-1]["content"]
    assert fake.called("DELETE", rf"/webhooks/{APP_ID}/{roll['token']}/messages/@original")


async def test_a_slow_picture_is_drawn_only_after_the_interaction_is_deferred(world, monkeypatch):
    fake = world.fake
    thread = await open_game(world)
    answered_first: list[bool] = []
    hand = fake.command("hand", BOB, "Bob", channel=thread, thread=True)
    board = fake.command("board", BOB, "Bob", channel=thread, thread=True)

    async def slow_picture(svg: str) -> bytes:
        answered_first.append(bool(fake.answers(hand if not answered_first else board)))
        await asyncio.sleep(0.2)  # resvg on a busy machine: Discord's 3 seconds run on
        return b"\x89PNG fake"

    monkeypatch.setattr(pictures, "png", slow_picture)
    await world.feed(hand)
    # The router was quick, the picture slow: "thinking…" went out before drawing began.
    assert callback(world, hand) == {"type": 5, "data": {"flags": EPHEMERAL}}
    (edit,) = fake.called("PATCH", rf"/webhooks/{APP_ID}/{hand['token']}/messages/@original")
    assert edit.files == [("board.png", b"\x89PNG fake")]  # Bob's hand, only to Bob
    await world.feed(board)  # the board: drawn, then posted to the thread
    # answered before drawing: at once with the prompt it shows again, or deferred
    assert callback(world, board)["type"] in (4, 5)
    assert [c for c in fake.called("POST", rf"/channels/{thread}/messages") if c.files]
    assert answered_first == [True, True]


async def test_when_deferring_fails_the_answers_still_arrive(world):
    fake = world.fake
    thread = await open_game(world)
    slow = await slow_bot(world, 0.2)  # past the budget: we defer, and Discord refuses
    roll = fake.command("roll", ALICE, "Alice", {"expression": "d6"}, channel=thread, thread=True)
    hand = fake.command("hand", BOB, "Bob", channel=thread, thread=True)
    bid = fake.typed_command("bid", ALICE, "Alice", {"amount": 7}, channel=thread, thread=True)
    for payload in (roll, hand, bid):
        fake.expired.add(payload["id"])
        await world.feed(payload, slow)
    # The group's answers go to the thread; what is private goes by DM, never the thread.
    assert "Alice rolls" in fake.text_of(thread)
    assert "Coins: 10" in fake.text_of(fake.dm_channel(BOB))
    assert "Your bid of 7 is sealed" in fake.text_of(fake.dm_channel(ALICE))
    assert "✓ Alice" in fake.text_of(thread) and not SEVEN.search(fake.text_of(thread))
    assert "Coins: 10" not in fake.text_of(thread) and "Sorry" not in fake.text_of(thread)


async def test_a_slow_new_table_still_gets_its_thread(world):
    fake = world.fake
    slow = await world.start_bot(budget=0.0, sync=False)
    new = fake.command("new", ALICE, "Alice", {"game": "auktion"})
    await world.feed(new, slow)
    assert callback(world, new)["type"] == 5
    (lobby,) = [m for m in messages(world, CHANNEL) if "opened a table" in m["content"]]
    assert fake.called("POST", rf"/channels/{CHANNEL}/messages/{lobby['id']}/threads")
    assert "This thread is the table" in fake.text_of(fake.threads[0])


async def test_hostile_names_mention_nobody_and_format_nothing(world):
    fake = world.fake
    new = fake.command("new", ALICE, "@everyone __Boss__ `x` ||y||", {"game": "auktion"})
    await world.feed(new)
    body = callback(world, new)["data"]
    # (escape_mentions' zero-width space: @everyone reads as typed, and pings no one)
    assert "@\u200beveryone \\_\\_Boss\\_\\_ \\`x\\` \\|\\|y\\|\\|" in body["content"]
    assert body["allowed_mentions"] == {"parse": []}
    for message in fake.posted(fake.threads[0]):
        assert message["allowed_mentions"] == {"parse": []}


async def test_long_replies_are_split_into_messages_of_2000_characters(world):
    roll = world.fake.command("roll", ALICE, "Alice", {"expression": "20x 90d6"})
    await world.feed(roll)
    first = callback(world, roll)["data"]["content"]
    follow = world.fake.called("POST", rf"/webhooks/{APP_ID}/{roll['token']}")
    pieces = [first, *(c.body["content"] for c in follow)]
    assert len(pieces) >= 2 and all(len(p) <= 2000 for p in pieces)
    assert sum(p.count("90d6 (") for p in pieces) == 20


async def test_closed_dms_wait_for_the_next_interaction(world):
    fake = world.fake
    fake.closed_dms.add(BOB)
    thread = await open_game(world)
    # The thread is told, mentioning Bob alone, and never what the DM said.
    bodies = [c.body for c in fake.calls if isinstance(c.body, dict)]
    (notice,) = [b for b in bodies if "direct messages" in b.get("content", "")]
    assert f"<@{BOB}>" in notice["content"]
    assert notice["allowed_mentions"] == {"parse": [], "users": [BOB]}
    assert "sealed bid" not in fake.text_of(thread)
    # Bob's next interaction (any: a roll) shows what waited, only to him, with buttons.
    roll = fake.command("roll", BOB, "Bob", {"expression": "d6"}, channel=thread, thread=True)
    await world.feed(roll)
    waiting = [c.body for c in fake.answers(roll) if c.body.get("flags") == EPHEMERAL]
    (prompt,) = [w for w in waiting if "sealed bid" in w["content"]]
    assert {"0", "5", "Type a number"} <= set(components(prompt))
    # ...once.
    again = fake.command("roll", BOB, "Bob", {"expression": "d6"}, channel=thread, thread=True)
    await world.feed(again)
    assert not [c for c in fake.answers(again) if c.body.get("flags") == EPHEMERAL]


async def test_missing_permissions_are_explained_once(world):
    fake = world.fake
    fake.forbidden.add(CHANNEL)
    no_threads = ALL_RIGHTS & ~(1 << 35)  # without Create Public Threads: the game stays here
    for user, name, command in [(ALICE, "Alice", "new"), (BOB, "Bob", "join")]:
        options = {"game": "auktion"} if command == "new" else None
        await world.feed(fake.command(command, user, name, options, app_rights=no_threads))
    assert not fake.threads
    start = fake.command("start", ALICE, "Alice", app_rights=no_threads)
    await world.feed(start)  # the board cannot be posted
    explained = [c.body for c in fake.answers(start) if "lack a permission" in str(c.body)]
    assert len(explained) == 1


async def test_game_choices_are_autocompleted(world):
    typed = world.fake.autocomplete("new", "game", "auk", ALICE)
    await world.feed(typed)
    body = callback(world, typed)
    assert body["type"] == 8
    assert body["data"]["choices"] == [{"name": "Auction (test game)", "value": "auktion"}]


async def test_commands_are_synced_with_german_descriptions_and_game_verbs(world):
    (sync,) = world.fake.called("PUT", rf"/applications/{APP_ID}/commands")
    by_name = {c["name"]: c for c in sync.body}
    assert {"roll", "new", "join", "leave", "start", "abort", "board", "hand"} <= set(by_name)
    assert {"rules", "lang", "games", "help", "bid"} <= set(by_name)
    roll = by_name["roll"]
    assert roll["description_localizations"]["de"].startswith("Würfeln")
    assert "4d6kh3" in roll["options"][0]["description"]
    assert "name_localizations" not in roll or not roll["name_localizations"]
    # the bot's command table decides where a command is offered: not in DMs when it
    # only works in a channel
    assert by_name["new"]["contexts"] == [0] and by_name["start"]["contexts"] == [0]
    assert by_name["roll"].get("contexts") is None and by_name["hand"].get("contexts") is None
    # a game's verb is described by the game's catalog where it has a line for it
    assert by_name["bid"]["description"] == "Your sealed bid in the auction, e.g. /bid 60"
    assert by_name["play"]["description_localizations"]["de"].startswith("Mit einer Kneipen")
    assert by_name["folder"]["description"].startswith("Hand a mayor your bribe folder")
    assert {"take", "refuse"} <= set(by_name)
    assert all(len(c["description"]) <= 100 for c in sync.body)  # Discord's limit


async def test_commands_go_to_one_guild_in_development(world):
    await world.start_bot(guild_id=GUILD)
    (sync,) = world.fake.called("PUT", rf"/applications/{APP_ID}/guilds/{GUILD}/commands")
    assert "roll" in {c["name"] for c in sync.body}


async def test_boards_are_uploaded_as_pictures_when_there_are_some(world, monkeypatch):
    async def picture(svg: str) -> bytes:
        return b"\x89PNG fake"

    monkeypatch.setattr(pictures, "png", picture)
    thread = await open_game(world)
    (board,) = [m for m in fake_posts_with_files(world, thread)]
    assert board.files == [("board.png", b"\x89PNG fake")]
    assert "```" not in board.body["content"]


def fake_posts_with_files(world: World, channel: int):
    return [c for c in world.fake.called("POST", rf"/channels/{channel}/messages") if c.files]


async def test_the_ticker_fires_deadlines_into_their_channel(world):
    fake = world.fake
    await world.clients[0].close()
    await world.start_bot(ticker=True, sync=False)
    thread = await open_game(world)
    deadlines = world.bot.adapter.router.deadlines("discord")
    (timeout,) = [m for m in await deadlines.claim_due(float("inf")) if "|timeout|" in m]
    await deadlines.add({timeout: 0})  # long due: the next tick fires it
    loop = asyncio.get_running_loop()
    end = loop.time() + 5
    while "Time is up" not in fake.text_of(thread) and loop.time() < end:
        await asyncio.sleep(0.02)
    assert "Time is up" in fake.text_of(thread)


async def test_close_does_not_wait_forever_for_a_ticker_that_will_not_stop(world):
    """A ticker whose cancellation was lost (bot/store/scheduler.py, gh-86296) goes on
    forever: closing waits for it a bounded time, then closes anyway."""
    await world.clients[0].close()
    client = await world.start_bot(sync=False, stop_within=0.3)

    released = asyncio.Event()

    async def stubborn() -> None:
        while not released.is_set():
            with contextlib.suppress(asyncio.CancelledError):  # lost: it keeps ticking
                await asyncio.sleep(0.05)

    ticker = asyncio.create_task(stubborn())
    client._ticker = ticker
    loop = asyncio.get_running_loop()
    begun = loop.time()
    await asyncio.wait_for(client.close(), 5)
    assert loop.time() - begun < 2
    assert client.is_closed() and not ticker.done()  # left running, as `stop` logs
    released.set()
    await ticker


async def test_a_failing_handler_apologises_without_a_traceback(world):
    async def broken(*args, **kwargs):
        raise RuntimeError("secret internals")

    world.bot.adapter.send = broken
    roll = world.fake.command("roll", ALICE, "Alice", {"expression": "d6"})
    await world.feed(roll)
    body = callback(world, roll)["data"]
    assert body["flags"] == EPHEMERAL and body["content"].startswith("Sorry")
    assert "secret internals" not in str(world.fake.calls)
    # The bot goes on.
    again = world.fake.command("roll", ALICE, "Alice", {"expression": "d6"})
    del world.bot.adapter.send
    await world.feed(again)
    assert "Alice rolls" in callback(world, again)["data"]["content"]


async def test_board_posts_the_board_anew_and_the_next_turn_edits_that_one(world):
    fake = world.fake
    thread = await open_game(world)
    (old,) = [m for m in messages(world, thread) if "```" in m["content"]]
    await world.feed(fake.command("board", BOB, "Bob", channel=thread, thread=True))
    # Bob sees a board at the bottom of the thread, not an edit far up.
    assert not fake.called("PATCH", rf"/channels/{thread}/messages/{old['id']}")
    # ...and the old one is gone
    (new,) = [m for m in messages(world, thread) if "```" in m["content"]]
    assert new["id"] != old["id"]
    assert fake.called("DELETE", rf"/channels/{thread}/messages/{old['id']}")
    for user, name in [(ALICE, "Alice"), (BOB, "Bob")]:
        bid = fake.typed_command("bid", user, name, {"amount": 0}, channel=thread, thread=True)
        await world.feed(bid)
    assert fake.called("PATCH", rf"/channels/{thread}/messages/{new['id']}")
    assert not fake.called("PATCH", rf"/channels/{thread}/messages/{old['id']}")


async def test_a_refused_sealed_move_is_told_to_the_mover_alone(world):
    fake = world.fake
    thread = await open_game(world)
    bid = fake.typed_command("bid", ALICE, "Alice", {"amount": 999}, channel=thread, thread=True)
    await world.feed(bid)
    (edit,) = fake.called("PATCH", rf"/webhooks/{APP_ID}/{bid['token']}/messages/@original")
    refusal = edit.body["content"]  # in the mover's ephemeral "thinking…" message
    assert "You only have" in refusal and "999" not in fake.text_of(thread)
    assert refusal not in fake.text_of(thread)
    assert not [m for m in fake.posted(thread) if m["content"] == refusal]


async def test_r_is_roll_and_a_refused_roll_is_told_to_the_roller_alone(world):
    roll = world.fake.command("r", ALICE, "Alice", {"expression": "2d6"})
    await world.feed(roll)
    body = callback(world, roll)
    assert body["type"] == 4 and body["data"]["content"].startswith("🎲 Alice rolls")
    bad = world.fake.command("roll", ALICE, "Alice", {"expression": "2d"})
    await world.feed(bad)
    body = callback(world, bad)["data"]
    assert body["flags"] == EPHEMERAL and "🎲" not in body["content"]


async def test_join_said_in_the_channel_sits_down_in_the_games_thread(world):
    fake = world.fake
    await world.feed(fake.command("new", ALICE, "Alice", {"game": "auktion", "options": ""}))
    (thread,) = fake.threads
    join = fake.command("join", BOB, "Bob")  # in the channel the table was opened in
    await world.feed(join)
    assert "Bob sits down" in fake.text_of(thread)
    said = [c.body for c in fake.answers(join) if c.method in ("POST", "PATCH")]
    assert any("own thread" in str(b) for b in said)


async def test_the_lobby_buttons_under_the_new_message(world):
    fake = world.fake
    new = fake.command("new", ALICE, "Alice", {"game": "auktion", "options": ""})
    await world.feed(new)
    (thread,) = fake.threads
    message = fake.original(new)
    assert [c["label"] for row in message["components"] for c in row["components"]] == [
        "🪑 Join",
        "Leave",
        "▶ Start",
    ]
    press = fake.press(message, "stl:join", BOB, "Bob")  # under it, in the channel
    await world.feed(press)
    assert "Bob sits down" in fake.text_of(thread)
    await world.feed(fake.command("start", ALICE, "Alice", channel=thread, thread=True))
    # the game runs in the thread: the lobby's message in the channel loses its buttons
    assert fake.messages[message["id"]]["components"] == []
    assert fake.messages[message["id"]]["content"].endswith("▶ The game has begun.")


async def test_the_secret_answer_button_opens_it_ephemerally_for_whoever_presses(world):
    fake = world.fake
    thread = await open_game(world)
    table = await world.bot.adapter.router.table("discord", str(thread))
    status = fake.messages[table.status_message]
    assert components(status) == {"🔒 Bid secretly": "stl:hand"}  # says what it opens
    before = set(fake.messages)
    press = fake.press(status, "stl:hand", BOB, "Bob", channel=thread, thread=True)
    await world.feed(press)
    new = [m for i, m in fake.messages.items() if i not in before]
    # Bob's sealed-bid buttons, ephemeral in the thread (his first went by DM); his hand too
    (bid,) = [m for m in new if m["components"] and "sealed bid" in m["content"]]
    assert bid["flags"] & EPHEMERAL and bid["channel_id"] == str(thread)
    assert any("private view" in m["content"] for m in new)
    await world.feed(fake.press(bid, components(bid)["0"], BOB, "Bob", channel=thread, thread=True))
    assert "✓ Bob" in fake.text_of(thread)


async def test_game_verbs_have_typed_options_as_the_games_declare_them(world):
    (sync,) = world.fake.called("PUT", rf"/applications/{APP_ID}/commands")
    by_name = {c["name"]: c for c in sync.body}

    def options(name: str) -> list[tuple]:
        keys = ("name", "type", "required", "min_value", "autocomplete")
        return [
            tuple(o.get(k, False if k == "required" else None) for k in keys)
            for o in by_name[name]["options"]
        ]

    user, integer, string = 6, 4, 3
    assert options("pay") == [
        ("mayor", user, True, None, None),
        ("amount", integer, True, 10, None),
    ]
    assert options("deal") == [
        ("mayor", user, True, None, None),
        ("terms", string, True, None, None),
        ("mayor2", user, False, None, None),
        ("mayor3", user, False, None, None),
    ]
    assert options("guess")[0][1:4] == (integer, True, 1)
    assert by_name["guess"]["options"][0]["max_value"] == 20
    assert options("go") == [("where", string, True, None, True)]  # stations, fields, pubs
    assert by_name["go"]["options"][0]["description"].startswith("Start typing")
    assert options("bid") == [("amount", integer, True, 0, None)]


async def _aufruhr_in_a_thread(world) -> tuple[Any, int, dict]:
    """Alice opens AUFRUHR! in a channel (it moves into a thread), Bob, Carol and Dora
    join there, Alice starts it: the fake, the thread, and where to say things in it."""
    fake = world.fake
    players = [(ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol"), (44, "Dora")]
    await world.feed(fake.command("new", ALICE, "Alice", {"game": "aufruhr", "options": ""}))
    (thread,) = fake.threads
    here = {"channel": thread, "thread": True}
    for user, name in players[1:]:
        await world.feed(fake.command("join", user, name, **here))
    await world.feed(fake.command("start", ALICE, "Alice", **here))
    return fake, thread, here


async def test_pay_names_a_player_and_go_completes_from_the_games_own_list(world):
    fake, thread, here = await _aufruhr_in_a_thread(world)
    pay = fake.typed_command("pay", ALICE, "Alice", {"mayor": (BOB, "Bob"), "amount": 30}, **here)
    await world.feed(pay)
    assert "Alice pays 30 to Bob." in fake.text_of(thread)
    deal = {"mayor": (BOB, "Bob"), "terms": "vote for Carol", "mayor2": (44, "Dora")}
    await world.feed(fake.typed_command("deal", ALICE, "Alice", deal, **here))
    # (Bob and Dora, whom it names, are mentioned: their answer is asked)
    assert f"Alice proposes to <@{BOB}>, <@44>: “vote for Carol”" in fake.text_of(thread)
    # /go offers what the game running here takes: in a Gaa Under Gunnar thread, stations
    await world.feed(fake.command("new", ALICE, "Alice", {"game": "tube", "options": ""}))
    tube = fake.threads[-1]
    typed = fake.autocomplete("go", "where", "king", ALICE, channel=tube, thread=True)
    await world.feed(typed)
    names = [c["value"] for c in callback(world, typed)["data"]["choices"]]
    assert names and names[0].startswith("King") and len(names) <= 25


async def test_a_deal_is_answered_with_its_buttons_in_the_thread(world):
    fake, thread, here = await _aufruhr_in_a_thread(world)
    deal = {"mayor": (BOB, "Bob"), "terms": "vote for Carol"}
    await world.feed(fake.typed_command("deal", ALICE, "Alice", deal, **here))
    (message,) = [m for m in messages(world, thread) if "proposes to" in m["content"]]
    assert list(components(message)) == ["✅ Accept", "❌ Decline"]
    accept = components(message)["✅ Accept"]
    await world.feed(fake.press(message, accept, CAROL, "Carol", **here))  # not hers to answer
    assert "Carol accepts" not in fake.text_of(thread)
    await world.feed(fake.press(message, accept, BOB, "Bob", **here))
    assert "Bob accepts deal 1 of Alice." in fake.text_of(thread)
    assert fake.messages[message["id"]]["components"] == []  # all it named have answered


async def test_a_question_answered_in_one_copy_is_closed_in_all(world):
    """Bob's sealed bid came by DM; /board gives him the question again, ephemerally in
    the thread. He answers there: the DM copy shows the answer and keeps no button."""
    fake = world.fake
    thread = await open_game(world)
    bob_dm = fake.dm_channel(BOB)
    (dm_copy,) = messages(world, bob_dm)
    await world.feed(fake.command("board", BOB, "Bob", channel=thread, thread=True))
    copies = [
        m
        for m in messages(world, thread, ephemeral=True)
        if components(m).get("1") == components(dm_copy)["1"]
    ]
    assert copies, "no ephemeral copy of Bob's question"
    press = fake.press(
        copies[-1], components(copies[-1])["1"], BOB, "Bob", channel=thread, thread=True
    )
    await world.feed(press)
    closed = fake.messages[dm_copy["id"]]
    assert closed["components"] == [] and "sealed bid" in closed["content"]
    answered = fake.messages[copies[-1]["id"]]  # the pressed copy, edited as the response
    assert answered["components"] == []
    assert closed["content"].endswith(answered["content"].splitlines()[-1])


async def test_an_ephemeral_copy_left_live_by_an_answer_in_the_dm_is_outdated(world):
    """Bob answers his sealed bid in its DM copy. Its ephemeral copy in the thread cannot
    be closed (only its interaction's token edits an ephemeral message, for 15 minutes);
    a press on it is refused as done with (answered already: the router's kind of
    outdated for a question of this step), in one line to Bob alone, and changes nothing."""
    fake = world.fake
    thread = await open_game(world)
    bob_dm = fake.dm_channel(BOB)
    (dm_copy,) = messages(world, bob_dm)
    board = fake.command("board", BOB, "Bob", channel=thread, thread=True)
    await world.feed(board)
    (copy,) = [
        m
        for m in messages(world, thread, ephemeral=True)
        if fake.made_by[m["id"]] == f"interaction:{board['token']}"
        and components(m).get("1") == components(dm_copy)["1"]
    ]
    answer = fake.press(dm_copy, components(dm_copy)["0"], BOB, "Bob", channel=bob_dm, guild=None)
    await world.feed(answer)
    assert "✓ Bob" in fake.text_of(thread)
    assert copy["components"], "the ephemeral copy was closed after all: nothing to test"
    seen, dm_seen = fake.text_of(thread), fake.messages[dm_copy["id"]]["content"]
    shown = {m["id"]: m["content"] for m in fake.messages.values() if not m["flags"] & EPHEMERAL}
    stale = fake.press(copy, components(copy)["1"], BOB, "Bob", channel=thread, thread=True)
    await world.feed(stale)
    body = callback(world, stale)
    assert body["type"] == 7  # the stale copy itself says so, and loses its buttons
    assert body["data"]["content"].endswith("✓ Answered.") and body["data"]["components"] == []
    (notice,) = [
        c.body for c in fake.answers(stale) if c.method == "POST" and "/webhooks/" in c.path
    ]
    assert notice["flags"] == EPHEMERAL
    assert notice["content"] == "You have already answered; now we wait for the others."
    # nothing else changed: no public message new or edited, the bid of 0 stands
    assert fake.text_of(thread) == seen and fake.messages[dm_copy["id"]]["content"] == dm_seen
    assert {
        m["id"]: m["content"] for m in fake.messages.values() if not m["flags"] & EPHEMERAL
    } == shown
