"""The command menus Telegram shows when a user types `/`, in English and German, made
from the bot's command table (bot/chat/commands.py) and the verbs of every registered game.

A group's menu holds every command; a private chat's only those that work there (a
player answers a sealed bid privately, but opens a table in the group). While a game
runs in a chat, that chat has a menu of its own (a per-chat scope): the game's verbs
first, in the table's language, then the bot's group commands; it is deleted when the
game ends, and the chat sees the general menu again.
"""

import logging
import re
from typing import Any

from telegram import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeChat,
)

from bot.chat import commands
from bot.i18n import DEFAULT, LANGUAGES, keys, t
from rules import registry

log = logging.getLogger(__name__)
NAME = re.compile(r"[a-z0-9_]{1,32}")  # what Telegram takes as a command (`/snøl` it does not)


def entries(lang: str, private: bool) -> list[BotCommand]:
    """The menu of one language and kind of chat: the bot's commands, then the games' verbs."""
    own = [c for c in commands.COMMANDS if not private or c.scope == "both"]
    named = [(c.name, c.help) for c in own] + [(v.name, v.help) for v in commands.verbs()]
    return [BotCommand(name, t(lang, commands.menu_key("tg", help))) for name, help in named]


async def register(bot: Any) -> None:
    """One menu per language and kind of chat; users whose Telegram speaks neither
    language get the default's."""
    for lang in LANGUAGES:
        for scope in (BotCommandScopeAllGroupChats(), BotCommandScopeAllPrivateChats()):
            menu = entries(lang, private=isinstance(scope, BotCommandScopeAllPrivateChats))
            try:
                await bot.set_my_commands(
                    menu, scope=scope, language_code=None if lang == DEFAULT else lang
                )
            except Exception as e:  # a missing menu must not keep the bot from playing
                log.warning("could not set the %s %s command menu: %s", lang, scope.type, e)


def game_entries(lang: str, game: str) -> list[BotCommand]:
    """A chat's menu while `game` runs there: its verbs (in its own words where its
    catalog has them), then the bot's commands that work in a group."""
    spec = registry.get(game)
    generic = {v.name: v.help for v in commands.verbs()}
    verbs = []
    for verb in spec.commands if spec else ():
        if commands.find(verb) is not None or verb not in generic or not NAME.fullmatch(verb):
            continue
        own = f"{game}.command.{verb}"
        help = own if own in keys(lang) else generic[verb]
        verbs.append(BotCommand(verb, t(lang, commands.menu_key("tg", help))))
    own_commands = [
        BotCommand(c.name, t(lang, commands.menu_key("tg", c.help))) for c in commands.COMMANDS
    ]
    return verbs + own_commands


async def for_chat(poster: Any, chat: int, game: str, lang: str) -> None:
    """Set the menu of one chat while `game` runs there; `game` "": back to the general."""
    scope = BotCommandScopeChat(chat)
    if game:
        menu = game_entries(lang, game)
        await poster.retry(lambda: poster.bot.set_my_commands(menu, scope=scope))
    else:
        await poster.retry(lambda: poster.bot.delete_my_commands(scope=scope))
