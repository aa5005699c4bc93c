"""Discord interactions in, Stammtisch replies out. Translates; decides nothing.

A chat key is the channel id (a thread's id in a game thread). Private replies are
ephemeral when their player is the one interacting, else direct messages; a player
whose DMs are closed gets them ephemerally the next time they interact
(bot/store/mailbox.py), and the group is told once that a DM did not arrive. How replies go
out, and why a crash loses none of them: adapters/discord/sending.py.
"""

import asyncio
import contextlib
import logging
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import discord

from adapters.discord import components
from adapters.discord.answer import Answer
from adapters.discord.sending import NO_MENTIONS, PLATFORM, Sender
from bot.chat.courier import LEASE, SWEEP
from bot.chat.router import Incoming, Router
from bot.i18n import normalize, t
from bot.replies import Reply
from bot.store import mailbox
from rules import registry

log = logging.getLogger(__name__)
BUDGET = 2.0  # seconds we wait for the router before deferring: Discord allows 3 in all
THREAD_ARCHIVE_MINUTES = 1440  # a game thread hides after a day without messages
THREAD_NAME = 100  # characters


class DiscordAdapter:
    def __init__(
        self,
        router: Router,
        budget: float = BUDGET,
        *,
        lease: float = LEASE,
        sweep: float = SWEEP,
    ) -> None:
        """`lease` and `sweep`: the durable outbox's send lease and sweep interval
        (bot/chat/courier.py), shorter in tests."""
        self.router = router
        self.budget = budget
        self.sender = Sender(router, budget, lease=lease, sweep=sweep)
        self.client: discord.Client | None = None
        self._busy: set[asyncio.Task[Any]] = set()

    def bind(self, client: discord.Client) -> None:
        self.client = self.sender.client = client

    # ----- interactions in ----------------------------------------------------------------

    async def command(
        self, interaction: discord.Interaction, text: str, sealed: bool = False
    ) -> None:
        """A slash command, as the text the router reads (`/roll 2d6`).

        A game's own move (`/bid 30`) is sealed: its response is ephemeral from the
        start, so the value typed stays with the mover and it may answer a secret prompt
        in the channel; what the group should hear is posted to the channel instead."""
        with self._tracked():
            msg = self.incoming(interaction, text=text.strip())
            msg = replace(msg, sealed=sealed and interaction.guild_id is not None)
            answer = await self._answer(interaction, msg)
            if answer and text.startswith("/new"):
                await self._open_thread(answer, msg)

    async def choices(
        self, interaction: discord.Interaction, verb: str, place: int, typed: str
    ) -> list[str]:
        """What to offer for a verb's word, from the list of the game running in the
        channel (`/go`: its stations, fields or pubs), matching what is typed so far."""
        table = await self.router.table(PLATFORM, str(interaction.channel_id))
        spec = registry.get(table.game or "") if table is not None else None
        if spec is None or spec.choices is None:
            return []
        options = spec.verb_options.get(verb, ())
        if place >= len(options) or not options[place].choices:
            return []
        wanted = typed.casefold()
        values = spec.choices(options[place].choices or "")
        return [v for v in values if v.casefold().startswith(wanted)] + [
            v for v in values if wanted in v.casefold() and not v.casefold().startswith(wanted)
        ]

    async def message(self, message: discord.Message) -> None:
        """An ordinary guild message, as text in its channel: what it says back (a rule
        broken) goes to the channel."""
        msg = Incoming(
            platform=PLATFORM,
            chat=str(message.channel.id),
            user=str(message.author.id),
            name=message.author.display_name,
            handle=message.author.name,
            text=message.content,
            update_id=str(message.id),
        )
        with self._tracked():
            await self.send(await self.router.handle(msg))

    async def component(self, interaction: discord.Interaction) -> None:
        """A button press, a select menu choice or a modal submit."""
        press = components.read(interaction)
        if press is None:
            return
        with self._tracked():
            if press.modal:
                await self._open_modal(interaction, press)
                return
            await self._answer(interaction, self._pressed(interaction, press))

    async def _open_modal(self, interaction: discord.Interaction, press: components.Press) -> None:
        # A modal must be the first response: no Redis, nothing that could take long.
        lang = normalize(str(interaction.locale))
        kind = press.modal or "text"
        form = components.modal(
            t(lang, "dc.modal.title"), t(lang, f"input.{kind}"), kind, press.data
        )
        try:
            await interaction.response.send_modal(form)
        except discord.HTTPException:
            log.exception("could not open a modal in discord chat %s", interaction.channel_id)

    def _pressed(self, interaction: discord.Interaction, press: components.Press) -> Incoming:
        """A press on an ephemeral message or in a DM, and every modal, is private."""
        message = interaction.message
        private = (
            interaction.type == discord.InteractionType.modal_submit
            or interaction.guild_id is None
            or (message is not None and message.flags.ephemeral)
        )
        return self.incoming(
            interaction, text=press.text, button=press.data or None, private=private
        )

    def incoming(
        self,
        interaction: discord.Interaction,
        text: str = "",
        button: str | None = None,
        private: bool | None = None,
    ) -> Incoming:
        dm = interaction.guild_id is None
        private = dm if private is None else private
        user = str(interaction.user.id)
        return Incoming(
            platform=PLATFORM,
            chat=user if private else str(interaction.channel_id),
            user=user,
            name=interaction.user.display_name,
            handle=interaction.user.name,
            text=text,
            button=button,
            private=private,
            update_id=str(interaction.id),
            # Chat admins (may /start and /abort any table): whoever may manage messages.
            admin=not dm and interaction.permissions.manage_messages,
            lang=str(interaction.locale),
        )

    async def _answer(self, interaction: discord.Interaction, msg: Incoming) -> Answer | None:
        """Route `msg`, deferring if the router is slow, and send what it says."""
        answer = Answer(interaction, chat=None if msg.private else msg.chat)
        try:
            if msg.sealed:
                await answer.defer()
            work = asyncio.ensure_future(self._route(msg))
            done, _ = await asyncio.wait({work}, timeout=self.budget)
            if not done:
                await answer.defer()
            replies, waiting = await work
            mine = next((r for r in replies if r.pressed and r.to == msg.user), None)
            if mine is not None and await self.sender.close_pressed(answer, mine):
                replies = [r for r in replies if r is not mine or r.text]
            await self.send(replies, answer)
            if waiting and answer.lost:
                await self.send(waiting)  # by DM, or kept again for the next interaction
            elif waiting:
                lang = normalize(msg.lang)
                await self.sender.say_private(answer, Reply(text=t(lang, "dc.mailbox")))
                for reply in waiting:
                    await self.sender.say_private(answer, reply)
            await answer.finish()
            return answer
        except Exception:  # never a traceback in the chat; one short apology
            log.exception("interaction %s in discord chat %s failed", interaction.id, msg.chat)
            await self._apologise(answer, msg)
            return None

    async def _route(self, msg: Incoming) -> tuple[list[Reply], list[Reply]]:
        """The router's replies, and whatever waited for this player since a DM failed."""
        replies, waiting = await asyncio.gather(
            self.router.handle(msg), mailbox.take(self.router.redis, PLATFORM, msg.user)
        )
        return replies, waiting

    async def _apologise(self, answer: Answer, msg: Incoming) -> None:
        if answer.lost:
            return  # nowhere to say it to the user alone
        try:
            await answer.private(t(normalize(msg.lang), "error.internal"))
        except Exception:
            log.exception("could not even apologise in discord chat %s", msg.chat)

    @contextlib.contextmanager
    def _tracked(self) -> Iterator[None]:
        task = asyncio.current_task()
        if task:
            self._busy.add(task)
        try:
            yield
        finally:
            if task:
                self._busy.discard(task)

    async def drain(self) -> None:
        """Wait until every interaction in flight is answered and every reply this
        process sends is sent (tests, shutdown)."""
        while (pending := [t for t in self._busy if not t.done()]) or self.sender.courier.busy():
            await asyncio.gather(*pending, return_exceptions=True)
            await self.sender.drain()

    # ----- threads ---------------------------------------------------------------------

    async def _open_thread(self, answer: Answer, msg: Incoming) -> None:
        """A table just opened in a text channel moves into a thread of its own, so its
        negotiation and moves stay together. Without the right to make threads it stays,
        and so it does when another process posted the lobby's message (it held the
        channel's send lease): the thread is made from that message."""
        channel, rights = answer.interaction.channel, answer.interaction.app_permissions
        if msg.private or not isinstance(channel, discord.TextChannel):
            return
        if not (rights.create_public_threads and rights.send_messages_in_threads):
            return
        table = await self.router.table(PLATFORM, msg.chat)
        if table is None or table.status != "lobby" or table.opened_by != msg.update_id:
            return  # this command did not open the lobby
        try:
            if answer.posted:
                message = await answer.interaction.original_response()
            elif answer.message is not None:
                message = answer.message
            else:
                return
            spec = registry.get(table.game or "")
            game = spec.name(table.lang) if spec else table.game or ""
            thread = await message.create_thread(
                name=t(table.lang, "dc.thread_name", game=game)[:THREAD_NAME],
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as e:
            log.warning("no thread in discord channel %s: %s", msg.chat, e)
            return
        await self.router.move_table(PLATFORM, msg.chat, str(thread.id))
        # The lobby's message stays in the channel: named with its channel, so that the
        # game's start (in the thread) can take its buttons away.
        await self.router.remember_status(
            PLATFORM, str(thread.id), f"{msg.chat}:{message.id}", table.step_token
        )
        await thread.send(t(table.lang, "dc.thread_opened"), allowed_mentions=NO_MENTIONS)

    # ----- replies out ----------------------------------------------------------------

    async def send(self, replies: list[Reply], answer: Answer | None = None) -> None:
        """Every reply to its place (adapters/discord/sending.py)."""
        await self.sender.send(replies, answer)

    # ----- deadlines --------------------------------------------------------------------

    async def fire(self, member: str) -> None:
        """A due deadline (from the ticker): what it says goes to its channel."""
        _, _, replies = await self.router.fire(member)
        await self.send(replies)
