"""Answers to whoever said something: a reply where it was said, a refusal where it belongs."""

from dataclasses import replace
from typing import Any

from bot.chat.incoming import Incoming
from bot.i18n import t
from bot.marks import Marked
from bot.replies import Reply, marked
from bot.table import buttons
from bot.table.outbox import Outbox
from rules.core.errors import GameError

# Refusals of a press after which its message's buttons are of no use to the presser.
DONE = {"error.outdated": "status.outdated", "error.already_answered": "status.answered_before"}


def reply(msg: Incoming, text: str | Marked) -> Reply:
    """An answer where `msg` was said: privately to a private message, else in the chat."""
    return marked(text, to=msg.user if msg.private else None, chat=msg.chat)


def error_reply(msg: Incoming | None, lang: str, e: GameError, game: str = "") -> Reply:
    """A refusal (or failure) as the one line it is, in `lang`, where it belongs."""
    shown = Outbox(lang=lang, game=game).shown(e.key, e.params)
    # a list (the places a name could mean) reads as one: "Havana, Hauptbahnhof"
    shown = {k: _listed(v) for k, v in shown.items()}
    text = t(lang, e.key, **shown)
    if msg is None:
        return Reply(text=text, error=True)
    # A standing prompt's message (a deal's) is shared: one mayor who answered it
    # already is told so, and it stays open for the others it names.
    shared = msg.button is not None and msg.button.startswith(buttons.STANDING)
    if msg.button is not None and e.key in DONE and not (shared and e.key != "error.outdated"):
        # its message's buttons go
        pressed = t(lang, DONE[e.key])
        return Reply(
            text=text, to=msg.user, notice=True, error=True, chat=msg.chat, pressed=pressed
        )
    # A sealed move (a Discord slash command answered ephemerally) is refused as
    # privately as it was made: the refusal could tell what was typed.
    if msg.button is not None or e.private or msg.sealed:
        return Reply(text=text, to=msg.user, notice=True, error=True, chat=msg.chat)
    # In the group, a refusal answers the message that caused it (a busy chat
    # shows which one).
    return replace(reply(msg, text), error=True, reply_to=msg.message_id)


def _listed(value: Any) -> Any:
    return ", ".join(str(v) for v in value) if isinstance(value, list | tuple) else value
