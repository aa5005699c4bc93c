"""Redis for the tests: every test that takes `redis` runs on fakeredis AND a real server.

Fixtures for any test file:

- `redis`: a `redis.asyncio` client on a clean database, parametrized `[fake]` (a fresh
  fakeredis FakeServer per test: a script that sets a Lua global poisons a fake server)
  and `[real]` (the session's redis-server, FLUSHDB before each test).
- `redis_factory`: `await redis_factory()` makes another independent client (its own
  connections) on the same backend and database, as a second process would have.
- `backend`: what the two above are made from; `backend.kind` is "fake" or "real".

and for tests through the real chat clients:

- `fake`: a fake Telegram Bot API (tests/fixtures/fake_telegram.py), started and stopped;
  a request it refused as breaking the Bot API fails the test;
- `world`: a fake Discord with one bot process logged in (tests/fixtures/fake_discord.py);
- `text_boards`: boards go out as text snapshots, no PNG (~0.1 s each, and not what
  these tests look at); `world` has it;
- `blank_boards`: boards go out as blank PNGs of the size they are drawn at.

Every client made here is closed after the test. The real redis-server is started once
per session on a free loopback port (tests/fixtures/redis_server.py), or taken from
STAMMTISCH_TEST_REDIS_URL, whose database is FLUSHed before every test. Where
redis-server is not installed the real runs are skipped, except under
STAMMTISCH_REQUIRE_REDIS=1 (set by tests/run, so CI), where that fails the run.
"""

import contextlib
import os
import socket
from urllib.parse import urlsplit

import fakeredis
import pytest
import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster

from bot.store.cluster import Cluster
from tests.fixtures import examples  # noqa: F401  (registers the fast Hypothesis profile)
from tests.fixtures.redis_server import redis_cluster, redis_server


def _check_reachable(url: str) -> None:
    parts = urlsplit(url)
    try:
        socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 6379), 2).close()
    except OSError as e:
        pytest.fail(f"STAMMTISCH_TEST_REDIS_URL={url} is not reachable: {e}")


@pytest.fixture(scope="session")
def real_redis_url():
    url = os.environ.get("STAMMTISCH_TEST_REDIS_URL")
    if url:
        _check_reachable(url)
        yield url
        return
    with contextlib.ExitStack() as stack:
        try:
            url = stack.enter_context(redis_server())
        except FileNotFoundError:
            if os.environ.get("STAMMTISCH_REQUIRE_REDIS") == "1":
                pytest.fail("redis-server is not installed, and STAMMTISCH_REQUIRE_REDIS=1")
            pytest.skip("redis-server is not installed (or set STAMMTISCH_TEST_REDIS_URL)")
        yield url  # the server is stopped (terminate, wait) when the session ends


@pytest.fixture(scope="session")
def real_cluster():
    """A 3-master Redis Cluster, a replica each, on loopback for the session
    (tests/fixtures/redis_server.py); a test that stops a node starts it again."""
    with contextlib.ExitStack() as stack:
        try:
            made = stack.enter_context(redis_cluster())
        except FileNotFoundError:
            if os.environ.get("STAMMTISCH_REQUIRE_REDIS") == "1":
                pytest.fail("redis-server is not installed, and STAMMTISCH_REQUIRE_REDIS=1")
            pytest.skip("redis-server is not installed")
        yield made


@pytest.fixture(scope="session")
def real_cluster_url(real_cluster):
    return real_cluster.url


class Backend:
    """Makes clients of one backend: a fresh fake server per test, the real one, or the
    real cluster (a cluster client, as `REDIS_CLUSTER=1` makes: bot/store/cluster.py)."""

    def __init__(self, kind: str, url: str | None) -> None:
        self.kind, self.url = kind, url
        self.server = fakeredis.FakeServer() if kind == "fake" else None
        self.clients: list = []

    def client(self):
        if self.kind == "fake":
            made = fakeredis.FakeAsyncRedis(server=self.server)
        elif self.kind == "cluster":
            made = Cluster.from_url(self.url)
        else:
            made = aioredis.Redis.from_url(self.url)
        self.clients.append(made)
        return made

    async def close(self) -> None:
        while self.clients:
            await self.clients.pop().aclose()


async def make_backend(request):
    """The `backend` fixture's body, for modules that add "cluster" to its params."""
    url = None
    if request.param == "real":
        url = request.getfixturevalue("real_redis_url")
    elif request.param == "cluster":
        url = request.getfixturevalue("real_cluster_url")
    made = Backend(request.param, url)
    try:
        if request.param == "real":
            await made.client().flushdb()
        elif request.param == "cluster":
            await made.client().flushdb(target_nodes=RedisCluster.PRIMARIES)
        yield made
    finally:
        await made.close()


@pytest.fixture(params=["fake", "real"])
async def backend(request):
    async for made in make_backend(request):
        yield made


@pytest.fixture
def redis(backend):
    """A redis.asyncio client on a clean database: fakeredis and a real redis-server."""
    return backend.client()


@pytest.fixture
def redis_factory(backend):
    """`await redis_factory()`: another client of the same backend, as another process has."""

    async def make():
        return backend.client()

    return make


# The chat fakes are imported by the fixtures that use them, not here: they load
# python-telegram-bot, discord.py and aiohttp (~1.5 s), which a test of rules/ never needs.


async def _no_picture(svg: str) -> None:
    return None


@pytest.fixture
def text_boards(monkeypatch):
    from bot.chat import pictures

    monkeypatch.setattr(pictures, "png", _no_picture)


async def _blank_board(svg: str) -> bytes:
    from tests.fixtures.telegram_photo import blank_board

    return blank_board(svg)


@pytest.fixture
def blank_boards(monkeypatch):
    """Boards go out as photos of the size they are drawn at, but blank: the same requests
    as with drawn boards (a photo, its caption, its edits) and the same photo checks by
    the fake Telegram, without the CPU of drawing each (tens to hundreds of ms)."""
    from bot.chat import pictures

    monkeypatch.setattr(pictures, "png", _blank_board)


@pytest.fixture
async def fake():
    from tests.fixtures.fake_telegram import FakeTelegram

    made = FakeTelegram()
    runner = await made.start()
    yield made
    await runner.cleanup()
    # What the real Telegram would have refused fails the test that made the bot ask it
    # (a test that breaks a rule on purpose takes its violations out of the list).
    if made.violations:
        refused = "\n".join(f"{v.method}: {v.description}" for v in made.violations)
        pytest.fail(f"requests Telegram refuses:\n{refused}")


@pytest.fixture
async def world(text_boards, monkeypatch):
    import discord

    from tests.fixtures.fake_discord import FakeDiscord, World

    fake = FakeDiscord()
    runner = await fake.start()
    monkeypatch.setattr(discord.http.Route, "BASE", fake.base_url)
    made = World(fake)
    await made.start_bot()
    yield made
    await made.close()
    await runner.cleanup()
    # Whatever Discord would have refused fails the test (a test that breaks a rule on
    # purpose takes its violations: `fake.take_violations()`).
    assert not fake.violations, f"Discord would refuse: {fake.violations}"


# The test-only games (tests/games/) join the registry as a game under rules/ would.
from tests.games import install as _install_test_games  # noqa: E402

_install_test_games()
