"""The python-telegram-bot Application, wired to the router, and what runs beside it.

On start: the bot's @name for the router (it ignores `/roll@otherbot`), the command
menus, the deadline ticker, which fires due deadlines and sends what they say, and the
outbox sweep, which sends what a process that died left unsent (bot/chat/courier.py).
On stop: the ticker and the sweep end and the queues are sent out.
"""

import asyncio
import logging
import time
from dataclasses import dataclass, field, replace

from telegram.ext import Application

from adapters.telegram import menu
from adapters.telegram.adapter import TelegramAdapter
from adapters.telegram.admins import Admins
from adapters.telegram.calls import Retry
from adapters.telegram.chats import PLATFORM
from adapters.telegram.messages import Poster
from adapters.telegram.order import ChatOrder
from adapters.telegram.pace import Pace
from adapters.telegram.sending import Sender
from adapters.telegram.settings import Settings
from bot.chat.courier import LEASE, SWEEP
from bot.chat.router import Router
from bot.ops import metrics
from bot.store.scheduler import run_ticker, stop

log = logging.getLogger(__name__)
# Only these updates are fetched: nothing else would be read.
UPDATES = ["message", "callback_query"]


@dataclass
class TelegramBot:
    app: Application
    adapter: TelegramAdapter
    ticker_interval: float = 1.0
    _ticker: asyncio.Task[None] | None = field(default=None, init=False)
    _sweep: asyncio.Task[None] | None = field(default=None, init=False)

    @property
    def router(self) -> Router:
        return self.adapter.router

    async def on_start(self, app: Application) -> None:
        self.router.bot_name = app.bot.username
        # With privacy mode on (the default), Telegram shows the bot only commands and
        # replies: games that read the chat are then played with what the group watches.
        self.router.reads_chat = bool(app.bot.can_read_all_group_messages)
        await menu.register(app.bot)
        self._ticker = asyncio.create_task(
            run_ticker(
                self.router.deadlines(PLATFORM), self.fire, self.router.clock, self.ticker_interval
            )
        )
        self._sweep = asyncio.create_task(self.adapter.sender.courier.run())

    async def on_stop(self, app: Application) -> None:
        for task in (self._ticker, self._sweep):
            if task:
                await stop(task)
        await self.adapter.sender.drain()

    async def fire(self, member: str) -> None:
        _platform, chat, replies = await self.router.fire(member)
        self.adapter.sender.send(replace(r, chat=r.chat or chat) for r in replies)


def build(
    settings: Settings,
    router: Router,
    *,
    pace: Pace | None = None,
    retry: Retry | None = None,
    ticker_interval: float = 1.0,
    lease: float = LEASE,
    sweep: float = SWEEP,
) -> TelegramBot:
    """The Application with our handlers; pacing, retries and the outbox's send lease
    and sweep interval injectable for tests."""
    app = (
        Application.builder()
        .token(settings.token)
        .base_url(settings.base_url)
        .base_file_url(settings.base_file_url)
        .concurrent_updates(ChatOrder())
        .build()
    )
    retry = retry or Retry()
    poster = Poster(app.bot, pace or Pace(router.redis, clock=time.time), retry)
    router.durable.add(PLATFORM)  # what a change says is kept with it (bot/chat/courier.py)
    sender = Sender(poster, router, lease=lease, sweep=sweep)
    adapter = TelegramAdapter(router, sender, Admins(app.bot, retry))
    adapter.install(app)
    metrics.backlog(PLATFORM, adapter.sender.backlog)
    bot = TelegramBot(app, adapter, ticker_interval)
    app.post_init, app.post_stop = bot.on_start, bot.on_stop  # (run_polling/run_webhook)
    return bot
