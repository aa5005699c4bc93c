"""redis-py's asyncio Redis Cluster client, made to find its cluster again by itself, and
to give up on a cluster that does not answer after one timeout, as on one server.

Its nodes. redis-py 6.x (`redis.asyncio.cluster`, up to 6.4 at least, and 7.x) drops a
node from the client's startup nodes whenever a command to it fails with a connection
error or a timeout, then closes every connection to re-read the cluster's layout. With
one master dead and commands in flight, each closed connection fails the commands on it,
which drops their (live) nodes too; once none is left, every command raises "Redis
Cluster cannot be connected. Please provide at least one reachable node: None" for good,
even after the cluster is whole again (redis-py issues #3693 and #3221, pull requests
#3697 and #3111; tests/bot/store/test_failover.py reproduces it). redis-py 8.0 moves a
failing node to the end of the list instead of dropping it. `Cluster` gives the client
its nodes back when it has none left: the nodes of the last layout it read, and the ones
it was started with. On a redis-py that never runs dry that does nothing.

Its wait. A command that times out makes the client re-read the layout and try again
(its `retry`, 3 by default), and re-reading the layout asks one known node after the
other for CLUSTER SLOTS, each up to the socket timeout. With every node frozen (the
network to them gone) a read took three timeouts (the command, then two nodes asked in
vain), and every read after it, the client closed, as many timeouts as it knew nodes
but one (up to five with three masters and a replica each). Fewer retries cut only the
first. So each command, pipeline and layout read of a `Cluster` made with a
`socket_timeout` has that timeout as its deadline in all, and past it raises redis-py's
TimeoutError (the command may have run, as after any timeout). Within it the client
still retries what fails fast — a refused connection, MOVED, CLUSTERDOWN — as it follows
a failover; what is cut is the wait of a retry after a timeout, which could not have
been answered within a player's wait anyway (a frozen master is replaced only after
`cluster-node-timeout`, 15 s by default).
"""

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from redis.asyncio.cluster import ClusterNode, ClusterPipeline, RedisCluster
from redis.exceptions import TimeoutError as RedisTimeoutError

NO_ANSWER = "Redis Cluster did not answer within {:g} s: {}"  # (for logs; a player hears one line)


@asynccontextmanager
async def within(seconds: float | None, what: str) -> AsyncIterator[None]:
    """`seconds` for what runs inside (None: no deadline), else redis-py's TimeoutError."""
    try:
        async with asyncio.timeout(seconds) as deadline:
            yield
    except TimeoutError as e:
        if not deadline.expired():
            raise
        raise RedisTimeoutError(NO_ANSWER.format(seconds, what)) from e


class Cluster(RedisCluster):
    """A `RedisCluster` that never runs out of nodes to ask for the cluster's layout, and
    whose commands take at most its `socket_timeout` in all (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seeds: list[ClusterNode] = list(self.nodes_manager.startup_nodes.values())
        self.deadline: float | None = kwargs.get("socket_timeout")

    async def initialize(self) -> "RedisCluster":
        startup = self.nodes_manager.startup_nodes
        if not startup:  # (run dry: see the module)
            for node in [*self.get_nodes(), *self.seeds]:
                startup.setdefault(node.name, node)
        async with within(self.deadline, "layout"):
            return await super().initialize()

    async def execute_command(self, *args: Any, **kwargs: Any) -> Any:
        async with within(self.deadline, str(args[0])):
            return await super().execute_command(*args, **kwargs)

    def pipeline(self, transaction: Any | None = None, shard_hint: Any | None = None) -> Any:
        super().pipeline(transaction, shard_hint)  # (redis-py's refusals, e.g. a shard hint)
        # (redis-py 5 knows no cluster transactions, and refused one above)
        pipe = Pipeline(self, transaction) if transaction else Pipeline(self)
        pipe.deadline = self.deadline
        return pipe


class Pipeline(ClusterPipeline):
    """redis-py's cluster pipeline, its round trip and retries within the client's
    deadline (see the module)."""

    deadline: float | None = None

    async def execute(self, raise_on_error: bool = True, allow_redirections: bool = True) -> Any:
        async with within(self.deadline, "pipeline"):
            return await super().execute(raise_on_error, allow_redirections)
