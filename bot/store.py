"""Tables in Redis: load → apply → compare-and-set on a version number.

A table is one hash {v: version, d: JSON}. A command reads it (HMGET, one round
trip), applies a pure function, and writes back with a Lua compare-and-set
(EVALSHA, one round trip) that succeeds only if nobody wrote in between; on
conflict it starts again from a fresh read. Lua rather than WATCH/MULTI: measured
on loopback Redis 7, WATCH/MULTI managed ~400 successes/s on a hot key against
6–10k/s for the script, and costs an extra round trip.

Commands of one process on one key are also queued behind an asyncio lock: not
for correctness (the compare-and-set gives that across processes) but so a burst
of button presses in one chat does not turn into a storm of retries.
"""

import asyncio
import functools
import random
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from redis.asyncio.cluster import RedisCluster
from redis.exceptions import NoScriptError

R = TypeVar("R")

DEFAULT_TTL_SECONDS: Final = 30 * 24 * 3600  # idle tables vanish after 30 days


class Keep:
    """The type of KEEP."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP: Final = Keep()
"""Returned by a transaction function that wants to write nothing."""

_CAS = """
local v = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if v ~= tonumber(ARGV[1]) then return -1 end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
  return 0
end
redis.call('HSET', KEYS[1], 'v', v + 1, 'd', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return v + 1
"""


class StoreConflict(Exception):
    """A transaction kept losing the race; raised only after many retries."""


@dataclass(frozen=True)
class Versioned:
    version: int
    data: bytes | None


class RedisStore:
    def __init__(
        self, redis: Any, *, ttl_seconds: float = DEFAULT_TTL_SECONDS, max_retries: int = 1000
    ) -> None:
        self.redis = redis
        self.ttl_ms = int(ttl_seconds * 1000)
        self.max_retries = max_retries
        self._cas = redis.register_script(_CAS)
        self.cluster = isinstance(redis, RedisCluster)
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    async def load(self, key: str) -> Versioned:
        version, data = await self.redis.hmget(key, ["v", "d"])
        return Versioned(int(version or 0), data)

    async def cas(self, key: str, expected: int, data: bytes | None) -> bool:
        """Write `data` (None deletes) if the stored version is still `expected`."""
        result = await self._cas(keys=[key], args=[expected, data or b"", self.ttl_ms])
        return int(result) >= 0

    async def _write(
        self, key: str, expected: int, data: bytes | None, also: Callable[[Any], None] | None
    ) -> bool:
        if also is None:
            return await self.cas(key, expected, data)
        if self.cluster:
            # A cluster client refuses scripts in a pipeline (their keys may lie anywhere):
            # the write goes alone, and what goes with it follows once it has won.
            won = await self.cas(key, expected, data)
            if won:
                async with self.redis.pipeline(transaction=False) as pipe:
                    also(pipe)
                    await pipe.execute()
            return won

        # EVALSHA queued by hand: a script called with client=pipe makes redis-py send
        # SCRIPT EXISTS before every pipeline, a third round trip per write. The
        # script is loaded on demand instead, when the server answers NOSCRIPT (first
        # use, or after a restart or SCRIPT FLUSH); `also` is then sent once more,
        # which its contract (harmless if the write loses) allows.
        async def send() -> list[Any]:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.evalsha(self._cas.sha, 1, key, expected, data or b"", self.ttl_ms)
                also(pipe)
                return await pipe.execute()

        try:
            results = await send()
        except NoScriptError:
            self._cas.sha = await self.redis.script_load(_CAS)
            results = await send()
        return int(results[0]) >= 0

    async def transact(
        self,
        key: str,
        fn: Callable[[bytes | None], tuple[bytes | Keep | None, R]],
        also: Callable[[R, Any], None] | None = None,
    ) -> R:
        """Run `fn(current) -> (new, result)` until its write wins; return its result.

        `fn` must be pure: it may run several times. `new` is the bytes to store,
        None to delete the key, or KEEP to write nothing (one round trip only).
        `also(result, pipeline)` may queue commands sent in the same round trip as the
        write — before it is known to win, so only commands harmless if it loses.
        """
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        async with lock:
            for attempt in range(self.max_retries):
                current = await self.load(key)
                new, result = fn(current.data)
                if new is KEEP:
                    return result
                queue = functools.partial(also, result) if also else None
                if await self._write(key, current.version, new, queue):  # type: ignore[arg-type]
                    return result
                # Lost to another process: back off a little, with jitter, and retry.
                await asyncio.sleep(random.uniform(0, min(0.005, 0.0002 * (attempt + 1))))
        raise StoreConflict(key)
