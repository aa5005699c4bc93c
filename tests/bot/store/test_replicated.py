"""A table's write on a cluster with replicas is answered once a replica has it, and a
replica that does not answer costs one slow write, logged, not a refused command
(bot/store/replicated.py). On the session's cluster (3 masters, a replica each), one
replica paused with SIGSTOP for a test."""

import asyncio
import logging
import time

import pytest
import redis as sync_redis

from bot.ops.metrics import REGISTRY
from bot.store import replicated
from bot.store.connection import connect
from bot.store.keys import table_key
from bot.store.versioned import RedisStore

UNREPLICATED = "stammtisch_unreplicated_writes_total"


def _unreplicated() -> float:
    return REGISTRY.get_sample_value(UNREPLICATED) or 0.0


def _on_replica(replica, key: str) -> bytes | None:
    """The table's data as the replica has it (READONLY: a replica's own copy)."""
    with sync_redis.Redis(port=replica.port, single_connection_client=True) as client:
        client.execute_command("READONLY")
        return client.hget(key, "d")


@pytest.fixture
async def store(real_cluster):
    redis = connect(real_cluster.url, cluster=True, timeout=5.0)
    try:
        yield RedisStore(redis)
    finally:
        await redis.aclose()


def _put(data: bytes):
    return lambda current: (data, None)


async def test_a_write_is_answered_only_once_the_replica_has_it(
    real_cluster, store, monkeypatch, caplog
):
    key = table_key("console", "replicated-1")
    await store.transact(key, _put(b"first"))  # (the client has read the cluster's layout)
    replica = real_cluster.replica_of(real_cluster.master_of(key))
    monkeypatch.setattr(replicated, "WAIT_MS", 5000)
    before = _unreplicated()
    with caplog.at_level(logging.WARNING, logger=replicated.__name__):
        with replica.paused():
            write = asyncio.create_task(store.transact(key, _put(b"second")))
            await asyncio.sleep(0.5)
            assert not write.done()  # the master has it, the replica not yet: no answer
        await asyncio.wait_for(write, 5)
    assert _on_replica(replica, key) == b"second"
    assert _unreplicated() == before
    assert not caplog.records


async def test_a_replica_that_does_not_answer_costs_one_slow_write_and_a_warning(
    real_cluster, store, caplog
):
    key = table_key("console", "replicated-2")
    await store.transact(key, _put(b"first"))
    master = real_cluster.master_of(key)
    replica = real_cluster.replica_of(master)
    before = _unreplicated()
    with caplog.at_level(logging.WARNING, logger=replicated.__name__), replica.paused():
        started = time.monotonic()
        await store.transact(key, _put(b"second"))  # stands: the master has it
        assert time.monotonic() - started >= replicated.WAIT_MS / 1000
        await store.transact(key, _put(b"third"))  # not waited for again
        assert (await store.load(key)).data == b"third"
    assert _unreplicated() == before + 1
    [warning] = caplog.records
    assert master.address in warning.getMessage()
    assert "not confirmed by a replica" in warning.getMessage()
