"""The discord.py client: slash commands, presses, the deadline ticker and the outbox
sweep, which sends what a process that died left unsent (bot/chat/courier.py).

By default it asks for no gateway intents at all: slash commands, button presses and
modal submits arrive as interactions, which every bot receives, and each carries the
channel, the member and their permissions. Games that read ordinary messages (Bohei's
rule cards) need the privileged Message Content intent: with `read_messages`
(DISCORD_MESSAGE_CONTENT=1, after enabling the intent in the Developer Portal) the client
asks for it and hands every guild message to the router; without it such games are
played with what the group watches (`GameSpec.without_chat`), and the table is told.
"""

import asyncio
import logging
import time
from typing import Any

import discord

from adapters.discord import commands
from adapters.discord import sync as registration
from adapters.discord.adapter import PLATFORM, DiscordAdapter
from bot.store.scheduler import STOP_SECONDS, run_ticker, stop

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
        ticker_interval: float = 1.0,
        sweep: bool = True,
        read_messages: bool = False,
        stop_within: float = STOP_SECONDS,
        **options: Any,
    ) -> None:
        intents = discord.Intents.none()
        if read_messages:
            intents.guilds = intents.guild_messages = intents.message_content = True
        super().__init__(
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            **options,
        )
        self.adapter = adapter
        self.guild_id = guild_id
        self.sync_commands = sync
        self.run_ticker, self.ticker_interval = ticker, ticker_interval
        self.run_sweep = sweep
        self.stop_within = stop_within  # what close() waits for the ticker and the sweep
        self.tree = commands.build_tree(self, adapter.command, adapter.choices)
        adapter.router.reads_chat = read_messages
        self._ticker: asyncio.Task[None] | None = None
        self._sweep: asyncio.Task[None] | None = None
        adapter.bind(self)

    async def setup_hook(self) -> None:
        if self.sync_commands:
            await registration.sync(self.tree, self.guild_id)
        if self.run_ticker:
            deadlines = self.adapter.router.deadlines(PLATFORM)
            self._ticker = asyncio.create_task(
                run_ticker(deadlines, self.adapter.fire, time.time, self.ticker_interval)
            )
        if self.run_sweep:  # now, and every few seconds
            self._sweep = asyncio.create_task(self.adapter.sender.courier.run())

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Presses and modal submits; slash commands go through the command tree."""
        if interaction.type in (
            discord.InteractionType.component,
            discord.InteractionType.modal_submit,
        ):
            await self.adapter.component(interaction)

    async def on_message(self, message: discord.Message) -> None:
        """An ordinary message (only with the Message Content intent): for the games that
        read the chat; commands come as interactions, not here."""
        if message.author.bot or message.guild is None:
            return
        await self.adapter.message(message)

    async def close(self) -> None:
        # Bounded (bot/store/scheduler.py's `stop`): a ticker that lost its cancellation must
        # not keep the process from closing.
        for task in (self._ticker, self._sweep):
            if task:
                await stop(task, within=self.stop_within)
        await self.adapter.drain()
        await super().close()
