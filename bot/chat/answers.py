"""Typed answers: which prompt a typed message answers, and the value it carries."""

import re
from typing import Any, Literal

from bot.chat.asking import asked_here, misplaced, takes_plain_text, waited_on
from bot.chat.commands import Command
from bot.i18n import keys
from bot.table.model import Table
from bot.table.outbox import Outbox
from rules.core.errors import GameError, ParseError, RuleError
from rules.core.protocol import FreeInput, GameSpec, Prompt, seat_token

# A mention by user id: Discord writes `<@123>` (`<@!123>` for a nickname), and the
# Telegram adapter writes its text mentions (users without a @handle) the same way.
USER_MENTION = re.compile(r"<@!?(\w+)>")
# Digits are 0–9 only, as everywhere (rules/core/numbers.py: `\d` also takes "٣").
# One or two digits after the decimal sign: a fraction (three may be a thousands group)
DECIMAL = re.compile(r"[-+]?[0-9]*[.,][0-9]{1,2}")
# A whole number; a space may group its thousands ("1 000", as many write it), any other
# space parts two numbers: "60 70" is no 6070 (a bid of two amounts is refused, not read
# as a hundred times the first).
WHOLE = re.compile(r"[-+]?[0-9]{1,3}(?: [0-9]{3})+|[-+]?[0-9]+")


def find_typed(
    table: Table, prompts: list[Prompt], user: str, private: bool, cmd: Command | None
) -> tuple[int, Prompt] | None:
    seat = table.seat_of(user)
    if seat is None:
        return None
    for prompt in prompts:
        if seat not in prompt.seats or prompt.input is None:
            continue
        # (a game lists a prompt that reads the chat after the ones it waits on)
        if cmd is None and takes_plain_text(prompt, private):
            return seat, prompt
        if cmd is not None and prompt.command == cmd.name:
            return seat, prompt
    return None


# Why a typed answer or a press is not taken: one situation, one answer, for every game
# (a second bid, a /bid with no auction, a /bid in the group, a stranger's /pay …).
Situation = Literal[
    "stranger",  # not at the table, while it is open (lobby): /join
    "stranger_running",  # not at the table, and the game runs: wait for the next one
    "not_started",  # at the table, the game has not begun
    "already_answered",  # asked in this step, answered already
    "only_privately",  # asked a secret question, answered in the group
    "only_in_group",  # asked a public question, answered privately
    "press_a_button",  # asked a question that only a button answers
    "not_you",  # the question is someone else's
    "nothing_asked",  # nothing is asked of anyone that this input could answer
]
REFUSALS: dict[Situation, str] = {
    "stranger": "error.not_seated",
    "stranger_running": "error.not_seated_running",
    "not_started": "error.not_started",
    "already_answered": "error.already_answered",
    "only_privately": "error.answer_privately",
    "only_in_group": "error.answer_in_group",
    "press_a_button": "error.press_a_button",
    "not_you": "error.not_your_turn",
    "nothing_asked": "error.nothing_to_answer",
}


def situation(
    table: Table,
    prompts: list[Prompt],
    user: str,
    private: bool,
    cmd: Command | None,
    sealed: bool = False,
) -> Situation:
    """Why `user`'s typed answer (`cmd`, or plain text) finds no prompt it answers."""
    seat = table.seat_of(user)
    if seat is None:
        return "stranger_running" if table.status == "playing" else "stranger"
    if table.status != "playing":
        return "not_started" if table.status == "lobby" else "nothing_asked"
    relevant = _relevant(prompts, seat, private or sealed, cmd)
    mine = [p for p in relevant if seat in p.seats]
    if mine:
        typed = [p for p in mine if p.input is not None]
        if not typed:
            return "press_a_button"
        # (a prompt that fits, asked here, is found before we get here)
        return misplaced(typed[0], private, sealed) or "nothing_asked"
    # Asked in this step and asked nothing more: the answer is in. (Asked something
    # else, a player is not through: the question typed at is someone else's.)
    still = any(seat in p.seats for p in prompts if waited_on(p))
    if not still and seat in table.asked and any(waited_on(p) for p in relevant):
        return "already_answered"
    if relevant:
        return "not_you"
    return "nothing_asked"


def _relevant(prompts: list[Prompt], seat: int, private: bool, cmd: Command | None) -> list[Prompt]:
    """The prompts an input could have meant: those of its command; for plain text, or a
    command nothing asks for now (`/bid` with no auction), the waiting prompts asked
    where it was written (a secret one privately) or asking the writer."""
    if cmd is not None and (found := [p for p in prompts if p.command == cmd.name]):
        return found
    return [p for p in prompts if waited_on(p) and (asked_here(p, private) or seat in p.seats)]


def refusal(
    table: Table,
    prompts: list[Prompt],
    user: str,
    private: bool,
    cmd: Command | None,
    sealed: bool = False,
) -> RuleError:
    """The one-line refusal of `situation`: "not you" says whom the table waits for."""
    found = situation(table, prompts, user, private, cmd, sealed)
    if found == "press_a_button":
        return _press_elsewhere(table, prompts, user, private or sealed) or RuleError(
            REFUSALS[found]
        )
    if found != "not_you":
        return RuleError(REFUSALS[found])
    seat = table.seat_of(user)
    assert seat is not None
    relevant = _relevant(prompts, seat, private or sealed, cmd)
    seats = sorted({s for p in relevant for s in p.seats})
    names = ", ".join(table.seats[s].name for s in seats) or "—"
    return RuleError(REFUSALS[found], waiting=names)


def _press_elsewhere(
    table: Table, prompts: list[Prompt], user: str, private: bool
) -> RuleError | None:
    """Where the buttons asked for are, when not where the player wrote: "the buttons
    above" in a private chat that has none (the group's prompt) named nothing that was
    there. A public prompt's buttons are named (the group sees them); a secret one's are
    not, as the refusal may be read in the group."""
    seat = table.seat_of(user)
    asking = [
        p for p in prompts if waited_on(p) and seat in p.seats and p.options and p.input is None
    ]
    if not asking or any(asked_here(p, private) for p in asking):
        return None
    prompt = asking[0]
    if prompt.secret:
        return RuleError("error.press_a_button_privately")
    label = Outbox(lang=table.lang, game=table.game or "", names=[s.name for s in table.seats]).text
    shown = [
        o.label if o.literal else label(o.label, **o.params)
        for o in prompt.options
        if seat not in o.hidden_from
    ]
    return RuleError("error.press_a_button_in_group", buttons=shown)


def press_refusal(table: Table, prompts: list[Prompt], prompt: Prompt, user: str) -> RuleError:
    """Why a press of `prompt`'s button is not taken from `user` (a seat not asked by it):
    the same answers as for typed ones."""
    seat = table.seat_of(user)
    if seat is None:
        return RuleError(REFUSALS["stranger_running"])
    still = any(seat in p.seats for p in prompts if waited_on(p))
    if not still and seat in table.asked and waited_on(prompt):
        return RuleError(REFUSALS["already_answered"])
    names = ", ".join(table.seats[s].name for s in prompt.seats) or "—"
    return RuleError(REFUSALS["not_you"], waiting=names)


def asks_a_button(table: Table, prompts: list[Prompt], user: str, private: bool) -> bool:
    """Whether `user` is asked, where they wrote, for a choice made only by a button."""
    seat = table.seat_of(user)
    return any(
        seat in p.seats and p.options and p.input is None and asked_here(p, private)
        for p in prompts
        if waited_on(p)
    )


def own_refusal(
    spec: GameSpec, state: Any, table: Table, seat: int, prompt: Prompt, text: str, out: Outbox
) -> RuleError | None:
    """The game's own reason to refuse `text` typed for `prompt`, wherever it was typed
    (a dry run: `apply` is pure and changes nothing); None where the game would take it.
    Text that does not read as a value (`/guess` alone) is tried as the input's own
    template: a refusal of that is the game's reason whatever the value (no guessing
    challenge runs)."""
    assert prompt.input is not None
    try:
        action = prompt.input.fill(typed_value(table, prompt, text, out))
    except GameError:
        action = prompt.input.action
    try:
        spec.apply(state, seat, spec.parse_action(action))
    except RuleError as e:
        return e
    except GameError:
        return None
    return None


def reads_as_answer(
    spec: GameSpec, state: Any, table: Table, seat: int, prompt: Prompt, text: str, out: Outbox
) -> bool:
    """Whether the game would take `text` typed for `prompt` as it stands, one answer and
    no other (a dry run: `apply` is pure and changes nothing)."""
    assert prompt.input is not None
    try:
        action = prompt.input.fill(typed_value(table, prompt, text, out))
        spec.apply(state, seat, spec.parse_action(action))
    except GameError:
        return False
    return True


def _example(spec: FreeInput) -> int:
    """A number the input takes, for the line that refuses one it cannot read: 30, or the
    nearest the bounds allow (a guess of 1 to 20 is not answered "write e.g. 30")."""
    value = 30
    if spec.max is not None:
        value = min(value, spec.max)
    if spec.multiple_of:
        value -= value % spec.multiple_of
    if spec.min is not None:
        value = max(value, spec.min)
    return value


def typed_value(table: Table, prompt: Prompt, text: str, out: Outbox) -> Any:
    spec = prompt.input
    assert spec is not None
    if len(text) < spec.min_length:
        e = usage(table, prompt, out)
        e.private = True  # to the writer alone, as the game's own refusals of the command
        raise e
    if spec.kind == "text":
        if len(text) > spec.max_length:
            # the command named, so the writer knows which answer was too long
            if prompt.command:
                raise ParseError(
                    "error.text_length_command", command=prompt.command, max=spec.max_length
                )
            raise ParseError("error.text_length", max=spec.max_length)
        return named_seats(table, text) if spec.names_seats else text
    if not WHOLE.fullmatch(text.strip()):
        example = _example(spec)
        if DECIMAL.fullmatch(text.strip()):  # `25.5`, `25,5`: a number, but not whole
            raise ParseError("error.not_whole", text=text[:20], example=example)
        raise ParseError("error.not_a_number", text=text[:20], example=example)
    value = int(text.replace(" ", ""))
    if spec.min == 0 and value < 0:  # "at least 0" read as if 0 were a sum to reach
        raise RuleError("error.number_negative")
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
