"""Typed answers: which prompt a typed message answers, and the value it carries."""

from typing import Any

from bot.commands import Command
from bot.table import Table
from rules.core.errors import ParseError, RuleError
from rules.core.protocol import Prompt


def find_typed(
    table: Table, prompts: list[Prompt], user: str, private: bool, cmd: Command | None
) -> tuple[int, Prompt] | None:
    seat = table.seat_of(user)
    if seat is None:
        return None
    for prompt in prompts:
        if seat not in prompt.seats or prompt.input is None:
            continue
        if cmd is None and prompt.secret == private and not prompt.standing:
            return seat, prompt
        if cmd is not None and prompt.command == cmd.name:
            return seat, prompt
    return None


def typed_value(prompt: Prompt, text: str) -> Any:
    spec = prompt.input
    assert spec is not None
    if spec.kind == "text":
        if not text or len(text) > spec.max_length:
            raise ParseError("error.text_length", max=spec.max_length)
        return text
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
