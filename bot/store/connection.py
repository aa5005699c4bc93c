"""Connect to Redis: a real server when REDIS_URL is set, else fakeredis in-process."""

import logging
import os
from typing import Any

from redis.asyncio.connection import ConnectionPool
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)
SOCKET_TIMEOUT = 5.0  # seconds
UNREACHABLE = "Redis could not be reached: {}"  # (for logs: a player hears write_outcome's)


class NotSent(RedisConnectionError):
    """Redis could not be reached when a connection was made for a command: nothing of
    the command was sent (bot/store/versioned.py tells the player so at once)."""


class Pool(ConnectionPool):
    """redis-py's pool, saying when nothing of a command was sent.

    The pool makes sure a connection is connected and ready before it hands it to a
    command (`ensure_connection`: connect, or connect again if the server closed it), so
    a failure there is before anything of the command was written: `NotSent`. Anything
    later (a send, an answer that does not come, a client's retry) is redis-py's own
    error: the command may have run."""

    async def ensure_connection(self, connection: Any) -> None:
        try:
            await super().ensure_connection(connection)
        except (RedisConnectionError, RedisTimeoutError, OSError) as e:
            raise NotSent(UNREACHABLE.format(e)) from e


def connect(
    url: str | None = None, cluster: bool | None = None, timeout: float = SOCKET_TIMEOUT
) -> Any:
    """A redis.asyncio client; without a URL the embedded fakeredis (dies with the process).
    With REDIS_CLUSTER=1 the URL names one node of a Redis Cluster, which finds the rest.
    `timeout`: seconds a command or a connection may take (tests make it short)."""
    url = url if url is not None else os.environ.get("REDIS_URL")
    cluster = cluster if cluster is not None else os.environ.get("REDIS_CLUSTER") == "1"
    if url:
        import redis.asyncio as redis

        log.info("state in Redis%s at %s", " Cluster" if cluster else "", _without_password(url))
        # A Redis that stops answering must not hang a chat forever: the command fails,
        # the player gets the one-line apology, and the next command tries again.
        timeouts = {"socket_timeout": timeout, "socket_connect_timeout": timeout}
        if cluster:
            from bot.store.cluster import Cluster

            # (not redis-py's RedisCluster itself: bot/store/cluster.py says why)
            return Cluster.from_url(url, **timeouts)
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        # No retries, said outright: redis.asyncio.Redis(...) retries 3 times with a
        # backoff of up to 10 s in some versions, so a paused server would cost a command
        # several timeouts before the player heard anything. Each caller decides instead:
        # a command answers at once (bot/store/versioned.py finds out whether its write
        # landed), the ticker and the outbox's sweep try again on their next round.
        pool = Pool.from_url(url, retry=Retry(NoBackoff(), 0), **timeouts)
        return redis.Redis.from_pool(pool)  # (the client closes its pool with it)
    import fakeredis

    log.warning(
        "REDIS_URL is not set: using the embedded fakeredis. "
        "Tables live only in this process and are lost when it stops."
    )
    return fakeredis.FakeAsyncRedis()


def embedded() -> Any:
    """A fresh fakeredis of its own, said nowhere: a console script's store, which lives
    as long as the script (`connect` warns when a bot falls back to it)."""
    import fakeredis

    return fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())


def _without_password(url: str) -> str:
    if "@" not in url:
        return url
    scheme, _, rest = url.partition("://")
    # The last @ ends the credentials, as for redis-py's URL parser: a raw @ in the
    # password must not leave part of it in the log.
    return f"{scheme}://***@{rest.rpartition('@')[2]}"
