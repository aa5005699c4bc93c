"""A table's write on a Redis Cluster with replicas, answered only once a replica has it.

Redis replicates asynchronously: a master acknowledges a write, and if it dies before
its replica received it, the replica that takes over never had it — a move the players
were told was made is gone (issue 39: 3 of 17 failover runs lost one). So on a cluster,
a table's compare-and-set on a master that has a replica is followed by
`WAIT 1 <WAIT_MS>` on the same connection: redis-py's cluster pipeline sends all
commands for one node down one connection, in order, in one round trip, and WAIT
counts the replicas that have everything *this connection* wrote (on another
connection it would answer at once, whatever the replicas have).

Whether a master has a replica is asked of the master (`ROLE`, its connected replicas)
before its first write, and again with a write every REFRESH_SECONDS (in the same
round trip): the client's own layout (CLUSTER SLOTS) leaves out replicas until their
first sync is known to the cluster, and is read again only after an error, so it misses
an old master that came back as a replica.

The master dies before WAIT answers → a connection error: the write's fate is asked
of the cluster as for any lost answer (bot/store/write_outcome.py), and after the
failover the replica, now master, says it never had it: the player hears "Nothing was
changed", and the platform's redelivery applies it once.

WAIT answers 0 (no replica acknowledged within WAIT_MS: the replica hangs, or is far
behind) → the write stands, as on a cluster without replicas: the master has it, and
refusing every command while a replica is away would make a cluster with replicas less
available than one without. It is logged and counted
(`stammtisch_unreplicated_writes_total`), and that master's writes do not wait until
it is asked again (REFRESH_SECONDS), so a hung replica costs one slow write in that
time, not every write. Only a second fault — the master dying then — can lose a move.
"""

import logging
import time
from typing import Any, Final

from redis.asyncio.cluster import ClusterNode
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import (
    RedisClusterException,
    RedisError,
    SlotNotCoveredError,
)
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.ops import metrics

ANSWER_LOST = "the write's answer was lost: {}"  # (for logs: a player hears write_outcome's)

log = logging.getLogger(__name__)

WAIT_MS: Final = 250  # how long a write waits for its replica (loopback: ~0.2 ms; LAN: ~1 ms)
REFRESH_SECONDS: Final = 10.0  # how long what a master said of its replicas holds


class Replicas:
    """Which masters of a cluster have a replica to wait for (see the module)."""

    def __init__(self, cluster: Any, clock: Any = time.monotonic) -> None:
        self.cluster = cluster
        self.clock = clock
        self.known: dict[str, tuple[bool, float]] = {}  # master → (wait for it, asked when)

    async def master(self, key: str) -> ClusterNode | None:
        """The master of `key`'s slot when its write goes through `cas` (it has a replica,
        or is to be asked again); None for a plain write."""
        try:
            node: ClusterNode | None = self.cluster.get_node_from_key(key)
        except SlotNotCoveredError:  # (no layout read yet: the first command reads it)
            return None
        if node is None:
            return None
        if node.name not in self.known:
            try:
                said = await self.cluster.execute_command("ROLE", target_nodes=node)
            except RedisError:
                return None  # (the write meets the same error and is told so)
            self.known[node.name] = (_replicas(said) > 0, self.clock())
        wait, asked = self.known[node.name]
        return node if wait or self._stale(asked) else None

    def _stale(self, asked: float) -> bool:
        return self.clock() - asked >= REFRESH_SECONDS

    async def cas(self, node: ClusterNode, script: str, keys: list[str], args: list[Any]) -> Any:
        """The compare-and-set script's answer (on `master(keys[0])`), once a replica has
        the write (see the module). By EVAL: redis-py's cluster pipeline refuses EVALSHA
        (it could not load a script a node lacks), and Redis caches the script anyway."""
        wait, asked = self.known[node.name]
        ask = self._stale(asked)
        try:
            async with self.cluster.pipeline(transaction=False) as pipe:
                pipe.eval(script, len(keys), *keys, *args)
                if ask:
                    pipe.execute_command("ROLE", target_nodes=node)
                if wait:
                    pipe.execute_command("WAIT", 1, WAIT_MS, target_nodes=node)
                answer, *more = await pipe.execute(raise_on_error=False)
        except RedisClusterException as e:
            # (redis-py's pipeline, retrying after a connection error, sends ROLE and WAIT
            # nowhere: the write may have gone out before; its fate is asked)
            raise RedisConnectionError(ANSWER_LOST.format(e)) from e
        if isinstance(answer, BaseException):
            raise answer
        acked = more.pop() if wait else None
        if isinstance(acked, (RedisConnectionError, RedisTimeoutError)):
            raise acked  # (the master went mid-WAIT: did the replica get it?)
        if ask and not isinstance(more[0], BaseException):
            self.known[node.name] = (_replicas(more[0]) > 0, self.clock())
        if wait and not isinstance(answer, list):  # (a lost race wrote nothing)
            self._confirmed(node, acked, keys[0])
        return answer

    def _confirmed(self, node: ClusterNode, acked: Any, key: str) -> None:
        now = self.cluster.get_node_from_key(key)
        moved = now is None or now.name != node.name  # (WAIT went elsewhere)
        if isinstance(acked, int) and acked >= 1 and not moved:
            return
        metrics.UNREPLICATED_WRITES.inc()
        log.warning(
            "a write on Redis master %s was not confirmed by a replica within %d ms "
            "(%s); it stands, and writes there do not wait for %g s",
            node.name,
            WAIT_MS,
            "its slot moved" if moved else f"WAIT answered {acked!r}",
            REFRESH_SECONDS,
        )
        self.known[node.name] = (False, self.clock())


def _replicas(role: Any) -> int:
    """The replicas a node's ROLE answer lists: [b"master", offset, [[ip, port, offset],
    …]]; 0 for a node that is no master (any more)."""
    if isinstance(role, (list, tuple)) and len(role) >= 3 and role[0] in (b"master", "master"):
        return len(role[2])
    return 0
