"""The real discord.py client against tests/fake_discord.py: a helper for test_discord*.py."""

import asyncio
from dataclasses import dataclass, field
from typing import Any

import fakeredis

from adapters.discord.adapter import DiscordAdapter
from adapters.discord.client import StammtischClient
from bot.router import Router
from rules.core.rng import Rng
from tests.fake_discord import FakeDiscord


@dataclass
class World:
    """One fake Discord, one Redis, and the bot processes (clients) running against them."""

    fake: FakeDiscord
    redis: Any = field(
        default_factory=lambda: fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    )
    clients: list[StammtischClient] = field(default_factory=list)

    async def start_bot(self, budget: float = 2.0, **options: Any) -> StammtischClient:
        """A bot process: its own router and client, logged in (no gateway)."""
        rng = Rng.from_seed(len(self.clients) + 1)
        router = Router(self.redis, entropy=lambda: rng.next64() >> 1)
        client = StammtischClient(DiscordAdapter(router, budget=budget), ticker=False, **options)
        await client.login("fake-token")
        self.clients.append(client)
        return client

    @property
    def bot(self) -> StammtischClient:
        return self.clients[-1]

    async def feed(self, payload: dict[str, Any], client: StammtischClient | None = None) -> None:
        """Deliver an interaction as the gateway would, and wait until it is answered."""
        client = client or self.bot
        client._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 5
        while not self.fake.answers(payload):
            if loop.time() > deadline:
                raise AssertionError(f"interaction {payload['id']} was never answered")
            await asyncio.sleep(0.005)
        await client.adapter.drain()

    async def close(self) -> None:
        for client in self.clients:
            await client.close()
        await self.redis.aclose()
