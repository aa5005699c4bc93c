"""Several Telegram webhook workers, each its own OS process, against one real Redis.

Telegram delivers each update to whichever worker the load balancer picks, sometimes
twice. Here every update of a whole game goes to a random one of three worker processes
and is then delivered again to another; the buttons a worker sent are pressed on
another. The game must play to its end with every update applied once, in the order
its compare-and-set won (issue 21, item 2).
"""

import asyncio
import contextlib
import os
import random
import signal
import socket
import subprocess
import sys

import aiohttp
import pytest
import redis.asyncio as aioredis

from bot.chat.router import Router
from tests.fixtures.fake_telegram import GROUP, TOKEN, FakeTelegram, until
from tests.fixtures.paths import ROOT
from tests.fixtures.robot import Move, latest_with, play_out

# Slow (real worker processes playing a whole game): `tests/run --fast` leaves it out.
pytestmark = pytest.mark.slow

SECRET = "many-processes"

# One worker: the real application in webhook mode, as `python -m adapters.telegram`
# builds it, with the group pacing relaxed so a test game takes seconds, not minutes.
WORKER = """
import os
from adapters.telegram.application import UPDATES, build
from adapters.telegram.calls import Retry
from adapters.telegram.pace import Pace
from adapters.telegram.settings import Settings
from bot.app import make_router

settings = Settings.from_env(os.environ)
router = make_router(os.environ)
bot = build(settings, router, pace=Pace(router.redis, gap=0, per_minute=10_000),
            retry=Retry(backoff=0), ticker_interval=0.05)
bot.app.run_webhook(allowed_updates=UPDATES, **settings.webhook())
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _start_worker(fake: FakeTelegram, redis_url: str, port: int) -> subprocess.Popen:
    env = {
        **os.environ,
        "TELEGRAM_TOKEN": TOKEN,
        "TELEGRAM_BASE_URL": fake.base_url,
        "TELEGRAM_BASE_FILE_URL": fake.base_file_url,
        "TELEGRAM_WEBHOOK_URL": f"https://bot.example.org/hook/{port}",
        "TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1",
        "TELEGRAM_WEBHOOK_PORT": str(port),
        "TELEGRAM_WEBHOOK_SECRET": SECRET,
        "REDIS_URL": redis_url,
    }
    return subprocess.Popen(
        [sys.executable, "-c", WORKER],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


async def test_three_webhook_worker_processes_play_a_whole_game(real_redis_url):
    fake = FakeTelegram()
    runner = await fake.start()
    redis = aioredis.Redis.from_url(real_redis_url)
    await redis.flushdb()
    ports = [_free_port() for _ in range(3)]
    workers = [_start_worker(fake, real_redis_url, port) for port in ports]
    rng = random.Random(5)
    delivered: list[tuple[int, int]] = []  # (update id, worker port), every delivery
    try:
        async with aiohttp.ClientSession() as http:

            async def post(update: dict, port: int) -> None:
                url = f"http://127.0.0.1:{port}/hook/{port}"
                headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
                for _ in range(400):  # a worker still starting refuses the connection
                    with contextlib.suppress(aiohttp.ClientConnectionError):
                        async with http.post(url, json=update, headers=headers) as response:
                            assert response.status == 200
                            delivered.append((update["update_id"], port))
                            return
                    await asyncio.sleep(0.05)
                raise AssertionError(f"worker on {port} never answered")

            async def deliver(update: dict) -> None:
                """To a random worker, then once more to another (a redelivery)."""
                first, again = rng.sample(ports, 2)
                await post(update, first)
                await post(update, again)

            users = [(301, "Ann"), (302, "Ben")]
            await deliver(fake.say(*users[0], "/new einsistkeins_karten"))
            await until(lambda: "opened a table" in fake.everything(GROUP), timeout=30)
            await deliver(fake.say(*users[1], "/join"))
            await until(lambda: "Ben" in fake.everything(GROUP), timeout=10)
            await deliver(fake.say(*users[0], "/start"))
            await until(lambda: "begins" in fake.everything(GROUP), timeout=10)
            router = Router(redis)

            async def load():
                return await router.table("telegram", str(GROUP))

            async def act(table, move: Move) -> None:
                user, name = users[move.seat]
                chat = user if move.secret else GROUP
                if move.data is not None:
                    await until(lambda: latest_with(fake, chat, move.data), timeout=10)
                    message = latest_with(fake, chat, move.data)
                    await deliver(fake.press(user, name, message, move.data))
                else:
                    await deliver(fake.say(user, name, move.typed or "", chat=chat))

            moves = await play_out(load, act, seed=3)
            await until(lambda: "is over" in fake.everything(GROUP), timeout=10)
    finally:
        for worker in workers:
            worker.send_signal(signal.SIGTERM)
        for worker in workers:
            try:
                worker.wait(10)
            except subprocess.TimeoutExpired:
                worker.kill()
        await runner.cleanup()
        await redis.flushdb()
        await redis.aclose()
    assert moves > 10
    assert not fake.violations  # every request of every worker as the Bot API takes it
    served = {port for _, port in delivered}
    assert served == set(ports), "every worker served updates"
    # Each update was delivered twice; a second application would have answered the
    # press as outdated (an alert) or told the group twice.
    assert not [a for a in fake.called("answerCallbackQuery") if a.get("show_alert")]
    # posted once each (the living status repeats its message's text in its edits; it
    # may be the board photo's caption)
    posted = fake.done("sendMessage") + fake.done("sendPhoto")
    said = "\n".join(
        c.get("text") or c.get("caption") or "" for c in posted if c["chat_id"] == GROUP
    )
    assert said.count("begins") == 1
    assert said.count("is over") == 1
