"""Typed answers: `/bid 30` anywhere it belongs, or plain text where a prompt asks.

Which prompt a typed message answers and the value it carries are bot/chat/answers.py's;
where a prompt is answered, bot/chat/asking.py's. Here is what the router runs inside a
table's transaction for one typed answer (`answer`, pure: it may run more than once), and
the one refusal for a message that answers nothing (`refusal`).
"""

from dataclasses import replace
from typing import Any

from bot.chat import offers
from bot.chat.answers import (
    REFUSALS,
    asks_a_button,
    find_typed,
    own_refusal,
    reads_as_answer,
    refusal,
    typed_value,
)
from bot.chat.asking import misplaced, reason_first, talk_must_read_as_answer, through
from bot.chat.commands import Command
from bot.chat.incoming import Incoming
from bot.chat.replying import error_reply
from bot.replies import Reply
from bot.table import lobby, play
from bot.table.model import Table
from bot.table.outbox import Outbox
from rules import registry
from rules.core.errors import GameError, ParseError, RuleError
from rules.core.protocol import GameSpec, Prompt


def refused(msg: Incoming, cmd: Command | None, tables: list[Table]) -> GameError:
    """Why `msg` answers nothing at `tables` (the user's, where it could have gone)."""
    games = [lobby.spec_of(tb) for tb in tables if tb.game]
    if cmd is not None and not any(cmd.name in g.commands for g in games):
        if any(cmd.name in g.commands for g in registry.all_games()):
            if not tables:
                return RuleError("error.not_seated")  # a game's verb from one at no table
            if not games:
                # a game's verb where no game is (one just ended: a late `/go`)
                return RuleError("error.no_game")
        return ParseError("error.unknown_command", command=cmd.name)
    # one answer per situation (bot/chat/answers.py)
    if len(tables) == 1 and tables[0].game:
        tb = tables[0]
        spec = lobby.spec_of(tb)
        prompts = play.prompts_for(spec, tb)
        why = refusal(tb, prompts, msg.user, msg.private, cmd, msg.sealed)
        if why.key == REFUSALS["not_you"] and (
            own := _games_reason(spec, tb, prompts, msg.user, cmd)
        ):
            return own
        return why
    if cmd is None and any(
        asks_a_button(tb, play.prompts_for(lobby.spec_of(tb), tb), msg.user, msg.private)
        for tb in tables
        if tb.game
    ):
        return RuleError(REFUSALS["press_a_button"])
    return RuleError(REFUSALS["nothing_asked"])


def _games_reason(
    spec: GameSpec, table: Table, prompts: list[Prompt], user: str, cmd: Command | None
) -> RuleError | None:
    """The game's own reason (GameSpec.refusal) why `user`'s command, which asks someone
    else now, is not theirs ("You are still drinking …"), as for a press: the command's
    prompt names the kind of action, whatever its words."""
    seat = table.seat_of(user)
    if spec.refusal is None or seat is None or cmd is None:
        return None
    prompt = next((p for p in prompts if p.command == cmd.name and p.input is not None), None)
    if prompt is None or prompt.input is None:
        return None
    return spec.refusal(play.state_of(spec, table), seat, spec.parse_action(prompt.input.action))


def wanted(msg: Incoming, cmd: Command | None, table: Table, prompts: list[Prompt]) -> bool:
    """Whether `msg` answers one of `prompts` at `table`."""
    return find_typed(table, prompts, msg.user, msg.private, cmd) is not None


def concerns(msg: Incoming, table: Table | None) -> bool:
    """Whether plain chatter in a group concerns the game: only where a prompt asks for it."""
    if table is None or table.status != "playing":
        return False
    spec = lobby.spec_of(table)
    prompts = spec.prompts(play.state_of(spec, table))
    return find_typed(table, prompts, msg.user, msg.private, None) is not None


def answer(msg: Incoming, cmd: Command | None, table: Table, out: Outbox, now: float) -> bool:
    """Apply `msg` as the typed answer it is at `table`, or refuse it; True if it changed."""
    if table.status != "playing":
        raise refused(msg, cmd, [table])
    spec = lobby.spec_of(table)
    state = play.state_of(spec, table)
    prompts = spec.prompts(state)
    found = find_typed(table, prompts, msg.user, msg.private, cmd)
    if found is None:
        raise refused(msg, cmd, [table])
    seat, prompt = found
    text = cmd.rest if cmd else msg.text.strip()
    place = misplaced(prompt, msg.private, msg.sealed)
    if place is not None:
        if reason_first(prompt) and (
            reason := own_refusal(spec, state, table, seat, prompt, text, out)
        ):
            raise reason
        raise RuleError(REFUSALS[place])
    assert prompt.input is not None
    if talk_must_read_as_answer(prompt, cmd is not None, msg.private) and not reads_as_answer(
        spec, state, table, seat, prompt, text, out
    ):
        return False
    try:
        value = typed_value(table, prompt, text, out)
    except GameError:
        # A command open all the time that is given no value it reads (`/guess` alone):
        # the game's reason comes first where it refuses the command whatever the value
        # (no guessing challenge runs), not "write /guess <n>".
        if reason_first(prompt) and (
            reason := own_refusal(spec, state, table, seat, prompt, text, out)
        ):
            reason.private = True  # to the writer alone, as a usage line is
            raise reason from None
        raise
    step = table.step_token
    if act_or_offer(msg, table, prompts.index(prompt), seat, prompt.input.fill(value), out, now):
        return True  # refused, with buttons for what it could have meant
    if prompt.secret and through(table, spec, step, prompt, seat):
        # typed, not pressed: the adapter closes the private prompt it sent last
        line = out.text("status.pressed", choice=text)
        out.extra.append(Reply(pressed=line, to=msg.user))
    return True


def act_or_offer(
    msg: Incoming, table: Table, index: int, seat: int, action: Any, out: Outbox, now: float
) -> bool:
    """Apply a typed answer to prompt `index`; True when the engine refused it with
    choices (a name that fits several places): the refusal then carries their buttons,
    kept with the table (bot/chat/offers.py). Any other refusal is raised as it is."""
    spec = lobby.spec_of(table)
    prompt = spec.prompts(play.state_of(spec, table))[index]
    try:
        play.act(table, spec, seat, action, prompt, out, now)
    except GameError as e:
        if not e.choices:
            raise
        rows = offers.offer(table, index, msg.user, e, out)
        reply = error_reply(msg, table.lang, e, table.game or "")
        out.extra.append(replace(reply, buttons=rows))
        return True
    return False
