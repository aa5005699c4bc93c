"""Calling the Bot API through flood limits and network trouble."""

import asyncio
import datetime as dt
import logging
import warnings
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from telegram.error import BadRequest, NetworkError, RetryAfter
from telegram.warnings import PTBDeprecationWarning

log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(frozen=True)
class Retry:
    """How often and how long to retry one call (injectable, so tests need not wait)."""

    attempts: int = 5  # network failures in a row before we give up
    backoff: float = 0.5  # seconds before the first retry, doubled each time
    floods: int = 10  # 429 answers in a row before we give up
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep

    async def __call__(self, call: Callable[[], Awaitable[T]]) -> T:
        """Run `call`; on 429 wait as long as Telegram says, on network errors back off.
        Everything else (Forbidden, ChatMigrated, BadRequest) is the caller's to handle."""
        failures = floods = 0
        while True:
            try:
                return await call()
            except RetryAfter as e:
                floods += 1
                if floods > self.floods:
                    raise
                log.warning("telegram flood control: waiting %.1f s", _seconds(e))
                await self.sleep(_seconds(e))
            except BadRequest:
                raise  # our request is wrong (BadRequest is a NetworkError): retrying won't help
            except NetworkError as e:
                # A timed-out send may have arrived after all; a rare duplicate beats a lost
                # reply, so TimedOut is retried like any other network failure.
                failures += 1
                if failures >= self.attempts:
                    raise
                log.warning("telegram unreachable (%s), retry %d", e, failures)
                await self.sleep(self.backoff * 2 ** (failures - 1))


def _seconds(e: RetryAfter) -> float:
    # python-telegram-bot 22 warns that retry_after turns from int into timedelta.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PTBDeprecationWarning)
        delay = e.retry_after
    return delay.total_seconds() if isinstance(delay, dt.timedelta) else float(delay)
