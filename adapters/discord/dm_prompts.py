"""A player's direct messages that still carry live prompt components, in Redis.

An ephemeral prompt can only be edited through the interaction that made it, but a DM
can be edited by any process later: when its prompt is answered elsewhere (in a modal,
or by a press in another copy of it — the ephemeral one in the thread) or goes out of
date, the DM shows so and loses its buttons. One hash per user,
`stammtisch:{discord:<user>}:open_prompts`, `<channel>:<message>` → JSON: the text it
showed and the prompts its components answer (their `heads`).

A prompt's head is its button data up to the option (`st2:<chat>:<step>:<prompt>`,
bot/table/buttons.py): the copies of one question, sent together, carry the same heads,
and a question asked again at a later step carries another.
"""

import json
from collections.abc import Iterable
from typing import Any

import discord

from adapters.discord.components import OPEN_INPUT
from bot.store.keys import adapter_key

PLATFORM = "discord"
KEY = "open_prompts"
SECONDS = 86400  # a prompt a day old is not closed any more
# The hash read and deleted in one step: two processes never close the same DM twice.
_TAKE = """
local sent = redis.call('HGETALL', KEYS[1])
redis.call('DEL', KEYS[1])
return sent
"""


def _key(user: str) -> str:
    return adapter_key(PLATFORM, user, KEY)


def head(data: str) -> str:
    """The prompt a button's data answers: the data without its option."""
    if data.startswith(f"{OPEN_INPUT}:"):  # `stm:<kind>:<data>`: the modal's opener
        data = data.split(":", 2)[-1]
    return data.rpartition(".")[0] or data


def heads(items: Iterable[Any]) -> set[str]:
    """The prompts some components answer: buttons' custom ids and select options' values
    (discord.py's items of a view, or of a message's action rows)."""
    found: set[str] = set()
    for item in items:
        children = getattr(item, "children", None)
        if children:  # an action row of a received message
            found |= heads(children)
            continue
        if isinstance(item, discord.ui.Select | discord.SelectMenu):
            found |= {head(o.value) for o in item.options}
        elif getattr(item, "custom_id", None):
            found.add(head(item.custom_id))
    return found


async def keep(
    redis: Any, user: str, channel: int, message: int, content: str, answers: set[str]
) -> None:
    """A DM with live components was sent to `user`; `answers`: their prompts' heads."""
    value = json.dumps({"text": content, "heads": sorted(answers)})
    async with redis.pipeline(transaction=False) as pipe:
        pipe.hset(_key(user), f"{channel}:{message}", value)
        pipe.expire(_key(user), SECONDS)
        await pipe.execute()


async def forget(redis: Any, user: str, channel: int, message: int) -> None:
    """That DM is done with (closed by its own press)."""
    await redis.hdel(_key(user), f"{channel}:{message}")


async def take(redis: Any, user: str) -> list[tuple[int, int, str]]:
    """Every open DM prompt of `user` as (channel, message, text), forgotten at once."""
    # A script, not a MULTI pipeline: redis-py's cluster client (6.4) fails HGETALL inside
    # a transaction ("<lambda>() got an unexpected keyword argument 'keys'").
    flat = await redis.register_script(_TAKE)(keys=[_key(user)])
    sent = dict(zip(flat[::2], flat[1::2], strict=True))
    return [(*_where(where), _read(value)["text"]) for where, value in sent.items()]


async def take_copies(redis: Any, user: str, answered: set[str]) -> list[tuple[int, int, str]]:
    """The open DM prompts of `user` that ask what was just answered (a head in
    `answered`), forgotten; each taken by one process only (HDEL says who removed it)."""
    sent = await redis.hgetall(_key(user))
    copies = [(w, v) for w, v in sent.items() if answered & set(_read(v)["heads"])]
    if not copies:
        return []
    async with redis.pipeline(transaction=False) as pipe:
        for where, _ in copies:
            pipe.hdel(_key(user), where)
        removed = await pipe.execute()
    return [
        (*_where(w), _read(v)["text"]) for (w, v), gone in zip(copies, removed, strict=True) if gone
    ]


def _where(field: bytes | str) -> tuple[int, int]:
    channel, _, message = _text(field).partition(":")
    return int(channel), int(message)


def _read(value: bytes | str) -> dict[str, Any]:
    text = _text(value)
    try:
        found = json.loads(text)
    except ValueError:
        found = None
    # kept before prompts were told apart: the text alone
    return found if isinstance(found, dict) else {"text": text, "heads": []}


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
