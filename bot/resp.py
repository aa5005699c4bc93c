"""A table's write to a standalone Redis, packed here rather than by redis-py.

redis-py packs a command by joining its buffer again for every argument (quadratic in
the arguments: a write carries 15–25, its marker, the replies kept with it, the game's
answers), and a pipeline adds its own bookkeeping, retries object and response
callbacks around them: together ~0.5 ms of CPU a write (issue 21's profile). Here the
commands are packed into one bytes object and sent on the process's lane (bot/lane.py:
one connection that concurrent round trips share, their requests written together),
or, for fakeredis, on a connection taken from the pool first: either way a Redis out of
reach is known to have received nothing (`NotSent`), and their answers are read back in
order. On a pool's connection only what redis-py's connection does on a failure is kept:
it disconnects when sending or reading fails (an answer may still be on its way: the
connection must not serve anyone else), and goes back to its pool either way.
"""

from collections.abc import Awaitable, Iterable, Sequence
from typing import Any

from redis._parsers.encoders import Encoder
from redis.commands.core import DataAccessCommands
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.lane import UNREACHABLE, NotSent, lane_of

Command = Sequence[Any]

_ENCODER = Encoder("utf-8", "strict", False)  # (as a client from a URL encodes)


# `$<len>` of the lengths most arguments have, made once: bytes formatting costs more
# than the rest of an argument's packing (a write has 20-30 arguments).
_HEADS = [b"$%d" % n for n in range(1024)]


def pack(commands: Iterable[Command]) -> bytes:
    """The commands in RESP, as Redis reads them: `*<n>` then `$<len>` and each argument,
    each followed by CRLF (so the parts are joined with it: two appends an argument, not
    three)."""
    out: list[bytes] = []
    add = out.append
    heads = _HEADS
    for command in commands:
        add(b"*%d" % len(command))
        for arg in command:
            kind = type(arg)
            if kind is str:
                arg = arg.encode()
            elif kind is int:
                arg = b"%d" % arg
            elif kind is float:
                arg = repr(arg).encode()  # (as redis-py's Encoder writes one)
            elif kind is not bytes:
                arg = _ENCODER.encode(arg)  # (refusing what redis-py refuses)
            size = len(arg)
            add(heads[size] if size < 1024 else b"$%d" % size)
            add(arg)
    add(b"")  # (the last argument's CRLF)
    return b"\r\n".join(out)


class Queued(DataAccessCommands):
    """What `also` (bot/store/versioned.py) queues beside a write: redis-py's own command methods
    (sadd, zadd, pexpire, …: the same arguments a pipeline would send), recorded."""

    def __init__(self) -> None:
        self.commands: list[tuple[Any, ...]] = []

    def execute_command(self, *args: Any, **options: Any) -> "Queued":
        self.commands.append(args)
        return self


async def command(redis: Any, *args: Any) -> Any:
    """One command to a standalone Redis (`redis`, a client)."""
    return (await asked(redis, pack((args,)), 1))[0]


async def exchange(redis: Any, packed: bytes, answers: int) -> list[Any]:
    """Send `packed` (`answers` commands) to a standalone Redis and read their answers:
    on the client's lane (bot/lane.py) when it has one, else (fakeredis) on a
    connection of its pool. An error answer (NOSCRIPT, WRONGTYPE) is raised once every
    answer is read, as a pipeline does. `NotSent` when Redis could not be reached:
    nothing was sent."""
    return await asked(redis, packed, answers)


def asked(redis: Any, packed: bytes, answers: int) -> Awaitable[list[Any]]:
    """`exchange` with no coroutine of its own on a lane: there it is asked now (not when
    first awaited), and what its caller awaits is the lane's waiter itself (without a
    lane, fakeredis's pool, a coroutine that asks when awaited). Every round trip of a
    command passes here: bot/store/versioned.py's write, `command`."""
    lane = lane_of(redis)
    if lane is None:
        return _pooled(redis, packed, answers)
    return lane.ask(packed, answers)


async def _pooled(redis: Any, packed: bytes, answers: int) -> list[Any]:
    pool = redis.connection_pool
    try:
        connection = await pool.get_connection()
    except (RedisConnectionError, RedisTimeoutError) as e:
        raise NotSent(UNREACHABLE.format(e)) from e
    return await round_trip(pool, connection, packed, answers)


async def round_trip(pool: Any, connection: Any, packed: bytes, answers: int) -> list[Any]:
    """Send `packed` (`answers` commands) on `connection`, taken from `pool`, and read
    their answers; the connection goes back to the pool in every outcome. An error
    answer (NOSCRIPT, WRONGTYPE) is raised once every answer is read, as a pipeline
    does: the connection stays in step with the server."""
    try:
        await connection.send_packed_command(packed)
        got: list[Any] = []
        for _ in range(answers):
            try:
                got.append(await connection.read_response())
            except ResponseError as e:  # (an answer: the next one is still to be read)
                got.append(e)
    except BaseException:
        # A timeout, a dropped connection, a cancellation: an answer may still be on its
        # way, and must not reach the connection's next user. (redis-py's send and read
        # disconnect on these already; said here too, as the pool gets it back next.)
        await connection.disconnect(nowait=True)
        raise
    finally:
        await pool.release(connection)
    for answer in got:
        if isinstance(answer, ResponseError):
            raise answer
    return got
