"""Who administers a group, as Telegram says, remembered for a minute."""

import logging
import time
from collections.abc import Callable
from typing import Any

from adapters.telegram.calls import Retry

log = logging.getLogger(__name__)
CACHE_SECONDS = 60.0  # long enough for a burst of commands, short enough for a new admin


class Admins:
    def __init__(self, bot: Any, retry: Retry, clock: Callable[[], float] = time.monotonic) -> None:
        self.bot, self.retry, self.clock = bot, retry, clock
        self._cache: dict[int, tuple[float, frozenset[int]]] = {}

    async def includes(self, chat: int, user: int) -> bool:
        """Whether `user` administers `chat`; unknown counts as no (the host may still act)."""
        cached = self._cache.get(chat)
        if cached is None or self.clock() - cached[0] > CACHE_SECONDS:
            try:
                members = await self.retry(lambda: self.bot.get_chat_administrators(chat))
            except Exception as e:
                log.warning("telegram chat %s: cannot list its admins: %s", chat, e)
                return False
            cached = (self.clock(), frozenset(m.user.id for m in members))
            self._cache[chat] = cached
        return user in cached[1]
