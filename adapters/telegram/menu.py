"""The command menus Telegram shows when a user types `/`, in English and German, made
from the bot's command table (bot/chat/commands.py) and the verbs of every registered game.

A group's menu holds every command; a private chat's only those that work there (a
player answers a sealed bid privately, but opens a table in the group). While a game
runs in a chat, that chat has a menu of its own (a per-chat scope): the game's verbs
first, in the table's language, then the bot's group commands; it is deleted when the
game ends, and the chat sees the general menu again.

Telegram takes a command of 1–32 lowercase English letters, digits and underscores, a
description of 1–256 characters and at most 100 commands, and refuses the whole menu for
one entry that breaks a rule. So a verb Telegram cannot take is offered in its ASCII
spelling (`/snøl` as `/snol`, which the games read as the same verb), an entry that still
breaks a rule is left out with an ERROR naming it, and should Telegram refuse a menu all
the same, the entries it refuses are found and left out: a chat always gets a menu.
"""

import logging
import re
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any

from telegram import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeChat,
)
from telegram.error import BadRequest

from bot.chat import commands
from bot.i18n import DEFAULT, LANGUAGES, keys, t
from rules import registry

log = logging.getLogger(__name__)
NAME = re.compile(r"[a-z0-9_]{1,32}")  # what Telegram takes as a command (`/snøl` it does not)
DESCRIPTION = 256  # characters Telegram takes for a command's description
MOST = 100  # commands in one menu
_ASCII = str.maketrans({"ø": "o", "æ": "ae", "ß": "ss", "đ": "d", "ł": "l", "-": "_"})


def telegram_name(name: str) -> str:
    """A command as Telegram can take it: its letters without their accents (`snøl` →
    `snol`); a name still not of [a-z0-9_] is left as it is, for `checked` to refuse."""
    folded = unicodedata.normalize("NFKD", name.lower().translate(_ASCII))
    return "".join(c for c in folded if not unicodedata.combining(c))


def menu_of(named: list[tuple[str, str]], lang: str) -> list[BotCommand]:
    """(name, help key) pairs as Telegram's entries. A name Telegram can take only in
    ASCII (`/snøl`) is offered once under it: where a game declares that spelling too
    (`/snol`), with the description written for it."""
    out: dict[str, BotCommand] = {}
    for name, help in named:
        command = telegram_name(name)
        if command not in out or name == command:
            out[command] = BotCommand(command, t(lang, commands.menu_key("tg", help)))
    return list(out.values())


def entries(lang: str, private: bool) -> list[BotCommand]:
    """The menu of one language and kind of chat: the bot's commands, then the games' verbs."""
    own = [c for c in commands.COMMANDS if not private or c.scope == "both"]
    named = [(c.name, c.help) for c in own] + [(v.name, v.help) for v in commands.verbs()]
    return menu_of(named, lang)


# What Telegram takes, as the ERROR for an entry left out says it.
RULES = {
    "command": "1-32 of a-z, 0-9 and _",
    "description": f"1-{DESCRIPTION} characters",
    "place": f"among the first {MOST}",
}


def checked(menu: list[BotCommand], what: str) -> list[BotCommand]:
    """The entries Telegram's published rules allow; each one left out is an ERROR."""
    kept: list[BotCommand] = []
    for entry in menu:
        field = _broken(entry, len(kept))
        if field is None:
            kept.append(entry)
            continue
        value = entry.description if field == "description" else entry.command
        log.error(
            "the %s command menu leaves out /%s: its %s %r is not %s",
            what,
            entry.command,
            field,
            value,
            RULES[field],
        )
    return kept


def _broken(entry: BotCommand, kept: int) -> str | None:
    """The field of `entry` that breaks Telegram's rules (None: none does)."""
    if not NAME.fullmatch(entry.command):
        return "command"
    if not 1 <= _units(entry.description) <= DESCRIPTION:
        return "description"
    return "place" if kept >= MOST else None


async def put(
    set_menu: Callable[[list[BotCommand]], Awaitable[Any]], menu: list[BotCommand], what: str
) -> None:
    """Set `menu` (after `checked`); if Telegram refuses it all the same, find the entries
    it refuses (halving the menu, each half set in turn), log each as an ERROR and set the
    menu without them."""
    menu = checked(menu, what)
    try:
        await set_menu(menu)
        return
    except BadRequest as e:
        log.error("Telegram refused the %s command menu: %s", what, e.message)
    refused = await _refused(set_menu, menu)
    for entry in refused:
        log.error(
            "the %s command menu leaves out /%s (description %r): Telegram refuses it",
            what,
            entry.command,
            entry.description,
        )
    await set_menu([e for e in menu if e not in refused])


async def _refused(
    set_menu: Callable[[list[BotCommand]], Awaitable[Any]], menu: list[BotCommand]
) -> list[BotCommand]:
    """The entries of a refused `menu` that Telegram refuses: each half set in turn, the
    refused halves searched again."""
    if len(menu) <= 1:
        return menu
    half = len(menu) // 2
    found = []
    for part in (menu[:half], menu[half:]):
        try:
            await set_menu(part)
        except BadRequest:
            found += await _refused(set_menu, part)
    return found


async def register(bot: Any) -> None:
    """One menu per language and kind of chat; users whose Telegram speaks neither
    language get the default's."""
    for lang in LANGUAGES:
        for scope in (BotCommandScopeAllGroupChats(), BotCommandScopeAllPrivateChats()):
            menu = entries(lang, private=isinstance(scope, BotCommandScopeAllPrivateChats))
            code = None if lang == DEFAULT else lang

            async def set_menu(
                entries: list[BotCommand], scope: Any = scope, code: Any = code
            ) -> None:
                await bot.set_my_commands(entries, scope=scope, language_code=code)

            try:
                await put(set_menu, menu, f"{lang} {scope.type}")
            except Exception:  # a missing menu must not keep the bot from playing
                log.exception("could not set the %s %s command menu", lang, scope.type)


def game_entries(lang: str, game: str) -> list[BotCommand]:
    """A chat's menu while `game` runs there: its verbs (in its own words where its
    catalog has them), then the bot's commands that work in a group."""
    spec = registry.get(game)
    generic = {v.name: v.help for v in commands.verbs()}
    named = []
    for verb in spec.commands if spec else ():
        if commands.find(verb) is not None or verb not in generic:
            continue
        own = f"{game}.command.{verb}"
        named.append((verb, own if own in keys(lang) else generic[verb]))
    return menu_of(named + [(c.name, c.help) for c in commands.COMMANDS], lang)


async def for_chat(poster: Any, chat: int, game: str, lang: str) -> None:
    """Set the menu of one chat while `game` runs there; `game` "": back to the general."""
    scope = BotCommandScopeChat(chat)
    if game:

        async def set_menu(entries: list[BotCommand]) -> None:
            await poster.retry(lambda: poster.bot.set_my_commands(entries, scope=scope))

        await put(set_menu, game_entries(lang, game), f"{game} {lang} chat {chat}")
    else:
        await poster.retry(lambda: poster.bot.delete_my_commands(scope=scope))


def _units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2
