"""bench/robots.py: a game's answers prepared on one chat are the same game on another.

bench/load.py measures workers that only send answers prepared beforehand in other
processes (their thinking takes no CPU from the bot measured); that is only honest if
the game the worker plays is the one prepared: every answer accepted, the game over
after the last one.
"""

import asyncio
from collections import defaultdict

from bench import robots
from bench.load import play_table
from bot.store.versioned import RedisStore

GAME = "einsistkeins_karten:5"


async def test_prepared_answers_play_the_same_game_elsewhere_to_its_end(redis, redis_factory):
    chat, elsewhere = "p0-karten-0", "w0-karten-0"  # (as bench/load.py names them)
    seed = robots.seed_of(elsewhere)
    prepared = await asyncio.create_task(
        robots._prepare_one(robots.seeded_router(redis), chat, GAME, seed)
    )
    assert len(prepared) > 20
    assert {a.press is not None for a in prepared} == {True}  # (buttons, with their tokens)

    other = await redis_factory()  # as the worker, another process, has
    router = robots.seeded_router(other, store=RedisStore(other))
    lat: dict = defaultdict(list)
    # raises if an answer is refused or the game is not over after the last one
    await asyncio.create_task(play_table(router, elsewhere, GAME, prepared, lat))
    table = await router.table(robots.PLATFORM, elsewhere)
    assert table is not None and table.status != "playing"
    game_commands = [k for k in lat if k.startswith("einsistkeins_karten ")]
    assert sum(len(lat[k]) for k in game_commands) == len(prepared)


async def test_another_seed_is_another_game(redis, redis_factory):
    """The check above can fail: answers prepared for another table's seed are refused
    (or leave the game unfinished) where they do not belong."""
    prepared = await asyncio.create_task(
        robots._prepare_one(robots.seeded_router(redis), "p0-karten-1", GAME, 1)
    )
    other = await redis_factory()
    router = robots.seeded_router(other, store=RedisStore(other))
    try:
        await asyncio.create_task(
            play_table(router, "w0-karten-1", GAME, prepared, defaultdict(list))
        )
    except RuntimeError as e:
        assert "refused" in str(e) or "did not end" in str(e)
    else:
        raise AssertionError("answers of another game were all accepted and ended it")
