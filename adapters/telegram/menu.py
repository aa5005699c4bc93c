"""The command menu Telegram shows when a user types `/`, in English and German."""

import logging
from typing import Any

from telegram import BotCommand

from bot.i18n import DEFAULT, LANGUAGES, t

log = logging.getLogger(__name__)
COMMANDS = (
    "roll",
    "new",
    "join",
    "leave",
    "start",
    "board",
    "hand",
    "abort",
    "games",
    "rules",
    "lang",
    "images",
    "fame",
    "help",
)


async def register(bot: Any) -> None:
    """One menu per language; users whose Telegram speaks neither get the default's."""
    for lang in LANGUAGES:
        menu = [BotCommand(name, t(lang, f"tg.cmd.{name}")) for name in COMMANDS]
        try:
            await bot.set_my_commands(menu, language_code=None if lang == DEFAULT else lang)
        except Exception as e:  # a missing menu must not keep the bot from playing
            log.warning("could not set the %s command menu: %s", lang, e)
