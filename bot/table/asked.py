"""What a game asks of a state, worked out once a command.

One command asks for the prompts of the same state three to five times (the router's
check, the answer, the status line, who is still waiting, the standing questions), and
AUFRUHR!'s are costly. `a_command()` gives the command's coroutine a memo of its own
(a context variable, as bot/ops/logs.py keeps the chat for the logs): in it each state's
prompts are computed once. The memo keeps the state beside its prompts, so the id it is
looked up by cannot be another object's while the memo lives, and the next command
starts with a new one. Without `a_command()` (a script, a test, the courier) the
prompts are computed on each ask. Right because nobody changes a state once its engine
has returned it (tests/fixtures/conformance.py: `apply` never mutates its input).
"""

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

from rules.core.protocol import Prompt

Memo = dict[int, tuple[Any, list[Prompt]]]
_MEMO: ContextVar[Memo | None] = ContextVar("asked", default=None)


def a_command() -> None:
    """A new command begins in this context: the prompts of the last one are let go."""
    _MEMO.set({})


def remembered(prompts: Callable[[Any], list[Prompt]]) -> Callable[[Any], list[Prompt]]:
    """A game's `prompts`, computed once a state within a command."""

    def asked(state: Any) -> list[Prompt]:
        memo = _MEMO.get()
        if memo is None:
            return prompts(state)
        hit = memo.get(id(state))
        if hit is None or hit[0] is not state:
            hit = memo[id(state)] = (state, prompts(state))
        return list(hit[1])  # a list of its own: the caller may change it

    return asked
