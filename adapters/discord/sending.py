"""Stammtisch replies out to Discord: to a channel or thread, by DM, or through the
interaction that caused them.

What a change of a table says is kept in the chat's durable outbox in Redis with the
change (bot/store/outboxes.py) and sent by whichever process holds the chat's send lease
(bot/chat/courier.py), in order, each removed once Discord took it: a shard process killed
mid-game delays its replies and never loses them, and a process that starts sends what
a killed one left. Refusals, rolls and what writes nothing go out at once.

An interaction can only be answered by the process that received it, within Discord's
3 seconds: that process keeps its `Answer` beside the outbox ids of its replies, and
when it holds the lease it says them through the interaction as before (the first
group message as the response, private ones ephemeral). When another process holds
the lease, or after a crash, the same replies go out without it: group messages to the
channel, private ones — ephemeral ones included — as a DM, the fallback already used
when an interaction is lost. So nothing kept can only be sent by one process.
"""

import asyncio
import io
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any, Final

import aiohttp
import discord

from adapters.discord import components, dm_prompts
from adapters.discord.answer import Answer
from adapters.discord.format import pieces, to_markdown, with_mentions
from bot.chat import pictures
from bot.chat.courier import LEASE, SWEEP, Courier
from bot.chat.router import Router
from bot.i18n import normalize, t
from bot.replies import Reply
from bot.store import mailbox
from bot.store.errors import RedisError
from bot.store.outboxes import Outboxes

log = logging.getLogger(__name__)
PLATFORM = "discord"
DM_CLOSED = 50007  # Discord's code for "Cannot send messages to this user"
NO_MENTIONS = discord.AllowedMentions.none()
# Seconds an interaction's handler waits, past Discord's 3, for its replies to be sent
# through it before it finishes without them (they still go, without the interaction).
HANDOVER: Final = 10.0
# Discord or the network away: the reply stays in its outbox for a later try. Anything
# else Discord refuses would be refused again.
TRANSIENT = (discord.DiscordServerError, aiohttp.ClientError, OSError, TimeoutError, RedisError)


class Sender:
    def __init__(
        self, router: Router, budget: float, *, lease: float = LEASE, sweep: float = SWEEP
    ) -> None:
        self.router, self.budget = router, budget
        self.client: discord.Client | None = None
        router.durable.add(PLATFORM)  # what a change says is kept with it
        self.courier = Courier(
            Outboxes(router.redis, PLATFORM),
            self.deliver,
            lambda chat: router.table(PLATFORM, chat),
            lease=lease,
            sweep=sweep,
        )
        # (chat, outbox id) → the interaction the reply answers (ids are per chat)
        self._answers: dict[tuple[str, str], Answer] = {}
        self._sending: set[asyncio.Task[None]] = set()
        self._backlog = 0

    # ----- what goes where ----------------------------------------------------------------

    async def send(self, replies: Sequence[Reply], answer: Answer | None = None) -> None:
        """Every reply to its place: those kept in an outbox through the courier, the
        others now; one that fails is logged and the others still go. With `answer`,
        returns once its kept replies went out through it, or go out elsewhere."""
        kept = [r for r in replies if r.outbox_id]
        for reply in replies:
            if not reply.outbox_id:
                await self._one(reply, answer)
        if not kept:
            return
        if answer is not None:
            for reply in kept:
                self._answers[reply.chat, reply.outbox_id] = answer
                answer.waiting.add((reply.chat, reply.outbox_id))
        self.courier.offer(kept)
        if answer is not None:
            await self._handed(answer, {r.chat for r in kept})

    def deliver(self, replies: Sequence[Reply]) -> list["asyncio.Future[bool]"]:
        """The courier's: send one chat's replies in order; for each, a future that says
        whether it is done with (sent, or refused for good) or kept for a later try."""
        loop = asyncio.get_running_loop()
        outcomes = [loop.create_future() for _ in replies]
        task = asyncio.create_task(self._in_order(list(replies), outcomes))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)
        return outcomes

    async def _in_order(self, replies: list[Reply], outcomes: list["asyncio.Future[bool]"]) -> None:
        """One after another; once one is kept for later the rest are too (in order)."""
        self._backlog += len(replies)
        try:
            kept = False
            for reply, outcome in zip(replies, outcomes, strict=True):
                key = (reply.chat, reply.outbox_id)
                answer = self._answers.pop(key, None)
                if not kept:
                    kept = not await self._one(reply, answer)
                outcome.set_result(not kept)
                self._backlog -= 1
                if answer is not None:
                    answer.sent(key)
        finally:
            for outcome in outcomes:
                if not outcome.done():  # cancelled: what was not sent stays in its outbox
                    outcome.set_result(False)
                    self._backlog -= 1

    async def _handed(self, answer: Answer, chats: set[str]) -> None:
        """Wait until the answer's kept replies went out through it, or this process
        sends nothing more for their chats (another one holds the lease). Past Discord's
        budget the interaction is deferred meanwhile."""
        delivered = asyncio.ensure_future(answer.delivered.wait())
        elsewhere = asyncio.ensure_future(
            asyncio.gather(*(self.courier.settled(chat) for chat in chats))
        )
        waits = {delivered, elsewhere}
        try:
            left = self.budget - (time.monotonic() - answer.started)
            first = asyncio.FIRST_COMPLETED
            done, _ = await asyncio.wait(waits, timeout=max(0.0, left), return_when=first)
            if not done:
                await answer.defer()  # "thinking…" while the rest comes
                await asyncio.wait(waits, timeout=HANDOVER, return_when=first)
        finally:
            for wait in waits:
                wait.cancel()
            await asyncio.gather(*waits, return_exceptions=True)
            for key in answer.waiting:
                if self._answers.get(key) is answer:
                    del self._answers[key]  # later, they go without it
            answer.waiting.clear()

    async def _one(self, reply: Reply, answer: Answer | None) -> bool:
        """Send one reply; False if it may go through later (Discord or Redis away)."""
        try:
            if reply.menu is not None:
                return True  # slash commands are the same everywhere (commands.py)
            if answer is not None and not answer.done and not _quick(reply, answer):
                await answer.defer()  # before drawing a picture or calling Discord elsewhere
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
                await self.say_private(answer, reply)
            elif reply.private and answer is not None and reply.to == answer.user:
                await self.say_private(answer, reply)
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
        except TRANSIENT as e:
            log.warning("discord: could not send to chat %s, kept for later: %s", reply.chat, e)
            return False
        except Exception:
            log.exception("sending to discord chat %s failed", reply.chat)
        return True

    async def drain(self) -> None:
        """Wait until every outbox this process sends for is sent (shutdown, tests)."""
        while self.courier.busy() or self._sending:
            await self.courier.drain()
            await asyncio.gather(*self._sending, return_exceptions=True)

    def backlog(self) -> int:
        """Replies handed over to be sent and not yet sent (a metric)."""
        return self._backlog

    # ----- the pressed message ----------------------------------------------------------

    async def close_pressed(self, answer: Answer, reply: Reply) -> bool:
        """The pressed message is done with: it shows the reply's line (the choice, or
        outdated) and loses its components. Answering the press with this edit costs no
        extra call, and is the only way to edit an ephemeral message. False: no message
        (a modal's submit), the reply goes as any other."""
        message = answer.interaction.message
        if message is None or answer.lost or reply.pressed is None:
            return False
        if reply.outbox_id and not reply.text:
            # Said through this interaction only: out of the outbox first (a crash now
            # leaves the buttons, which answer "outdated"; never another's DMs closed).
            await self.courier.outboxes.ack(reply.chat, [reply.outbox_id])
        await dm_prompts.forget(self.router.redis, answer.user, message.channel.id, message.id)
        content = f"{message.content}\n{reply.pressed}"[:2000]
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
        for channel, message, text in await dm_prompts.take(self.router.redis, user):
            partial = self.client.get_partial_messageable(channel)
            try:
                await partial.get_partial_message(message).edit(
                    content=f"{text}\n{to_markdown(line)}"[:2000], view=None
                )
            except discord.HTTPException as e:
                log.info("discord: could not close prompt %s:%s: %s", channel, message, e)

    # ----- the ways out ---------------------------------------------------------------

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

    async def say_private(self, answer: Answer, reply: Reply) -> None:
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
        channel = self.channel(reply.chat, answer)

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
        channel = self.channel(where or reply.chat, answer)
        last = (pieces(reply) or [""])[-1]
        view = components.view_for(reply.buttons, reply.input)
        try:
            await channel.get_partial_message(int(message_id)).edit(
                content=last, view=view, allowed_mentions=NO_MENTIONS
            )
        except discord.NotFound:
            log.info("discord chat %s: message %s to edit is gone", reply.chat, reply.edit)

    def channel(self, chat: str, answer: Answer | None) -> Any:
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
                await dm_prompts.keep(
                    self.router.redis, reply.to, channel.id, sent.id, sent.content
                )
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
        channel = self.channel(reply.chat, answer)
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


def _quick(reply: Reply, answer: Answer) -> bool:
    """Whether the reply answers the interaction itself at once: plain text said
    through it, nothing to draw, edit or send elsewhere first. Else we defer, because
    a picture or another call could take the rest of Discord's 3 seconds."""
    if reply.board or reply.svg is not None or reply.edit is not None:
        return False
    if reply.private:
        return reply.to == answer.user
    return reply.chat == answer.chat
