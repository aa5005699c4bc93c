"""A Discord shard process SIGKILLed every few seconds under robot games: nothing stuck.

One shard process, a real OS process (the real discord.py client and adapter, as
`python -m adapters.discord` builds them) against a real redis-server and the fake
Discord of tests/fixtures/fake_discord.py, serves six robot games of the test auction at once,
each in a thread of its own. In place of a gateway it reads the INTERACTION_CREATE
payloads the test writes to its stdin (as tests/adapters/discord/test_many_processes.py). The robots
press only buttons the bot really sent — in the thread, ephemerally there, or by DM —
and wait for a button at most PATIENCE seconds; a button that never comes leaves its
step to the game's deadline, counted as a forced timeout. A control run without kills
gives the baseline; with the process killed and restarted KILLS times mid-game, every
game must still finish with no more forced timeouts than the control run: what a killed
process had written but not yet sent goes out from the durable outbox once the next one
starts (bot/chat/courier.py, adapters/discord/sending.py).

Discord does not deliver an interaction again: one that reached the process just
before it died is lost, and the player sees "This interaction failed" and presses again
(counted apart, as `pressed_again`). A prompt the dead process would have shown its
presser ephemerally comes by DM from the next one.
"""

import asyncio
import contextlib
import json
import os
import random
import signal
import sys
import time
from types import SimpleNamespace

import pytest
import redis.asyncio as aioredis

from bot.chat.router import Router
from bot.store.keys import outbox_key
from bot.table.model import Table
from tests.fixtures.crash_game import Figures, Robots, killer, nothing_forced, until
from tests.fixtures.fake_discord import EPHEMERAL, FakeDiscord
from tests.fixtures.paths import ROOT
from tests.fixtures.robot import Move, find

# Slow (a shard process killed and restarted for a whole game): `tests/run --fast` leaves it out.
pytestmark = pytest.mark.slow

GAMES = 6
ROUNDS = 10
KILLS = 4
KILL_EVERY = 0.7  # seconds a process serves before it is killed
THINK = 0.2  # seconds a robot thinks before it presses (the kills need the games to last)
DEADLINE = 20  # seconds for the auction's sealed bids
RUN_LIMIT = 60.0  # seconds a run may take in all

# The real client and adapter, with the outbox's send lease short (a killed process's
# chats are free again after a second; production: 10 s) and a quick ticker. Boards go
# as text: a PNG takes ~0.1 s and is not the point here. NO_OUTBOX=1 sends from memory
# as before the outbox (for a comparison by hand, never in the suite).
WORKER = """
import asyncio, json, os, sys
import discord
from adapters.discord.adapter import DiscordAdapter
from adapters.discord.client import StammtischClient
from bot.chat import pictures
from bot.app import make_router
from tests.games import install

install()  # the test-only auction the robots play
discord.http.Route.BASE = os.environ["FAKE_DISCORD_URL"]

async def no_picture(svg):
    return None

pictures.png = no_picture

async def main():
    router = make_router(os.environ)
    adapter = DiscordAdapter(router, lease=1.0, sweep=0.3)
    if os.environ.get("NO_OUTBOX") == "1":
        router.durable.discard("discord")
    client = StammtischClient(adapter, sync=False, ticker_interval=0.05)
    await client.login("crash-token")
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    print("ready", flush=True)
    while line := await reader.readline():
        client._connection.parse_interaction_create(json.loads(line))
    await client.close()

asyncio.run(main())
"""


class Shard:
    """The shard process, started again after each kill."""

    def __init__(self, fake: FakeDiscord, redis_url: str) -> None:
        self.env = {**os.environ, "FAKE_DISCORD_URL": fake.base_url, "REDIS_URL": redis_url}
        self.proc: asyncio.subprocess.Process | None = None
        self.up = asyncio.Event()

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            WORKER,
            cwd=ROOT,
            env=self.env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            # the processes' log, for a run that fails: STAMMTISCH_CRASH_LOG=<file>
            stderr=open(os.environ.get("STAMMTISCH_CRASH_LOG", os.devnull), "a"),  # noqa: SIM115
            start_new_session=True,
        )
        assert self.proc.stdout is not None
        assert await asyncio.wait_for(self.proc.stdout.readline(), 30) == b"ready\n"
        self.up.set()

    async def send(self, payload: dict) -> None:
        """An interaction, as the gateway dispatches it; lost if the process is down."""
        if not self.up.is_set() or self.proc is None or self.proc.stdin is None:
            return
        with contextlib.suppress(ConnectionError):
            self.proc.stdin.write(json.dumps(payload).encode() + b"\n")
            await self.proc.stdin.drain()

    async def kill(self) -> None:
        """SIGKILL to the process (and anything it started), as a machine dies."""
        assert self.proc is not None
        self.up.clear()
        os.killpg(self.proc.pid, signal.SIGKILL)
        await self.proc.wait()

    async def stop(self) -> None:
        if self.proc is None or self.proc.returncode is not None:
            return
        if self.proc.stdin is not None:
            self.proc.stdin.close()  # the process closes its client and ends
        try:
            await asyncio.wait_for(self.proc.wait(), 10)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            await self.proc.wait()


async def _run(real_redis_url: str, kills: int, seed: int) -> Figures:
    fake = FakeDiscord()
    runner = await fake.start()
    redis = aioredis.Redis.from_url(real_redis_url)
    await redis.flushdb()
    shard = Shard(fake, real_redis_url)
    figures = Figures(games=GAMES)
    pressed = asyncio.Event()
    kill_rng = random.Random(seed)
    router = Router(redis)
    tokens: dict[int, set[str]] = {}  # user → "interaction:<token>" of their interactions

    def seen_by(user: int) -> SimpleNamespace:
        """What `find` reads: the messages `user` sees (an ephemeral one only if it
        answered their own interaction: the prompts of a sealed bid carry the same
        buttons for every bidder, and one bidder must not press another's)."""
        mine = tokens.get(user, set())
        messages = {
            i: m
            for i, m in fake.messages.items()
            if not m["flags"] & EPHEMERAL or fake.made_by.get(i) in mine
        }
        return SimpleNamespace(fake=SimpleNamespace(messages=messages))

    def by(user: int, payload: dict) -> dict:
        tokens.setdefault(user, set()).add(f"interaction:{payload['token']}")
        return payload

    threads = [5000 + n for n in range(GAMES)]
    started = time.monotonic()
    await shard.start()
    try:

        async def game(n: int) -> None:
            thread = threads[n]
            here = {"channel": thread, "thread": True}
            users = [(100 * (n + 1) + 1, "Ann"), (100 * (n + 1) + 2, "Ben")]
            robots = Robots(router, "discord", str(thread))

            async def setup(user, name: str, options: dict | None, want) -> None:
                while True:
                    await shard.up.wait()
                    await shard.send(by(user[0], fake.command(name, *user, options, **here)))
                    for _ in range(100):
                        if want(await robots.table()):
                            return
                        await asyncio.sleep(0.05)

            def offered(table: Table, move: Move) -> tuple[dict, str, str | None] | None:
                user = int(table.seats[move.seat].user)
                channels = {str(thread)}
                if move.secret and (dm := fake.dm_channel(user)) is not None:
                    channels.add(str(dm))
                assert move.data is not None
                return find(seen_by(user), channels, move.data)

            async def press(table: Table, move: Move, found: tuple) -> None:
                seat = table.seats[move.seat]
                user, name = int(seat.user), seat.name
                message, custom_id, value = found
                where = here
                if message["channel_id"] != str(thread):
                    where = {"channel": int(message["channel_id"]), "guild": None}
                await asyncio.sleep(THINK)
                await shard.up.wait()
                if value is None:
                    payload = fake.press(message, custom_id, user, name, **where)
                else:
                    payload = fake.choose(message, custom_id, value, user, name, **where)
                await shard.send(by(user, payload))

            options = {"game": "auktion", "options": f"rounds={ROUNDS} deadline={DEADLINE}"}
            await setup(users[0], "new", options, bool)
            await setup(users[1], "join", None, lambda t: len(t.seats) == 2)
            await setup(users[0], "start", None, lambda t: t.status == "playing")
            rng = random.Random(seed * 100 + n)
            await robots.play(rng, figures, offered, press, pressed, DEADLINE)

        async def kill() -> None:
            await shard.kill()
            async with redis.pipeline(transaction=False) as pipe:
                for thread in threads:
                    pipe.hlen(outbox_key("discord", str(thread)))
                figures.kept_at_kills += sum(await pipe.execute())
            await shard.start()

        killing = asyncio.create_task(
            killer(kills, KILL_EVERY, kill_rng, shard.up, pressed, kill, figures)
        )
        try:
            await asyncio.wait_for(asyncio.gather(*(game(n) for n in range(GAMES))), RUN_LIMIT)
        finally:
            killing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await killing
        # (the last words, sent after the last write, may still be on their way)
        assert await until(lambda: all("is over" in fake.text_of(t) for t in threads), 15)
    finally:
        figures.seconds = time.monotonic() - started
        await shard.stop()
        await runner.cleanup()
        await redis.flushdb()
        await redis.aclose()
    return figures


async def test_a_shard_process_killed_every_few_seconds_forces_no_timeout(real_redis_url):
    control = await _run(real_redis_url, kills=0, seed=1)
    killed = await _run(real_redis_url, kills=KILLS, seed=1)
    nothing_forced(control, killed, KILLS)
