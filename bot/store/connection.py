"""Connect to Redis: a real server when REDIS_URL is set, else fakeredis in-process."""

import logging
import os
from typing import Any

log = logging.getLogger(__name__)
SOCKET_TIMEOUT = 5.0  # seconds


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

        # No retries, said outright: from_url gives none today (redis-py 6.4), but
        # redis.asyncio.Redis(...) retries 3 times with a backoff of up to 10 s, so a
        # paused server would cost a command several timeouts before the player heard
        # anything. Each caller decides instead: a command answers at once (bot/store/versioned.py
        # finds out whether its write landed), the ticker and the outbox's sweep try
        # again on their next round.
        return redis.Redis.from_url(url, retry=Retry(NoBackoff(), 0), **timeouts)
    import fakeredis

    log.warning(
        "REDIS_URL is not set: using the embedded fakeredis. "
        "Tables live only in this process and are lost when it stops."
    )
    return fakeredis.FakeAsyncRedis()


def _without_password(url: str) -> str:
    if "@" not in url:
        return url
    scheme, _, rest = url.partition("://")
    # The last @ ends the credentials, as for redis-py's URL parser: a raw @ in the
    # password must not leave part of it in the log.
    return f"{scheme}://***@{rest.rpartition('@')[2]}"
