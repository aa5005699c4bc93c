"""The slash commands, made from the bot's command table (bot/chat/commands.py) and the verbs
of every registered game: each becomes the text the router reads (`/new auktion rounds=5`).

Descriptions come from the catalogs in English and German (Discord shows each user
their client's language). Command names stay the same in both languages: every
message of the bot names them (`/join`, `/bid 30`), so a German name would make
those messages wrong.
"""

import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Optional

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.chat import commands
from bot.chat.commands import Arg, CommandSpec, Verb
from bot.i18n import normalize, t
from rules import registry
from rules.core.protocol import VerbOption

log = logging.getLogger(__name__)
# (interaction, command text, sealed: a game move whose value only the mover may see)
Run = Callable[..., Awaitable[None]]
# (interaction, verb, option's place, typed so far) → the values to offer
Choices = Callable[[discord.Interaction, str, int, str], Awaitable[list[str]]]

CHOICES = 25  # Discord shows at most 25 autocomplete choices
LOCALES = {
    discord.Locale.german: "de",
    discord.Locale.american_english: "en",
    discord.Locale.british_english: "en",
}


def text(key: str) -> locale_str:
    """A translatable string: English by default, the catalogs' text per locale."""
    return locale_str(t("en", key), key=key)


class CatalogTranslator(app_commands.Translator):
    """Discord asks this once per locale while syncing; only our keyed strings translate."""

    async def translate(
        self,
        string: locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key, lang = string.extras.get("key"), LOCALES.get(locale)
        return t(lang, key) if key and lang else None


async def _games(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    lang = normalize(str(interaction.locale))
    wanted = current.casefold()
    return [
        Choice(name=g.name(lang), value=g.id)
        for g in registry.all_games()
        if wanted in g.id.casefold() or wanted in g.name(lang).casefold()
    ][:CHOICES]


def _command(spec: CommandSpec | Verb, callback: Any) -> app_commands.Command:
    made = app_commands.Command(
        name=spec.name,
        description=text(commands.menu_key("dc", spec.help)),
        callback=callback,
    )
    # A command that works only in a group is not offered in direct messages.
    if isinstance(spec, CommandSpec) and spec.scope == "group":
        made = app_commands.guild_only()(made)
    return made


def _plain(spec: CommandSpec, run: Run) -> app_commands.Command:
    async def callback(interaction: discord.Interaction) -> None:
        await run(interaction, f"/{spec.name}")

    return _command(spec, callback)


def _dice(spec: CommandSpec, run: Run) -> app_commands.Command:
    @app_commands.describe(expression=text("dc.arg.roll"))
    async def callback(interaction: discord.Interaction, expression: str = "") -> None:
        await run(interaction, f"/{spec.name} {expression}")

    return _command(spec, callback)


def _roll_id(spec: CommandSpec, run: Run) -> app_commands.Command:
    @app_commands.describe(roll=text("dc.arg.verify"))
    async def callback(interaction: discord.Interaction, roll: str = "") -> None:
        await run(interaction, f"/{spec.name} {roll}")

    return _command(spec, callback)


def _game_options(spec: CommandSpec, run: Run) -> app_commands.Command:
    @app_commands.describe(game=text("dc.arg.game"), options=text("dc.arg.options"))
    @app_commands.autocomplete(game=_games)
    async def callback(interaction: discord.Interaction, game: str, options: str = "") -> None:
        await run(interaction, f"/{spec.name} {game} {options}")

    return _command(spec, callback)


def _game(spec: CommandSpec, run: Run) -> app_commands.Command:
    @app_commands.describe(game=text("dc.arg.rules"))
    @app_commands.autocomplete(game=_games)
    async def callback(interaction: discord.Interaction, game: str = "") -> None:
        await run(interaction, f"/{spec.name} {game}")

    return _command(spec, callback)


def _language(spec: CommandSpec, run: Run) -> app_commands.Command:
    # Each language by its own name: someone who reads neither finds theirs.
    @app_commands.describe(language=text("dc.arg.lang"))
    @app_commands.choices(
        language=[Choice(name="Deutsch", value="de"), Choice(name="English", value="en")]
    )
    async def callback(interaction: discord.Interaction, language: Choice[str]) -> None:
        await run(interaction, f"/{spec.name} {language.value}")

    return _command(spec, callback)


def _on_off(spec: CommandSpec, run: Run) -> app_commands.Command:
    @app_commands.describe(mode=text("dc.arg.images"))
    @app_commands.choices(
        mode=[
            Choice(name=text("dc.choice.on"), value="on"),
            Choice(name=text("dc.choice.off"), value="off"),
        ]
    )
    async def callback(interaction: discord.Interaction, mode: Choice[str]) -> None:
        await run(interaction, f"/{spec.name} {mode.value}")

    return _command(spec, callback)


def _move(verb: Verb, run: Run, choices: Choices | None = None) -> app_commands.Command:
    """A game's own typed move (`/bid 30`); the game checks what follows the verb. Its
    words as the games declare them (a player, a bounded number, text offered from a
    list), else one line of text."""
    if verb.options is not None:
        return _declared(verb, run, choices)

    @app_commands.describe(value=text("dc.arg.move"))
    async def callback(interaction: discord.Interaction, value: str = "") -> None:
        await run(interaction, f"/{verb.name} {value}", sealed=True)

    return _command(verb, callback)


def _annotation(option: VerbOption) -> Any:
    if option.kind == "player":
        return discord.User
    if option.kind == "integer":
        return app_commands.Range[int, option.min, option.max]
    return app_commands.Range[str, 1, 200]


def _declared(verb: Verb, run: Run, choices: Choices | None) -> app_commands.Command:
    """A slash command with one typed option per declared word: discord.py reads the
    options from the callback's signature, so the signature is made from the data."""
    options = verb.options or ()

    async def callback(interaction: discord.Interaction, **given: Any) -> None:
        words = []
        for option in options:
            value = given.get(option.name)
            if value is None:
                continue
            word = f"<@{value.id}>" if option.kind == "player" else str(value)
            words.append(f"{option.prefix}{word}")
        # players first (a deal's addressees lead its text), then the rest in order
        players = [w for w, o in zip(words, _given(options, given), strict=True) if o == "player"]
        rest = [w for w, o in zip(words, _given(options, given), strict=True) if o != "player"]
        await run(interaction, " ".join([f"/{verb.name}", *players, *rest]), sealed=True)

    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    ordered = sorted(options, key=lambda o: not o.required)  # Discord: required ones first
    for option in ordered:
        annotation = _annotation(option)
        params.append(
            inspect.Parameter(
                option.name,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=annotation if option.required else Optional[annotation],  # noqa: UP045
                default=inspect.Parameter.empty if option.required else None,
            )
        )
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = {  # type: ignore[attr-defined]
        o.name: text(f"dc.opt.{o.kind}" if not o.choices else "dc.opt.choice") for o in options
    }
    if choices is not None:
        completing = {}
        for place, option in enumerate(options):
            if option.choices:
                completing[option.name] = _completer(verb.name, place, choices)
        callback.__discord_app_commands_param_autocomplete__ = completing  # type: ignore[attr-defined]
    return _command(verb, callback)


def _given(options: tuple[VerbOption, ...], given: dict[str, Any]) -> list[str]:
    return [o.kind for o in options if given.get(o.name) is not None]


def _completer(verb: str, place: int, choices: Choices) -> Any:
    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        values = await choices(interaction, verb, place, current)
        return [Choice(name=v[:100], value=v[:100]) for v in values[:CHOICES]]

    return complete


# How each kind of argument (bot/chat/commands.py's `Arg`) is asked for.
BUILDERS: dict[Arg | None, Callable[[CommandSpec, Run], app_commands.Command]] = {
    None: _plain,
    "dice": _dice,
    "game_options": _game_options,
    "game": _game,
    "language": _language,
    "on_off": _on_off,
    "roll_id": _roll_id,
}


def all_commands(run: Run, choices: Choices | None = None) -> list[app_commands.Command]:
    """The bot's commands (bot/chat/commands.py), then every verb a registered game declares."""
    made = [BUILDERS[spec.arg](spec, run) for spec in [*commands.COMMANDS, *commands.aliases()]]
    return made + [_move(verb, run, choices) for verb in commands.verbs()]


def build_tree(
    client: discord.Client, run: Run, choices: Choices | None = None
) -> app_commands.CommandTree:
    tree = app_commands.CommandTree(client)
    for command in all_commands(run, choices):
        tree.add_command(command)

    @tree.error
    async def on_error(
        interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        # Our callbacks catch their own failures; this is what fails before them.
        log.error("slash command failed in discord chat %s", interaction.channel_id, exc_info=error)
        if not interaction.response.is_done():
            lang = normalize(str(interaction.locale))
            await interaction.response.send_message(t(lang, "error.internal"), ephemeral=True)

    return tree
