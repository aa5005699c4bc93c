"""The router through the console adapter: what players see, and what is stored."""

import asyncio
import logging

import pytest

from bot.chat.router import Incoming, Router
from bot.store.keys import table_key
from tests.conftest import make_backend
from tests.fixtures.chat import Chat
from tests.games import auktion

LOBBY = ["alice: /new auktion rounds=2", "bob: /join", "carol: /join"]
STARTED = [*LOBBY, "alice: /start"]


# Also against a Redis Cluster of three masters (issue 21).
@pytest.fixture(params=["fake", "real", "cluster"])
async def backend(request):
    async for made in make_backend(request):
        yield made


@pytest.fixture
def chat(redis):
    return Chat.make(redis)


async def test_a_lobby_fills_and_starts(chat):
    out = await chat.say(*STARTED)
    assert out[0].startswith("[group] alice opened a table for Auction (test game)")
    assert "[group] bob sits down (2/5)." in out
    assert any(
        line.startswith("[group] Auction (test game) begins! At the table: alice, bob, carol")
        for line in out
    )
    assert "[dm:bob:buttons] [0] [1] [2] [5]" in out
    table = await chat.table()
    assert table.status == "playing" and [s.user for s in table.seats] == ["alice", "bob", "carol"]


BAD_INPUT = [
    ([], "alice: /new", "Which game? Write /new <game>"),
    ([], "alice: /new chess", "There is no game “chess”"),
    ([], "alice: /new auktion rounds=99", "Option rounds=99 is not allowed"),
    ([], "alice: /new auktion colour=red", "Unknown option “colour=red”"),
    ([], "alice: /join", "No table is open. Open one with /new <game>."),
    ([], "alice: /start", "No table is open."),
    ([], "alice: /abort", "Nothing to abort"),
    ([], "alice: /board", "No game is running here."),
    ([], "alice: /hand", "No game is running here."),
    ([], "alice: /lang fr", "Write /lang followed by one of: en | de."),
    ([], "alice: /frobnicate", "Unknown command /frobnicate."),
    ([], "alice: /bid 3", "No game is running here."),  # a game's verb, no game
    ([], "alice: /rules", "Which game? Write /rules <game>"),
    ([], "alice: /rules chess", "There is no game “chess”"),
    ([], "alice: /roll " + "1+" * 300, "too long"),
    ([], "alice> /join", "/join works in the group chat, not here."),
    ([], "alice> 12", "Nothing to answer right now."),
    (LOBBY, "alice: /new auktion", "A table is already open here."),
    (LOBBY, "bob: /join", "You are already at the table."),
    (LOBBY, "bob: /start", "Only the host (alice) or a chat admin can /start."),
    (LOBBY, "dave: /abort", "Only the host (alice) or a chat admin can /abort."),
    (LOBBY, "dave: /leave", "You are not at this table."),
    (["alice: /new auktion"], "alice: /start", "Not enough players: 1 seated, at least 2 needed."),
    ([*LOBBY, "dave: /join", "erin: /join"], "frank: /join", "The table is full (5 players)."),
    (STARTED, "alice: /start", "The game has already started."),
    (STARTED, "dave: /join", "The game is already running."),
    (STARTED, "bob: /leave", "You cannot leave a running game"),
    (STARTED, "alice: /bid 3", "That answer is secret: send it to me privately"),
    (STARTED, "dave> 3", "Nothing to answer right now."),
    (STARTED, "alice> ten", "“ten” is not a number."),
    (STARTED, "alice> -1", "A number below 0 is not allowed here: write 0 or more."),
    (STARTED, "alice> 11", "You only have 10 coins."),
    (STARTED, "alice: /frobnicate", "Unknown command /frobnicate."),
    ([*STARTED, "alice> 1"], "alice> 2", "You have already answered"),  # as a second press
    ([*STARTED, "alice> 1"], "alice> /bid 2", "You have already answered"),
    ([*STARTED, "alice> 1"], "alice: /bid 2", "You have already answered"),
    ([*STARTED, "alice> 1"], "alice> [2]", "You have already answered"),
    (STARTED, "alice> [7]", "No button [7] here"),
]


@pytest.mark.parametrize(("before", "line", "expected"), BAD_INPUT, ids=[b[1] for b in BAD_INPUT])
async def test_bad_input_gets_one_line_and_changes_nothing(chat, before, line, expected):
    await chat.say(*before)
    stored = await chat.stored()
    out = await chat.say(line)
    assert len(out) == 1, out
    assert expected in out[0]
    assert await chat.stored() == stored


async def test_bad_input_is_answered_in_the_chat_language(redis):
    chat = Chat.make(redis, lang="de")
    out = await chat.say("alice: /join")
    assert out == ["[group] Kein Tisch ist offen. Eröffne einen mit /new <spiel>."]
    await chat.say("alice: /lang en")
    assert await chat.say("alice: /join") == [
        "[group] No table is open. Open one with /new <game>."
    ]


async def test_a_button_from_an_earlier_prompt_is_outdated(chat):
    await chat.say(*STARTED, "alice> 0", "bob> 3", "carol> 0")  # bob bought: protest window
    table = await chat.table()
    stale = chat.console.buttons  # remember the bid buttons shown to carol
    old_bid = stale["dm:carol"][0].data
    stored = await chat.stored()
    replies = await chat.router.handle(
        Incoming(
            platform="console",
            chat="dm:carol",
            user="carol",
            name="carol",
            button=old_bid,
            private=True,
        )
    )
    assert [r.text for r in replies] == ["That button is outdated; use the latest message."]
    assert replies[0].notice and replies[0].error and replies[0].to == "carol"
    assert await chat.stored() == stored and (await chat.table()).step == table.step


async def test_only_prompted_seats_may_press(chat):
    await chat.say(*STARTED, "alice> 0", "bob> 3", "carol> 0")
    assert await chat.say("bob: [Protest]") == [
        "[dm:bob] It is not your turn: we are waiting for alice, carol."
    ]
    assert await chat.say("dave: [Protest]") == [
        "[dm:dave] You are not playing in this game; join the next one when its table opens."
    ]


async def test_the_same_update_delivered_twice_is_applied_once(chat):
    await chat.say(*STARTED)
    router = chat.router
    msg = Incoming(
        platform="console",
        chat="dm:alice",
        user="alice",
        name="alice",
        text="4",
        private=True,
        update_id="u-77",
    )
    first = await router.handle(msg)
    assert any("Your bid of 4 is sealed." in r.text for r in first)
    again = await router.handle(msg)
    assert again == []
    table = await chat.table()
    assert table.state["bids"]["answers"] == {"0": 4}


async def test_private_events_never_reach_the_group(chat):
    await chat.say(*STARTED)
    out = await chat.say("alice> 4", "bob> 2")
    group = [line for line in out if line.startswith("[group")]
    assert not any("Your bid" in line or "sealed." in line for line in group)
    assert "[dm:alice] Your bid of 4 is sealed." in out
    # the group learns who answered, not what: its living status is edited, nothing posted
    assert "[group:edit] ✓ alice, bob · ⏳ Waiting for carol · 120 s left" in out
    assert not [line for line in out if line.startswith("[group]")]


async def test_hand_is_sent_privately(chat):
    await chat.say(*STARTED, "alice> 4")
    out = await chat.say("alice: /hand")
    assert out == [
        "[dm:alice] Auction (test game) – your private view",
        "[dm:alice] Coins: 10  Points: 0",
        "[dm:alice] Your sealed bid: 4",
    ]
    assert await chat.say("alice> /hand") == out


async def test_abort_by_host_or_admin(redis):
    chat = Chat.make(redis, admins=["mod"])
    await chat.say(*STARTED)
    # The step's living status says the game is over (it loses its buttons), then why.
    assert await chat.say("mod: /abort") == [
        "[group:edit] ✖ The game was ended.",
        "[group] mod ended the game. /new <game> opens a new table.",
    ]
    assert (await chat.table()).status == "idle"
    # the private routes are gone with the table
    assert await chat.say("alice> 3") == [
        "[dm:alice] Nothing to answer right now. /help lists the commands."
    ]


async def test_leaving_host_hands_over_and_empty_lobby_closes(chat):
    await chat.say(*LOBBY)
    assert await chat.say("alice: /leave") == ["[group] alice left the table; bob is the host now."]
    assert await chat.say("carol: /start") == [
        "[group] Only the host (bob) or a chat admin can /start."
    ]
    await chat.say("carol: /leave")
    assert await chat.say("bob: /leave") == ["[group] bob left; the table is empty and closed."]
    assert (await chat.table()).status == "idle"


async def test_deadline_reminds_once_then_applies_the_timeout(chat):
    await chat.say("alice: /new auktion rounds=1 deadline=100", "bob: /join", "alice: /start")
    await chat.say("alice> 3")
    out = await chat.say("@wait 74")
    assert out == []
    out = await chat.say("@wait 1")
    # in the living status (a status change posts nothing) and privately (that notifies)
    assert out == [
        "[group:edit] bob: the table is waiting for you – 25 s left.",
        "[group:edit] ✓ alice · ⏳ Waiting for bob · 25 s left",
        "[dm:bob] ⏰ The table is waiting for your answer – 25 s left.",  # muted groups too
    ]
    out = await chat.say("@wait 25")
    # the step's status first says it is over — not that everyone answered: bob did
    # not — then the group hears what the rules chose
    assert out[:2] == [
        "[group:edit] ⏱ Time ran out.",
        "[group] Time is up for bob; the rules decide for them, as follows.",
    ]
    assert not any("Everyone has answered" in line for line in out)
    assert "[group] The bids: alice: 3, bob: 0." in out
    assert "[dm:bob] Your bid of 0 is sealed." in out


async def test_a_public_default_is_named_when_its_deadline_passes(chat):
    """The default is the prompt's button: the group is told which (a secret one is not
    named, above: the button could tell what only that seat knows)."""
    await chat.say("alice: /new auktion rounds=1 deadline=100", "bob: /join", "alice: /start")
    await chat.say("alice> 3", "bob> 0")  # alice buys: bob may protest
    out = await chat.say("@wait 100")
    assert "[group] Time is up for bob: the default choice, “Pass”." in out


async def test_a_deadline_fired_twice_acts_once(chat):
    await chat.say("alice: /new auktion rounds=2 deadline=60", "bob: /join", "alice: /start")
    table = await chat.table()
    member = f"console|group|timeout|{table.step}|{table.step_token}"
    # a deadline written by an attempt that lost its race names a token no table holds
    _, _, lost = await chat.router.fire(f"console|group|timeout|{table.step}|1.lost")
    assert lost == []
    _, _, first = await chat.router.fire(member)
    assert any("Time is up" in r.text for r in first)
    _, _, second = await chat.router.fire(member)
    assert second == []


async def test_each_platform_claims_only_its_own_deadlines(redis):
    """A Telegram and a Discord process on one Redis: each ticker sees its own tables
    only, so a timeout is always sent by a process that can reach its players."""
    router = Router(redis)
    for platform, user in (("telegram", "1"), ("discord", "2")):
        await router.handle(Incoming(platform, "g", user, "Ann", "/new auktion deadline=60"))
        await router.handle(Incoming(platform, "g", f"{user}b", "Bob", "/join"))
        await router.handle(Incoming(platform, "g", user, "Ann", "/start"))
    telegram = await router.deadlines("telegram").claim_due(float("inf"))
    discord = await router.deadlines("discord").claim_due(float("inf"))
    assert telegram and all(m.startswith("telegram|") for m in telegram)
    assert discord and all(m.startswith("discord|") for m in discord)


async def test_an_unstarted_lobby_expires_and_frees_the_chat(chat):
    await chat.say(*LOBBY)
    out = await chat.say("@wait 7200")
    assert out == [
        "[group] Nobody started the table for Auction (test game); it is closed. "
        "/new <game> opens a new one."
    ]
    out = await chat.say("bob: /new auktion")
    assert out[0].startswith("[group] bob opened a table")


@pytest.mark.slow  # processes of their own
async def test_concurrent_joins_from_several_processes_lose_nothing(
    redis, redis_factory, monkeypatch
):
    import dataclasses

    from rules import registry

    crowd = dataclasses.replace(auktion.SPEC, id="crowd", max_players=250)
    monkeypatch.setitem(registry._GAMES, "crowd", crowd)
    routers = [Router(await redis_factory()) for _ in range(4)]
    await routers[0].handle(
        Incoming(platform="t", chat="c", user="host", name="host", text="/new crowd")
    )

    async def join(i: int) -> None:
        msg = Incoming(
            platform="t", chat="c", user=f"u{i}", name=f"u{i}", text="/join", update_id=f"join-{i}"
        )
        await routers[i % 4].handle(msg)
        await routers[(i + 1) % 4].handle(msg)  # the platform delivers it twice

    await asyncio.gather(*(join(i) for i in range(200)))
    table = await routers[0].table("t", "c")
    users = [s.user for s in table.seats]
    assert len(users) == 201 and len(set(users)) == 201


async def test_no_traceback_reaches_a_chat(chat, caplog, monkeypatch):
    from tests.games.auktion import engine

    def broken(*args):
        raise ZeroDivisionError("engine bug")

    await chat.say(*STARTED)
    stored = await chat.stored()
    monkeypatch.setattr(engine, "_bid", broken)
    with caplog.at_level(logging.ERROR):
        out = await chat.say("alice> 3")
    assert out == [
        "[dm:alice] Sorry, something went wrong on my side. Nothing was changed; please try again."
    ]
    assert "ZeroDivisionError" in caplog.text and "console chat dm:alice" in caplog.text
    assert await chat.stored() == stored


async def test_a_typed_value_can_come_with_a_button_press(chat):
    """Discord's modal: the press names the prompt, the value travels as text."""
    await chat.say("alice: /new auktion", "bob: /join", "alice: /start")
    step = (await chat.table()).step_token

    def press(text: str) -> Incoming:
        return Incoming(
            platform="console",
            chat="dm:bob",
            user="bob",
            name="bob",
            button=f"st2:group:{step}:0.i",
            text=text,
            private=True,
        )

    bad = await chat.router.handle(press("lots"))
    assert [r.text for r in bad] == ["“lots” is not a number. Write a whole number, e.g. 30."]
    good = await chat.router.handle(press(" 7 "))
    assert any(r.to == "bob" and r.text == "Your bid of 7 is sealed." for r in good)


async def test_secret_prompts_offer_typed_input_privately_only(chat):
    await chat.say(*LOBBY)
    replies = await chat.router.handle(
        Incoming(platform="console", chat="group", user="alice", name="alice", text="/start")
    )
    group = [r for r in replies if not r.private]
    private = [r for r in replies if r.private and r.input is not None]
    assert all(r.input is None for r in group)
    assert {r.to for r in private} == {"alice", "bob", "carol"}
    assert private[0].input.kind == "number" and private[0].input.label == "Type a number"


async def test_a_table_follows_its_chat_to_a_new_id(chat):
    await chat.say(*STARTED)
    await chat.router.move_table("console", "group", "supergroup")
    assert await chat.router.table("console", "group") is None
    moved = await chat.router.table("console", "supergroup")
    assert moved.status == "playing" and moved.chat == "supergroup"
    # private answers now find the table under its new id
    replies = await chat.router.handle(
        Incoming(
            platform="console", chat="dm:alice", user="alice", name="alice", text="2", private=True
        )
    )
    assert any(r.chat == "supergroup" and "✓ alice" in r.text and r.edit for r in replies)


def _join(user: str, update_id: str) -> Incoming:
    return Incoming("console", "group", user, user, text="/join", update_id=update_id)


async def test_a_join_in_the_channel_while_the_table_moves_is_carried_along(chat, monkeypatch):
    """Discord: `/new` in a channel, the table moves into its thread, and a /join said
    in the channel lands on the channel's table between its copy and its removal: the
    copy is made again, so the player sits in the thread's table (issue 17)."""
    await chat.say(LOBBY[0])
    store = chat.router.tables.store
    cas, said = store.cas, []

    async def join_first(key, *args, **kwargs):
        if key == table_key("console", "group") and not said:  # the move removes it now
            said.extend(await chat.router.handle(_join("bob", "u2")))
        return await cas(key, *args, **kwargs)

    monkeypatch.setattr(store, "cas", join_first)
    await chat.router.move_table("console", "group", "thread")
    assert said and not any(r.error for r in said)
    assert await chat.router.table("console", "group") is None
    table = await chat.router.table("console", "thread")
    assert [s.user for s in table.seats] == ["alice", "bob"]
    assert await chat.router.tables.chats_of("console", "bob") == ["thread"]


async def test_a_join_whose_write_loses_to_the_move_sits_down_in_the_new_chat(chat, monkeypatch):
    """The /join read the channel's table, and the table moved before its write: it
    follows the table instead of being told "No table is open" (issue 17)."""
    await chat.say(LOBBY[0])
    store = chat.router.tables.store
    write, moved = store._write, []

    async def move_first(key, *args, **kwargs):
        if key == table_key("console", "group") and not moved:
            moved.append(key)
            await chat.router.move_table("console", "group", "thread")
        return await write(key, *args, **kwargs)

    monkeypatch.setattr(store, "_write", move_first)
    replies = await chat.router.handle(_join("bob", "u2"))
    assert moved and not any(r.error for r in replies)
    assert any("bob sits down" in r.text for r in replies if r.chat == "thread")
    table = await chat.router.table("console", "thread")
    assert [s.user for s in table.seats] == ["alice", "bob"]
    assert await chat.router.table("console", "group") is None


async def test_a_moved_lobby_still_expires_and_a_moved_game_still_times_out(redis):
    router = Router(redis)

    async def say(chat, user, text):
        return await router.handle(Incoming("console", chat, user, user, text))

    await say("old", "alice", "/new auktion")
    await router.move_table("console", "old", "new")
    lobby = router.deadlines("console")
    (member,) = await lobby.claim_due(float("inf"))
    assert member.startswith("console|new|lobby|")
    _, chat, replies = await router.fire(member)
    assert chat == "new" and "Nobody started the table" in replies[0].text
    assert (await router.table("console", "new")).status == "idle"

    await say("old", "alice", "/new auktion deadline=60")
    await say("old", "bob", "/join")
    await say("old", "alice", "/start")
    await router.move_table("console", "old", "newer")
    due = await lobby.claim_due(float("inf"))
    assert due and all(m.startswith("console|newer|") for m in due)
    timeout = next(m for m in due if "|timeout|" in m)
    _, _, replies = await router.fire(timeout)
    assert any("Time is up" in r.text for r in replies)


async def test_a_lobby_opened_by_a_clock_of_whole_seconds_expires_in_any_process(
    redis, redis_factory
):
    """The lobby's deadline names the time it opened, and firing it compares that name
    with the table's: the same whether the process that fires it wrote the table last or
    read it from Redis, where a time is a float."""
    opener = Router(redis, clock=lambda: 1_790_000_000)  # (an int, as a clock might give)
    other = Router(await redis_factory(), clock=lambda: 1_790_007_200)
    for router in (opener, other):
        chat = f"lobby-{id(router)}"
        await opener.handle(Incoming("console", chat, "alice", "alice", "/new auktion"))
        await opener.handle(Incoming("console", chat, "bob", "bob", "/join"))
        (member,) = await opener.deadlines("console").claim_due(float("inf"))
        _, _, replies = await router.fire(member)
        assert "Nobody started the table" in replies[0].text
        assert (await router.table("console", chat)).status == "idle"


async def test_roll_writes_nothing_but_its_update_marker(redis, backend):
    """No table for a roll; only the mark that its update was answered, in the chat's
    record of updates, which expires (tests/bot/store/test_updates_once.py)."""
    chat = Chat.make(redis)
    out = await chat.say("alice: /roll 2d6", "bob> /roll")
    assert len(out) == 4 and out[0] == "[group] 🎲 alice rolls"
    if backend.kind == "cluster":
        from redis.asyncio.cluster import RedisCluster

        keys = await redis.keys("*", target_nodes=RedisCluster.PRIMARIES)
    else:
        keys = await redis.keys("*")
    assert len(keys) == 2 and all(k.endswith(b":updates") for k in keys)
    assert all([await redis.pttl(k) > 0 for k in keys])


def test_operators_set_the_expiry_times_in_the_environment():
    import fakeredis

    from bot.app import make_router

    env = {"STAMMTISCH_TABLE_TTL_DAYS": "2", "STAMMTISCH_LOBBY_TTL_MINUTES": "15"}
    router = make_router(env, redis=fakeredis.FakeAsyncRedis())
    assert router.store.ttl_ms == 2 * 86400 * 1000 and router.lobby_ttl == 15 * 60
    with pytest.raises(SystemExit):
        make_router({"STAMMTISCH_TABLE_TTL_DAYS": "soon"}, redis=fakeredis.FakeAsyncRedis())


async def test_images_off_sends_boards_as_text_only(chat):
    await chat.say(*LOBBY)
    assert await chat.say("alice: /images off") == [
        "[group] Boards come as text from now on. /images on brings the pictures back."
    ]
    assert await chat.say("alice: /images maybe") == ["[group] Write /images on or /images off."]
    replies = await chat.router.handle(
        Incoming(platform="console", chat="group", user="alice", name="alice", text="/start")
    )
    board = next(r for r in replies if r.board)
    assert board.svg is None and "Round 1 of 2" in board.pre
    await chat.say("alice: /images on")
    replies = await chat.router.handle(
        Incoming(platform="console", chat="group", user="bob", name="bob", text="/board")
    )
    assert next(r for r in replies if r.board).svg() is not None


async def test_an_engine_refusal_is_told_to_the_player_alone(chat, monkeypatch):
    """A game's refusal may name private values (money): it never goes to the group."""
    from rules.core.protocol import FreeInput, Prompt
    from tests.games.auktion import engine
    from tests.games.auktion.model import Bid

    public_bid = Prompt(
        id="pub",
        seats=(0, 1),
        key="auktion.prompt.bid",
        params={"worth": 1},
        input=FreeInput(kind="number", field="amount", action=Bid(amount=0)),
        command="offer",
    )

    def prompts(state):
        return [public_bid] if state.phase == "bid" else []

    import dataclasses

    from rules import registry

    monkeypatch.setitem(
        registry._GAMES, "auktion", dataclasses.replace(auktion.SPEC, prompts=prompts)
    )
    monkeypatch.setattr(engine, "prompts", prompts)
    await chat.say("alice: /new auktion", "bob: /join", "alice: /start")
    stored = await chat.stored()
    out = await chat.say("alice: /offer 99")
    assert out == ["[dm:alice] You only have 10 coins."]
    assert await chat.stored() == stored


async def test_redis_out_of_reach_gets_an_apology_not_a_traceback(caplog):
    import redis.asyncio as aioredis

    from tests.fixtures.redis_server import free_port

    router = Router(aioredis.Redis(port=free_port(), socket_connect_timeout=0.2))
    for text in ("/join", "/roll 2d6x", "/help"):
        replies = await router.handle(
            Incoming(platform="t", chat="c", user="u", name="u", text=text)
        )
        assert [r.text for r in replies] == [
            "Sorry, something went wrong on my side. Nothing was changed; please try again."
        ]
    assert "failed on t chat c" in caplog.text
    await router.redis.aclose()


async def test_redis_cluster_1_connects_to_the_cluster(real_cluster_url, monkeypatch):
    """An operator sets REDIS_URL to one node and REDIS_CLUSTER=1: the bot plays on the
    cluster (a table written through one client is read through another)."""
    from redis.asyncio.cluster import RedisCluster

    from bot.store.connection import connect

    monkeypatch.setenv("REDIS_URL", real_cluster_url)
    monkeypatch.setenv("REDIS_CLUSTER", "1")
    client = connect()
    assert isinstance(client, RedisCluster)
    chat = Chat.make(client)
    await chat.say("alice: /new auktion", "bob: /join")
    other = RedisCluster.from_url(real_cluster_url)  # another process's client
    table = await Chat.make(other).table()
    assert table is not None and [s.name for s in table.seats] == ["alice", "bob"]
    await client.flushdb(target_nodes=RedisCluster.PRIMARIES)
    await client.aclose()
    await other.aclose()


async def test_board_posts_the_current_prompt_again_with_live_buttons(chat):
    """A prompt lost on its way (a crash, a message scrolled out of sight) is shown again
    by /board: privately, with buttons, to each seat still to answer; the group hears
    whom we wait for and the time left, nothing secret."""
    await chat.say(*STARTED, "alice> 2")
    chat.router.clock.now += 30
    out = await chat.say("dave: /board")
    assert "[dm:bob:buttons] [0] [1] [2] [5]" in out and "[dm:carol:buttons] [0] [1] [2] [5]" in out
    assert not any(line.startswith("[dm:alice") for line in out)  # alice has answered
    group = [line for line in out if line.startswith("[group")]
    assert any("bob" in line and "carol" in line for line in group)
    assert any("90" in line for line in group)  # 120 s to answer, 30 s gone
    # the buttons shown work
    out = await chat.say("bob> [1]")
    assert any("Your bid of 1 is sealed." in line for line in out)


async def test_buttons_from_a_timeline_redis_lost_are_outdated(chat, redis):
    """Redis falls back to an older snapshot (an RDB restore): the steps after it happen
    again, with the same step numbers, but the buttons of the lost timeline stay dead."""
    from bot.store.keys import table_key

    await chat.say(*STARTED)
    key = table_key("console", "group")
    snapshot = await redis.hgetall(key)
    lost = await chat.say("alice> 1", "bob> 0", "carol> 0")  # a sale: the protest window
    old = [line for line in lost if ":buttons]" in line]
    lost_buttons = [r for r in (await chat.table()).prompt_ids]
    assert old and lost_buttons
    old_step = (await chat.table()).step_token
    await redis.delete(key)
    await redis.hset(key, mapping=snapshot)  # the restore
    await chat.say("alice> 1", "bob> 0", "carol> 0")  # the same step numbers again
    table = await chat.table()
    assert table.step_token != old_step and table.step == int(old_step.split(".")[0])
    press = Incoming(
        platform="console",
        chat="group",
        user="bob",
        name="bob",
        button=f"st2:group:{old_step}:0.0",
    )
    assert [r.text for r in await chat.router.handle(press)] == [
        "That button is outdated; use the latest message."
    ]


async def test_a_chat_that_moves_mid_game_keeps_every_sent_button_and_leaves_no_ghost(chat, redis):
    """Telegram turns a group into a supergroup under a new id while a game runs: the
    buttons already sent (in the group and privately) still work, and a board message
    remembered late at the old id makes no table there."""
    from bot.table.buttons import encode

    await chat.say(*STARTED, "alice> 1", "bob> 0")  # carol still to bid
    before = await chat.table()
    carol_bid = encode("group", before.step_token, 0, 0)  # her private [0], sent earlier
    await chat.router.move_table("console", "group", "super")
    await chat.router.remember_board("console", "group", "m-1")  # late, at the old id
    assert await chat.router.table("console", "group") is None
    press = Incoming("console", "dm:carol", "carol", "carol", button=carol_bid, private=True)
    assert any("Your bid of 0 is sealed." in r.text for r in await chat.router.handle(press))
    moved = await chat.router.table("console", "super")
    assert moved.state["phase"] == "protest"  # alice bought the lot, there
    # A group button sent before the move, pressed in the new chat, works there only.
    protest = encode("group", moved.step_token, 0, 1)  # [Pass], as the old group showed it
    moved_press = Incoming("console", "super", "carol", "carol", button=protest)
    stray = Incoming("console", "elsewhere", "carol", "carol", button=protest)
    assert [r.text for r in await chat.router.handle(stray)] == [
        "That button is outdated; use the latest message."
    ]
    assert not any(r.error for r in await chat.router.handle(moved_press))
    assert (await chat.router.table("console", "super")).state["passed"] == [2]  # carol


async def test_an_aborted_games_private_questions_lose_their_buttons(redis):
    # Each private question still open (with its buttons) is outdated: the adapters edit
    # it (a `pressed` line to each seat asked), as when a step's time runs out. Bob's
    # was closed by his bid.
    chat = Chat.make(redis)
    await chat.say(*STARTED, "bob> 2")
    router = Router(redis)
    replies = await router.handle(Incoming("console", "group", "alice", "alice", "/abort"))
    closed = {r.to: r.pressed for r in replies if r.pressed}
    assert closed == {"alice": "⌛ Outdated.", "carol": "⌛ Outdated."}
    assert not any(r.buttons for r in replies)


@pytest.mark.parametrize(
    "lang, game, said",
    [
        ("en", "Auction (test game)", "/bid – Your sealed bid for the lot, e.g. /bid 3"),
        ("de", "Auktion (Testspiel)", "/bid – Dein verdecktes Gebot, z. B. /bid 3"),
    ],
)
async def test_help_at_a_table_lists_its_games_own_commands_too(redis, lang, game, said):
    # Players looked for `/bid` or `/go` in /help first; it listed only the bot's own.
    chat = Chat.make(redis, lang=lang)
    assert not any("/bid" in line for line in await chat.say("alice: /help"))
    await chat.say(*STARTED)
    out = await chat.say("bob: /help")
    heading = {"en": "At this table", "de": "An diesem Tisch"}[lang]
    assert f"[group] {heading}, {game}:" in out
    assert any(line.startswith(f"[group] {said}") for line in out), out
