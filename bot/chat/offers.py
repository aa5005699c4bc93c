"""A refusal's choices as buttons: "“Ha” could mean: Havana, Hauptbahnhof" with a button
for each (rules/core/errors.py `GameError.choices`).

The choices are kept with the table (`Table.offers`, one set per player: the latest
refusal's), so any process answers their press, and only within the step they were
offered in: a press after the game moved on is outdated, like any old button. Pressed,
a choice is answered exactly as if the player had pressed that option of the prompt.
"""

from typing import Any

from bot.replies import Button
from bot.table import buttons
from bot.table.model import Offer, Table
from bot.table.outbox import Outbox
from rules.core.errors import GameError, RuleError
from rules.core.protocol import Option

MAX_CHOICES = 8  # buttons under one refusal; a name that fits more is typed more fully


def label(option: Option, out: Outbox) -> str:
    return option.label if option.literal else out.text(option.label, **option.params)


def offer(
    table: Table, prompt: int, user: str, error: GameError, out: Outbox
) -> tuple[tuple[Button, ...], ...]:
    """Keep `error`'s choices for `user` and return their buttons (one a row: the labels
    are names, often long)."""
    choices = error.choices[:MAX_CHOICES]
    labels = [label(o, out) for o in choices]
    table.offers[user] = Offer(
        step=table.step_token,
        prompt=prompt,
        actions=[o.action.model_dump(mode="json") for o in choices],
        labels=labels,
    )
    return tuple(
        (
            Button(
                label=text,
                data=buttons.encode(table.chat, table.step_token, prompt, buttons.CHOICE, k),
            ),
        )
        for k, text in enumerate(labels)
    )


def chosen(table: Table, press: buttons.Press, user: str) -> tuple[dict[str, Any], str]:
    """The action a pressed choice stands for, and its label; used up by the press."""
    kept = table.offers.get(user)
    if (
        kept is None
        or kept.step != press.step
        or kept.prompt != press.prompt
        or not 0 <= press.choice < len(kept.actions)
    ):
        raise RuleError("error.outdated")
    del table.offers[user]
    return kept.actions[press.choice], kept.labels[press.choice]
