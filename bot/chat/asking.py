"""How a prompt asks, decided here once for typed answers, presses and their refusals.

Two things a prompt says, and nothing else decides them: *where* it is answered — an
open prompt in the group, a secret one privately (or sealed: a Discord slash command
answered ephemerally), its answers revealed together — and *whether the step waits on
it*: a standing prompt is open all the time (`/pay`, `/deal`, a game reading the chat),
is not announced, and never times out.
"""

from typing import Any, Literal

from bot.table import play
from bot.table.model import Table
from rules.core.protocol import Prompt

# Why an answer given where it was is not taken (a situation of bot/chat/answers.py).
Misplaced = Literal["only_privately", "only_in_group"]


def asked_here(prompt: Prompt, private: bool) -> bool:
    """Whether `prompt` is asked where a message was written: a secret one privately, an
    open one in the group."""
    return prompt.secret == private


def misplaced(prompt: Prompt, private: bool, sealed: bool = False) -> Misplaced | None:
    """Why an answer to `prompt` given here is refused, or None where it belongs: a secret
    prompt's answer is seen by its writer alone (private or sealed), an open one's by
    the group — unless the open one tells its answer to the writer alone
    (`Prompt.private_ok`: asking privately what is private is no secret kept from the
    group)."""
    if prompt.secret and not (private or sealed):
        return "only_privately"
    if not prompt.secret and private and not prompt.private_ok:
        return "only_in_group"
    return None


def waited_on(prompt: Prompt) -> bool:
    """Whether the step waits on `prompt`, as opposed to one standing open all the time."""
    return not prompt.standing


def takes_plain_text(prompt: Prompt, private: bool) -> bool:
    """Whether plain text written here (no command) may answer `prompt`: one asked here that
    the step waits on, or a standing one without a command (a game that reads the chat
    itself, such as rules about how players write, stands open for every message)."""
    return asked_here(prompt, private) and not (prompt.standing and prompt.command)


def talk_must_read_as_answer(prompt: Prompt, typed_command: bool, private: bool) -> bool:
    """Whether plain text in the group answers `prompt` only when it reads as an answer:
    "good luck" while choosing where to go is table talk, not a place that does not exist.
    A command (`/go` gets every refusal), a private message, and a standing prompt (which
    reads every message) are answers however they read."""
    return not typed_command and not private and waited_on(prompt)


def reason_first(prompt: Prompt) -> bool:
    """Whether the game's own reason to refuse an answer comes before the router's (wrong
    place, no value): a command open all the time may have nothing to answer now (a
    private `/guess 5` with no guessing challenge running), and the player would move to
    the group only to be refused there."""
    return prompt.standing


def through(table: Table, spec: Any, step: str, prompt: Prompt, seat: int) -> bool:
    """Whether `seat` is through with `prompt` of step `step` (a step of a multi-step
    answer, a token put into a folder, is not: its buttons are still needed)."""
    if table.status != "playing" or table.step_token != step:
        return True
    state = play.state_of(spec, table)
    return not any(p.id == prompt.id and seat in p.seats for p in play.waiting_prompts(spec, state))
