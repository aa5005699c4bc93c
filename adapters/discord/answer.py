"""Answering one interaction: Discord wants a response within 3 seconds, then follow-ups.

The first message answers the interaction; later ones follow up. When the router is
slow we defer ephemerally ("thinking…" seen only by the user) — Discord gives the
first follow-up after a deferral the deferral's visibility whatever it asks for, so
after an ephemeral deferral group messages go to the channel instead, and nothing
private can ever turn public.
"""

import logging
from dataclasses import dataclass
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

    @property
    def user(self) -> str:
        return str(self.interaction.user.id)

    @property
    def done(self) -> bool:
        return self.interaction.response.is_done()

    async def defer(self) -> None:
        if self.lost:
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
