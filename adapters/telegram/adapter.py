"""Telegram updates in, the router's replies out. Translates; decides nothing."""

import logging

from telegram import CallbackQuery, Message, MessageEntity, Update, User
from telegram.ext import Application, CallbackQueryHandler, ContextTypes, MessageHandler, filters

from adapters.telegram import format
from adapters.telegram.admins import Admins
from adapters.telegram.chats import PLATFORM, is_private, key_of
from adapters.telegram.sending import Sender
from bot.chat import commands
from bot.chat.router import Incoming, Router
from bot.i18n import normalize, t
from bot.replies import Reply

log = logging.getLogger(__name__)


class TelegramAdapter:
    def __init__(self, router: Router, sender: Sender, admins: Admins) -> None:
        self.router, self.sender, self.admins = router, sender, admins

    def install(self, app: Application) -> None:
        # New messages only: an edited `/join` is not a second one.
        app.add_handler(MessageHandler(filters.UpdateType.MESSAGE, self.on_message))
        app.add_handler(CallbackQueryHandler(self.on_press))
        app.add_error_handler(self.on_error)

    async def on_message(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message, user = update.message, update.effective_user
        if message is None:
            return
        if message.migrate_to_chat_id:  # group → supergroup: the table follows the new id
            await self.router.move_table(
                PLATFORM, str(message.chat.id), str(message.migrate_to_chat_id)
            )
            return
        if user is None or user.is_bot or not message.text:
            return
        private = is_private(message.chat)
        text = _with_mentions(message)
        if private and _command(message.text) == "start":
            # Telegram says `/start` when a user presses Start in the bot's private chat
            # (also from the group's "start me" link, `?start=mail`): what waited for
            # them is delivered; with nothing waiting it is a greeting, answered as /help.
            if await self._waiting(user):
                return
            text = "/help"
        incoming = Incoming(
            platform=PLATFORM,
            chat=str(user.id) if private else key_of(message),
            user=str(user.id),
            name=user.full_name,
            handle=user.username,
            text=text,
            private=private,
            update_id=str(update.update_id),
            message_id=str(message.message_id),
            admin=not private and await self._admin(message, user),
            lang=user.language_code,
        )
        self.sender.send(await self.router.handle(incoming))
        if not private and _command(message.text) == "join":
            table = await self.router.table(PLATFORM, incoming.chat)
            if table is not None and table.seat_of(incoming.user) is not None:
                await self.sender.private.check(incoming.chat, incoming.user)

    async def on_press(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query, user = update.callback_query, update.effective_user
        if query is None or user is None or query.message is None:
            if query is not None:  # a press under an inline-mode message: not ours
                await self._answer(query, None)
            return
        private = is_private(query.message.chat)
        incoming = Incoming(
            platform=PLATFORM,
            chat=str(user.id) if private else key_of(query.message),
            user=str(user.id),
            name=user.full_name,
            handle=user.username,
            button=query.data or "",
            private=private,
            update_id=str(update.update_id),
            lang=user.language_code,
        )
        # Every press is answered, even when handling it fails (else the button spins);
        # a short notice for the presser is the answer, an alert when refused. A longer
        # one goes privately.
        replies: list[Reply] = []
        notice: Reply | None = None
        try:
            replies = await self.router.handle(incoming)
            notice = next((r for r in replies if _is_alert_for(r, user)), None)
        except Exception:  # logged here; the presser gets an apology, never a traceback
            log.exception("telegram: a button press in chat %s failed", incoming.chat)
            sorry = t(normalize(user.language_code), "error.internal")
            notice = Reply(text=sorry, to=incoming.user, notice=True, error=True)
        finally:
            await self._answer(query, notice)
        mine = next((r for r in replies if r.pressed and r.to == incoming.user), None)
        if mine and (query.message.text or query.message.caption) and _shows(query):
            # The pressed message is done with: it shows the choice, and no buttons.
            assert mine.pressed is not None
            closed = _done(query.message, mine.pressed, incoming.chat if not private else "")
            self.sender.send([closed])
        else:
            mine = None
        # A durable `mine` goes too, though `closed` shows it: its chat's outbox holds it,
        # and one never offered stalls the chat's sending (bot/chat/courier.py GRACE)
        # until it is read back and delivered all the same.
        self.sender.send(
            r
            for r in replies
            if r is not notice and not (r is mine and not r.text and not r.outbox_id)
        )

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        log.error(
            "telegram handler failed in chat %s", chat.id if chat else "?", exc_info=context.error
        )

    async def _answer(self, query: CallbackQuery, notice: Reply | None) -> None:
        try:
            await self.sender.poster.retry(
                lambda: query.answer(
                    notice.text if notice else None, show_alert=bool(notice and notice.error)
                )
            )
        except Exception as e:  # too late (a query lives ~15 s): the press was handled anyway
            log.warning("telegram: could not answer a button press: %s", e)

    async def _waiting(self, user: User) -> bool:
        """Deliver what waited for a user who just started the bot; True if anything did."""
        waiting = await self.sender.private.waiting(str(user.id))
        self.sender.send(waiting)
        return bool(waiting)

    async def _admin(self, message: Message, user: User) -> bool:
        # Asked only for a host's command (the host or a chat admin may use it): asking
        # Telegram about every message would cost a call each.
        spec = commands.find(_command(message.text or ""))
        if spec is None or spec.who != "host":
            return False
        return await self.admins.includes(message.chat.id, user.id)


def _shows(query: CallbackQuery) -> bool:
    """Whether the pressed message still shows the button pressed. One edited since (a
    living status that took the next step, a tap sent twice) is left as it is: its
    buttons are the current step's."""
    message = query.message
    markup = message.reply_markup if isinstance(message, Message) else None
    rows = markup.inline_keyboard if markup is not None else ()
    return any(button.callback_data == query.data for row in rows for button in row)


def _done(message: Message, line: str, chat: str) -> Reply:
    """An edit of `message`: its text and `line` under it, its buttons removed. (Its text
    as Telegram keeps it, without our marks: shown plain, escaped, as any text.)"""
    text = message.text or message.caption or ""
    to = None if chat else str(message.chat.id)
    return Reply(text=f"{text}\n{line}", edit=str(message.message_id), to=to, chat=chat)


def _command(text: str) -> str:
    """`/abort@stammtisch_bot now` → `abort`; plain text → ``."""
    head = text.split(maxsplit=1)[0] if text.strip() else ""
    return head[1:].partition("@")[0].lower() if head.startswith("/") else ""


def _is_alert_for(reply: Reply, user: User) -> bool:
    return (
        reply.notice
        and reply.to == str(user.id)
        and format.units(reply.text) <= format.ALERT_LIMIT
        and not reply.buttons
    )


def _with_mentions(message: Message) -> str:
    """The text, with each mention of a user who has no @handle (Telegram marks the
    name they were picked by) written `<@id>`, as the router reads mentions."""
    text = message.text or ""
    marks = [e for e in message.entities if e.type == MessageEntity.TEXT_MENTION and e.user]
    if not marks:
        return text
    units = text.encode("utf-16-le")  # entity offsets count UTF-16 code units
    out, at = [], 0
    for e in sorted(marks, key=lambda e: e.offset):
        assert e.user is not None
        out += [units[2 * at : 2 * e.offset].decode("utf-16-le"), f"<@{e.user.id}>"]
        at = e.offset + e.length
    return "".join(out) + units[2 * at :].decode("utf-16-le")
