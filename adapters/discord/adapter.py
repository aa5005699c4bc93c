"""Discord interactions in, Stammtisch replies out. Translates; decides nothing.

A chat key is the channel id (a thread's id in a game thread). Private replies are
ephemeral when their player is the one interacting, else direct messages; a player
whose DMs are closed gets them ephemerally the next time they interact
(bot/mailbox.py), and the group is told once that a DM did not arrive.
"""

import asyncio
import contextlib
import io
import logging
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import replace
from typing import Any

import discord

from adapters.discord import components
from adapters.discord.answer import Answer
from adapters.discord.format import pieces, to_markdown, with_mentions
from bot import mailbox, pictures
from bot.i18n import normalize, t
from bot.keys import adapter_key
from bot.replies import Reply
from bot.router import Incoming, Router
from rules import registry

log = logging.getLogger(__name__)
PLATFORM = "discord"
BUDGET = 2.0  # seconds we wait for the router before deferring: Discord allows 3 in all
DM_CLOSED = 50007  # Discord's code for "Cannot send messages to this user"
NO_MENTIONS = discord.AllowedMentions.none()
THREAD_ARCHIVE_MINUTES = 1440  # a game thread hides after a day without messages
THREAD_NAME = 100  # characters
OPEN_PROMPTS = "open_prompts"  # a user's DMs with live prompt components: channel:id → text
OPEN_PROMPTS_SECONDS = 86400


class DiscordAdapter:
    def __init__(self, router: Router, budget: float = BUDGET) -> None:
        self.router = router
        self.budget = budget
        self.client: discord.Client | None = None
        self._busy: set[asyncio.Task[Any]] = set()

    def bind(self, client: discord.Client) -> None:
        self.client = client

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
            if mine is not None and mine.pressed and await self._done(answer, mine.pressed):
                replies = [r for r in replies if r is not mine or r.text]
            if not answer.done and not _quick(replies, answer):
                await answer.defer()  # before drawing a picture or calling Discord elsewhere
            await self.send(replies, answer)
            if waiting and answer.lost:
                await self.send(waiting)  # by DM, or kept again for the next interaction
            elif waiting:
                lang = normalize(msg.lang)
                await self._say_private(answer, Reply(text=t(lang, "dc.mailbox")))
                for reply in waiting:
                    await self._say_private(answer, reply)
            await answer.finish()
            return answer
        except Exception:  # never a traceback in the chat; one short apology
            log.exception("interaction %s in discord chat %s failed", interaction.id, msg.chat)
            await self._apologise(answer, msg)
            return None

    async def _done(self, answer: Answer, line: str) -> bool:
        """The pressed message is done with: it shows `line` (the choice, or outdated)
        and loses its components. Answering the press with this edit costs no extra
        call, and is the only way to edit an ephemeral message. False: no message."""
        message = answer.interaction.message
        if message is None or answer.lost:
            return False
        await self._forget(answer.user, f"{message.channel.id}:{message.id}")
        content = f"{message.content}\n{line}"[:2000]
        try:
            if not answer.done:
                await answer.interaction.response.edit_message(
                    content=content, view=None, allowed_mentions=NO_MENTIONS
                )
            elif not message.flags.ephemeral:
                await message.edit(content=content, view=None, allowed_mentions=NO_MENTIONS)
        except discord.HTTPException as e:
            log.warning("discord: could not close a pressed message: %s", e)
        return True

    async def _close(self, user: str, line: str) -> None:
        """The user's direct messages with live prompt components are done: each shows
        `line` and loses them (answered in a modal or outdated). Ephemeral prompts cannot
        be edited later; they vanish with the client's session."""
        assert self.client is not None
        key = adapter_key(PLATFORM, user, OPEN_PROMPTS)
        sent = await self.router.redis.hgetall(key)
        await self.router.redis.delete(key)
        for where, content in sent.items():
            channel, _, message_id = (
                where.decode() if isinstance(where, bytes) else where
            ).partition(":")
            text = content.decode() if isinstance(content, bytes) else str(content)
            partial = self.client.get_partial_messageable(int(channel))
            try:
                await partial.get_partial_message(int(message_id)).edit(
                    content=f"{text}\n{to_markdown(line)}"[:2000], view=None
                )
            except discord.HTTPException as e:
                log.info("discord: could not close prompt %s: %s", where, e)

    async def _forget(self, user: str, where: str) -> None:
        await self.router.redis.hdel(adapter_key(PLATFORM, user, OPEN_PROMPTS), where)

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
        """Wait until every interaction in flight is answered (tests, shutdown)."""
        while pending := [t for t in self._busy if not t.done()]:
            await asyncio.gather(*pending, return_exceptions=True)

    # ----- threads ---------------------------------------------------------------------

    async def _open_thread(self, answer: Answer, msg: Incoming) -> None:
        """A table just opened in a text channel moves into a thread of its own, so its
        negotiation and moves stay together. Without the right to make threads it stays."""
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
        """Every reply to its place; one that fails is logged and the others still go."""
        for reply in replies:
            try:
                if reply.menu is not None:
                    continue  # slash commands are the same everywhere (commands.py)
                if reply.pressed and not reply.text:
                    if reply.private and reply.to:
                        await self._close(reply.to, reply.pressed)
                elif (
                    reply.error
                    and not reply.private
                    and answer is not None
                    and not answer.lost
                    and reply.chat == answer.chat
                ):
                    # A refusal (a /roll it cannot read, a /join too late) is for whoever
                    # asked: ephemeral, the channel keeps its game.
                    await self._say_private(answer, reply)
                elif reply.private and answer is not None and reply.to == answer.user:
                    await self._say_private(answer, reply)
                elif reply.private:
                    await self._direct(reply, answer)
                elif reply.board:
                    await self._board(reply, answer)
                elif reply.edit is not None:
                    await self._edit(reply, answer)
                else:
                    await self._group(reply, answer)
            except discord.Forbidden as e:
                await self._explain(answer, reply.chat, e)
            except Exception:
                log.exception("sending to discord chat %s failed", reply.chat)

    async def _picture(self, reply: Reply) -> bytes | None:
        svg = reply.svg() if reply.svg else None
        return await pictures.png(svg) if svg else None

    async def _post(
        self,
        send: Callable[..., Awaitable[Any]],
        reply: Reply,
        view: discord.ui.View | None = None,
        mentions: discord.AllowedMentions = NO_MENTIONS,
        picture: bytes | None = None,
    ) -> Any:
        """A reply as messages of at most 2000 characters: a picture on the first (instead
        of the text board), components under the last. Returns the last sent."""
        parts = pieces(reply, with_pre=picture is None) or [""]
        if reply.mentions:  # whoever must act, notified; nobody else ever
            parts[-1] = with_mentions(parts[-1], reply.mentions)
            users = [discord.Object(id=int(user)) for user, _ in reply.mentions]
            mentions = discord.AllowedMentions(everyone=False, roles=False, users=users)
        sent = None
        for i, part in enumerate(parts):
            kwargs: dict[str, Any] = {"allowed_mentions": mentions}
            if view is not None and i == len(parts) - 1:
                kwargs["view"] = view
            if picture is not None and i == 0:
                kwargs["file"] = discord.File(io.BytesIO(picture), filename="board.png")
            sent = await send(part, **kwargs)
        return sent

    async def _say_private(self, answer: Answer, reply: Reply) -> None:
        if answer.lost:  # the interaction takes no ephemeral answer: a DM instead
            await self._direct(replace(reply, to=answer.user), answer)
            return
        view = components.view_for(reply.buttons, reply.input)
        await self._post(answer.private, reply, view, picture=await self._picture(reply))

    async def _group(
        self,
        reply: Reply,
        answer: Answer | None,
        mentions: discord.AllowedMentions = NO_MENTIONS,
    ) -> None:
        view = components.view_for(reply.buttons, reply.input)
        channel = self._channel(reply.chat, answer)

        async def send(content: str, **kwargs: Any) -> str:
            ours = answer is not None and answer.chat == reply.chat
            if ours and (said := await answer.public(content, **kwargs)) is not None:
                return said
            sent = await channel.send(content, **kwargs)
            if ours and answer.message is None:
                answer.message = sent  # e.g. the lobby's line, for its thread
            return str(sent.id)

        sent = await self._post(send, reply, view, mentions)
        if reply.status and sent:  # the living status: the step's answers edit it
            closing = await self.router.remember_status(
                PLATFORM, reply.chat, sent, reply.status, reply.text
            )
            if closing is not None:  # its step is over already: its buttons go
                await self._edit(closing, answer)

    async def _edit(self, reply: Reply, answer: Answer | None) -> None:
        """An earlier message edited in place (its last part, where the status and the
        components are); one Discord will not edit any more stays as it is."""
        assert reply.edit is not None
        where, _, message_id = reply.edit.rpartition(":")  # `<channel>:<id>`: elsewhere
        channel = self._channel(where or reply.chat, answer)
        last = (pieces(reply) or [""])[-1]
        view = components.view_for(reply.buttons, reply.input)
        try:
            await channel.get_partial_message(int(message_id)).edit(
                content=last, view=view, allowed_mentions=NO_MENTIONS
            )
        except discord.NotFound:
            log.info("discord chat %s: message %s to edit is gone", reply.chat, reply.edit)

    def _channel(self, chat: str, answer: Answer | None) -> Any:
        """The interaction's own channel object where we have it (it knows its guild,
        which making a thread needs), else a channel known by id alone."""
        if answer and answer.interaction.channel and str(answer.interaction.channel_id) == chat:
            return answer.interaction.channel
        assert self.client is not None
        return self.client.get_partial_messageable(int(chat))

    async def _direct(self, reply: Reply, answer: Answer | None) -> None:
        """A DM; if the player's DMs are closed, keep it for their next interaction."""
        assert self.client is not None and reply.to is not None
        try:
            channel = await self.client.create_dm(discord.Object(id=int(reply.to)))
            view = components.view_for(reply.buttons, reply.input)
            sent = await self._post(channel.send, reply, view, picture=await self._picture(reply))
            if view is not None and sent is not None:  # kept, to close it when done
                key = adapter_key(PLATFORM, reply.to, OPEN_PROMPTS)
                await self.router.redis.hset(key, f"{channel.id}:{sent.id}", sent.content)
                await self.router.redis.expire(key, OPEN_PROMPTS_SECONDS)
        except discord.Forbidden as e:
            if e.code != DM_CLOSED:
                raise
            first = await mailbox.keep(self.router.redis, PLATFORM, reply.to, reply)
            if first and reply.chat and reply.chat != reply.to:
                table = await self.router.table(PLATFORM, reply.chat)
                lang = table.lang if table else "en"
                notice = Reply(text=t(lang, "dc.dm_closed", mention=f"<@{reply.to}>"))
                only_them = discord.AllowedMentions(users=[discord.Object(id=int(reply.to))])
                await self._group(replace(notice, chat=reply.chat), answer, only_them)

    async def _board(self, reply: Reply, answer: Answer | None) -> None:
        """The board, edited in place where possible; a picture when there is one."""
        table = await self.router.table(PLATFORM, reply.chat)
        playing = table is not None and table.status == "playing"
        view = components.view_for((), hand=t(table.lang, "dc.my_hand") if playing else None)
        picture = await self._picture(reply)
        previous = table.board_message if table else None
        channel = self._channel(reply.chat, answer)
        parts = pieces(reply, with_pre=picture is None)
        if previous and len(parts) == 1:
            try:
                await channel.get_partial_message(int(previous)).edit(
                    content=parts[0],
                    attachments=[discord.File(io.BytesIO(picture), "board.png")] if picture else [],
                    view=view,
                    allowed_mentions=NO_MENTIONS,
                )
                return
            except discord.NotFound:
                pass  # deleted meanwhile: post a new board
        sent = await self._post(channel.send, reply, view, picture=picture)
        # A board too long for one message is not edited next time: it is posted anew.
        board_id = str(sent.id) if sent is not None and len(parts) == 1 else None
        if board_id != previous:
            await self.router.remember_board(PLATFORM, reply.chat, board_id)
        if reply.replaces:  # the board moved down: the old one goes
            try:
                await channel.get_partial_message(int(reply.replaces)).delete()
            except discord.HTTPException as e:
                log.info("discord chat %s: old board not deleted: %s", reply.chat, e)

    async def _explain(self, answer: Answer | None, chat: str, error: discord.Forbidden) -> None:
        """The bot lacks a permission: say which, once, to whoever is interacting."""
        log.warning("discord refused in chat %s: %s", chat, error)
        if answer is None or answer.explained or answer.lost:
            return
        answer.explained = True
        table = await self.router.table(PLATFORM, chat)
        lang = table.lang if table else normalize(str(answer.interaction.locale))
        try:
            await answer.private(t(lang, "dc.no_permission"), allowed_mentions=NO_MENTIONS)
        except discord.HTTPException:
            log.warning("could not explain missing permissions in discord chat %s", chat)

    # ----- deadlines --------------------------------------------------------------------

    async def fire(self, member: str) -> None:
        """A due deadline (from the ticker): what it says goes to its channel."""
        _, _, replies = await self.router.fire(member)
        await self.send(replies)


def _quick(replies: list[Reply], answer: Answer) -> bool:
    """Whether the first reply answers the interaction itself at once: plain text said
    through it, nothing to draw, edit or send elsewhere first. Else we defer, because
    a picture or another call could take the rest of Discord's 3 seconds."""
    if not replies:
        return True  # `finish` answers at once
    first = replies[0]
    if first.board or first.svg is not None or first.edit is not None:
        return False
    if first.private:
        return first.to == answer.user
    return first.chat == answer.chat
