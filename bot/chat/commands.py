"""The bot's commands, in one table, and reading a chat message as a command.

The router dispatches from `COMMANDS`; the Telegram menu and the Discord slash commands
are generated from it and from the verbs every registered game declares
(`GameSpec.commands`), so a new game's verbs reach every menu without an edit here.
"""

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from bot.chat import table_commands as do
from bot.i18n import keys
from bot.marks import Marked
from rules import registry
from rules.core.errors import ParseError
from rules.core.protocol import VerbOption

MAX_LENGTH = 500  # characters; longer commands are refused before any work is done

# Where a command may be said: in the group only, or also privately to the bot. (No
# command is private only: Telegram's `/start` in a private chat is its adapter's.)
Scope = Literal["group", "both"]
# Who may use it. The lobby and the games check it (the refusal names the host, or
# says the game has not started); adapters read it: Telegram asks whether a user is a
# chat admin only for a host's command, since asking about every message costs a call.
Who = Literal["anyone", "seated", "host"]
# What may follow the command, for menus that ask for it (Discord's slash options):
# dice notation, a game and options, a game, a language, on/off, or a roll id (and dice).
Arg = Literal["dice", "game_options", "game", "language", "on_off", "roll_id"]


@dataclass(frozen=True)
class CommandSpec:
    name: str
    scope: Scope
    who: Who
    # The stem of its menu line's key: each platform says it in its own words and
    # within its own limits (`tg.cmd.abort` says "admin", `dc.cmd.abort` "moderator").
    help: str
    usage: str | None = None  # the refusal that shows how to call it
    arg: Arg | None = None
    # What it does: a reply that needs no table (from the chat's language) …
    reply: Callable[[str, do.Call], str | Marked] | None = None  # Marked: bot/marks.py
    # … or a change to the chat's table (True: store it), run in the table's transaction.
    change: do.Change | None = None
    # Said privately, it acts on the one table the user sits at (`/hand` in a DM).
    via_private: bool = False
    # A reply that reads the chat's game's logged answers (/verify: bot/proof/games.py),
    # kept beside the table and read only when asked for.
    reads_answers: bool = False
    # A reply answered once however often its update comes (a /roll: one set of dice),
    # so its update is marked handled (bot/store/markers.py). Every other reply reads and
    # changes nothing: said twice, it says the same twice, and costs no mark.
    once: bool = False


# In the order Telegram shows its menu.
COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("roll", "both", "anyone", "cmd.roll", arg="dice", reply=do.roll, once=True),
    CommandSpec(
        "verify", "both", "anyone", "cmd.verify", arg="roll_id", reply=do.verify, reads_answers=True
    ),
    CommandSpec(
        "new", "group", "anyone", "cmd.new", "error.new_usage", "game_options", change=do.new
    ),
    CommandSpec("join", "group", "anyone", "cmd.join", change=do.join),
    CommandSpec("again", "group", "anyone", "cmd.again", change=do.again),
    CommandSpec("leave", "group", "seated", "cmd.leave", change=do.leave),
    CommandSpec("start", "group", "host", "cmd.start", change=do.start),
    CommandSpec("board", "group", "anyone", "cmd.board", change=do.board),
    CommandSpec("hand", "both", "seated", "cmd.hand", change=do.hand, via_private=True),
    CommandSpec("abort", "group", "host", "cmd.abort", change=do.abort),
    CommandSpec("games", "both", "anyone", "cmd.games", reply=do.games),
    CommandSpec("rules", "both", "anyone", "cmd.rules", "error.rules_usage", "game", do.rules),
    CommandSpec(
        "lang", "group", "anyone", "cmd.lang", "error.lang_usage", "language", change=do.lang
    ),
    CommandSpec(
        "images", "group", "anyone", "cmd.images", "error.images_usage", "on_off", change=do.images
    ),
    CommandSpec("fame", "group", "anyone", "cmd.fame", change=do.fame),
    CommandSpec("help", "both", "anyone", "cmd.help", reply=do.help),
)
# Short names typed often: `/r 2d6` is `/roll 2d6` (Discord offers them as commands of
# their own; Telegram's menu shows only the full name, and both read either).
ALIASES: dict[str, str] = {"r": "roll"}
_BY_NAME = {c.name: c for c in COMMANDS}


def find(name: str) -> CommandSpec | None:
    """The bot's own command of that name (or alias); None for a game's verb or an
    unknown word."""
    return _BY_NAME.get(ALIASES.get(name, name))


def aliases() -> list[CommandSpec]:
    """The aliases as commands of their own name (for Discord's slash commands)."""
    return [replace(_BY_NAME[full], name=short) for short, full in ALIASES.items()]


@dataclass(frozen=True)
class Verb:
    """A game's typed answer (`/bid 30`), as menus offer it."""

    name: str
    help: str  # a full key: `<game id>.command.<verb>` where the game's catalog has one
    # How menus ask for its words (GameSpec.verb_options): the first game's (by id) that
    # declares them, () for none; None (no game declares them) for one line of text.
    # Games sharing a verb (`/go`) ask alike: a station, a field, a pub, offered from the
    # list of the game running where asked.
    options: tuple[VerbOption, ...] | None = None


def verbs() -> list[Verb]:
    """Every verb a registered game declares (by name), apart from the bot's commands.
    Described by the first game (by id) whose catalog has `<id>.command.<verb>`, else
    by the generic `cmd.move` (each platform's `<tg|dc>.cmd.move`)."""
    known = keys("en")
    found: dict[str, Verb] = {}
    for game in registry.all_games():
        for verb in game.commands:
            if verb in _BY_NAME:
                continue
            own = f"{game.id}.command.{verb}"
            if own in known and (verb not in found or found[verb].help == "cmd.move"):
                found[verb] = replace(found.get(verb, Verb(verb, own)), help=own)
            found.setdefault(verb, Verb(verb, "cmd.move"))
            if found[verb].options is None and verb in game.verb_options:
                found[verb] = replace(found[verb], options=game.verb_options[verb])
    return [found[v] for v in sorted(found)]


def menu_key(platform: str, help: str) -> str:
    """The catalog key of a menu line: a command's stem in the platform's words
    (`tg.cmd.roll`), or a game's own key as it is (`auktion.command.bid`)."""
    return f"{platform}.{help}" if help.startswith("cmd.") else help


@dataclass(frozen=True)
class Command:
    name: str
    args: list[str]
    rest: str  # the argument text as typed (for /roll and labels)


def parse(text: str, bot_name: str | None = None) -> Command | None:
    """The command in `text`, or None when it is no command (plain chat, or for another bot)."""
    text = text.strip()
    if not text.startswith("/") or len(text) < 2:
        return None
    head, _, rest = text[1:].partition(" ")
    name, at, target = head.partition("@")
    if at and bot_name and target.lower() != bot_name.lower():
        return None  # `/roll@otherbot` is not for us
    if len(text) > MAX_LENGTH:
        raise ParseError("error.too_long", limit=MAX_LENGTH)
    rest = rest.strip()
    return Command(name=name.lower(), args=rest.split(), rest=rest)
