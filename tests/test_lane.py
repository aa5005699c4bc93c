"""The lane (bot/lane.py): concurrent round trips share one connection, written together,
and each caller is told what a connection of its own would have told it."""

import asyncio
import gc
import time
import weakref

import fakeredis
import pytest
import redis.asyncio as aioredis
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.lane import Lane, NotSent, lane_of
from bot.resp import command, exchange, pack
from tests.fixtures.redis_server import free_port


@pytest.fixture
def writes(monkeypatch):
    """Each write of the lane: the commands' first words, per request."""
    seen: list[list[bytes]] = []
    write = Lane._write

    def recorded(self, connection, batch):
        seen.append([packed.split(b"\r\n")[2] for packed, _, _ in batch])
        return write(self, connection, batch)

    monkeypatch.setattr(Lane, "_write", recorded)
    return seen


@pytest.fixture
async def client(real_redis_url):
    made = aioredis.Redis.from_url(real_redis_url, socket_timeout=2)
    await made.flushdb()
    yield made
    await made.aclose()


async def test_what_is_asked_while_a_batch_is_on_its_way_goes_in_one_write(client, writes):
    first = asyncio.ensure_future(command(client, "ECHO", "first"))
    await asyncio.sleep(0)  # the first batch is written: one request
    rest = [asyncio.ensure_future(command(client, "INCRBY", f"k{i}", i)) for i in range(10)]
    assert await first == b"first"
    assert await asyncio.gather(*rest) == list(range(10))  # each its own answer
    assert writes == [[b"ECHO"], [b"INCRBY"] * 10]


async def test_redis_out_of_reach_is_known_to_have_received_nothing(writes):
    client = aioredis.Redis(port=free_port(), socket_timeout=1)  # nobody listens there
    try:
        asked = [exchange(client, pack([("SET", "k", i)]), 1) for i in range(3)]
        started = time.monotonic()
        for outcome in await asyncio.gather(*asked, return_exceptions=True):
            assert isinstance(outcome, NotSent)
        assert time.monotonic() - started < 1  # refused: no timeout waited
        assert writes == []
    finally:
        await client.aclose()


async def test_an_error_answer_is_its_own_requests_only(client, writes):
    await command(client, "SET", "s", "a string")
    connection = lane_of(client).connection
    wrong = exchange(client, pack([("SADD", "s", "x"), ("SET", "after", "1")]), 2)
    unknown = command(client, "EVALSHA", "0" * 40, 0)
    other = command(client, "GET", "s")
    got = await asyncio.gather(wrong, unknown, other, return_exceptions=True)
    assert writes[-1] == [b"SADD", b"EVALSHA", b"GET"]  # one batch
    assert isinstance(got[0], ResponseError) and "WRONGTYPE" in str(got[0])
    assert isinstance(got[1], NoScriptError)
    assert got[2] == b"a string"
    assert await command(client, "GET", "after") == b"1"  # what followed the error ran
    assert lane_of(client).connection is connection  # in step: kept


async def test_a_batch_not_answered_in_time_times_out_whole_and_its_connection_goes(
    real_redis_url, writes
):
    """A hung Redis is bounded by the client's socket timeout (bot/store/connection.py); every
    request of the batch may have run, and the late answers never reach another."""
    client = aioredis.Redis.from_url(real_redis_url, socket_timeout=0.2)
    try:
        slow = exchange(client, pack([("BLPOP", "test:nothing", "1")]), 1)  # nil after 1 s
        behind = command(client, "SET", "test:k", "v")  # its answer comes after the nil
        started = time.monotonic()
        got = await asyncio.gather(slow, behind, return_exceptions=True)
        assert time.monotonic() - started < 0.5
        assert [type(e) for e in got] == [RedisTimeoutError, RedisTimeoutError]
        assert writes == [[b"BLPOP", b"SET"]]
        assert lane_of(client).connection is None  # dropped: made again for the next batch
        assert await command(client, "INCR", "test:n") == 1
        await asyncio.sleep(1.0)  # (the BLPOP's nil would have arrived by now)
        assert await command(client, "INCR", "test:n") == 2
    finally:
        await client.aclose()


async def test_a_batch_bigger_than_the_socket_takes_at_once_is_written_whole(client, writes):
    """A batch the socket does not take at once waits for the rest to go (drain)."""
    big = b"x" * (16 << 20)
    got = await asyncio.gather(
        command(client, "SET", "test:big", big), command(client, "STRLEN", "test:big")
    )
    assert got == [b"OK", 16 << 20]
    assert await command(client, "GET", "test:big") == big


async def test_each_batch_has_the_whole_timeout_from_its_own_write(real_redis_url):
    """One timer watches the batches (bot/lane.py, `_watch`): a batch written late in an
    earlier one's time still gets its own, and batches that keep coming for longer than
    the timeout, each answered in time, never time out."""
    client = aioredis.Redis.from_url(real_redis_url, socket_timeout=0.3)
    try:
        assert await command(client, "PING") == b"PONG"  # the watch armed for this batch
        until = time.monotonic() + 0.5
        while time.monotonic() < until:  # longer than the timeout, one batch after another
            assert await command(client, "PING") == b"PONG"
        await asyncio.sleep(0.2)
        started = time.monotonic()
        with pytest.raises(RedisTimeoutError):
            await command(client, "BLPOP", "test:nothing", "1")
        assert 0.25 <= time.monotonic() - started < 0.9  # its own 0.3 s, not the 1 s BLPOP
        assert await command(client, "PING") == b"PONG"  # (a new connection)
    finally:
        await client.aclose()


async def test_a_write_made_while_answers_are_on_their_way_has_its_own_timeout(
    real_redis_url, writes
):
    """A write the lane made without waiting for the answers before it is watched from its
    own write on: the watch, armed for the first, looks again at the second's deadline."""
    client = aioredis.Redis.from_url(real_redis_url, socket_timeout=0.3)
    try:
        assert await command(client, "PING") == b"PONG"  # (connected)
        first = asyncio.ensure_future(command(client, "ECHO", "first"))
        await asyncio.sleep(0)  # asked
        await asyncio.sleep(0)  # written
        started = time.monotonic()
        slow = asyncio.ensure_future(command(client, "BLPOP", "test:nothing", "1"))
        assert await first == b"first"
        with pytest.raises(RedisTimeoutError):
            await slow
        assert 0.25 <= time.monotonic() - started < 0.9  # its own 0.3 s, not the 1 s BLPOP
        assert writes == [[b"PING"], [b"ECHO"], [b"BLPOP"]]
        assert await command(client, "PING") == b"PONG"  # (a new connection)
    finally:
        await client.aclose()


async def test_a_timeout_fails_what_was_written_behind_it_too(real_redis_url, writes):
    """Answers come in the order of the writes: once one write's time has run out, those
    written behind it cannot be answered either, and are told so (they may have run)."""
    client = aioredis.Redis.from_url(real_redis_url, socket_timeout=0.3)
    try:
        slow = asyncio.ensure_future(command(client, "BLPOP", "test:nothing", "1"))
        await asyncio.sleep(0.15)  # written, half of its time gone
        behind = asyncio.ensure_future(command(client, "SET", "test:k", "v"))
        started = time.monotonic()
        got = await asyncio.gather(slow, behind, return_exceptions=True)
        assert [type(e) for e in got] == [RedisTimeoutError, RedisTimeoutError]
        assert time.monotonic() - started < 0.3  # at the BLPOP's deadline, not its own
        assert writes == [[b"BLPOP"], [b"SET"]]
        assert await command(client, "INCR", "test:n") == 1  # (a new connection)
    finally:
        await client.aclose()


async def test_a_lane_cancelled_from_outside_mid_batch_is_cancelled_not_timed_out(
    real_redis_url,
):
    """The loop closing cancels the lane's driver: its waiters are told the lane closed,
    and the cancellation goes on (not taken for the batch's timeout)."""
    client = aioredis.Redis.from_url(real_redis_url, socket_timeout=5)
    try:
        waiting = asyncio.ensure_future(command(client, "BLPOP", "test:nothing", "1"))
        await asyncio.sleep(0.05)
        driver = lane_of(client).driver
        driver.cancel()
        with pytest.raises(RedisConnectionError):
            await waiting
        with pytest.raises(asyncio.CancelledError):
            await driver
    finally:
        await client.aclose()


async def test_a_waiter_cancelled_before_its_batch_is_written_is_not_sent(client, writes):
    slow = asyncio.ensure_future(command(client, "BLPOP", "test:nothing", "0.2"))
    await asyncio.sleep(0)  # written
    cancelled = asyncio.ensure_future(command(client, "SET", "test:cancelled", "1"))
    kept = asyncio.ensure_future(command(client, "SET", "test:kept", "1"))
    await asyncio.sleep(0)  # both asked: written when this pass of the loop ends
    cancelled.cancel()  # (in the same pass: before the write)
    assert await slow is None and await kept == b"OK"
    with pytest.raises(asyncio.CancelledError):
        await cancelled
    assert writes == [[b"BLPOP"], [b"SET"]]
    assert await command(client, "GET", "test:cancelled") is None


async def test_what_is_asked_while_answers_are_on_their_way_is_written_without_waiting(
    client, writes
):
    """Redis has it as soon as it may work on it, while the process runs the callers of
    the answers before it: the SET is written while the BLPOP still waits (Redis runs it
    once the BLPOP is done), and its answer is read after the BLPOP's."""
    slow = asyncio.ensure_future(command(client, "BLPOP", "test:list", "1"))
    await asyncio.sleep(0.05)  # written, waiting for the list
    quick = asyncio.ensure_future(command(client, "SET", "test:k", "v"))
    await asyncio.sleep(0.05)
    assert writes == [[b"BLPOP"], [b"SET"]]  # written while the BLPOP's answer is out
    assert not quick.done()  # (answers are read in order: it waits behind the BLPOP)
    kwargs = client.connection_pool.connection_kwargs
    async with aioredis.Redis(connection_pool=aioredis.ConnectionPool(**kwargs)) as other:
        await other.rpush("test:list", "x")
    assert await slow == [b"test:list", b"x"]
    assert await quick == b"OK"
    assert writes == [[b"BLPOP"], [b"SET"]]  # (no write more)


async def test_a_waiter_cancelled_after_its_batch_is_written_leaves_the_others_in_step(
    client, writes
):
    given_up = asyncio.ensure_future(command(client, "BLPOP", "test:nothing", "0.2"))
    counted = asyncio.ensure_future(command(client, "INCR", "test:n"))
    await asyncio.sleep(0.05)
    connection = lane_of(client).connection
    given_up.cancel()
    assert await counted == 1  # its own answer, not the BLPOP's nil
    assert writes == [[b"BLPOP", b"INCR"]]
    assert await command(client, "INCR", "test:n") == 2
    assert lane_of(client).connection is connection


async def test_a_connection_the_server_closed_while_idle_is_made_again_before_sending(
    client, writes
):
    """No write goes out on a connection the server has closed (a restart, its idle
    timeout): it would be lost, and the write told as maybe applied."""
    assert await command(client, "SET", "test:k", "1") == b"OK"
    other = aioredis.Redis(
        connection_pool=aioredis.ConnectionPool(**client.connection_pool.connection_kwargs)
    )
    try:
        await other.execute_command("CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes")
    finally:
        await other.aclose()
    await asyncio.sleep(0.05)  # (the event loop sees it closed)
    assert await command(client, "INCR", "test:k") == 2


async def test_fakeredis_is_not_served_and_its_round_trips_still_work():
    client = fakeredis.FakeAsyncRedis()
    try:
        assert lane_of(client) is None
        assert await exchange(client, pack([("SET", "k", "1"), ("INCR", "k")]), 2) == [b"OK", 2]
    finally:
        await client.aclose()


async def test_a_client_let_go_is_not_kept_alive_by_its_lane(real_redis_url):
    """The lanes are found by their client's pool, weakly: a test's client (a process
    may make many) goes, with its pool, its lane and its event loop, once let go."""
    client = aioredis.Redis.from_url(real_redis_url)
    assert await command(client, "PING") == b"PONG"
    pool = weakref.ref(client.connection_pool)
    await client.aclose()
    del client
    gc.collect()
    assert pool() is None


async def test_a_refusal_on_connecting_is_told_as_a_connection_of_its_own_tells_it(
    real_redis_url,
):
    """A server that refuses the connection's setup (here: a database it does not have)
    received nothing of the request: its caller gets redis-py's own error, not a lane
    said to be closed (a write would be told as maybe applied), and the lane goes on."""
    client = aioredis.Redis.from_url(real_redis_url.rpartition("/")[0] + "/99")
    try:
        for _ in range(2):
            with pytest.raises(ResponseError, match="DB index"):
                await command(client, "SET", "test:k", "1")
    finally:
        await client.aclose()


async def test_the_connection_lost_mid_batch_the_requests_answered_keep_their_answers(
    client, writes
):
    """The server closes the connection after part of a batch's answers (here QUIT, in
    the batch): the requests answered before keep their answers; the others are told
    a connection error (they may have run: a write finds out, bot/store/write_outcome.py)."""
    first = asyncio.ensure_future(command(client, "ECHO", "first"))
    await asyncio.sleep(0)  # (written: what follows goes in one batch)
    asked = [
        command(client, "SET", "test:before", "1"),
        command(client, "QUIT"),
        command(client, "INCR", "test:after"),
    ]
    got = await asyncio.gather(*asked, return_exceptions=True)
    assert await first == b"first"
    assert writes[-1] == [b"SET", b"QUIT", b"INCR"]
    assert got[:2] == [b"OK", b"OK"]
    assert isinstance(got[2], RedisConnectionError) and not isinstance(got[2], NotSent)
    assert lane_of(client).connection is None
    assert await command(client, "GET", "test:after") is None  # (QUIT: it did not run)
    assert await command(client, "GET", "test:before") == b"1"


async def test_a_pool_closed_under_a_batch_fails_it_as_maybe_sent_and_the_lane_goes_on(
    real_redis_url,
):
    """Two clients on one pool share its lane; the pool closed (a client's `aclose`)
    while a batch is on its way: that batch may have run (a connection error, not
    `NotSent`), and the next request has a connection made again."""
    pool = aioredis.ConnectionPool.from_url(real_redis_url, socket_timeout=2)
    one, two = aioredis.Redis(connection_pool=pool), aioredis.Redis(connection_pool=pool)
    try:
        assert lane_of(one) is lane_of(two)
        await command(two, "DEL", "test:closed")
        on_its_way = asyncio.ensure_future(command(one, "BLPOP", "test:nothing", "1"))
        await asyncio.sleep(0.05)
        await pool.disconnect()
        with pytest.raises(RedisConnectionError) as failed:
            await on_its_way
        assert not isinstance(failed.value, NotSent)
        assert await command(two, "INCR", "test:closed") == 1
    finally:
        await pool.disconnect()
