"""Private messages: a player's private chat with the bot (its id is the user's id).

Telegram lets a bot write only to users who have started it (else 403 Forbidden).
Such a player's private replies wait in their mailbox (bot/store/mailbox.py, in Redis, so
any process can deliver them); the table's group gets one message with a button that
opens the bot (`https://t.me/<bot>?start=mail`), and pressing Start there delivers
everything. Nothing private is ever posted to the group instead.

Where the operator registered a Mini App (bot/weblinks.py), every private message to a
seated player carries a last row with a `web_app` button that opens the table's page:
Telegram takes such buttons in private chats only (the group gets the direct link).
"""

import logging
from collections.abc import Callable

from telegram.constants import ChatAction
from telegram.error import BadRequest, Forbidden, TelegramError

from adapters.telegram import format
from adapters.telegram.board import picture
from adapters.telegram.chats import PLATFORM, is_group, parse_key, redis_key
from adapters.telegram.messages import Poster, Prepared
from bot.chat.router import Router
from bot.i18n import DEFAULT, t
from bot.replies import Reply
from bot.store import mailbox

log = logging.getLogger(__name__)
START_TOKEN = "mail"  # the deep link's payload: `/start mail` in the private chat
OPEN_PROMPTS = "open_prompts"  # a user's private messages with live prompt buttons
OPEN_PROMPTS_SECONDS = 86400


class PrivateChats:
    def __init__(
        self, poster: Poster, router: Router, post: Callable[[str, Prepared], None]
    ) -> None:
        self.poster, self.router = poster, router
        self.post = post  # into a table's group queue

    async def deliver(self, user: str, batch: list[Reply]) -> None:
        """Send one message (merged replies, or one picture) to the user, or keep it."""
        try:
            await self._send(int(user), batch)
        except Forbidden:
            await self._keep(user, batch)

    async def check(self, group: str, user: str) -> None:
        """A player just sat down: if the bot may not write to them yet, the group gets
        the start link now, not after their first ballot fails. (A chat action is the
        one probe Telegram answers with 403 for a user who never started the bot.)"""
        try:
            await self.poster.retry(
                lambda: self.poster.bot.send_chat_action(int(user), ChatAction.TYPING)
            )
        except Forbidden:
            if await mailbox.told(self.router.redis, PLATFORM, user):
                self.post(group, await self._start_me(group, user))
        except TelegramError as e:
            log.info("telegram: could not check user %s: %s", user, e)

    async def waiting(self, user: str) -> list[Reply]:
        """What waited for the user, now that they started the bot; the mailbox empties."""
        return await mailbox.take(self.router.redis, PLATFORM, user)

    async def close(self, user: str, line: str) -> None:
        """The user's private prompt messages still open are done: each shows `line`
        and loses its buttons (a prompt answered by typing, or one outdated)."""
        key = redis_key(int(user), OPEN_PROMPTS)
        sent = await self.router.redis.hgetall(key)
        await self.router.redis.delete(key)
        for message_id, text in sent.items():
            plain = text.decode() if isinstance(text, bytes) else str(text)
            last = format.pieces(format.lines_of(Reply(text=f"{plain}\n{line}")))[-1]
            await self.poster.edit_text(int(user), int(message_id), last)

    async def forget(self, user: str, message_id: str) -> None:
        """A private prompt message closed by its press."""
        await self.router.redis.hdel(redis_key(int(user), OPEN_PROMPTS), message_id)

    async def _remember(self, chat: int, sent: object, batch: list[Reply]) -> None:
        message_id = getattr(sent, "message_id", None)
        if message_id is None:
            return
        text = "\n".join(r.text for r in batch if r.text)
        key = redis_key(chat, OPEN_PROMPTS)
        await self.router.redis.hset(key, str(message_id), text)
        await self.router.redis.expire(key, OPEN_PROMPTS_SECONDS)

    async def _mini_app(self, user: int, batch: list[Reply]) -> tuple[str, str] | None:
        """(label, URL) of the button that opens the table's page, for a seated player
        where the operator registered a Mini App; None otherwise."""
        links = self.router.web
        group = next((r.chat for r in batch if r.chat and is_group(r.chat)), None)
        url = links.mini_app(PLATFORM, group) if links is not None and group else None
        if url is None or group is None:
            return None
        table = await self.router.table(PLATFORM, group)
        if table is None or table.status != "playing" or table.seat_of(str(user)) is None:
            return None
        return t(table.lang, "web.open_button"), url

    async def _send(self, chat: int, batch: list[Reply]) -> None:
        last = batch[-1]  # only the last reply of a batch may carry buttons
        markup = prompts = format.keyboard(last.buttons)
        if (app := await self._mini_app(chat, batch)) is not None:
            markup = format.with_mini_app(markup, *app)
        if len(batch) == 1 and (png := await picture(last)):
            caption, rest = format.caption(last)
            try:
                # The buttons go under the last message, after the text that asks.
                await self.poster.photo(chat, None, png, caption, None if rest else markup)
                if rest:
                    await self.poster.text(chat, None, rest, markup)
                return
            except BadRequest as e:  # then as text
                log.warning("telegram user %s refused a photo: %s", chat, e)
        lines = [line for reply in batch for line in format.lines_of(reply)]
        sent = await self.poster.text(chat, None, format.pieces(lines), markup)
        if prompts is not None:  # kept, to close it when it is answered by typing or outdated
            await self._remember(chat, sent, batch)

    async def _keep(self, user: str, batch: list[Reply]) -> None:
        log.info("telegram user %s has not started the bot: keeping %d replies", user, len(batch))
        first = False
        for reply in batch:
            first = await mailbox.keep(self.router.redis, PLATFORM, user, reply) or first
        group = next((r.chat for r in batch if r.chat and is_group(r.chat)), None)
        if first and group:
            self.post(group, await self._start_me(group, user))

    async def _start_me(self, group: str, user: str) -> Prepared:
        """The one group message for a player the bot cannot reach: a mention (it
        notifies them) and a button that opens the private chat."""
        table = await self.router.table(PLATFORM, group)
        lang = table.lang if table else DEFAULT
        seat = table.seat_of(user) if table else None
        if table and seat is not None:
            name = table.seats[seat].name
        else:  # no longer seated (they left, or the game is over): Telegram knows the name
            name = await self._name(group, user) or t(lang, "tg.start_me_greeting")
        # The name goes in after escaping: it is a link, and user text.
        text = format.escaped(t(lang, "tg.start_me")).replace(
            "{name}", format.mention(int(user), name)
        )
        url = f"https://t.me/{self.poster.bot.username}?start={START_TOKEN}"
        return Prepared(text, format.link_button(t(lang, "tg.start_button"), url))

    async def _name(self, group: str, user: str) -> str | None:
        chat, _ = parse_key(group)
        try:
            member = await self.poster.retry(
                lambda: self.poster.bot.get_chat_member(chat, int(user))
            )
        except TelegramError as e:
            log.warning("telegram: no name for user %s in %s: %s", user, group, e)
            return None
        return member.user.full_name or None
