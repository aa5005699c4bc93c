"""The web process's routes (aiohttp): one page per table, its JSON, its live version, the
answers, and the replay of a finished game.

    GET  /t/<slug>                the page (the same shell for everyone; it holds no data)
    GET  /tg                      the same page as the Telegram Mini App opens it
    GET  /r/<slug>                the replay page
    GET  /api/view?t=<slug>       the viewer's JSON (adapters/web/view.py)
    GET  /api/events?t=<slug>     server-sent events: the table's version when it changes
    POST /api/answer              an answer, as a button press through the router
    GET  /api/replay?t=<slug>&n=  the board after n answers of the finished game

Who looks is said by the `Authorization` header (`tma <initData>` or `seat <link token>`,
adapters/web/identity.py), never by a cookie, so no other site can act for a player; an
answer also carries the page's token, made for that viewer at that table, and must come
from our own origin. Everything the server sends has a strict Content-Security-Policy
(its own scripts and styles only, no inline script, no other origin).
"""

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from aiohttp import web

from adapters.web import replay
from adapters.web.identity import Viewer, seat_viewer, telegram_viewer
from adapters.web.view import page_view
from bot.chat.incoming import Incoming
from bot.chat.router import Router
from bot.i18n import normalize, t
from bot.replies import Reply
from bot.store.keys import adapter_key
from bot.table.model import Table
from bot.weblinks import WebLinks, unslug

log = logging.getLogger(__name__)
STATIC: Final = Path(__file__).parent / "static"
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'self' https://web.telegram.org https://*.telegram.org"
)
RATE: Final = (60, 30)  # requests a user (a spectator: an address) may make per seconds
POLL: Final = 0.5  # seconds between two looks at a table's version, per open page
STREAM: Final = 600  # seconds an event stream lasts; the browser opens the next one itself
PAGE_PURPOSE = "stammtisch web page v1"  # (what the key signs here, apart from seat links)
MAX_BODY: Final = 8192  # bytes of an answer's request


@dataclass
class Web:
    router: Router
    links: WebLinks
    telegram_token: str = ""
    clock: Callable[[], float] = time.time
    rate: tuple[int, int] = RATE
    poll: float = POLL
    streams: set[asyncio.Task[Any]] = field(default_factory=set)
    # Where a platform without a durable outbox (the console) is told what an answer says:
    # it prints the replies there as if the answer had been typed.
    told: Callable[[list[Reply]], Awaitable[None]] | None = None

    # ----- who looks -------------------------------------------------------------------

    def viewer(self, request: web.Request, table: Table | None) -> Viewer | None:
        """The viewer the request's credential proves; a spectator without one; None if the
        credential is refused."""
        kind, _, credential = request.headers.get("Authorization", "").partition(" ")
        if not kind:
            return Viewer(None)
        if kind == "tma" and table is not None and table.platform == "telegram":
            found = telegram_viewer(credential, self.telegram_token, self.clock())
            # A direct link's `startapp` comes back signed as `start_param`: initData of one
            # table's link used at another is refused. (A `web_app` button's carries none:
            # the page's path names the table, bot/weblinks.py `mini_app`.)
            if found is not None and found.slug and found.slug != request.query.get("t"):
                return None
            return found
        if kind == "seat" and table is not None and table.proof is not None:
            if table.status != "playing":  # a seat link ends with its game
                return None
            game, now = table.proof.commitment, self.clock()
            return seat_viewer(self.links, credential, table.platform, table.chat, game, now)
        return None

    def page_token(self, platform: str, chat: str, user: str, nonce: str) -> str:
        message = "\n".join((PAGE_PURPOSE, platform, chat, user, nonce)).encode()
        return nonce + "." + hmac.new(self.links.secret, message, hashlib.sha256).hexdigest()[:32]

    def page_token_ok(self, token: str, platform: str, chat: str, user: str) -> bool:
        nonce, _, _ = token.partition(".")
        wanted = self.page_token(platform, chat, user, nonce)
        return bool(nonce) and hmac.compare_digest(wanted, token)

    async def allowed(self, request: web.Request, who: str) -> bool:
        """Within the rate a user (or an address) may ask at: counted in Redis, so across
        every web process."""
        limit, seconds = self.rate
        key = adapter_key("web", who, "rate")
        async with self.router.redis.pipeline(transaction=False) as pipe:
            pipe.set(key, 0, ex=seconds, nx=True)
            pipe.incr(key)
            _, count = await pipe.execute()
        return int(count) <= limit

    async def table_of(self, request: web.Request) -> tuple[str, str, Table | None] | None:
        where = unslug(request.query.get("t", ""))
        if where is None:
            return None
        platform, chat = where
        return platform, chat, await self.router.table(platform, chat)

    # ----- routes ------------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "page.html")

    async def replay_page(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "replay.html")

    async def view(self, request: web.Request) -> web.Response:
        found = await self.table_of(request)
        lang = normalize(request.headers.get("Accept-Language", "")[:2] or None)
        if found is None:
            return _json({"error": t(lang, "web.no_table")}, 404)
        platform, chat, table = found
        viewer = self.viewer(request, table)
        if viewer is None:
            return _json({"error": t(table.lang if table else lang, "web.refused")}, 403)
        if not await self.allowed(request, viewer.user or _address(request)):
            return _json({"error": t(table.lang if table else lang, "web.slow_down")}, 429)
        seat = table.seat_of(viewer.user) if table is not None and viewer.user else None
        data = page_view(table, seat, lang)
        data["version"] = await self.router.table_version(platform, chat)
        if seat is not None and viewer.user is not None:
            data["page"] = self.page_token(platform, chat, viewer.user, secrets.token_hex(8))
        return _json(data)

    async def events(self, request: web.Request) -> web.StreamResponse:
        where = unslug(request.query.get("t", ""))
        if where is None:
            raise web.HTTPNotFound()
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream", **_HEADERS})
        response.headers["Cache-Control"] = "no-store"
        await response.prepare(request)
        last, began, quiet = -1, time.monotonic(), 0.0
        try:
            while time.monotonic() - began < STREAM:
                version = await self.router.table_version(*where)
                if version != last:
                    await response.write(f"data: {version}\n\n".encode())
                    last, quiet = version, 0.0
                elif (quiet := quiet + self.poll) >= 15:  # (proxies close a silent stream)
                    await response.write(b": still here\n\n")
                    quiet = 0.0
                await asyncio.sleep(self.poll)
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        return response

    async def answer(self, request: web.Request) -> web.Response:
        lang = normalize(request.headers.get("Accept-Language", "")[:2] or None)
        if request.content_type != "application/json" or not _same_origin(request):
            return _json({"error": t(lang, "web.refused")}, 403)
        if (request.content_length or 0) > MAX_BODY:
            return _json({"error": t(lang, "web.refused")}, 413)
        try:
            body = json.loads(await request.read())
            data, text = str(body.get("data", "")), str(body.get("text", ""))[:500]
            tap, page = str(body.get("tap", ""))[:40], str(body.get("page", ""))
        except (ValueError, AttributeError):
            return _json({"error": t(lang, "web.refused")}, 400)
        found = await self.table_of(request)
        if found is None or found[2] is None:
            return _json({"error": t(lang, "web.no_table")}, 404)
        platform, chat, table = found
        viewer = self.viewer(request, table)
        seat = table.seat_of(viewer.user) if viewer is not None and viewer.user else None
        if viewer is None or viewer.user is None or seat is None:
            return _json({"error": t(table.lang, "web.refused")}, 403)
        if not self.page_token_ok(page, platform, chat, viewer.user):
            return _json({"error": t(table.lang, "web.refused")}, 403)
        if not await self.allowed(request, viewer.user):
            return _json({"error": t(table.lang, "web.slow_down")}, 429)
        msg = Incoming(
            platform=platform,
            chat=chat,
            user=viewer.user,
            name=table.seats[seat].name,
            text=text,
            button=data,
            # Seen by the player alone, as a Discord slash command answered ephemerally:
            # it may answer a secret question, and a refusal goes to the player only.
            sealed=True,
            update_id=f"web:{tap}" if tap else None,
            lang=table.lang,
        )
        replies = await self.router.handle(msg)
        # What the answer says to the chat went to its durable outbox with the change, and
        # the platform's own process sends it; a refusal is kept nowhere: it is shown here.
        refusals = [r.text for r in replies if r.error]
        if self.told is not None and not refusals:
            await self.told(replies)
        return _json({"ok": not refusals, "error": "\n".join(refusals)})

    async def replay_frame(self, request: web.Request) -> web.Response:
        found = await self.table_of(request)
        lang = normalize(None)
        if found is None:
            return _json({"error": t(lang, "web.no_table")}, 404)
        platform, chat, _ = found
        if not await self.allowed(request, _address(request)):
            return _json({"error": t(lang, "web.slow_down")}, 429)
        table = await self.router.table(platform, chat, answers=True)
        try:
            step = int(request.query.get("n", "0"))
        except ValueError:
            step = 0
        frame = replay.frame(table, step)
        if frame is None:
            return _json({"error": t(table.lang if table else lang, "web.replay_none")}, 404)
        return _json(frame)


_HEADERS: Final = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}


def _json(data: dict[str, Any], status: int = 200) -> web.Response:
    response = web.json_response(data, status=status)
    response.headers["Cache-Control"] = "no-store"
    return response


def _address(request: web.Request) -> str:
    return request.remote or "?"


def _same_origin(request: web.Request) -> bool:
    """An answer from a page of ours: the browser's Origin (and Fetch Metadata) say so."""
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return False
    origin = request.headers.get("Origin")
    return origin is None or origin.split("://", 1)[-1] == request.host


@web.middleware
async def _secured(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    response = await handler(request)
    for name, value in _HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def app(web_: Web) -> web.Application:
    application = web.Application(middlewares=[_secured], client_max_size=MAX_BODY)
    application.add_routes(
        [
            web.get("/t/{slug}", web_.page),
            web.get("/tg", web_.page),
            web.get("/r/{slug}", web_.replay_page),
            web.get("/api/view", web_.view),
            web.get("/api/events", web_.events),
            web.post("/api/answer", web_.answer),
            web.get("/api/replay", web_.replay_frame),
            web.static("/static", STATIC),
        ]
    )
    return application
