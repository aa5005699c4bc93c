"""A write packed and sent by hand (bot/resp.py): the same bytes redis-py would send, and
(where there is no lane, bot/lane.py: fakeredis) a connection that goes back to its
pool in step with the server whatever happens."""

import asyncio

import pytest
import redis.asyncio as aioredis
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.resp import Queued, command, pack, round_trip


def test_a_command_is_packed_as_redis_py_packs_it():
    args = ("EVALSHA", "ab" * 20, 2, "k{x}", "m{x}", 0, -7, b"\x00\xff" * 4000, "", "Grüße ✓", 1.5)
    args += ("x" * 1023, "y" * 1024, 10**20)  # (lengths about the made headers' last)
    packer = aioredis.Redis().connection_pool.make_connection()
    assert pack([args]) == b"".join(packer.pack_command(*args))
    with pytest.raises(Exception, match="bool"):  # refused as redis-py refuses it
        pack([("SET", "k", True)])


def test_what_also_queues_is_what_a_pipeline_would_send():
    pipe, queued = aioredis.Redis().pipeline(transaction=False), Queued()
    for target in (pipe, queued):
        target.sadd("s", "chat")
        target.zadd("z{d}", {"m1": 1_790_000_000.25, "m2": 5})
        target.pexpire("u", 2_592_000_000)
    assert queued.commands == [args for args, _ in pipe.command_stack]


def _in_use(redis) -> int:
    return len(redis.connection_pool._in_use_connections)


async def _send(redis, *commands):
    pool = redis.connection_pool
    connection = await pool.get_connection()
    return await round_trip(pool, connection, pack(commands), len(commands))


async def test_answers_come_in_order_and_an_error_answer_is_raised_after_all(redis):
    answers = await _send(redis, ("SET", "a", "1"), ("INCR", "a"), ("GET", "a"))
    assert answers == [b"OK", 2, b"2"]  # (as the server says them: no callbacks)
    with pytest.raises(ResponseError, match="WRONGTYPE"):
        await _send(redis, ("SADD", "a", "x"), ("SET", "b", "after"))
    assert await redis.get("b") == b"after"  # the command after the error ran
    assert (await _send(redis, ("GET", "a"))) == [b"2"]  # and the connection is still in step
    assert _in_use(redis) == 0
    assert await command(redis, "GET", "a") == b"2"  # (on the lane, for the real server)


@pytest.mark.parametrize("how", ["timeout", "cancelled"])
async def test_a_connection_whose_answer_is_still_to_come_is_never_used_again(how, real_redis_url):
    """A command whose answer did not come in time (or whose caller gave up) leaves the
    connection: the late answer must not become the next command's."""
    redis = aioredis.Redis.from_url(real_redis_url, socket_timeout=0.2, max_connections=1)
    try:
        slow = _send(redis, ("BLPOP", "test:nothing", "1"))  # answers nil after 1 s
        if how == "timeout":
            with pytest.raises(RedisTimeoutError):
                await slow
        else:
            task = asyncio.ensure_future(slow)
            await asyncio.sleep(0.05)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
        assert _in_use(redis) == 0  # back in the pool (its only connection)
        await command(redis, "SET", "test:k", "v")
        await asyncio.sleep(1.0)  # (the BLPOP's nil would have arrived by now)
        assert await command(redis, "GET", "test:k") == b"v"
    finally:
        await redis.aclose()
