"""Buttons, select menus and modals, made from Replies and read back from presses.

Nothing here is kept in memory: a component's custom id says everything (the
router's `st2:<chat>:<step>:<prompt>.<option>`), so a press is answered by any
process, also after a restart, and an old one gets the router's "outdated".
"""

from dataclasses import dataclass
from typing import Any

import discord

from bot.replies import Button, InputRequest
from bot.table import buttons

# Discord's limits: 5 rows of 5 buttons, 80 characters a button label, 25 options a
# select menu (each takes a whole row), 100 characters an option label and a custom id.
ROWS, PER_ROW, PER_SELECT = 5, 5, 25
BUTTON_LABEL, OPTION_LABEL = 80, 100
MODAL_TITLE, INPUT_LABEL = 45, 45
NUMBER_LENGTH = 12  # digits enough for any bid; the router checks the range
TEXT_LENGTH = 200  # a typed answer's usual cap (FreeInput.max_length); the router checks it

OPEN_INPUT = "stm"  # `stm:<kind letter>:<button data>`: opens the modal for that prompt
SELECT = "sts"  # `sts:<n>`: a select menu; its chosen value is the button data
HAND = "st1-hand"  # the "my hand" button under a board: `/hand` for whoever presses
VALUE = "value"  # the text field of a modal


class Components(discord.ui.View):
    """Components as data only. discord.py would keep every view with buttons in memory
    to dispatch its callbacks; ours has none (presses are read in on_interaction)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_dispatchable(self) -> bool:
        return False


def view_for(
    rows: tuple[tuple[Button, ...], ...],
    request: InputRequest | None = None,
    hand: str | None = None,
) -> Components | None:
    """Buttons when they fit Discord's five rows, else select menus of 25 options;
    a button opening the modal for typed input; a `hand` button under a board."""
    extra = [label for label in (request and request.label, hand) if label]
    flat = [b for row in rows for b in row]
    if not flat and not extra:
        return None
    view = Components()
    room = ROWS - (1 if extra else 0)
    if len(rows) <= room and all(len(row) <= PER_ROW for row in rows):
        for r, row in enumerate(rows):
            for b in row:
                view.add_item(
                    discord.ui.Button(label=_cut(b.label, BUTTON_LABEL), custom_id=b.data, row=r)
                )
    else:
        for n in range(min(room, -(-len(flat) // PER_SELECT))):
            chunk = flat[n * PER_SELECT : (n + 1) * PER_SELECT]
            options = [
                discord.SelectOption(label=_cut(b.label, OPTION_LABEL), value=b.data) for b in chunk
            ]
            view.add_item(discord.ui.Select(custom_id=f"{SELECT}:{n}", options=options, row=n))
    last = ROWS - 1
    if request is not None:
        view.add_item(
            discord.ui.Button(
                label=_cut(request.label, BUTTON_LABEL),
                custom_id=f"{OPEN_INPUT}:{request.kind[:1]}:{request.data}",
                style=discord.ButtonStyle.primary,
                row=last,
            )
        )
    if hand is not None:
        view.add_item(
            discord.ui.Button(
                label=_cut(hand, BUTTON_LABEL),
                custom_id=HAND,
                style=discord.ButtonStyle.secondary,
                row=last,
            )
        )
    return view


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Press:
    """What a component interaction asks for."""

    data: str = ""  # button data for the router
    text: str = ""  # typed text (a modal's value, or `/hand`)
    modal: str | None = None  # "number" / "text": open the modal for `data` first


def read(interaction: discord.Interaction) -> Press | None:
    """The press or submit in `interaction`, or None when it is not one of ours."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if interaction.type == discord.InteractionType.modal_submit:
        return Press(data=custom_id, text=_modal_value(data.get("components", [])) or "")
    if custom_id == HAND:
        return Press(text="/hand")
    if custom_id.startswith(f"{SELECT}:"):
        values = data.get("values") or [""]
        return Press(data=str(values[0]))
    if custom_id.startswith(f"{OPEN_INPUT}:"):
        _, kind, button = custom_id.split(":", 2)
        return Press(data=button, modal="number" if kind == "n" else "text")
    if custom_id.startswith((f"{buttons.PREFIX}:", f"{buttons.LOBBY}:", buttons.STANDING)):
        return Press(data=custom_id)
    return None


def _modal_value(components: list[Any]) -> str | None:
    """The typed value, wherever the submit nests it (action rows, or labels)."""
    for c in components:
        if not isinstance(c, dict):
            continue
        if c.get("custom_id") == VALUE and "value" in c:
            return str(c["value"])
        nested = c.get("components") or ([c["component"]] if "component" in c else [])
        if (found := _modal_value(nested)) is not None:
            return found
    return None


def modal(title: str, label: str, kind: str, data: str) -> discord.ui.Modal:
    """The secret input: its submit arrives as a modal_submit with custom id `data`."""
    # A modal that is never submitted would stay in discord.py's memory without a timeout.
    form = discord.ui.Modal(title=_cut(title, MODAL_TITLE), custom_id=data, timeout=900)
    form.add_item(
        discord.ui.TextInput(
            label=_cut(label, INPUT_LABEL),
            custom_id=VALUE,
            max_length=NUMBER_LENGTH if kind == "number" else TEXT_LENGTH,
        )
    )
    return form
