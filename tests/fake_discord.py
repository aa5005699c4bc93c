"""A fake Discord HTTP API on 127.0.0.1 for the real discord.py client, interactions to
feed it, and `World`: bot processes (clients) running against the fake and one Redis.

Point `discord.http.Route.BASE` at `fake.base_url`, `await client.login(token)` (no
gateway), then feed INTERACTION_CREATE payloads made here to
`client._connection.parse_interaction_create`. The fake answers the REST calls the
adapter makes (interaction callbacks, webhooks, channel messages, DMs, threads,
command sync) with plausible objects and records every call. It can refuse DMs to
some users (403, code 50007) and messages in some channels (403, code 50013), and be
away (`down`: every request's connection is dropped unanswered).
"""

import asyncio
import itertools
import json
import re
from dataclasses import dataclass, field
from typing import Any

import fakeredis
from aiohttp import web

from adapters.discord.adapter import DiscordAdapter
from adapters.discord.client import StammtischClient
from bot.chat.router import Router
from rules.core.rng import Rng

APP_ID = 1000
BOT_ID = 1000
GUILD = 2000
CHANNEL = 3000
EPHEMERAL = 64  # message flag
# Everything a bot may do in a channel (Discord sends the bot's rights with every interaction).
ALL_RIGHTS = (1 << 50) - 1
BOT_USER = {
    "id": str(BOT_ID),
    "username": "stammtisch",
    "discriminator": "0",
    "global_name": "Stammtisch",
    "avatar": None,
    "bot": True,
}
STAMP = "2026-01-01T00:00:00+00:00"


@dataclass
class Call:
    method: str
    path: str
    body: dict[str, Any]
    files: list[tuple[str, bytes]]


@dataclass
class FakeDiscord:
    calls: list[Call] = field(default_factory=list)
    messages: dict[str, dict[str, Any]] = field(default_factory=dict)  # id → message
    closed_dms: set[int] = field(default_factory=set)  # users whose DMs are closed
    forbidden: set[int] = field(default_factory=set)  # channels where the bot may not post
    threads: list[int] = field(default_factory=list)  # threads the bot made, in order
    expired: set[str] = field(default_factory=set)  # interactions that take no response
    down: bool = False  # Discord away: connections dropped, nothing done or recorded
    port: int = 0
    _ids: itertools.count = field(default_factory=lambda: itertools.count(10_000))
    _originals: dict[str, str] = field(default_factory=dict)  # token → original message id
    _dms: dict[int, int] = field(default_factory=dict)  # DM channel id → user id
    _channel_of: dict[str, str] = field(default_factory=dict)  # token → interaction's channel
    _pressed: dict[str, str] = field(default_factory=dict)  # token → the message pressed
    # Who made each message: the bot token of the request ("Bot <token>"), or, for an
    # interaction's response (sent without one), "interaction:<its token>".
    made_by: dict[str, str] = field(default_factory=dict)
    _sender: str = ""

    # ----- what tests use -----------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    def called(self, method: str, pattern: str) -> list[Call]:
        """Calls whose path matches `pattern` (a regex, anchored at both ends)."""
        return [c for c in self.calls if c.method == method and re.fullmatch(pattern, c.path)]

    def answers(self, interaction: dict[str, Any]) -> list[Call]:
        """Everything said through one interaction: its callback, follow-ups, edits."""
        iid, token = interaction["id"], interaction["token"]
        return [
            c
            for c in self.calls
            if c.path.startswith(f"/interactions/{iid}/") or f"/webhooks/{APP_ID}/{token}" in c.path
        ]

    def original(self, interaction: dict[str, Any]) -> dict[str, Any]:
        """The interaction's response message, as it reads now (after any edits)."""
        return self.messages[self._originals[interaction["token"]]]

    def posted(self, channel: int) -> list[dict[str, Any]]:
        """Messages sent to a channel by the bot (not through an interaction)."""
        return [c.body for c in self.called("POST", f"/channels/{channel}/messages")]

    def dm_channel(self, user: int) -> int | None:
        return next((c for c, u in self._dms.items() if u == user), None)

    def text_of(self, channel: int) -> str:
        """What everybody sees in a channel: responses and posts, not ephemeral messages."""
        return "\n".join(
            m["content"]
            for m in self.messages.values()
            if m["channel_id"] == str(channel) and not m["flags"] & EPHEMERAL
        )

    # ----- interactions the test feeds to the client ----------------------------------------

    def interaction(
        self,
        kind: int,
        data: dict[str, Any],
        user: int,
        name: str,
        channel: int = CHANNEL,
        guild: int | None = GUILD,
        message: dict[str, Any] | None = None,
        locale: str = "en-US",
        member_rights: int = 0,
        app_rights: int = ALL_RIGHTS,
        thread: bool = False,
    ) -> dict[str, Any]:
        iid = str(next(self._ids))
        person = {"id": str(user), "username": name.lower(), "discriminator": "0"}
        person |= {"global_name": name, "avatar": None}
        payload: dict[str, Any] = {
            "id": iid,
            "application_id": str(APP_ID),
            "type": kind,
            "data": data,
            "token": f"token{iid}",
            "version": 1,
            "locale": locale,
            "app_permissions": str(app_rights),
            "attachment_size_limit": 8 * 1024 * 1024,
            "channel_id": str(channel),
            "entitlements": [],
        }
        if guild is None:
            payload["user"] = person
            payload["channel"] = {"id": str(channel), "type": 1, "recipients": [person]}
        else:
            payload["guild_id"] = str(guild)
            payload["guild_locale"] = "en-US"
            payload["channel"] = _channel(channel, guild, thread)
            payload["member"] = {
                "user": person,
                "roles": [],
                "joined_at": STAMP,
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": str(member_rights),
            }
        if message is not None:
            payload["message"] = message
            self._pressed[payload["token"]] = message["id"]
        self._channel_of[payload["token"]] = str(channel)
        return payload

    def command(
        self, name: str, user: int, who: str, options: dict[str, str] | None = None, **kw: Any
    ) -> dict[str, Any]:
        opts = [{"name": k, "type": 3, "value": v} for k, v in (options or {}).items()]
        data = {"id": "1", "name": name, "type": 1, "options": opts}
        return self.interaction(2, data, user, who, **kw)

    def typed_command(
        self, name: str, user: int, who: str, options: dict[str, Any], **kw: Any
    ) -> dict[str, Any]:
        """A slash command with typed options: an int is an integer option (type 4), a
        (user id, name) pair a user option (type 6, resolved as Discord sends it), any
        other value a string."""
        opts, users = [], {}
        for key, value in options.items():
            if isinstance(value, tuple):
                uid, uname = value
                opts.append({"name": key, "type": 6, "value": str(uid)})
                users[str(uid)] = {"id": str(uid), "username": uname.lower()}
                users[str(uid)] |= {"discriminator": "0", "global_name": uname, "avatar": None}
            elif isinstance(value, int):
                opts.append({"name": key, "type": 4, "value": value})
            else:
                opts.append({"name": key, "type": 3, "value": value})
        data = {"id": "1", "name": name, "type": 1, "options": opts}
        if users:
            data["resolved"] = {"users": users}
        return self.interaction(2, data, user, who, **kw)

    def autocomplete(self, name: str, option: str, typed: str, user: int, **kw: Any):
        opts = [{"name": option, "type": 3, "value": typed, "focused": True}]
        return self.interaction(
            4, {"id": "1", "name": name, "type": 1, "options": opts}, user, "x", **kw
        )

    def press(
        self, message: dict[str, Any], custom_id: str, user: int, who: str, **kw: Any
    ) -> dict[str, Any]:
        """Press a button of a message the fake returned (its id must be one we gave)."""
        data = {"custom_id": custom_id, "component_type": 2}
        return self.interaction(3, data, user, who, message=message, **kw)

    def choose(
        self, message: dict[str, Any], custom_id: str, value: str, user: int, who: str, **kw: Any
    ) -> dict[str, Any]:
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
        return self.interaction(3, data, user, who, message=message, **kw)

    def submit(
        self,
        custom_id: str,
        value: str,
        user: int,
        who: str,
        message: dict[str, Any] | None = None,
        **kw: Any,
    ) -> dict[str, Any]:
        """A modal submitted; `message`: the one whose button opened it (Discord sends it
        along, and the submit may be answered by editing it)."""
        field_ = {"type": 4, "custom_id": "value", "value": value}
        data = {"custom_id": custom_id, "components": [{"type": 1, "components": [field_]}]}
        return self.interaction(5, data, user, who, message=message, **kw)

    # ----- the server ---------------------------------------------------------------------

    async def start(self) -> web.AppRunner:
        app = web.Application()
        app.router.add_route("*", "/api/v10/{path:.*}", self._handle)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return runner

    async def _handle(self, request: web.Request) -> web.Response:
        if self.down:
            assert request.transport is not None
            request.transport.close()  # (the client sees the server disconnect)
            return web.Response(status=503)
        path = "/" + request.match_info["path"]
        body, files = await _read(request)
        self.calls.append(Call(request.method, path, body, files))
        for method, pattern, handler in self._routes():
            if request.method == method and (m := re.fullmatch(pattern, path)):
                self._sender = request.headers.get("Authorization", "")
                result = handler(body, files, *m.groups())
                if isinstance(result, web.Response):
                    return result
                return _json(result)
        if request.method == "DELETE":
            return web.Response(status=204)
        return _json({"message": "not faked", "code": 0}, 404)

    def _routes(self) -> list[tuple[str, str, Any]]:
        hook = rf"/webhooks/{APP_ID}/([^/]+)"
        return [
            ("GET", r"/users/@me", lambda b, f: BOT_USER),
            ("GET", r"/oauth2/applications/@me", lambda b, f: _application()),
            ("PUT", r"/applications/\d+/commands", lambda b, f: _commands(b)),
            ("PUT", r"/applications/\d+/guilds/\d+/commands", lambda b, f: _commands(b)),
            ("POST", r"/interactions/(\d+)/([^/]+)/callback", self._callback),
            ("GET", hook + r"/messages/@original", self._get_original),
            ("PATCH", hook + r"/messages/@original", self._edit_original),
            ("POST", hook, self._followup),
            ("POST", r"/users/@me/channels", self._open_dm),
            ("POST", r"/channels/(\d+)/messages", self._post),
            ("PATCH", r"/channels/(\d+)/messages/(\d+)", self._edit),
            ("POST", r"/channels/(\d+)/messages/(\d+)/threads", self._thread),
            ("DELETE", r"/channels/(\d+)/messages/(\d+)", self._delete),
        ]

    def _message(
        self,
        channel: str,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
        flags: int = 0,
        token: str | None = None,
    ) -> dict[str, Any]:
        mid = str(next(self._ids))
        self.made_by[mid] = self._sender or f"interaction:{token}"
        self.messages[mid] = {
            "id": mid,
            "channel_id": str(channel),
            "author": BOT_USER,
            "content": body.get("content") or "",
            "timestamp": STAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": _attachments(files),
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": (body.get("flags") or 0) | flags,
            "components": body.get("components") or [],
        }
        return self.messages[mid]

    def _callback(self, body, files, iid, token):
        if iid in self.expired:  # answered too late, or answered elsewhere already
            return _json({"message": "Unknown interaction", "code": 10062}, 404)
        kind, data = body.get("type"), body.get("data") or {}
        resource: dict[str, Any] = {"type": kind}
        if kind in (4, 5):  # a message, or "thinking…" to be edited later
            message = self._message(self._channel_of[token], data, files, token=token)
            self._originals[token] = message["id"]
            resource["message"] = message
        if kind == 7:  # the pressed message, edited as the response
            resource["message"] = self._edit(data, files, None, self._pressed[token])
        return {
            "interaction": {
                "id": iid,
                "type": 2,
                "response_message_id": self._originals.get(token),
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL),
            },
            "resource": resource,
        }

    def _get_original(self, body, files, token):
        return self.messages[self._originals[token]]

    def _edit_original(self, body, files, token):
        return self._edit(body, files, None, self._originals[token])

    def _followup(self, body, files, token):
        return self._message(self._channel_of[token], body, files, token=token)

    def _open_dm(self, body, files):
        user = int(body["recipient_id"])
        channel = next((c for c, u in self._dms.items() if u == user), None)
        if channel is None:
            channel = next(self._ids)
            self._dms[channel] = user
        person = {"id": str(user), "username": f"u{user}", "discriminator": "0", "avatar": None}
        return {"id": str(channel), "type": 1, "recipients": [person], "last_message_id": None}

    def _post(self, body, files, channel):
        if self._dms.get(int(channel)) in self.closed_dms:
            error = {"message": "Cannot send messages to this user", "code": 50007}
            return _json(error, 403)
        if int(channel) in self.forbidden:
            return _json({"message": "Missing Permissions", "code": 50013}, 403)
        return self._message(channel, body, files)

    def _edit(self, body, files, channel, mid):
        if mid not in self.messages:
            return _json({"message": "Unknown Message", "code": 10008}, 404)
        message = self.messages[mid]
        for key in ("content", "components", "flags"):
            if key in body:
                message[key] = body[key] or ([] if key == "components" else "")
        if "attachments" in body or files:
            message["attachments"] = _attachments(files)
        message["edited_timestamp"] = STAMP
        return message

    def _delete(self, body, files, channel, mid):
        self.messages.pop(mid, None)
        return web.Response(status=204)

    def _thread(self, body, files, channel, mid):
        self.threads.append(next(self._ids))
        thread = _channel(self.threads[-1], GUILD, thread=True, parent=int(channel))
        return thread | {"name": body.get("name", "")}


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py reads a body as JSON only when its type is exactly `application/json`
    # (aiohttp's json_response adds `; charset=utf-8`).
    body = json.dumps(data).encode()
    return web.Response(body=body, status=status, headers={"Content-Type": "application/json"})


def _channel(channel: int, guild: int, thread: bool = False, parent: int = CHANNEL) -> dict:
    base = {"id": str(channel), "guild_id": str(guild), "name": "stammtisch", "flags": 0}
    if not thread:
        return base | {
            "type": 0,
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "rate_limit_per_user": 0,
        }
    return base | {
        "type": 11,
        "parent_id": str(parent),
        "owner_id": str(BOT_ID),
        "message_count": 0,
        "member_count": 1,
        "rate_limit_per_user": 0,
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": 1440,
            "archive_timestamp": STAMP,
            "locked": False,
        },
    }


def _attachments(files: list[tuple[str, bytes]]) -> list[dict[str, Any]]:
    return [
        {
            "id": str(i + 1),
            "filename": name,
            "size": len(data),
            "url": f"http://127.0.0.1/{name}",
            "proxy_url": f"http://127.0.0.1/{name}",
        }
        for i, (name, data) in enumerate(files)
    ]


def _application() -> dict[str, Any]:
    return {
        "id": str(APP_ID),
        "name": "Stammtisch",
        "icon": None,
        "description": "",
        "rpc_origins": [],
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": BOT_USER,
        "summary": "",
        "verify_key": "0" * 64,
        "flags": 0,
    }


def _commands(body: Any) -> list[dict[str, Any]]:
    return [
        {"id": str(i + 1), "application_id": str(APP_ID), "version": "1", "type": 1} | c
        for i, c in enumerate(body)
    ]


async def _read(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
    """A request's JSON body, also out of a multipart upload (payload_json + files)."""
    if request.content_type.startswith("multipart/"):
        body: Any = {}
        files = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if part.name == "payload_json":
                body = json.loads(await part.text())
            else:
                files.append((part.filename or part.name or "", await part.read()))
        return body, files
    raw = await request.read()
    return (json.loads(raw) if raw else {}), []


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
        options.setdefault("ticker", False)
        options.setdefault("sweep", False)  # (tests of the outbox sweep ask for it)
        outbox = {k: options.pop(k) for k in ("lease",) if k in options}
        client = StammtischClient(DiscordAdapter(router, budget=budget, **outbox), **options)
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
