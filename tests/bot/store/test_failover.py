"""A cluster master SIGKILLed under live games (issue 39, item 1): with a replica, the
replica takes over and the bot goes on within seconds, without a restart, and the old
master comes back as a replica; without one, the bot finds the cluster again by itself
once the master is back (bot/store/cluster.py). Either way no game, deadline or update
is lost or applied twice (tests/fixtures/failover.py says how that is seen)."""

import contextlib

import pytest

from tests.fixtures.failover import PLAYED, WAITING, Run, failover
from tests.fixtures.redis_server import redis_cluster

pytestmark = pytest.mark.slow  # clusters of their own, killed and started again

WITHIN = 6.0  # seconds from the kill until the killed master's chats are answered again
RESTART_AFTER = 4.0  # seconds a master without replica stays dead


@contextlib.contextmanager
def cluster(**kwargs):
    try:
        with redis_cluster(**kwargs) as made:
            yield made
    except FileNotFoundError:
        pytest.skip("redis-server is not installed")


def _nothing_lost_or_doubled(run: Run) -> None:
    print(f"\n{run}")
    assert len(run.ended) == PLAYED + WAITING  # every game ended, the waiting ones by deadlines
    for chat, moves in run.moves.items():
        assert moves > 5
        assert run.logged[chat] == moves, chat  # each move applied once, none lost
    for chat in set(run.logged) - set(run.moves):
        assert run.logged[chat] >= 1, chat  # its timeouts fired


async def test_a_killed_master_s_replica_takes_over_and_the_games_go_on():
    with cluster(replicas=1) as made:
        run = await failover(made)
    _nothing_lost_or_doubled(run)
    assert run.back is not None and run.back < WITHIN, run.back
    assert run.rejoined_as == "slave"  # the old master, back, serves as a replica


async def test_a_master_without_replica_that_comes_back_is_found_again():
    persisted = ("--appendonly", "yes", "--appendfsync", "always")
    with cluster(replicas=0, extra=persisted) as made:
        run = await failover(made, restart_after=RESTART_AFTER)
    _nothing_lost_or_doubled(run)
    assert run.back is not None and RESTART_AFTER <= run.back < RESTART_AFTER + WITHIN
    assert run.rejoined_as == "master"
