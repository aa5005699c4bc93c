"""A bot process SIGKILLed every few seconds under robot games: nothing stuck (issue 17).

One Telegram webhook worker, a real OS process (the real application, as
`python -m adapters.telegram` builds it) against a real redis-server and the fake Bot
API, serves six robot games of the test auction at once. Updates are posted as
Telegram posts them: again and again until the worker answers 200. The robots press
only buttons the bot really sent, and wait for a button at most PATIENCE seconds; a
button that never comes leaves its step to the game's deadline, and that is counted as
a forced timeout. A control run without kills gives the baseline; with the worker
killed and restarted KILLS times mid-game, every game must still finish with no more
forced timeouts than the control run: whatever a killed process had written but not
yet sent goes out from the durable outbox once the next one starts (bot/chat/courier.py).

(python-telegram-bot answers a webhook post before it handles the update, so a kill
can also lose an update outright, as it would in production: a robot whose press
changed nothing presses again, as a person would. Those are counted apart.)
"""

import asyncio
import contextlib
import os
import random
import signal
import subprocess
import sys
import time

import aiohttp
import pytest
import redis.asyncio as aioredis

from bot.chat.router import Router
from bot.store.cluster import Cluster
from bot.table.model import Table
from tests.fixtures.crash_game import Figures, Robots, killer, nothing_forced
from tests.fixtures.fake_telegram import TOKEN, FakeTelegram
from tests.fixtures.paths import ROOT
from tests.fixtures.redis_server import free_port
from tests.fixtures.robot import Move, latest_with

# Slow (a worker process killed and restarted for a whole game): `tests/run --fast` leaves it out.
pytestmark = pytest.mark.slow

SECRET = "crash-resume"
GAMES = 6
KILLS = 4
KILL_EVERY = 1.0  # seconds a worker serves before it is killed
DEADLINE = 20  # seconds for the auction's sealed bids
GAP = 0.4  # seconds between two messages to one group
RUN_LIMIT = 90.0  # seconds a run may take in all

# The real application in webhook mode, with a group's pace a little faster than
# Telegram's (one message every GAP seconds, not 1 s) so a game takes seconds and a
# kill still finds replies waiting to go, and the outbox's send lease short: a killed
# worker's chats are free again after a second (production: 10 s).
WORKER = """
import os
from adapters.telegram.application import UPDATES, build
from adapters.telegram.calls import Retry
from adapters.telegram.pace import Pace
from adapters.telegram.settings import Settings
from bot.app import make_router
from tests.games import install

install()  # the test-only auction the robots play
settings = Settings.from_env(os.environ)
router = make_router(os.environ)
gap = float(os.environ["PACE_GAP"])
bot = build(settings, router, pace=Pace(router.redis, gap=gap, per_minute=10_000),
            retry=Retry(backoff=0), ticker_interval=0.05, lease=1.0, sweep=0.3)
bot.app.run_webhook(allowed_updates=UPDATES, **settings.webhook())
"""


class Worker:
    def __init__(self, fake: FakeTelegram, redis_url: str, cluster: bool = False) -> None:
        self.port = free_port()
        self.env = {
            **os.environ,
            "TELEGRAM_TOKEN": TOKEN,
            "TELEGRAM_BASE_URL": fake.base_url,
            "TELEGRAM_BASE_FILE_URL": fake.base_file_url,
            "TELEGRAM_WEBHOOK_URL": f"https://bot.example.org/hook/{self.port}",
            "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1",
            "TELEGRAM_WEBHOOK_PORT": str(self.port),
            "TELEGRAM_WEBHOOK_SECRET": SECRET,
            "REDIS_URL": redis_url,
            "REDIS_CLUSTER": "1" if cluster else "0",
            "PACE_GAP": str(GAP),
        }
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WORKER],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            # the workers' log, for a run that fails: STAMMTISCH_CRASH_LOG=<file>
            stderr=open(os.environ.get("STAMMTISCH_CRASH_LOG", os.devnull), "a"),  # noqa: SIM115
            start_new_session=True,
        )

    def kill(self) -> None:
        """SIGKILL to the worker and its picture workers (a process pool that would
        hold the webhook's port open), as a machine or container dies."""
        assert self.proc is not None
        os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(10)
        if self.proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()


async def _run(real_redis_url: str, kills: int, seed: int, cluster: bool = False) -> Figures:
    fake = FakeTelegram()
    runner = await fake.start()
    redis = Cluster.from_url(real_redis_url) if cluster else aioredis.Redis.from_url(real_redis_url)
    everywhere = {"target_nodes": Cluster.PRIMARIES} if cluster else {}
    await redis.flushdb(**everywhere)
    worker = Worker(fake, real_redis_url, cluster)
    worker.start()
    figures = Figures(games=GAMES)
    pressed, up = asyncio.Event(), asyncio.Event()
    kill_rng = random.Random(seed)
    router = Router(redis)
    started = time.monotonic()
    try:
        async with aiohttp.ClientSession() as http:

            async def deliver(update: dict) -> None:
                """Posted until the worker answers 200, as Telegram does."""
                url = f"http://127.0.0.1:{worker.port}/hook/{worker.port}"
                headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
                while True:
                    with contextlib.suppress(aiohttp.ClientError, asyncio.TimeoutError):
                        async with http.post(
                            url, json=update, headers=headers, timeout=aiohttp.ClientTimeout(5)
                        ) as response:
                            if response.status == 200:
                                up.set()
                                return
                    await asyncio.sleep(0.05)

            async def game(n: int) -> None:
                group = -1000 - n
                users = [(100 * n + 1, "Ann"), (100 * n + 2, "Ben")]
                robots = Robots(router, "telegram", str(group))

                async def setup(user, line: str, want) -> None:
                    while True:
                        await deliver(fake.say(*user, line, chat=group))
                        for _ in range(200):
                            if want(await robots.table()):
                                return
                            await asyncio.sleep(0.05)

                def offered(table: Table, move: Move) -> int | None:
                    chat = users[move.seat][0] if move.secret else group
                    assert move.data is not None
                    return latest_with(fake, chat, move.data)

                async def press(table: Table, move: Move, message: int) -> None:
                    assert move.data is not None
                    await deliver(fake.press(*users[move.seat], message, move.data))

                await setup(users[0], f"/new auktion rounds=5 deadline={DEADLINE}", bool)
                await setup(users[1], "/join", lambda t: len(t.seats) == 2)
                await setup(users[0], "/start", lambda t: t.status == "playing")
                rng = random.Random(seed * 100 + n)
                await robots.play(rng, figures, offered, press, pressed, DEADLINE)

            async def kill() -> None:
                worker.kill()
                up.clear()
                worker.start()

            killing = asyncio.create_task(
                killer(kills, KILL_EVERY, kill_rng, up, pressed, kill, figures)
            )
            try:
                await asyncio.wait_for(asyncio.gather(*(game(n) for n in range(GAMES))), RUN_LIMIT)
            finally:
                killing.cancel()
    finally:
        figures.seconds = time.monotonic() - started
        worker.stop()
        await runner.cleanup()
        await redis.flushdb(**everywhere)
        await redis.aclose()
    assert not fake.violations  # every request, killed worker or not, as the Bot API takes it
    return figures


async def test_a_worker_killed_every_few_seconds_forces_no_timeout(real_redis_url):
    control = await _run(real_redis_url, kills=0, seed=1)
    killed = await _run(real_redis_url, kills=KILLS, seed=1)
    nothing_forced(control, killed, KILLS)


async def test_a_worker_on_a_cluster_killed_every_few_seconds_forces_no_timeout(
    real_cluster_url,
):
    """The same against the session's Redis Cluster (3 masters, a replica each; issue 39)."""
    control = await _run(real_cluster_url, kills=0, seed=1, cluster=True)
    killed = await _run(real_cluster_url, kills=KILLS, seed=1, cluster=True)
    nothing_forced(control, killed, KILLS)
