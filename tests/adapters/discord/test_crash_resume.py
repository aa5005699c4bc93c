"""A Discord shard process SIGKILLed every few seconds under robot games: nothing stuck.

One shard process, a real OS process (the real discord.py client and adapter, as
`python -m adapters.discord` builds them) against a real redis-server and the fake
Discord of tests/fixtures/fake_discord.py, serves six robot games of the test auction at once,
each in a thread of its own. It starts with `client.start(token)` and gets its
INTERACTION_CREATE events over the fake gateway's websocket (tests/fixtures/fake_gateway.py),
as tests/adapters/discord/test_many_processes.py does. The robots
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

The same runs once against one redis-server and once against a Redis Cluster (3 masters,
a replica each; issue 39), as tests/adapters/telegram/test_crash_resume.py does.
"""

import asyncio
import contextlib
import os
import random
import signal
import sys
import time
from types import SimpleNamespace

import pytest
import redis.asyncio as aioredis

from bot.chat.router import Router
from bot.store.cluster import Cluster
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
TOKEN = "crash-token"  # every process's: the gateway sends to the newest connected

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
from bot.ops import logs
from tests.games import install

logs.configure(os.environ)  # as the adapter's __main__: the log goes to stderr
install()  # the test-only auction the robots play
discord.http.Route.BASE = os.environ["FAKE_DISCORD_URL"]
TOKEN = os.environ["FAKE_DISCORD_TOKEN"]

async def no_picture(svg):
    return None

pictures.png = no_picture

async def main():
    router = make_router(os.environ)
    adapter = DiscordAdapter(router, lease=1.0, sweep=0.3)
    if os.environ.get("NO_OUTBOX") == "1":
        router.durable.discard("discord")
    client = StammtischClient(adapter, sync=False, ticker_interval=0.05)
    running = asyncio.create_task(client.start(TOKEN))
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    closed = asyncio.create_task(reader.read())  # the test closes stdin: close and end
    await asyncio.wait({running, closed}, return_when=asyncio.FIRST_COMPLETED)
    await client.close()
    await running

asyncio.run(main())
"""


class Shard:
    """The shard process, started again after each kill."""

    def __init__(self, fake: FakeDiscord, redis_url: str, cluster: bool = False) -> None:
        self.fake = fake
        self.env = {
            **os.environ,
            "FAKE_DISCORD_URL": fake.base_url,
            "FAKE_DISCORD_TOKEN": TOKEN,
            "REDIS_URL": redis_url,
            "REDIS_CLUSTER": "1" if cluster else "0",
        }
        self.proc: asyncio.subprocess.Process | None = None
        self.up = asyncio.Event()

    async def start(self) -> None:
        """The next process, back once it is connected and the gateway said READY."""
        known = len(self.fake.gateway.sessions)
        # the processes' log, for a run that fails: STAMMTISCH_CRASH_LOG=<file> (the
        # process has its own copy of the file: ours is closed once it started)
        with open(os.environ.get("STAMMTISCH_CRASH_LOG", os.devnull), "a") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                WORKER,
                cwd=ROOT,
                env=self.env,
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.DEVNULL,
                stderr=log,
                start_new_session=True,
            )
        # (the killed process's session may not yet be known closed: a new one it must be)
        gateway = self.fake.gateway

        def ready() -> bool:
            return any(s.identified and s.open for s in gateway.sessions[known:])

        assert await until(ready, 30), "the process never connected to the gateway"
        self.up.set()

    async def send(self, payload: dict) -> None:
        """An interaction through the gateway; lost if the process is down (Discord does
        not deliver it again)."""
        if self.up.is_set():
            await self.fake.dispatch(TOKEN, "INTERACTION_CREATE", payload)

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


async def _run(real_redis_url: str, kills: int, seed: int, cluster: bool = False) -> Figures:
    fake = FakeDiscord()
    runner = await fake.start()
    redis = Cluster.from_url(real_redis_url) if cluster else aioredis.Redis.from_url(real_redis_url)
    everywhere = {"target_nodes": Cluster.PRIMARIES} if cluster else {}
    await redis.flushdb(**everywhere)
    shard = Shard(fake, real_redis_url, cluster)
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
        await redis.flushdb(**everywhere)
        await redis.aclose()
    return figures


async def test_a_shard_process_killed_every_few_seconds_forces_no_timeout(real_redis_url):
    control = await _run(real_redis_url, kills=0, seed=1)
    killed = await _run(real_redis_url, kills=KILLS, seed=1)
    nothing_forced(control, killed, KILLS)


async def test_a_shard_process_on_a_cluster_killed_every_few_seconds_forces_no_timeout(
    real_cluster_url,
):
    """The same against the session's Redis Cluster (3 masters, a replica each; issue 39)."""
    control = await _run(real_cluster_url, kills=0, seed=1, cluster=True)
    killed = await _run(real_cluster_url, kills=KILLS, seed=1, cluster=True)
    nothing_forced(control, killed, KILLS)
