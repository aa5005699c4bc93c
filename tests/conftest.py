"""Redis for the tests: every test that takes `redis` runs on fakeredis AND a real server.

The real redis-server is started once per session on a free loopback port (or taken
from STAMMTISCH_TEST_REDIS_URL). Where it is missing the real runs are skipped —
except under STAMMTISCH_REQUIRE_REDIS=1 (set by tests/run, so CI), where that fails.
"""

import os

import fakeredis
import pytest
import redis.asyncio as aioredis

from tests.redis_server import redis_server


@pytest.fixture(scope="session")
def real_redis_url():
    url = os.environ.get("STAMMTISCH_TEST_REDIS_URL")
    if url:
        yield url
        return
    try:
        with redis_server() as url:
            yield url
    except FileNotFoundError:
        if os.environ.get("STAMMTISCH_REQUIRE_REDIS") == "1":
            pytest.fail("redis-server is not installed, and STAMMTISCH_REQUIRE_REDIS=1")
        pytest.skip("redis-server is not installed")


class Backend:
    """Makes clients of one backend: a fresh fake server per test, or the real one."""

    def __init__(self, kind: str, url: str | None) -> None:
        self.kind, self.url = kind, url
        self.server = fakeredis.FakeServer() if kind == "fake" else None
        self.clients: list = []

    def client(self):
        if self.kind == "fake":
            made = fakeredis.FakeAsyncRedis(server=self.server)
        else:
            made = aioredis.Redis.from_url(self.url)
        self.clients.append(made)
        return made

    async def close(self) -> None:
        for client in self.clients:
            await client.aclose()


@pytest.fixture(params=["fake", "real"])
async def backend(request):
    url = request.getfixturevalue("real_redis_url") if request.param == "real" else None
    made = Backend(request.param, url)
    if request.param == "real":
        await made.client().flushdb()
    yield made
    await made.close()


@pytest.fixture
def redis(backend):
    """A redis.asyncio client on a clean database: fakeredis and a real redis-server."""
    return backend.client()


@pytest.fixture
def redis_factory(backend):
    """More clients of the same backend, as other processes would have."""

    async def make():
        return backend.client()

    return make
