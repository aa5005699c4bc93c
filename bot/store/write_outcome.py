"""What became of a table's write when Redis failed under it (bot/store/versioned.py).

A write that never left — no connection could be had: Redis refused it, or did not
answer the connect — is `NotApplied`, for sure. A write whose answer was lost (a timeout
after it was sent, a connection dropped) may have landed or not, and the player is told
nothing before Redis is asked: again and again, SETTLE_SECONDS at most. The update's
mark in the chat's record (bot/store/markers.py), written by the write itself with the
write's token, says for sure; the question fences it, so that a write still on its way
can no longer land after we said it did not. Without a marker (a deadline firing), the
version and the data say, unless someone else has written since. Redis still out of
reach: `MaybeApplied`, and the player is told that we cannot tell yet.
"""

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Final

from redis.exceptions import RedisError

from bot.store import markers

# How long a write whose answer was lost keeps asking Redis whether it landed before it
# says it cannot tell: with the client's 5 s timeout (bot/store/connection.py) a press is then
# answered within 11 s, inside the ~15 s Telegram gives a button's answer.
SETTLE_SECONDS: Final = 6.0
LOOK_AGAIN_SECONDS: Final = 0.25  # between two tries to ask it


class Duplicate(Exception):
    """The update was handled already (its marker exists): nothing to do, nothing to say."""


class NotApplied(Exception):
    """Redis failed, and we know the write did not land (it was never sent, or Redis
    said so once it could be asked)."""


class MaybeApplied(Exception):
    """Redis failed mid-write, and could not be asked in time whether the write landed."""


async def landed(
    redis: Any,
    load: Callable[[str], Awaitable[Any]],
    key: str,
    expected: int,
    data: bytes | None,
    *,
    marker: "markers.Marker | None",
    token: str,
    marker_ttl_ms: int,
    settle: float = SETTLE_SECONDS,
) -> bool:
    """Whether the write of `data` on version `expected` of `key` (under `marker`, with
    `token`) landed; `Duplicate` if another delivery of its update did; `MaybeApplied`
    if Redis cannot say within `settle` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + settle
    fence = f"fence:{token}"
    while True:
        try:
            async with asyncio.timeout_at(deadline):
                if marker is not None:
                    record, update = marker.record, marker.update
                    seen = await redis.eval(markers.FENCE, 1, record, update, fence, marker_ttl_ms)
                else:
                    now = await load(key)
            break
        except (RedisError, TimeoutError) as e:
            if loop.time() >= deadline:
                raise MaybeApplied(key) from e
            await asyncio.sleep(min(LOOK_AGAIN_SECONDS, deadline - loop.time()))
    if marker is not None:
        seen = seen.decode() if isinstance(seen, bytes) else seen
        if seen == token:
            return True
        if seen == fence:
            return False
        raise Duplicate(marker)
    if now.version == expected:
        return False
    if now.version == expected + 1 and now.data == data:
        return True
    raise MaybeApplied(key)
