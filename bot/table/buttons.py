"""Button payloads: short, versioned and stateless, so any process can answer them.

`st2:<chat>:<step>:<prompt>.<option>` — the chat (buttons sent privately must find
their table), the table's step token when the button was made (a press from an earlier
step, or from a timeline Redis lost and the step number since met again, is answered
"outdated"), and which option of which prompt (`.i`: the value typed with the press;
`.c<k>`: the k-th choice a refusal offered, kept with the table: bot/chat/offers.py).
Telegram allows 64 bytes of callback data, Discord 100 characters of custom id.
"""

from typing import NamedTuple

from rules.core.errors import ParseError

PREFIX = "st2"  # st1 carried the bare step number
MAX_BYTES = 64


TYPED = -1  # the option number of "the value typed into this prompt's input" (`<prompt>.i`)
# The option number of one of the choices a refusal offered (`<prompt>.c<k>`: the k-th,
# kept with the table for the player it was offered to, bot/chat/offers.py).
CHOICE = -2


class Press(NamedTuple):
    """A decoded button (a tuple: made on every press, ~4x cheaper than a frozen
    dataclass)."""

    chat: str
    step: str  # the table's step token (bot/table/model.py)
    prompt: int
    option: int  # TYPED: the value is the text that came with the press; CHOICE: `choice`
    choice: int = 0  # which of the refusal's choices (with option CHOICE)
    # A standing prompt's button (a deal's Accept): named by the prompt's id, which no
    # later step changes, instead of by the step and its place among the prompts.
    standing: str | None = None


# `stp|<chat>|<prompt id>|<option>`: bars, since a chat key and a prompt id may both
# hold colons (a forum topic's chat, `deal:3`).
STANDING = "stp|"


def encode_standing(chat: str, prompt_id: str, option: int) -> str:
    data = f"{STANDING}{chat}|{prompt_id}|{option}"
    if len(data.encode()) > MAX_BYTES:
        raise ValueError(f"button data too long: {data}")
    return data


# `stl:<verb>`: a lobby button, the same as typing `/<verb>` where it is; `stl:again:<t>`
# is `/again <t>`, the game that ended with token t played again.
LOBBY = "stl"
LOBBY_VERBS = ("join", "leave", "start", "hand", "again")


def lobby(verb: str, arg: str = "") -> str:
    return _checked(f"{LOBBY}:{verb}:{arg}" if arg else f"{LOBBY}:{verb}")


def lobby_verb(data: str) -> str | None:
    """The command a lobby button stands for (`again 3.ab12cd34`), or None for any other
    button."""
    prefix, _, rest = data.partition(":")
    verb, _, arg = rest.partition(":")
    if prefix != LOBBY or verb not in LOBBY_VERBS:
        return None
    return f"{verb} {arg}" if arg else verb


def encode(chat: str, step: str, prompt: int, option: int, choice: int = 0) -> str:
    code = "i" if option == TYPED else f"c{choice}" if option == CHOICE else str(option)
    return _checked(f"{PREFIX}:{chat}:{step}:{prompt}.{code}")


def encode_options(chat: str, step: str, prompt: int, count: int) -> list[str]:
    """`encode(chat, step, prompt, i)` for each of `count` options: the part they share
    made once (a turn may offer twenty buttons, and a step's end makes them all)."""
    head = f"{PREFIX}:{chat}:{step}:{prompt}."
    found = [head + str(i) for i in range(count)]
    if found:
        _checked(found[-1])  # (the longest)
    return found


def _checked(data: str) -> str:
    # (an ASCII string's length is its bytes: the usual chat key needs no encoding)
    if (len(data) if data.isascii() else len(data.encode())) > MAX_BYTES:
        raise ValueError(f"button data too long: {data}")
    return data


def decode(data: str) -> Press:
    try:
        if data.startswith(STANDING):
            chat, prompt_id, option = data.removeprefix(STANDING).split("|")
            if not chat or not prompt_id or int(option) < 0:
                raise ValueError(data)
            return Press(chat, "", -1, int(option), standing=prompt_id)
        prefix, rest = data.split(":", 1)
        chat, step, choice = rest.rsplit(":", 2)
        prompt_text, option = choice.split(".")
        prompt = int(prompt_text)
        if prefix != PREFIX or not chat or prompt < 0:
            raise ValueError(data)
        if option == "i":
            return Press(chat, step, prompt, TYPED)
        if option[:1] == "c":
            if (k := int(option[1:])) < 0:
                raise ValueError(data)
            return Press(chat, step, prompt, CHOICE, k)
        if (number := int(option)) < 0:
            raise ValueError(data)
        return Press(chat, step, prompt, number)
    except ValueError as e:
        raise ParseError("error.bad_button") from e
