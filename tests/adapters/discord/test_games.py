"""Whole games through Discord with robot players (tests/fixtures/robot.py): buttons, select
menus and modals in the game's thread, ephemeral messages and DMs, as the game asks."""

import hashlib

import pytest

from bot.proof import games as game_proof
from tests.fixtures.fake_discord import EPHEMERAL
from tests.fixtures.robot import discord_act, play_out, robot_games


@pytest.mark.parametrize(("game", "players", "options"), robot_games("discord"))
async def test_a_whole_game_with_robot_players(world, game, players, options):
    fake = world.fake
    users = [(100 + i, f"Player{i}") for i in range(players)]
    await world.feed(fake.command("new", *users[0], {"game": game, "options": options}))
    (thread,) = fake.threads
    for user in users[1:]:
        await world.feed(fake.command("join", *user, channel=thread, thread=True))
    await world.feed(fake.command("start", *users[0], channel=thread, thread=True))
    router = world.bot.adapter.router

    async def load():
        return await router.table("discord", str(thread))

    act = discord_act(world, users, thread)

    moves = await play_out(load, act, seed=len(game))
    assert moves > players
    assert "is over" in fake.text_of(thread)
    # The /start message commits to the seed; the end reveals it (bot/proof/games.py).
    proof = (await router.table("discord", str(thread), answers=True)).proof
    started = [m["content"] for m in fake.messages.values() if "begins" in m["content"]]
    assert f"seed has SHA-256 {proof.commitment}." in started[0]
    assert hashlib.sha256(bytes.fromhex(proof.seed)).hexdigest() == proof.commitment
    assert f"The seed was {proof.seed} " in fake.text_of(thread)
    assert game_proof.check(proof).match  # its answers, as the bot logged them, replay
    # nothing said to one player alone appears where everybody reads
    public = fake.text_of(thread)
    private = [
        m["content"]
        for m in fake.messages.values()
        if m["flags"] & EPHEMERAL or m["channel_id"] in {str(fake.dm_channel(u)) for u, _ in users}
    ]
    lines = {line for text in private for line in text.splitlines() if len(line) >= 25}
    assert not {line for line in lines if line in public}
