"""Answering one interaction: Discord wants a response within 3 seconds, then follow-ups.

The first message answers the interaction; later ones follow up. When the router is
slow we defer ephemerally ("thinking…" seen only by the user) — Discord gives the
first follow-up after a deferral the deferral's visibility whatever it asks for, so
after an ephemeral deferral group messages go to the channel instead, and nothing
private can ever turn public.

What the interaction changed is sent from the chat's durable outbox (bot/chat/courier.py)
by this process when it holds the chat's send lease: it then answers through the
interaction. `waiting` names those replies until they are sent; the handler waits for
them (or for the news that another process sends them) before it finishes. Sending
and the handler's deferral may meet, so every response goes under one lock.
"""

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

import discord

log = logging.getLogger(__name__)


@dataclass
class Answer:
    interaction: discord.Interaction
    chat: str | None  # the group chat this interaction speaks in; None when private
    deferred: bool = False
    original_free: bool = False  # the deferred "thinking…" message still waits for content
    posted: bool = False  # a group message went out as the interaction's response
    message: discord.Message | None = None  # else the first one posted in its channel
    explained: bool = False  # a missing permission was explained (once per interaction)
    # Discord refused our deferral (the interaction expired, or the network failed): it
    # takes no response and no follow-up, so everything goes to the channel or by DM.
    lost: bool = False
    started: float = field(default_factory=time.monotonic)
    # its replies in the outboxes, (chat, outbox id), until sent
    waiting: set[tuple[str, str]] = field(default_factory=set)
    delivered: asyncio.Event = field(default_factory=asyncio.Event)  # `waiting` emptied
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def user(self) -> str:
        return str(self.interaction.user.id)

    @property
    def done(self) -> bool:
        return self.interaction.response.is_done()

    def sent(self, kept: tuple[str, str]) -> None:
        """One of its replies was sent (or kept for a later try)."""
        self.waiting.discard(kept)
        if not self.waiting:
            self.delivered.set()

    async def defer(self) -> None:
        async with self._lock:
            await self._defer()

    async def _defer(self) -> None:
        if self.lost or self.done:
            return
        try:
            await self.interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as e:
            log.warning(
                "could not defer interaction %s in discord chat %s: %s",
                self.interaction.id,
                self.interaction.channel_id,
                e,
            )
            self.lost = True
            return
        self.deferred = self.original_free = True

    async def public(self, content: str, **kwargs: Any) -> str | None:
        """Say it in the group through the interaction and return the message's id ("" if
        Discord did not say it); None: post it to the channel instead."""
        async with self._lock:
            return await self._public(content, **kwargs)

    async def _public(self, content: str, **kwargs: Any) -> str | None:
        if self.deferred or self.lost:
            return None
        if not self.done:
            callback = await self.interaction.response.send_message(content, **kwargs)
            self.posted = True
            return str(callback.message_id or "") if callback else ""
        sent = await self.interaction.followup.send(content, wait=True, **kwargs)
        return str(sent.id)

    async def private(self, content: str, **kwargs: Any) -> None:
        """Say it to the interacting user alone (ephemeral)."""
        async with self._lock:
            await self._private(content, **kwargs)

    async def _private(self, content: str, **kwargs: Any) -> None:
        if not self.done:
            await self.interaction.response.send_message(content, ephemeral=True, **kwargs)
        elif self.original_free:
            file = kwargs.pop("file", None)
            attachments = [file] if file else discord.utils.MISSING
            await self.interaction.edit_original_response(
                content=content, attachments=attachments, **kwargs
            )
            self.original_free = False
        else:
            await self.interaction.followup.send(content, ephemeral=True, wait=True, **kwargs)

    async def finish(self) -> None:
        """Every interaction is answered, even when there was nothing to say."""
        async with self._lock:
            await self._finish()

    async def _finish(self) -> None:
        if self.lost:
            return
        if self.original_free:
            await self.interaction.delete_original_response()
        elif not self.done:
            if self.interaction.type == discord.InteractionType.application_command:
                # A command must be answered with a message: an empty "thinking…", removed.
                await self.interaction.response.defer(ephemeral=True, thinking=True)
                await self.interaction.delete_original_response()
            else:
                await self.interaction.response.defer()  # a press: acknowledged silently
