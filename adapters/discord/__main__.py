"""`python -m adapters.discord`: the Discord bot (the Procfile's `discord` entry).

    DISCORD_TOKEN         the bot's token from the Developer Portal (required)
    DISCORD_GUILD_ID      register the commands in this one server, at once (development);
                          without it they are registered globally
    DISCORD_SHARD_COUNT   shards in all (default: as many as Discord recommends)
    DISCORD_SHARD_IDS     the shards this process runs, e.g. `0,1` (default: all); run
                          several processes with different ids against one Redis
plus REDIS_URL and the STAMMTISCH_* settings of bot/app.py. A `.env` file in the
working directory is read too (KEY=value lines; the environment wins).
"""

import os
import sys
from collections.abc import Mapping

from adapters.discord.adapter import DiscordAdapter
from adapters.discord.client import StammtischClient
from bot.app import make_router, read_env_file, started
from bot.ops import logs, metrics


def _ids(raw: str | None) -> list[int] | None:
    return [int(x) for x in raw.split(",") if x.strip()] if raw else None


def build(env: Mapping[str, str]) -> StammtischClient:
    router = make_router(env)
    guild = env.get("DISCORD_GUILD_ID")
    shards = _ids(env.get("DISCORD_SHARD_IDS"))
    count = env.get("DISCORD_SHARD_COUNT")
    adapter = DiscordAdapter(router)
    metrics.backlog("discord", adapter.sender.backlog)
    return StammtischClient(
        adapter,
        guild_id=int(guild) if guild else None,
        # One process registers the commands: the one running shard 0 (or all shards).
        sync=shards is None or 0 in shards,
        shard_ids=shards,
        shard_count=int(count) if count else None,
        # Bohei's rule cards are checked on ordinary messages: the privileged intent.
        read_messages=env.get("DISCORD_MESSAGE_CONTENT") == "1",
    )


def main() -> int:
    read_env_file()
    logs.configure(os.environ)
    metrics.serve_from_env(os.environ)
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        sys.exit("DISCORD_TOKEN is not set: create a bot in the Discord Developer Portal")
    client = build(os.environ)
    started()
    client.run(token, log_handler=None)  # logging is set up above
    return 0


if __name__ == "__main__":
    sys.exit(main())
