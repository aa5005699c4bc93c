"""`python -m adapters.discord`: settings from the environment and a .env file."""

import os

import discord

from adapters.discord.__main__ import build
from bot.app import read_env_file


async def test_shards_of_one_process_and_who_registers_the_commands():
    client = build({"DISCORD_SHARD_COUNT": "4", "DISCORD_SHARD_IDS": "2,3"})
    assert isinstance(client, discord.AutoShardedClient)
    assert (client.shard_ids, client.shard_count) == ([2, 3], 4)
    assert not client.sync_commands  # the process with shard 0 registers them
    assert build({}).sync_commands
    await client.adapter.router.redis.aclose()


def test_the_guild_for_fast_command_sync():
    client = build({"DISCORD_GUILD_ID": "42"})
    assert client.guild_id == 42


def test_a_dotenv_file_fills_what_the_environment_lacks(tmp_path, monkeypatch):
    env = tmp_path / ".env"
    env.write_text("# a comment\nDISCORD_TOKEN='from-file'\nSTAMMTISCH_X=1\n")
    monkeypatch.setenv("STAMMTISCH_X", "set")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    read_env_file(env)
    assert os.environ["DISCORD_TOKEN"] == "from-file"
    assert os.environ["STAMMTISCH_X"] == "set"
    monkeypatch.delenv("DISCORD_TOKEN")


def test_a_started_worker_keeps_its_start_up_objects_out_of_the_collectors_walk():
    """bot.app.started: every game's rules and data loaded, then frozen, so a full
    collection no longer walks them (it took 70-90 ms a time on this machine); the young
    generation collected after YOUNG allocations, not Python's 700."""
    import gc

    from bot.app import YOUNG, started

    thresholds = gc.get_threshold()
    try:
        started()
        assert gc.get_freeze_count() > 20_000
        assert len(gc.get_objects()) < gc.get_freeze_count() / 2  # what is left to walk
        assert gc.get_threshold() == (YOUNG, *thresholds[1:])
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
