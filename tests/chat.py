"""A test chat: the console adapter with its output captured, plus a look at the store."""

from dataclasses import dataclass, field

from adapters.console.session import GROUP, PLATFORM, Console, ScriptClock
from bot.chat.router import Router
from bot.store.keys import table_key
from bot.table.model import Table
from rules.core.rng import Rng


@dataclass
class Chat:
    console: Console
    lines: list[str] = field(default_factory=list)

    @classmethod
    def make(cls, redis, seed: int = 1, lang: str = "en", admins=(), **router_kwargs) -> "Chat":
        rng = Rng.from_seed(seed)
        router = Router(
            redis, clock=ScriptClock(), entropy=lambda: rng.next64() >> 1, **router_kwargs
        )
        lines: list[str] = []
        console = Console(router, lines.append, lang=lang, admins=frozenset(admins))
        return cls(console, lines)

    @property
    def router(self) -> Router:
        return self.console.router

    async def say(self, *lines: str) -> list[str]:
        """Feed lines; return what the bot printed for them."""
        start = len(self.lines)
        for line in lines:
            await self.console.line(line)
        return self.lines[start:]

    async def stored(self) -> bytes | None:
        return (await self.router.store.load(table_key(PLATFORM, GROUP))).data

    async def table(self) -> Table | None:
        return await self.router.table(PLATFORM, GROUP)
