"""Registering the slash commands with Discord, truthfully.

The registration is one bulk `PUT /applications/{id}/commands`, and Discord refuses it
whole (400, code 50035, "Invalid Form Body") when one field of one command breaks a
limit: a German description of 101 characters leaves every server without any command.
So a refusal is read field by field (discord.py flattens Discord's error tree into lines
`In 12.description_localizations.de: Must be 100 or fewer in length.`), each refused
field is logged as an ERROR with its command and value, and the registration is tried
again without it: without the refused localization (Discord then shows that language
the English text), or, where the field is the command's own, without that command. The
bot keeps serving whatever was registered, and whatever was never refused.
"""

import logging
import re
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from adapters.discord.commands import CatalogTranslator

log = logging.getLogger(__name__)
# One refused field as discord.py's HTTPException.text spells it.
REFUSED = re.compile(r"^In ([\w.@-]+): (.+)$", re.MULTILINE)


@dataclass
class Synced:
    """What the registration left out, and whether it succeeded in the end."""

    ok: bool = False
    localizations: set[tuple[str, str]] = field(default_factory=set)  # (locale, text)
    commands: list[str] = field(default_factory=list)


class Translator(CatalogTranslator):
    """The catalogs' texts, without those Discord refused."""

    def __init__(self, refused: set[tuple[str, str]]) -> None:
        self.refused = refused

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        text = await super().translate(string, locale, context)
        return None if (locale.value, text) in self.refused else text


def _at(payload: list[dict[str, Any]], path: list[str]) -> Any:
    node: Any = payload
    for key in path:
        try:
            node = node[int(key)] if isinstance(node, list) else node[key]
        except (KeyError, IndexError, ValueError, TypeError):
            return None
    return node


async def sync(tree: app_commands.CommandTree, guild_id: int | None) -> Synced:
    """Register the commands: in one guild at once (for development), or globally
    (Discord may take a while to show changes everywhere). Never raises: a refusal is
    logged, and what Discord accepts is registered."""
    synced = Synced()
    translator = Translator(synced.localizations)
    await tree.set_translator(translator)
    guild = discord.Object(id=guild_id) if guild_id is not None else None
    if guild is not None:
        tree.copy_global_to(guild=guild)
    while True:
        try:
            await tree.sync(guild=guild)
        except discord.HTTPException as error:
            refused = REFUSED.findall(error.text) if error.code == 50035 else []
            if not refused or not await _leave_out(tree, guild, translator, refused, synced):
                log.error("Discord refused the slash commands, none registered: %s", error)
                return synced
            continue
        synced.ok = True
        if synced.localizations or synced.commands:
            log.error(
                "slash commands registered without %d refused localizations and commands %s",
                len(synced.localizations),
                ", ".join(f"/{c}" for c in synced.commands) or "(none)",
            )
        return synced


async def _leave_out(
    tree: app_commands.CommandTree,
    guild: discord.abc.Snowflake | None,
    translator: Translator,
    refused: list[tuple[str, str]],
    synced: Synced,
) -> bool:
    """Leave each refused field out of the next try; False if there is nothing to leave."""
    commands = tree.get_commands(guild=guild)
    payload = [await c.get_translated_payload(tree, translator) for c in commands]
    progress = False
    for where, why in refused:
        path = where.split(".")
        if not path[0].isdigit() or int(path[0]) >= len(commands):
            continue  # not one command's (the whole list too long): nothing to leave out
        command = commands[int(path[0])]
        value = _at(payload, path)
        log.error("Discord refused /%s: %s = %r (%s)", command.name, ".".join(path[1:]), value, why)
        if len(path) >= 3 and path[-2].endswith("_localizations") and isinstance(value, str):
            if (path[-1], value) not in synced.localizations:
                synced.localizations.add((path[-1], value))
                progress = True
        elif command.name not in synced.commands:
            tree.remove_command(command.name, guild=guild)
            synced.commands.append(command.name)
            progress = True
    return progress
