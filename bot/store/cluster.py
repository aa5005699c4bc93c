"""redis-py's asyncio Redis Cluster client, made to find its cluster again by itself.

redis-py 6.x (`redis.asyncio.cluster`, up to 6.4 at least, and 7.x) drops a node from
the client's startup nodes whenever a command to it fails with a connection error or a
timeout, then closes every connection to re-read the cluster's layout. With one master
dead and commands in flight, each closed connection fails the commands on it, which
drops their (live) nodes too; once none is left, every command raises "Redis Cluster
cannot be connected. Please provide at least one reachable node: None" for good, even
after the cluster is whole again (redis-py issues #3693 and #3221, pull requests #3697
and #3111; tests/bot/store/test_failover.py reproduces it). redis-py 8.0 moves a failing
node to the end of the list instead of dropping it.

`Cluster` gives the client its nodes back when it has none left: the nodes of the last
layout it read, and the ones it was started with. Nothing else changes; on a redis-py
that never runs dry it does nothing.
"""

from typing import Any

from redis.asyncio.cluster import ClusterNode, RedisCluster


class Cluster(RedisCluster):
    """A `RedisCluster` that never runs out of nodes to ask for the cluster's layout."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seeds: list[ClusterNode] = list(self.nodes_manager.startup_nodes.values())

    async def initialize(self) -> "RedisCluster":
        startup = self.nodes_manager.startup_nodes
        if not startup:  # (run dry: see the module)
            for node in [*self.get_nodes(), *self.seeds]:
                startup.setdefault(node.name, node)
        return await super().initialize()
