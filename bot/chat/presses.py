"""Button presses: what the router runs inside a table's transaction for one press (pure:
it may run more than once). A button names its step and prompt (bot/table/buttons.py):
a press of an earlier step's, or of a prompt since gone, is "outdated" and changes
nothing; a standing prompt's button (a deal's Accept) is named by the prompt's id."""

from typing import Any

from bot.chat import offers
from bot.chat.answers import REFUSALS, press_refusal, typed_value
from bot.chat.asking import through
from bot.chat.incoming import Incoming
from bot.chat.typed import act_or_offer
from bot.replies import Reply
from bot.table import buttons, lobby, play
from bot.table.keyboards import carried_index
from bot.table.model import Table
from bot.table.outbox import Outbox
from rules.core.errors import RuleError
from rules.core.protocol import Prompt


def pressed(msg: Incoming, press: buttons.Press, table: Table, out: Outbox, now: float) -> bool:
    """Apply `press` (decoded from `msg.button`) at `table`, or refuse it."""
    if table.status != "playing":
        raise RuleError("error.outdated")
    # This step's button, or a private question's of an earlier step, unchanged since; a
    # refusal's choices are this step's only (bot/chat/offers.py). A standing prompt's is
    # named by its id: no step to match.
    index = carried_index(table, msg.user, press.step, press.prompt)
    if press.standing is None and (
        index is None or (press.option == buttons.CHOICE and press.step != table.step_token)
    ):
        raise RuleError("error.outdated")
    spec = lobby.spec_of(table)
    prompts = spec.prompts(play.state_of(spec, table))
    if press.standing is not None:  # a standing prompt's, by its id (a deal's)
        prompt = next((p for p in prompts if p.id == press.standing), None)
        if prompt is None or not 0 <= press.option < len(prompt.options):
            raise RuleError("error.outdated")
        return _standing(table, spec, msg, prompt, press.option, out, now)
    assert index is not None
    if index >= len(prompts) or press.option >= len(prompts[index].options):
        raise RuleError("error.outdated")  # (TYPED is -1: always within range)
    step, prompt = table.step_token, prompts[index]
    seat = table.seat_of(msg.user)
    if seat is None or seat not in prompt.seats:
        # A secret prompt's buttons went only to its seats, and a seat leaves the prompt
        # (in the same step) once it has answered.
        refused = press_refusal(table, prompts, prompt, msg.user)
        if seat is not None and refused.key == REFUSALS["not_you"] and spec.refusal:
            # the game's own reason, where it has one ("Only the winner chooses the reward.")
            action = prompt.options[press.option].action if press.option >= 0 else None
            own = spec.refusal(play.state_of(spec, table), seat, action)
            refused = own or refused
        raise refused
    answer: Any
    if press.option == buttons.CHOICE:  # a refusal's choice: its message is done
        answer, choice = offers.chosen(table, press, msg.user)
        play.act(table, spec, seat, answer, prompt, out, now)
        line = out.text("status.pressed", choice=choice)
        out.extra.append(Reply(pressed=line, to=msg.user))  # refusals are private
        return True
    if press.option == buttons.TYPED:
        if prompt.input is None:
            raise RuleError("error.outdated")
        answer = prompt.input.fill(typed_value(table, prompt, msg.text.strip(), out))
        if act_or_offer(msg, table, index, seat, answer, out, now):
            return True
    else:
        answer = prompt.options[press.option].action
        play.act(table, spec, seat, answer, prompt, out, now)
    if msg.private and through(table, spec, step, prompt, seat):
        # A private prompt's message shows the choice and loses its buttons; a group's is
        # the living status, which play.act edits.
        option = prompt.options[press.option] if press.option >= 0 else None
        choice = msg.text.strip() if option is None else offers.label(option, out)
        out.extra.append(Reply(pressed=out.text("status.pressed", choice=choice), to=msg.user))
    return True


def _standing(
    table: Table, spec: Any, msg: Incoming, prompt: Prompt, option: int, out: Outbox, now: float
) -> bool:
    """A standing prompt's button (a deal's Accept): like typing its command. Once the
    prompt is gone (everyone it names has answered), its message loses its buttons
    (bot/table/standing.py `close_standing`)."""
    if table.status != "playing":
        raise RuleError("error.outdated")
    seat = table.seat_of(msg.user)
    if seat is None:
        raise RuleError("error.not_seated")
    if seat not in prompt.seats:
        if seat in table.standing_asked.get(prompt.id, ()):  # asked, and answered already
            raise RuleError(REFUSALS["already_answered"])
        raise RuleError("error.not_prompted")
    play.act(table, spec, seat, prompt.options[option].action, prompt, out, now)
    return True
