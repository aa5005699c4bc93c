"""The Discord adapter with the real discord.py client against a fake Discord API on 127.0.0.1.

Interactions are fed as raw INTERACTION_CREATE payloads; every HTTP call the bot makes
is recorded by tests/fake_discord.py.
"""

import discord
import pytest

from bot import pictures
from tests import toygame
from tests.fake_discord import EPHEMERAL, FakeDiscord, World

toygame.install()
ALICE, BOB = 11, 22


async def no_picture(svg: str) -> None:
    return None  # as without resvg: boards go out as text snapshots


@pytest.fixture
async def world(monkeypatch):
    monkeypatch.setattr(pictures, "png", no_picture)
    fake = FakeDiscord()
    runner = await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.base_url)
    made = World(fake)
    await made.start_bot()
    yield made
    await made.close()
    await runner.cleanup()


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
    assert "Waiting for secret answers from Alice, Bob" in fake.text_of(thread)
    # The board: in the thread, as text, with a "My hand" button.
    (board,) = [m for m in messages(world, thread) if "```" in m["content"]]
    assert "My hand" in components(board)
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
    assert "Alice has answered" in fake.text_of(thread)
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
