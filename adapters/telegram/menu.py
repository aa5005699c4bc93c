"""The command menus Telegram shows when a user types `/`, in English and German, made
from the bot's command table (bot/commands.py) and the verbs of every registered game.

A group's menu holds every command; a private chat's only those that work there (a
player answers a sealed bid privately, but opens a table in the group).
"""

import logging
from typing import Any

from telegram import BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats

from bot import commands
from bot.i18n import DEFAULT, LANGUAGES, t

log = logging.getLogger(__name__)


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
