"""The slash commands: each becomes the text the router reads (`/new auktion rounds=5`).

Descriptions come from the catalogs in English and German (Discord shows each user
their client's language). Command names stay the same in both languages: every
message of the bot names them (`/join`, `/bid 30`), so a German name would make
those messages wrong.
"""

import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.commands import COMMON
from bot.i18n import normalize, t
from rules import registry

log = logging.getLogger(__name__)
# (interaction, command text, sealed: a game move whose value only the mover may see)
Run = Callable[..., Awaitable[None]]

PLAIN = ("join", "leave", "start", "abort", "board", "hand", "games", "fame", "help")
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


def _plain(name: str, run: Run) -> app_commands.Command:
    async def callback(interaction: discord.Interaction) -> None:
        await run(interaction, f"/{name}")

    return app_commands.Command(name=name, description=text(f"dc.cmd.{name}"), callback=callback)


def _roll(run: Run) -> app_commands.Command:
    @app_commands.describe(expression=text("dc.arg.roll"))
    async def callback(interaction: discord.Interaction, expression: str = "") -> None:
        await run(interaction, f"/roll {expression}")

    return app_commands.Command(name="roll", description=text("dc.cmd.roll"), callback=callback)


def _new(run: Run) -> app_commands.Command:
    @app_commands.describe(game=text("dc.arg.game"), options=text("dc.arg.options"))
    @app_commands.autocomplete(game=_games)
    async def callback(interaction: discord.Interaction, game: str, options: str = "") -> None:
        await run(interaction, f"/new {game} {options}")

    return app_commands.Command(name="new", description=text("dc.cmd.new"), callback=callback)


def _rules(run: Run) -> app_commands.Command:
    @app_commands.describe(game=text("dc.arg.rules"))
    @app_commands.autocomplete(game=_games)
    async def callback(interaction: discord.Interaction, game: str = "") -> None:
        await run(interaction, f"/rules {game}")

    return app_commands.Command(name="rules", description=text("dc.cmd.rules"), callback=callback)


def _lang(run: Run) -> app_commands.Command:
    # Each language by its own name: someone who reads neither finds theirs.
    @app_commands.describe(language=text("dc.arg.lang"))
    @app_commands.choices(
        language=[Choice(name="Deutsch", value="de"), Choice(name="English", value="en")]
    )
    async def callback(interaction: discord.Interaction, language: Choice[str]) -> None:
        await run(interaction, f"/lang {language.value}")

    return app_commands.Command(name="lang", description=text("dc.cmd.lang"), callback=callback)


def _images(run: Run) -> app_commands.Command:
    @app_commands.describe(mode=text("dc.arg.images"))
    @app_commands.choices(
        mode=[
            Choice(name=text("dc.choice.on"), value="on"),
            Choice(name=text("dc.choice.off"), value="off"),
        ]
    )
    async def callback(interaction: discord.Interaction, mode: Choice[str]) -> None:
        await run(interaction, f"/images {mode.value}")

    return app_commands.Command(name="images", description=text("dc.cmd.images"), callback=callback)


def _move(verb: str, run: Run) -> app_commands.Command:
    """A game's own typed move (`/bid 30`); the game checks what follows the verb."""

    @app_commands.describe(value=text("dc.arg.move"))
    async def callback(interaction: discord.Interaction, value: str = "") -> None:
        await run(interaction, f"/{verb} {value}", sealed=True)

    return app_commands.Command(name=verb, description=text("dc.cmd.move"), callback=callback)


def all_commands(run: Run) -> list[app_commands.Command]:
    """The table commands, then every verb a registered game declares (GameSpec.commands)."""
    made = [_roll(run), _new(run), _rules(run), _lang(run), _images(run)]
    made += [_plain(name, run) for name in PLAIN]
    verbs = sorted({v for g in registry.all_games() for v in g.commands} - set(COMMON))
    return made + [_move(verb, run) for verb in verbs]


def build_tree(client: discord.Client, run: Run) -> app_commands.CommandTree:
    tree = app_commands.CommandTree(client)
    for command in all_commands(run):
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


async def sync(tree: app_commands.CommandTree, guild_id: int | None) -> None:
    """Register the commands with Discord: in one guild at once (for development), or
    globally (Discord may take a while to show changes everywhere)."""
    await tree.set_translator(CatalogTranslator())
    if guild_id is None:
        await tree.sync()
        return
    guild = discord.Object(id=guild_id)
    tree.copy_global_to(guild=guild)
    await tree.sync(guild=guild)
