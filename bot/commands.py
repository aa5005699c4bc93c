"""Reading a chat message as a command: `/name[@bot] arguments`."""

from dataclasses import dataclass

from rules.core.errors import ParseError

MAX_LENGTH = 500  # characters; longer commands are refused before any work is done

COMMON = (
    "help",
    "games",
    "rules",
    "new",
    "join",
    "leave",
    "start",
    "abort",
    "board",
    "hand",
    "roll",
    "lang",
    "images",
    "fame",
)


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
