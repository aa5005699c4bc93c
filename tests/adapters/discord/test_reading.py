"""Ordinary messages on Discord, for the games that read the chat (Bohei's rule cards): sent
as MESSAGE_CREATE over the fake gateway, which lets them through as the intents the client
identified with allow (tests/fixtures/fake_gateway.py), to the real discord.py client.

With DISCORD_MESSAGE_CONTENT=1 the bot asks for GUILDS, GUILD_MESSAGES and MESSAGE_CONTENT
and hands a player's message to the router; its own messages, which Discord sends it back,
and other bots' are not read. Without it the bot asks for no intent, gets no message at
all, and the table is told at /start that the group watches the rules itself.
"""

import contextlib

import discord
import pytest

from adapters.discord.client import StammtischClient
from tests.fixtures import discord_objects as objects
from tests.fixtures.bohei_positions import activate, edit, six_for_the_first
from tests.fixtures.discord_objects import BOT_ID, BOT_USER, GUILD
from tests.fixtures.fake_discord import APP_ID, CHANNEL, World, connect, disconnect
from tests.fixtures.fake_gateway import DIRECT_MESSAGES, GUILD_MESSAGES, MESSAGE_CONTENT, Session

ALICE, BOB, CAROL = 11, 22, 33
PLAIN = "plain-token"  # a plain discord.py client's, beside the bot's
PLAYERS = [(ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")]
LOCALES = {"en": "en-US", "de": "de"}
# What the group is told when Bob breaks "lower" (Library Voice: only lower case).
BROKEN = {
    "en": "🚨 Bob broke “Library Voice”: discard 1.",
    "de": "🚨 Bob hat „Flüsterkneipe“ gebrochen: 1 Karte abwerfen.",
}
# Alice draws her seventh card, and calls.
DRAW = {"en": "Draw 🃏", "de": "Ziehen 🃏"}
SEVEN = {"en": "Alice holds 7 cards!", "de": "Alice hält 7 Karten!"}
CALLED = "📣 Alice: BOHEI!"
# What /start says where the bot cannot read the chat.
UNREAD = {
    "en": "I cannot read ordinary messages in this chat, so the rules I would check in them"
    " are watched by you.",
    "de": "Ich kann die normalen Nachrichten in diesem Chat nicht lesen, also wacht ihr über"
    " die Regeln, die ich darin prüfen würde.",
}


LIBRARY_VOICE = activate("lower")


async def bohei(
    world: World, client: StammtischClient, lang: str = "en", position=LIBRARY_VOICE
) -> int:
    """Alice, Bob and Carol at a Bohei table in its thread, Alice the starter, the game in
    `position` (by default the rule "lower", only lower case, on the board); the thread."""
    fake, locale = world.fake, LOCALES[lang]
    await world.feed(fake.command("new", *PLAYERS[0], {"game": "bohei"}, locale=locale), client)
    (thread,) = fake.threads
    for user in PLAYERS[1:]:
        join = fake.command("join", *user, channel=thread, thread=True, locale=locale)
        await world.feed(join, client)
    await world.feed(
        fake.command("start", *PLAYERS[0], channel=thread, thread=True, locale=locale), client
    )
    (starter,) = [m for m in fake.messages.values() if "🙋" in str(m["components"])]
    (button,) = [c for row in starter["components"] for c in row["components"]]
    press = fake.press(
        starter, button["custom_id"], *PLAYERS[0], channel=thread, thread=True, locale=locale
    )
    await world.feed(press, client)
    await edit(client.adapter.router, "discord", str(thread), position)
    return thread


def read_by(client: StammtischClient) -> list[tuple[str, str]]:
    """(user, text) of every message the client hands to its router, from now on."""
    router, seen = client.adapter.router, []
    handle = router.handle

    async def recording(msg):
        if msg.button is None and not msg.text.startswith("/"):
            seen.append((msg.user, msg.text))
        return await handle(msg)

    router.handle = recording
    return seen


def button(world: World, label: str) -> tuple[dict, str]:
    """The newest message with a button of this label, and the button's custom id."""
    found = [
        (m, c["custom_id"])
        for m in world.fake.messages.values()
        for row in m["components"]
        for c in row["components"]
        if c.get("label") == label
    ]
    assert found, f"no button {label!r}"
    return found[-1]


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_with_the_intent_a_bohei_typed_in_the_thread_reaches_the_router_once(world, lang):
    fake = world.fake
    reading = await world.start_bot(read_messages=True)
    thread = await bohei(world, reading, lang, six_for_the_first)
    draw, custom_id = button(world, DRAW[lang])
    locale = LOCALES[lang]
    press = fake.press(draw, custom_id, *PLAYERS[0], channel=thread, thread=True, locale=locale)
    await world.feed(press, reading)
    assert SEVEN[lang] in fake.text_of(thread) and CALLED not in fake.text_of(thread)
    seen = read_by(reading)
    assert await world.say(
        fake.said("BOHEI!!", ALICE, "Alice", channel=thread, thread=True), reading
    )
    assert seen == [(str(ALICE), "BOHEI!!")]  # (not the bot's own "📣 Alice: BOHEI!")
    assert fake.text_of(thread).count(CALLED) == 1


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_with_the_intent_a_message_breaking_a_rule_is_read_once_and_answered(world, lang):
    fake = world.fake
    reading = await world.start_bot(read_messages=True)
    assert reading.intents.message_content and reading.adapter.router.reads_chat
    thread = await bohei(world, reading, lang)
    assert UNREAD[lang] not in fake.text_of(thread)
    seen = read_by(reading)
    said = fake.said("Hallo Leute", BOB, "Bob", channel=thread, thread=True)
    assert await world.say(said, reading)
    assert seen == [(str(BOB), "Hallo Leute")]
    assert fake.text_of(thread).count("🚨") == 1 and BROKEN[lang] in fake.text_of(thread)
    # The bot was sent its own messages back (the 🚨 one too), and read none of them.
    session = fake.gateway.session(world.token_of(reading))
    assert session is not None
    own = [d for t, d in session.dispatched if t == "MESSAGE_CREATE" and d["author"].get("bot")]
    assert any(BROKEN[lang] in d["content"] for d in own)
    await world.say(fake.said("alles klar", CAROL, "Carol", channel=thread, thread=True), reading)
    assert seen == [(str(BOB), "Hallo Leute"), (str(CAROL), "alles klar")]
    assert fake.text_of(thread).count("🚨") == 1  # Carol kept the rule


async def test_a_message_delivered_twice_is_answered_once(world):
    """Discord may send an event again (a session resumed replays what it missed): the
    message's id is the update's, applied once."""
    fake = world.fake
    reading = await world.start_bot(read_messages=True)
    thread = await bohei(world, reading)
    table = await reading.adapter.router.table("discord", str(thread))
    said = fake.said("Hallo Leute", BOB, "Bob", channel=thread, thread=True)
    assert await world.say(said, reading)
    once = fake.text_of(thread)
    after_once = await reading.adapter.router.table("discord", str(thread))
    assert await world.say(said, reading)
    assert fake.text_of(thread) == once and once.count("🚨") == 1
    again = await reading.adapter.router.table("discord", str(thread))
    assert table is not None and after_once is not None and again is not None
    assert again.state == after_once.state != table.state


async def test_another_bots_message_is_not_read(world):
    fake = world.fake
    reading = await world.start_bot(read_messages=True)
    thread = await bohei(world, reading)
    seen = read_by(reading)
    before = fake.text_of(thread)
    other = fake.said("HALLO", 44, "Botty", channel=thread, thread=True, bot=True)
    assert await world.say(other, reading)
    assert seen == [] and fake.text_of(thread) == before


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_without_the_intent_no_message_reaches_the_bot_and_the_group_watches(world, lang):
    fake = world.fake
    assert not world.bot.intents.message_content and not world.bot.adapter.router.reads_chat
    thread = await bohei(world, world.bot, lang)
    assert UNREAD[lang] in fake.text_of(thread)
    seen = read_by(world.bot)
    before = fake.text_of(thread)
    table = await world.bot.adapter.router.table("discord", str(thread))
    said = fake.said("Hallo Leute", BOB, "Bob", channel=thread, thread=True)
    assert not await world.say(said)  # (no GUILD_MESSAGES: Discord sends it no message)
    assert seen == [] and fake.text_of(thread) == before
    assert await world.bot.adapter.router.table("discord", str(thread)) == table


# ----- the fake gateway's intents, seen by a plain discord.py client ---------------------------


@contextlib.asynccontextmanager
async def plain(world: World, intents: discord.Intents, **options):
    """A plain discord.py client identified with `intents`, and the messages it is handed."""
    client = discord.AutoShardedClient(intents=intents, application_id=APP_ID, **options)
    got: list[discord.Message] = []

    @client.event
    async def on_message(message: discord.Message) -> None:
        got.append(message)

    running = await connect(world.fake, client, PLAIN)
    try:
        yield client, got
    finally:
        await disconnect(client, running)


async def messages_of(world: World, intents: discord.Intents, *said: dict) -> list[discord.Message]:
    """What a plain client identified with `intents` makes of messages the gateway sends it."""
    async with plain(world, intents) as (_client, got):
        for payload in said:
            await world.fake.dispatch(PLAIN, "MESSAGE_CREATE", payload)
        await world.fake.gateway.settled(PLAIN)
        return got


def guild_messages(content: bool = False) -> discord.Intents:
    intents = discord.Intents.none()
    intents.guilds = intents.guild_messages = True
    intents.message_content = content
    return intents


async def test_without_message_content_a_guild_message_arrives_empty_unless_it_mentions_the_bot(
    world,
):
    fake = world.fake
    plain_text = fake.said("Hallo Leute", BOB, "Bob")
    mention = fake.said(f"<@{BOT_ID}> Hallo", BOB, "Bob", mentions=(BOT_USER,))
    got = await messages_of(world, guild_messages(), plain_text, mention)
    assert [(m.content, m.guild is not None, m.author.bot) for m in got] == [
        ("", True, False),
        (f"<@{BOT_ID}> Hallo", True, False),
    ]
    got = await messages_of(world, guild_messages(content=True), plain_text)
    assert [m.content for m in got] == ["Hallo Leute"]


async def test_without_guild_messages_no_guild_message_arrives(world):
    got = await messages_of(world, discord.Intents.none(), world.fake.said("Hallo", BOB, "Bob"))
    assert got == []


async def test_a_dm_arrives_with_its_content_to_a_client_with_direct_messages(world):
    intents = discord.Intents.none()
    intents.dm_messages = True
    async with plain(world, intents) as (client, got):
        await client.create_dm(discord.Object(id=BOB))
        await world.fake.dispatch(
            PLAIN, "MESSAGE_CREATE", world.fake.said_privately("hi", BOB, "Bob")
        )
        await world.fake.gateway.settled(PLAIN)
    assert [(m.content, m.guild) for m in got] == [("hi", None)]
    got = await messages_of(world, guild_messages(), world.fake.said_privately("hi", BOB, "Bob"))
    assert got == []  # (no DIRECT_MESSAGES)


async def test_ready_names_the_guild_and_only_with_guilds_is_it_filled_in(world):
    async with plain(world, discord.Intents.none()) as (client, _got):
        await world.fake.gateway.settled(PLAIN)
        (guild,) = client.guilds
        assert guild.id == GUILD and guild.unavailable and guild.get_channel(CHANNEL) is None
    async with plain(world, guild_messages()) as (client, _got):
        await world.fake.gateway.settled(PLAIN)
        (guild,) = client.guilds
        assert guild.id == GUILD and not guild.unavailable
        assert guild.get_channel(CHANNEL) is not None and guild.me is not None


async def test_the_bot_is_sent_its_own_messages_back_with_their_content(world):
    async with plain(world, guild_messages()) as (client, got):
        await client.get_partial_messageable(CHANNEL).send("Ahoy")
        await world.fake.gateway.settled(PLAIN)
    assert [(m.content, m.author.id, m.author.bot) for m in got] == [("Ahoy", BOT_ID, True)]


def test_a_guilds_messages_go_to_its_shard_alone_and_dms_to_shard_0(world):
    """(guild_id >> 22) % num_shards (gateway.mdx, "Sharding"): of two shards the test
    guild's is shard 0. (Checked on the fake's connections themselves: discord.py, once
    given a shard count, asks `GET /gateway`, which the fake does not serve.)"""
    every = GUILD_MESSAGES | DIRECT_MESSAGES | MESSAGE_CONTENT
    shards = [Session(None, False, shard=(n, 2), intents=every) for n in (0, 1)]  # type: ignore[arg-type]
    in_guild = world.fake.said("hi", BOB, "Bob")
    in_dm = objects.message_create(objects.message("1", 5000, objects.user(BOB, "Bob"), "hi"), None)
    assert [s.sees(in_guild, str(BOT_ID)) for s in shards] == [in_guild, None]
    assert [s.sees(in_dm, str(BOT_ID)) for s in shards] == [in_dm, None]
