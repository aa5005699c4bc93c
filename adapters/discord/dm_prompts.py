"""A player's direct messages that still carry live prompt components, in Redis.

An ephemeral prompt can only be edited through the interaction that made it, but a DM
can be edited by any process later: when its prompt is answered elsewhere (in a modal)
or goes out of date, the DM shows so and loses its buttons. One hash per user,
`stammtisch:{discord:<user>}:open_prompts`, `<channel>:<message>` → the text it showed.
"""

from typing import Any

from bot.store.keys import adapter_key

PLATFORM = "discord"
KEY = "open_prompts"
SECONDS = 86400  # a prompt a day old is not closed any more


def _key(user: str) -> str:
    return adapter_key(PLATFORM, user, KEY)


async def keep(redis: Any, user: str, channel: int, message: int, content: str) -> None:
    """A DM with live components was sent to `user`."""
    async with redis.pipeline(transaction=False) as pipe:
        pipe.hset(_key(user), f"{channel}:{message}", content)
        pipe.expire(_key(user), SECONDS)
        await pipe.execute()


async def forget(redis: Any, user: str, channel: int, message: int) -> None:
    """That DM is done with (closed by its own press)."""
    await redis.hdel(_key(user), f"{channel}:{message}")


async def take(redis: Any, user: str) -> list[tuple[int, int, str]]:
    """Every open DM prompt of `user` as (channel, message, text), forgotten at once."""
    async with redis.pipeline(transaction=True) as pipe:
        pipe.hgetall(_key(user))
        pipe.delete(_key(user))
        sent, _ = await pipe.execute()
    out = []
    for where, content in sent.items():
        channel, _, message = _text(where).partition(":")
        out.append((int(channel), int(message), _text(content)))
    return out


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
