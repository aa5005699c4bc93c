"""A fake Telegram Bot API on 127.0.0.1 for the real python-telegram-bot client.

It serves getMe and getUpdates (updates the test enqueues), answers every other
method with a plausible result, records every call, and can be told to fail a
method once (403 Forbidden, 429 RetryAfter) to exercise the adapter's handling.
"""

import asyncio
import contextlib
import itertools
import json
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_ID = 999
BOT_USERNAME = "stammtisch_test_bot"


@dataclass
class Call:
    method: str
    params: dict[str, Any]


@dataclass
class FakeTelegram:
    calls: list[Call] = field(default_factory=list)
    updates: list[dict[str, Any]] = field(default_factory=list)
    failures: dict[str, list[tuple[int, dict[str, Any]]]] = field(default_factory=dict)
    blocked: set[int] = field(default_factory=set)  # users who never started the bot
    admins: set[int] = field(default_factory=set)  # chat administrators
    port: int = 0
    _ids: itertools.count = field(default_factory=lambda: itertools.count(1))
    _update_ids: itertools.count = field(default_factory=lambda: itertools.count(1))
    _new_update: asyncio.Event = field(default_factory=asyncio.Event)

    # ----- what tests use -----
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    def fail_once(self, method: str, status: int, body: dict[str, Any]) -> None:
        self.failures.setdefault(method, []).append((status, body))

    def called(self, method: str) -> list[dict[str, Any]]:
        return [c.params for c in self.calls if c.method == method]

    def message(
        self,
        user: int,
        name: str,
        text: str,
        chat: int = -100,
        thread: int | None = None,
        lang: str = "en",
    ) -> dict[str, Any]:
        chat_type = "private" if chat == user else "supergroup"
        msg: dict[str, Any] = {
            "message_id": next(self._ids),
            "date": 0,
            "text": text,
            "from": {"id": user, "is_bot": False, "first_name": name, "language_code": lang},
            "chat": {"id": chat, "type": chat_type, "title": "Stammtisch"},
        }
        if text.startswith("/"):
            msg["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        if thread is not None:
            msg["message_thread_id"] = thread
            msg["is_topic_message"] = True
        return self.push({"message": msg})

    def press(
        self, user: int, name: str, data: str, chat: int = -100, message_id: int = 1
    ) -> dict[str, Any]:
        return self.push(
            {
                "callback_query": {
                    "id": str(next(self._ids)),
                    "chat_instance": "ci",
                    "data": data,
                    "from": {
                        "id": user,
                        "is_bot": False,
                        "first_name": name,
                        "language_code": "en",
                    },
                    "message": {
                        "message_id": message_id,
                        "date": 0,
                        "chat": {"id": chat, "type": "private" if chat == user else "supergroup"},
                    },
                }
            }
        )

    def push(self, update: dict[str, Any]) -> dict[str, Any]:
        update["update_id"] = next(self._update_ids)
        self.updates.append(update)
        self._new_update.set()
        return update

    # ----- the server -----
    async def start(self) -> web.AppRunner:
        app = web.Application()
        app.router.add_route("POST", "/bot{token}/{method}", self._handle)
        app.router.add_route("GET", "/bot{token}/{method}", self._handle)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return runner

    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        params: dict[str, Any] = {}
        for key, value in (await request.post()).items():
            if isinstance(value, str):
                try:
                    params[key] = json.loads(value)
                except ValueError:
                    params[key] = value
            else:
                params[key] = value.file.read()  # an uploaded file
        if method != "getUpdates":
            self.calls.append(Call(method, params))
        if self.failures.get(method):
            status, body = self.failures[method].pop(0)
            return web.json_response(body, status=status)
        chat = params.get("chat_id")
        if method in ("sendMessage", "sendPhoto") and chat in self.blocked:
            return web.json_response(
                {
                    "ok": False,
                    "error_code": 403,
                    "description": "Forbidden: bot can't initiate conversation with a user",
                },
                status=403,
            )
        return web.json_response({"ok": True, "result": await self._result(method, params)})

    async def _result(self, method: str, params: dict[str, Any]) -> Any:
        if method == "getMe":
            return {
                "id": BOT_ID,
                "is_bot": True,
                "first_name": "Stammtisch",
                "username": BOT_USERNAME,
                "can_join_groups": True,
                "can_read_all_group_messages": True,
                "supports_inline_queries": False,
            }
        if method == "getUpdates":
            offset = int(params.get("offset") or 0)
            if not any(u["update_id"] >= offset for u in self.updates):
                self._new_update.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._new_update.wait(), timeout=0.5)
            return [u for u in self.updates if u["update_id"] >= offset]
        if method in ("sendMessage", "sendPhoto", "editMessageText", "editMessageMedia"):
            chat = params.get("chat_id", 0)
            return {
                "message_id": params.get("message_id") or next(self._ids),
                "date": 0,
                "chat": {"id": chat, "type": "private" if chat > 0 else "supergroup"},
                "text": params.get("text", ""),
            }
        if method == "getChatMember":
            user = {"id": params.get("user_id"), "is_bot": False, "first_name": "x"}
            if params.get("user_id") in self.admins:
                return {"status": "creator", "is_anonymous": False, "user": user}
            return {"status": "member", "user": user}
        return True
