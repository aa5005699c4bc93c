"""A fake Telegram Bot API on 127.0.0.1, for the real python-telegram-bot client.

It serves getMe and getUpdates (real update JSON that a test enqueues: messages,
commands, presses of buttons the bot really sent, `/start <token>` privately, a group
becoming a supergroup), records every other call, answers them as Telegram would, and
can be told to fail: a user who never started the bot (403), a chat without photo
rights, a flood wait (429), a bad gateway, a group that migrated.

`running_bot` starts our bot against it, polling, with pacing and retries that do not
make a test wait.
"""

import asyncio
import contextlib
import itertools
import json
import time
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from adapters.telegram.application import UPDATES, TelegramBot, build
from adapters.telegram.calls import Retry
from adapters.telegram.pace import Pace
from adapters.telegram.settings import Settings
from bot.chat.courier import LEASE, SWEEP
from bot.chat.router import Router
from rules.core.rng import Rng

TOKEN = "123:fake"
BOT_ID = 999
BOT_USERNAME = "stammtisch_test_bot"
GROUP = -100123
NOW = 1_790_000_000  # a message's date; 0 would make it an "inaccessible" message


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    at: float  # time.monotonic() when it arrived
    ok: bool = True  # False: the fake refused it (403, 429 …)


@dataclass
class FakeTelegram:
    calls: list[Call] = field(default_factory=list)
    updates: list[dict[str, Any]] = field(default_factory=list)
    reads_all: bool = True  # privacy mode off: the bot sees every group message
    blocked: set[int] = field(default_factory=set)  # users who never started the bot
    admins: dict[int, set[int]] = field(default_factory=dict)  # chat → its administrators
    no_photos: set[int] = field(default_factory=set)  # chats where the bot may not post photos
    forums: set[int] = field(default_factory=set)  # supergroups with topics
    basic_groups: set[int] = field(default_factory=set)  # groups not (yet) supergroups
    sent: dict[int, dict[str, Any]] = field(default_factory=dict)  # message id → the message
    names: dict[int, str] = field(default_factory=dict)  # user → name, from what they did
    port: int = 0
    clock: Callable[[], float] = time.monotonic  # stamps calls (a bench's model clock)
    _failures: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    _ids: itertools.count = field(default_factory=lambda: itertools.count(1000))
    _update_ids: itertools.count = field(default_factory=lambda: itertools.count(1))
    _new: asyncio.Event = field(default_factory=asyncio.Event)

    # ----- what tests enqueue -------------------------------------------------------

    def say(
        self,
        user: int,
        name: str,
        text: str,
        chat: int = GROUP,
        thread: int | None = None,
        lang: str = "en",
        username: str | None = None,
        mention: tuple[str, int, str] | None = None,
    ) -> dict[str, Any]:
        """A user writes `text` in `chat` (their own id: privately to the bot).

        `mention` = (words in `text`, user id, first name): a text mention, as Telegram
        marks a user without @handle picked from the member list."""
        self.names[user] = name
        sender = _user(user, name, lang)
        if username:
            sender["username"] = username
        msg = {**self._message(chat, thread), "text": text, "from": sender}
        entities = []
        if text.startswith("/"):
            command = text.split()[0]
            entities.append({"type": "bot_command", "offset": 0, "length": len(command)})
        if mention:
            words, who, first_name = mention
            at = len(text[: text.index(words)].encode("utf-16-le")) // 2
            length = len(words.encode("utf-16-le")) // 2
            entities.append(
                {
                    "type": "text_mention",
                    "offset": at,
                    "length": length,
                    "user": _user(who, first_name, None),
                }
            )
        if entities:
            msg["entities"] = entities
        return self.push({"message": msg})

    def press(self, user: int, name: str, message_id: int, data: str) -> dict[str, Any]:
        """A user presses a button with `data` under a message the bot sent."""
        message = self.sent[message_id]
        return self.push(
            {
                "callback_query": {
                    "id": str(next(self._ids)),
                    "chat_instance": "1",
                    "from": _user(user, name, "en"),
                    "message": message,
                    "data": data,
                }
            }
        )

    def press_label(self, user: int, name: str, label: str, chat: int) -> dict[str, Any]:
        """A user presses the button labelled `label` under the latest message in `chat`
        that has one."""
        for message_id in sorted(self.sent, reverse=True):
            message = self.sent[message_id]
            if message["chat"]["id"] != chat:
                continue
            for row in message.get("reply_markup", {}).get("inline_keyboard", []):
                for button in row:
                    if button["text"] == label and "callback_data" in button:
                        return self.press(user, name, message_id, button["callback_data"])
        raise AssertionError(f"no button {label!r} in chat {chat}")

    def migrate(self, old: int, new: int) -> dict[str, Any]:
        """The service message a group gets when it becomes a supergroup."""
        self.basic_groups.discard(old)
        msg = {**self._message(old, None), "migrate_to_chat_id": new}
        msg["from"] = _user(1, "Admin", "en")
        return self.push({"message": msg})

    def wake(self) -> None:
        self._new.set()

    def push(self, update: dict[str, Any]) -> dict[str, Any]:
        update["update_id"] = next(self._update_ids)
        self.updates.append(update)
        self._new.set()
        return update

    def fail(
        self, method: str, status: int, description: str, times: int = 1, **parameters: Any
    ) -> None:
        """The next `times` calls of `method` fail as Telegram would fail them."""
        body = _error(status, description)
        if parameters:
            body["parameters"] = parameters
        self._failures.setdefault(method, []).extend([body] * times)

    # ----- what tests read ----------------------------------------------------------

    def called(self, method: str) -> list[dict[str, Any]]:
        """Every call of `method`, refused ones too."""
        return [c.params for c in self.calls if c.method == method]

    def done(self, method: str) -> list[dict[str, Any]]:
        """The calls of `method` that succeeded."""
        return [c.params for c in self.calls if c.method == method and c.ok]

    def texts(self, chat: int, thread: int | None = None) -> list[str]:
        """Texts of the messages sent to `chat` (to one topic of it, if given)."""
        return [
            c["text"]
            for c in self.done("sendMessage")
            if c["chat_id"] == chat and (thread is None or c.get("message_thread_id") == thread)
        ]

    def everything(self, chat: int) -> str:
        """All the text a chat was shown: messages, captions and edits."""
        out = []
        for c in self.calls:
            if c.ok and c.params.get("chat_id") == chat:
                out.append(str(c.params.get("text") or c.params.get("caption") or ""))
                media = c.params.get("media")
                out.append(media.get("caption", "") if isinstance(media, dict) else "")
        return "\n".join(out)

    # ----- the server ---------------------------------------------------------------

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    async def start(self) -> web.AppRunner:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return runner

    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        params = await _params(request)
        call = Call(method, params, self.clock())
        if method != "getUpdates":
            self.calls.append(call)
        refusal = self._failures[method].pop(0) if self._failures.get(method) else None
        refusal = refusal or self._refusal(method, params)
        if refusal:
            call.ok = False
            return web.json_response(refusal, status=refusal["error_code"])
        return web.json_response({"ok": True, "result": await self._result(method, params)})

    def _refusal(self, method: str, params: dict[str, Any]) -> dict[str, Any] | None:
        chat = params.get("chat_id")
        if method in ("sendMessage", "sendPhoto", "sendChatAction") and chat in self.blocked:
            return _error(403, "Forbidden: bot can't initiate conversation with a user")
        if method in ("sendPhoto", "editMessageMedia") and chat in self.no_photos:
            return _error(400, "Bad Request: not enough rights to send photos to the chat")
        if method.startswith("edit") and params.get("message_id") not in self.sent:
            return _error(400, "Bad Request: message to edit not found")
        if (
            method == "editMessageText"
            and self.sent[params["message_id"]].get("text") == params["text"]
        ):
            return _error(400, "Bad Request: message is not modified")
        return None

    async def _result(self, method: str, params: dict[str, Any]) -> Any:
        if method == "getMe":
            return {
                **_user(BOT_ID, "Stammtisch", None),
                "is_bot": True,
                "username": BOT_USERNAME,
                "can_join_groups": True,
                "can_read_all_group_messages": self.reads_all,
                "supports_inline_queries": False,
            }
        if method == "getUpdates":
            offset = int(params.get("offset") or 0)
            wait = min(float(params.get("timeout") or 0), 0.5)  # a long poll, kept short
            if wait and not any(u["update_id"] >= offset for u in self.updates):
                self._new.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._new.wait(), timeout=wait)
            return [u for u in self.updates if u["update_id"] >= offset]
        if method in ("sendMessage", "sendPhoto"):
            return self._remember(params)
        if method in ("editMessageText", "editMessageMedia", "editMessageReplyMarkup"):
            message = self.sent[params["message_id"]]
            if "text" in params:
                message["text"] = params["text"]
            # As Telegram does: an edit without a keyboard leaves the message without one.
            if params.get("reply_markup"):
                message["reply_markup"] = params["reply_markup"]
            else:
                message.pop("reply_markup", None)
            return message
        if method == "deleteMessage":
            self.sent.pop(params["message_id"], None)
            return True
        if method == "getChatMember":
            user = int(params["user_id"])
            return {"status": "member", "user": _user(user, self.names.get(user, "?"), None)}
        if method == "getChatAdministrators":
            return [
                {"status": "administrator", "user": _user(u, "Admin", None), **_ADMIN_RIGHTS}
                for u in self.admins.get(params["chat_id"], set())
            ]
        return True

    def _remember(self, params: dict[str, Any]) -> dict[str, Any]:
        message = {
            **self._message(params["chat_id"], params.get("message_thread_id")),
            "from": {**_user(BOT_ID, "Stammtisch", None), "is_bot": True},
        }
        if "text" in params:
            message["text"] = params["text"]
        if "reply_markup" in params:
            message["reply_markup"] = params["reply_markup"]
        if "photo" in params:
            message["photo"] = [{"file_id": "p", "file_unique_id": "p", "width": 1, "height": 1}]
        self.sent[message["message_id"]] = message
        return message

    def _message(self, chat: int, thread: int | None) -> dict[str, Any]:
        if chat > 0:
            kind = {"type": "private", "first_name": "Someone"}
        elif chat in self.basic_groups:
            kind = {"type": "group", "title": "Stammtisch"}
        else:
            kind = {"type": "supergroup", "title": "Stammtisch", "is_forum": chat in self.forums}
        msg: dict[str, Any] = {
            "message_id": next(self._ids),
            "date": NOW,
            "chat": {"id": chat, **kind},
        }
        if thread is not None:
            msg["message_thread_id"] = thread
            msg["is_topic_message"] = True
        return msg


_ADMIN_RIGHTS = {
    key: True
    for key in (
        "can_be_edited",
        "is_anonymous",
        "can_manage_chat",
        "can_delete_messages",
        "can_manage_video_chats",
        "can_restrict_members",
        "can_promote_members",
        "can_change_info",
        "can_invite_users",
        "can_post_stories",
        "can_edit_stories",
        "can_delete_stories",
    )
}


def _user(user: int, name: str, lang: str | None) -> dict[str, Any]:
    data: dict[str, Any] = {"id": user, "is_bot": False, "first_name": name}
    if lang:
        data["language_code"] = lang
    return data


def _error(status: int, description: str) -> dict[str, Any]:
    return {"ok": False, "error_code": status, "description": description}


async def _params(request: web.Request) -> dict[str, Any]:
    params: dict[str, Any] = {}
    for key, value in (await request.post()).items():
        if isinstance(value, str):
            try:
                params[key] = json.loads(value)
            except ValueError:
                params[key] = value
        else:
            params[key] = value.file.read()  # an uploaded file
    return params


# ----- our bot, running against the fake ------------------------------------------------


class Clock:
    """The router's clock, moved by the test."""

    def __init__(self, now: float = float(NOW)) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@contextlib.asynccontextmanager
async def running_bot(
    fake: FakeTelegram,
    redis: Any,
    *,
    clock: Callable[[], float] | None = None,
    pace: Pace | None = None,
    retry: Retry | None = None,
    seed: int = 1,
    lease: float = LEASE,
    sweep: float = SWEEP,
) -> AsyncIterator[TelegramBot]:
    """Our bot polling the fake: started as run_polling would start it, stopped after.
    `lease` and `sweep`: its outbox's send lease and sweep interval (bot/chat/courier.py)."""
    rng = Rng.from_seed(seed)
    router = Router(redis, entropy=lambda: rng.next64() >> 1, clock=clock or time.time)
    settings = Settings(token=TOKEN, base_url=fake.base_url, base_file_url=fake.base_file_url)
    bot = build(
        settings,
        router,
        pace=pace or Pace(redis, gap=0, per_minute=10_000),
        retry=retry or Retry(backoff=0),
        ticker_interval=0.01,
        lease=lease,
        sweep=sweep,
    )
    await bot.app.initialize()
    await bot.app.start()
    await bot.on_start(bot.app)  # post_init: run_polling would call it
    await bot.app.updater.start_polling(poll_interval=0, timeout=10, allowed_updates=UPDATES)
    try:
        yield bot
    finally:
        fake.wake()  # the pending long poll ends now, not after its timeout
        await bot.app.updater.stop()
        await bot.app.stop()
        await bot.on_stop(bot.app)  # post_stop
        await bot.app.shutdown()


def begin(fake: FakeTelegram, new: str, players: Sequence[tuple[int, str]]) -> None:
    """The first of `players` says `new` (`/new auktion rounds=1`) in the group, the others
    join, the first starts: queued for the bot to poll, in that order."""
    (host, host_name), *others = players
    fake.say(host, host_name, new)
    for user, name in others:
        fake.say(user, name, "/join")
    fake.say(host, host_name, "/start")


async def until(check: Callable[[], object], timeout: float = 5.0) -> None:
    """Wait until `check()` holds (the bot works in tasks of its own)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.005)
