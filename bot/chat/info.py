"""What the bot tells about itself: the games there are, and how each is played."""

from bot.i18n import t
from bot.table import lobby
from rules import registry
from rules.core.errors import ParseError


def games_text(lang: str) -> str:
    games = registry.all_games()
    if not games:
        return t(lang, "games.none")
    lines = [t(lang, "games.title")]
    for g in games:
        lines.append(
            t(lang, "games.line", id=g.id, name=g.name(lang), min=g.min_players, max=g.max_players)
        )
    return "\n".join(lines)


def rules_text(lang: str, args: list[str], usage: str) -> str:
    """The short summary of a game's rules, in the chat's language, and where the book is;
    `usage` is the refusal when `args` name no game."""
    if not args:
        raise ParseError(usage, games=lobby.game_ids())
    spec = registry.get(args[0].lower())
    if spec is None:
        raise ParseError("error.unknown_game", game=args[0], games=lobby.game_ids())
    return t(lang, f"rules.{spec.id}", rulebook=spec.rulebook)
