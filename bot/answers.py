"""Typed answers: which prompt a typed message answers, and the value it carries."""

import re
from typing import Any

from bot.commands import Command
from bot.i18n import keys
from bot.outbox import Outbox
from bot.table import Table
from rules.core.errors import ParseError, RuleError
from rules.core.protocol import Prompt, seat_token

# A mention by user id: Discord writes `<@123>` (`<@!123>` for a nickname), and the
# Telegram adapter writes its text mentions (users without a @handle) the same way.
USER_MENTION = re.compile(r"<@!?(\w+)>")


def find_typed(
    table: Table, prompts: list[Prompt], user: str, private: bool, cmd: Command | None
) -> tuple[int, Prompt] | None:
    seat = table.seat_of(user)
    if seat is None:
        return None
    for prompt in prompts:
        if seat not in prompt.seats or prompt.input is None:
            continue
        # Plain text answers a waiting prompt, or a standing one without a command: a
        # game that reads the chat itself (rules about how players write) stands open
        # for every message (the game lists such a prompt after the ones it waits on).
        if cmd is None and prompt.secret == private and not (prompt.standing and prompt.command):
            return seat, prompt
        if cmd is not None and prompt.command == cmd.name:
            return seat, prompt
    return None


def asks_a_button(table: Table, prompts: list[Prompt], user: str, private: bool) -> bool:
    """Whether `user` is asked, where they wrote, for a choice made only by a button."""
    seat = table.seat_of(user)
    return any(
        seat in p.seats and p.options and p.input is None and p.secret == private
        for p in prompts
        if not p.standing
    )


def typed_value(table: Table, prompt: Prompt, text: str, out: Outbox) -> Any:
    spec = prompt.input
    assert spec is not None
    if len(text) < spec.min_length:
        e = usage(table, prompt, out)
        e.private = True  # to the writer alone, as the game's own refusals of the command
        raise e
    if spec.kind == "text":
        if len(text) > spec.max_length:
            raise ParseError("error.text_length", max=spec.max_length)
        return named_seats(table, text) if spec.names_seats else text
    try:
        value = int(text.replace(" ", ""))
    except ValueError:
        raise ParseError("error.not_a_number", text=text[:20]) from None
    if spec.min is not None and value < spec.min:
        raise RuleError("error.number_min", min=spec.min)
    if spec.max is not None and value > spec.max:
        raise RuleError("error.number_max", max=spec.max)
    if spec.multiple_of and value % spec.multiple_of:
        raise RuleError("error.number_multiple", step=spec.multiple_of)
    return value


def usage(table: Table, prompt: Prompt, out: Outbox) -> ParseError:
    """What to write, for an answer given with no text at all (`/pay`): the game's
    usage line for the command (`error.<game>.<command>_usage`) where it has one, else
    the prompt's own question, which says how it is answered."""
    key = f"error.{table.game}.{prompt.command}_usage"
    if prompt.command and key in keys(out.lang):
        return ParseError(key)
    params = {"seats": list(prompt.seats), **prompt.params}
    return ParseError("error.usage", text=out.text(prompt.key, **params))


def named_seats(table: Table, text: str) -> str:
    """`@bob 30` → `#1 30`: each player named as an addressee becomes that seat's token.

    Addressees are the words before a colon (`/deal @bob Essen: text`), or without a
    colon the leading words that name a player (`/pay bob 30`): a name later in a
    deal's text stays text. A name of nobody at the table stays, for the game to refuse."""
    words = text.split(" ")
    colon = any(w.endswith(":") for w in words)
    for i, word in enumerate(words):
        name = word.rstrip(",;:")
        seat = _mentioned(table, name)
        if seat is not None:
            words[i] = seat_token(seat) + word[len(name) :]
        elif not colon:
            break
        if word.endswith(":"):
            break
    return " ".join(words)


def _mentioned(table: Table, word: str) -> int | None:
    """The seat a word names: a mention by id, a @handle, or a display name (spaces
    left out, any case; a leading @ allowed). Only an unambiguous name counts."""
    if match := USER_MENTION.fullmatch(word):
        return table.seat_of(match[1])
    wanted = word.removeprefix("@").casefold()
    if not wanted:
        return None
    for by_handle in (True, False):
        found = [
            i
            for i, s in enumerate(table.seats)
            if wanted == ((s.handle or "") if by_handle else "".join(s.name.split())).casefold()
        ]
        if len(found) == 1:
            return found[0]
    return None
