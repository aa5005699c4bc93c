"""Connect to Redis: a real server when REDIS_URL is set, else fakeredis in-process."""

import logging
import os
from typing import Any

log = logging.getLogger(__name__)
SOCKET_TIMEOUT = 5.0  # seconds


def connect(url: str | None = None, cluster: bool | None = None) -> Any:
    """A redis.asyncio client; without a URL the embedded fakeredis (dies with the process).
    With REDIS_CLUSTER=1 the URL names one node of a Redis Cluster, which finds the rest."""
    url = url if url is not None else os.environ.get("REDIS_URL")
    cluster = cluster if cluster is not None else os.environ.get("REDIS_CLUSTER") == "1"
    if url:
        import redis.asyncio as redis

        log.info("state in Redis%s at %s", " Cluster" if cluster else "", _without_password(url))
        # A Redis that stops answering must not hang a chat forever: the command fails,
        # the player gets the one-line apology, and the next command tries again.
        timeouts = {"socket_timeout": SOCKET_TIMEOUT, "socket_connect_timeout": SOCKET_TIMEOUT}
        if cluster:
            from redis.asyncio.cluster import RedisCluster

            return RedisCluster.from_url(url, **timeouts)
        return redis.Redis.from_url(url, **timeouts)
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
