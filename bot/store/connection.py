"""Connect to Redis: a real server when REDIS_URL is set, else fakeredis in-process."""

import logging
import os
from typing import Any

from redis.asyncio.connection import (
    Connection,
    SSLConnection,
    UnixDomainSocketConnection,
    parse_url,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)
SOCKET_TIMEOUT = 5.0  # seconds


class NotSent(RedisConnectionError):
    """Redis could not be reached when a connection was made for a command: nothing of
    the command was sent (bot/store/versioned.py tells the player so at once)."""


class _Told:
    """A connection that says when a failure to connect means nothing was sent.

    The pool connects a connection before it hands it out (redis-py's `ensure_connection`),
    so a connect that fails there has sent nothing of the caller's command: `NotSent`. A
    client that retries reconnects after a send failed, with the command perhaps applied:
    a connect failing then is a plain ConnectionError (`wrote`: something was written
    since this connection last connected). redis-py's `connection_class` is the
    extension point for this; only its public methods are wrapped."""

    wrote = False

    async def connect(self) -> None:
        try:
            await super().connect()  # type: ignore[misc]
        except (RedisConnectionError, RedisTimeoutError, OSError) as e:
            if self.wrote:
                raise
            raise NotSent(f"Redis could not be reached: {e}") from e
        self.wrote = False

    async def send_packed_command(self, command: Any, check_health: bool = True) -> None:
        try:
            await super().send_packed_command(command, check_health)  # type: ignore[misc]
        finally:
            self.wrote = True


class TcpConnection(_Told, Connection):
    pass


class TlsConnection(_Told, SSLConnection):
    pass


class UnixConnection(_Told, UnixDomainSocketConnection):
    pass


_OURS = {Connection: TcpConnection, SSLConnection: TlsConnection}
_OURS[UnixDomainSocketConnection] = UnixConnection


def pool_options(url: str) -> dict[str, Any]:
    """What redis-py reads from the URL (`parse_url`), with our connection class for the
    one it picks (rediss: TLS, unix: a socket, else TCP)."""
    options: dict[str, Any] = dict(parse_url(url))
    options["connection_class"] = _OURS[options.get("connection_class", Connection)]
    return options


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
        pool = redis.ConnectionPool(retry=Retry(NoBackoff(), 0), **timeouts, **pool_options(url))
        return redis.Redis.from_pool(pool)  # (the client closes its pool with it)
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
