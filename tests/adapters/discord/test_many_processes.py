"""Several Discord shard processes, each its own OS process, against one real Redis.

Each process is the real discord.py client with the real adapter (as `python -m
adapters.discord` builds it), started with `client.start(token)` against the fake Discord of
tests/fixtures/fake_discord.py on loopback: it asks `GET /gateway/bot` where the gateway is
and gets its INTERACTION_CREATE events over that websocket (tests/fixtures/fake_gateway.py),
each process with a token of its own, so the test says which one an interaction goes to.
Every interaction of one channel goes to a random one of three
processes — more mixed than Discord itself, which sends a guild's interactions to one
shard and DMs to shard 0 — so a button one process sent is pressed on another, and
joins sent at once to all three race for the table: each must be applied once, in the
order its compare-and-set won (issue 21, item 2). The same game is played once against
one redis-server and once against a Redis Cluster (3 masters, a replica each; issue 39).
"""

import asyncio
import os
import random
import sys
from types import SimpleNamespace

import pytest
import redis.asyncio as aioredis

from bot.chat.router import Router
from bot.store.cluster import Cluster
from tests.fixtures.fake_discord import CHANNEL, FakeDiscord
from tests.fixtures.fake_telegram import until
from tests.fixtures.paths import ROOT
from tests.fixtures.robot import Move, find, play_out

# Slow (real shard processes playing a whole game): `tests/run --fast` leaves it out.
pytestmark = pytest.mark.slow

PROCESSES = 3
# The game's ~45 interactions take 3–20 s here (20 at a load of 7 on 2 cores); starting
# the three processes, 3–12 s more.
GAME_SECONDS = 30

# One shard process: the real client and adapter on the real router and Redis, connected
# through the fake gateway; it closes its client and ends when the test closes its stdin.
WORKER = """
import asyncio, os, sys
import discord
from adapters.discord.adapter import DiscordAdapter
from adapters.discord.client import StammtischClient
from bot.chat import pictures
from bot.app import make_router
from bot.ops import logs

logs.configure(os.environ)  # as the adapter's __main__: the log goes to stderr
discord.http.Route.BASE = os.environ["FAKE_DISCORD_URL"]

async def no_picture(svg):  # boards as text: a PNG takes ~0.1 s, and is not the point here
    return None

pictures.png = no_picture

async def main():
    router = make_router(os.environ)
    client = StammtischClient(DiscordAdapter(router), sync=os.environ["SHARD"] == "0")
    running = asyncio.create_task(client.start(os.environ["FAKE_DISCORD_TOKEN"]))
    reader = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    closed = asyncio.create_task(reader.read())
    await asyncio.wait({running, closed}, return_when=asyncio.FIRST_COMPLETED)
    await client.close()
    await running

asyncio.run(main())
"""


async def _start(
    fake: FakeDiscord, redis_url: str, shard: int, cluster: bool
) -> asyncio.subprocess.Process:
    env = {
        **os.environ,
        "FAKE_DISCORD_URL": fake.base_url,
        "FAKE_DISCORD_TOKEN": f"token-{shard}",
        "SHARD": str(shard),
        "REDIS_URL": redis_url,
        "REDIS_CLUSTER": "1" if cluster else "0",
    }
    # the processes' log, for a run that fails: STAMMTISCH_CRASH_LOG=<file> (the process
    # has its own copy of the file: ours is closed once it started)
    with open(os.environ.get("STAMMTISCH_CRASH_LOG", os.devnull), "a") as log:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            WORKER,
            cwd=ROOT,
            env=env,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.DEVNULL,
            stderr=log,
        )


async def _play(redis_url: str, cluster: bool) -> int:
    """The whole game on three processes; the moves it took."""
    fake = FakeDiscord()
    runner = await fake.start()
    redis = Cluster.from_url(redis_url) if cluster else aioredis.Redis.from_url(redis_url)
    everywhere = {"target_nodes": Cluster.PRIMARIES} if cluster else {}
    await redis.flushdb(**everywhere)
    workers = [await _start(fake, redis_url, shard, cluster) for shard in range(PROCESSES)]
    rng = random.Random(8)
    served: dict[str, int] = {}  # interaction token → the process it went to
    crossed = 0  # presses answered by another process than the one that sent the button
    try:
        for shard in range(PROCESSES):  # logged in, connected, identified: READY
            await fake.gateway.connected(f"token-{shard}", timeout=30)

        def maker(message_id: str) -> int:
            who = fake.made_by[message_id]
            if who.startswith("interaction:"):
                return served[who.removeprefix("interaction:")]
            return int(who.removeprefix("Bot token-"))

        async def send(payload: dict, to: int | None = None) -> None:
            """To one process (a random one unless `to`), and wait until it is answered."""
            nonlocal crossed
            shard = rng.randrange(PROCESSES) if to is None else to
            served[payload["token"]] = shard
            if "message" in payload:
                crossed += maker(payload["message"]["id"]) != shard
            assert await fake.dispatch(f"token-{shard}", "INTERACTION_CREATE", payload)
            await until(lambda: fake.answers(payload), timeout=10)

        world = SimpleNamespace(fake=fake)  # what `find` reads
        users = [(500 + i, f"Player{i}") for i in range(4)]
        await send(fake.command("new", *users[0], {"game": "einsistkeins_karten"}))
        await until(lambda: fake.threads, timeout=10)
        (thread,) = fake.threads
        here = {"channel": thread, "thread": True}

        async def in_the_thread(joins: list[dict]) -> None:
            # What a player in the thread waits for: the bot's word that the table is
            # there (posted once it has moved in; the thread appears a moment before).
            await until(lambda: "This thread is the table" in fake.text_of(thread), timeout=10)
            await asyncio.gather(*(send(j, to=1 + i) for i, j in enumerate(joins)))

        # Three joins at once, one to each process: they race for the table's
        # compare-and-set, and every one must win once. The first is said in the channel
        # as the thread is made, while the table moves into it (bot/table/saved.py `move`).
        in_channel = fake.command("join", *users[1])
        joins = [fake.command("join", *user, **here) for user in users[2:]]
        await asyncio.gather(send(in_channel, to=0), in_the_thread(joins))
        router = Router(redis)

        # Said in the channel before the table left it, the join is answered there;
        # after, in the thread (and told so in the channel).
        def seated() -> bool:
            said = fake.text_of(thread) + fake.text_of(CHANNEL)
            return all(f"{name} sits down" in said for _, name in users[1:])

        await until(seated, timeout=10)
        table = await router.table("discord", str(thread))
        assert table is not None
        assert sorted(int(s.user) for s in table.seats) == [u for u, _ in users]
        await send(fake.command("start", *users[0], **here))

        async def load():
            return await router.table("discord", str(thread))

        async def act(table, move: Move) -> None:
            seat = table.seats[move.seat]  # seats in the order the joins won
            user, name = int(seat.user), seat.name

            def offered(data: str):  # in the thread, or (a secret prompt) in the player's DMs
                dm = fake.dm_channel(user)
                return find(world, {str(thread), str(dm)}, data)

            wanted = move.data if move.data is not None else move.input_data or ""
            await until(lambda: offered(wanted), timeout=10)
            message, custom_id, value = offered(wanted)
            where = here
            if message["channel_id"] != str(thread):
                where = {"channel": int(message["channel_id"]), "guild": None}
            if move.data is None:  # typed: the modal's opener, then the modal (anywhere)
                press = fake.press(message, custom_id, user, name, **where)
                await send(press)
                modal = fake.answers(press)[0].body["data"]["custom_id"]
                await send(fake.submit(modal, move.typed or "", user, name, **where))
            elif value is None:
                await send(fake.press(message, custom_id, user, name, **where))
            else:
                await send(fake.choose(message, custom_id, value, user, name, **where))

        async with asyncio.timeout(GAME_SECONDS):
            moves = await play_out(load, act, seed=4)
            await until(lambda: "is over" in fake.text_of(thread), timeout=10)
    finally:
        for worker in workers:
            if worker.stdin is not None:
                worker.stdin.close()  # the process closes its client and ends
        for worker in workers:
            try:
                await asyncio.wait_for(worker.wait(), 10)
            except TimeoutError:
                worker.kill()
                await worker.wait()
        await runner.cleanup()
        await redis.flushdb(**everywhere)
        await redis.aclose()
    print(
        f"\nmoves: {moves}, crossed: {crossed}, refused requests: {len(fake.violations)},"
        f" slowest first response: {fake.slowest:.2f} s"
    )
    assert moves > 10
    assert set(served.values()) == set(range(PROCESSES)), "every process served interactions"
    assert crossed > 5, "buttons one process sent were pressed on another"
    everything = "\n".join(m["content"] for m in fake.messages.values())
    assert "outdated" not in everything  # no press applied twice, none lost its race
    public = fake.text_of(thread)
    assert public.count("begins!") == 1 and public.count("is over") == 1
    return moves


async def test_three_shard_processes_play_a_whole_game(real_redis_url):
    await _play(real_redis_url, cluster=False)


async def test_three_shard_processes_on_a_cluster_play_a_whole_game(real_cluster_url):
    """The same against the session's Redis Cluster (issue 39)."""
    await _play(real_cluster_url, cluster=True)
