"""The discord.py client: slash commands, presses, and the deadline ticker.

It asks for no gateway intents at all: slash commands, button presses and modal
submits arrive as interactions, which every bot receives, and each carries the
channel, the member and their permissions. The bot never reads chat messages, so
it needs no message-content intent.
"""

import asyncio
import contextlib
import logging
import time
from typing import Any

import discord

from adapters.discord import commands
from adapters.discord.adapter import PLATFORM, DiscordAdapter
from bot.scheduler import run_ticker

log = logging.getLogger(__name__)


class StammtischClient(discord.AutoShardedClient):
    """All shards of one process share one adapter; processes share nothing but Redis."""

    def __init__(
        self,
        adapter: DiscordAdapter,
        *,
        guild_id: int | None = None,
        sync: bool = True,
        ticker: bool = True,
        **options: Any,
    ) -> None:
        super().__init__(
            intents=discord.Intents.none(),
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self.adapter = adapter
        self.guild_id = guild_id
        self.sync_commands = sync
        self.run_ticker = ticker
        self.tree = commands.build_tree(self, adapter.command)
        self._ticker: asyncio.Task[None] | None = None
        adapter.bind(self)

    async def setup_hook(self) -> None:
        if self.sync_commands:
            await commands.sync(self.tree, self.guild_id)
        if self.run_ticker:
            deadlines = self.adapter.router.deadlines(PLATFORM)
            self._ticker = asyncio.create_task(run_ticker(deadlines, self.adapter.fire, time.time))

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Presses and modal submits; slash commands go through the command tree."""
        if interaction.type in (
            discord.InteractionType.component,
            discord.InteractionType.modal_submit,
        ):
            await self.adapter.component(interaction)

    async def close(self) -> None:
        if self._ticker:
            self._ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._ticker
        await self.adapter.drain()
        await super().close()
