"""Standing prompts with buttons (an AUFRUHR! deal, which the mayors it names accept or
decline): open across steps, their messages named by the prompt, not by the step."""

from typing import Any

from bot.replies import Button, Reply
from bot.table import buttons
from bot.table.model import Table
from bot.table.outbox import Outbox
from bot.table.status import call
from rules.core.protocol import GameSpec

STANDING = "standing:"  # the status token of a standing prompt's message (a deal's)


def offer_standing(table: Table, spec: GameSpec, before: Any, state: Any, out: Outbox) -> None:
    """A standing command that opened a standing prompt with buttons (a deal, which its
    mayors accept or decline): its buttons go under what the group is told, and the
    seats it names are called. They are named by the prompt's id, not by the step, so
    they work until everyone named has answered (bot/table/buttons.py)."""
    known = {p.id for p in spec.prompts(before)}
    for prompt in spec.prompts(state):
        if not prompt.standing or not prompt.options or prompt.id in known:
            continue
        row = tuple(
            Button(
                label=o.label if o.literal else out.text(o.label, **o.params),
                data=buttons.encode_standing(table.chat, prompt.id, i),
            )
            for i, o in enumerate(prompt.options)
        )
        out.group_buttons.append(row)
        table.standing_asked[prompt.id] = list(prompt.seats)
        call(table, list(prompt.seats), out)
        # the adapter tells us the message's id (Router.remember_status), to close it
        out.status_token = f"{STANDING}{prompt.id}"


def close_standing(table: Table, spec: GameSpec, state: Any | None, out: Outbox) -> None:
    """The messages of standing prompts that are gone (a deal everyone it names has
    answered, or of a round that is over) lose their buttons. `state` None: all."""
    if not table.standing_messages and not table.standing_asked:
        return
    open_ids = {p.id for p in spec.prompts(state)} if state is not None else set()
    table.standing_asked = {k: v for k, v in table.standing_asked.items() if k in open_ids}
    for prompt_id, (message_id, text) in list(table.standing_messages.items()):
        if prompt_id not in open_ids:
            done = "\n".join([text, out.text("status.done")])
            out.edits.append(Reply(text=done, edit=message_id))
            del table.standing_messages[prompt_id]
