"""`--web PORT`: the console's table as the web page too (adapters/web), on 127.0.0.1.

The console's store lives in its process, so the page is served from the same process.
When a game begins, each seat is shown its own signed link in its private view
(`[dm:<user>]`) and the group the spectators' link; a move tapped on a page is printed as
a typed one is. The links' key is made anew each run: a link lasts as long as the console.
"""

import secrets
import socket
from dataclasses import dataclass, field

from aiohttp import web

from adapters.console.session import GROUP, PLATFORM, Console
from adapters.web.server import Web, app
from bot.i18n import t
from bot.replies import Reply
from bot.weblinks import WebLinks

HOST = "127.0.0.1"  # the console's page is for this machine only: no public address


@dataclass
class ConsoleWeb:
    console: Console
    port: int  # 0: a free one
    url: str = ""
    runner: web.AppRunner | None = None
    announced: set[str] = field(default_factory=set)  # games (commitments) given links

    async def start(self) -> None:
        sock = socket.socket()
        sock.bind((HOST, self.port))  # (bound here, so that `0` tells the port it chose)
        self.url = f"http://{HOST}:{sock.getsockname()[1]}"
        router = self.console.router
        router.web = WebLinks(self.url, secrets.token_bytes(32))
        served = Web(router, router.web, told=self.told)
        self.runner = web.AppRunner(app(served))
        await self.runner.setup()
        await web.SockSite(self.runner, sock).start()
        self.console.write(f"[console] {t(self.console.lang, 'console.web', url=self.url)}")

    async def stop(self) -> None:
        if self.runner is not None:
            await self.runner.cleanup()

    async def told(self, replies: list[Reply]) -> None:
        await self.console.show(replies)
        await self.announce()

    async def announce(self) -> None:
        """Once per game, as it begins: each seat its own link, privately; the group the
        spectators'."""
        links = self.console.router.web
        table = await self.console.router.table(PLATFORM, GROUP)
        if links is None or table is None or table.status != "playing" or table.proof is None:
            return
        game = table.proof.commitment
        if game in self.announced:
            return
        self.announced.add(game)
        now = self.console.router.clock()
        lang = table.lang
        for seat in table.seats:
            url = links.seat(PLATFORM, GROUP, seat.user, game, now)
            self.console.write(f"[dm:{seat.user}] {t(lang, 'web.seat_link', url=url)}")
        url = links.public(PLATFORM, GROUP)
        self.console.write(f"[{GROUP}] {t(lang, 'web.board_link', url=url)}")
