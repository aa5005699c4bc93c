"""One connection a process's concurrent round trips to a standalone Redis share, pipelined.

Each round trip on a connection of redis-py's pool costs the caller more than the
server: the pool's lock and a check of the connection (a syscall) to take it, a task to
send it under the socket timeout, a timer per answer read, and a send syscall of its own
(issue 21's profile: asyncio, redis-py and socket sends ~25 % of a worker's CPU). A lane
holds one connection instead: what is asked in one pass of the event loop goes in one
write (one send syscall) at the end of that pass, under one timeout, even while the
answers of earlier writes are still on their way, and the answers are read back in order
and handed to each waiter as soon as its own are in. One command at a time is one request
a write, without the per-command costs above. Writing without waiting for the answers
before keeps Redis working while this process runs the callers those answers woke:
waiting for them (one write on its way at a time) left bench/load.py's worker idle ~8 %
of its time. Measured in turn on a quiet machine (2026-11-24, 10 tables of each game in
flight, four runs each), waiting vs not: 1,492-1,685 (median 1,601) vs 1,644-1,833
(median 1,681) commands/s, the worker busy 91-93 % vs 96-97 % of a core, 11 vs 7
requests a write.

What a caller is told is what a connection of its own would have told it:
- Redis out of reach when the batch connects: `NotSent` (a ConnectionError), for every
  request of the batch: nothing of it was sent.
- The write fails, or the answers of a write do not all come within the socket timeout
  (bot/store/connection.py), or the connection drops: every request written on the connection
  whose answers were not all read — those written after that write too — gets redis-py's
  TimeoutError or ConnectionError (it may have run), and the connection is closed — an
  answer still on its way must never become another request's — and made again for what
  is asked next. A request asked once the loop has seen the connection fail is not
  written on it: it waits for the next one.
- An error answer (NOSCRIPT, WRONGTYPE, LOADING) is its own request's only, raised to
  its waiter once all of that request's answers are in (as a pipeline raises it): the
  next answer is read as usual, the connection stays in step.
- A waiter cancelled before its batch is written is left out of it; one cancelled after
  has its answers read and dropped.

The connection is taken from the client's pool and kept (the client's `aclose` closes
it with the pool's), given back only when dropped. Its answers are read by
bot/resp_answers.py (RESP2: the lane serves only clients that speak it, undecoded, as
bot/store/connection.py makes them). fakeredis has no socket to share: bot/resp.py sends on
its pool's connections as before. A Redis Cluster client is not served either (its
commands go to the node of their slot: bot/store/versioned.py uses redis-py's cluster client).
"""

import asyncio
import contextlib
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

from redis.asyncio.connection import Connection, SSLConnection, UnixDomainSocketConnection
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

from bot.resp_answers import Answers, Short

Request = tuple[bytes, int, "asyncio.Future[list[Any]]"]  # (packed commands, answers, waiter)

# What the waiters' errors say (for logs: a player is told bot/store/write_outcome.py's words)
UNREACHABLE = "Redis could not be reached: {}"
_TIMEOUT = "Timeout reading from {}"
_BROKEN = "Error talking to {}: {!r}"
_CLOSED = "the Redis lane was closed"


class NotSent(RedisConnectionError):
    """Redis could not be reached: nothing of the request was sent."""


class Lane:
    """The shared connection of one client's pool, in one event loop."""

    def __init__(self, pool: Any, loop: asyncio.AbstractEventLoop) -> None:
        # (weakly: _LANES finds a lane by its pool, and must not keep the pool alive)
        self.pool, self.loop = weakref.proxy(pool), loop
        self.pool_ref = weakref.ref(pool)  # (for `lane_of`'s quick look)
        self.timeout: float | None = pool.connection_kwargs.get("socket_timeout")
        self.connection: Any = None
        self.answers = Answers(None)  # (the connection's, once there is one)
        self.queue: list[Request] = []  # asked, not written yet
        # Written, their answers not all read yet, in the order they were written: the
        # driver reads them in that order, what `_flush` writes meanwhile included.
        self.sent: deque[Request] = deque()
        self.driver: asyncio.Task[None] | None = None
        self.flushing = False  # a `_flush` is due at the end of this pass of the loop
        # The socket timeout (see `_watch`): each write's deadline, with the count of
        # requests written on the connection once it was (`read` reaches it when that
        # write's answers are all in); the timer that looks, and whether it cancelled us.
        self.deadlines: deque[tuple[int, float]] = deque()
        self.written = 0
        self.read = 0
        self.watch: asyncio.TimerHandle | None = None
        self.expired = False

    def ask(self, packed: bytes, answers: int) -> "asyncio.Future[list[Any]]":
        """The answers of `packed` (`answers` commands), as the server says them, once they
        are in; an error answer among them (NOSCRIPT, WRONGTYPE) is raised instead, once
        all of them are in, as a pipeline does (bot/resp.py awaits this waiter itself)."""
        waiter = self.loop.create_future()
        self.queue.append((packed, answers, waiter))
        if self.driver is None:
            self.driver = self.loop.create_task(self._drive())
        elif self.sent and not self.flushing:
            # Answers are on their way: this is written when the loop's pass ends, with
            # what the other callers it runs ask meanwhile, behind them on the connection.
            self.flushing = True
            self.loop.call_soon(self._flush)
        return waiter

    def _flush(self) -> None:
        """What was asked while answers were on their way, written without waiting for
        them (see the module)."""
        self.flushing = False
        if not self.sent or not _open(self.connection):
            # (the driver is between connections, or will be once it has read what the
            # loop has seen: a closed socket, an error; it writes the queue then, anew)
            return
        batch = [r for r in self.queue if not r[2].done()]  # (cancelled: not sent)
        self.queue = []
        if batch:
            connection = self.connection
            try:
                self._send(batch)
            except Exception as e:
                # Written in part, perhaps: its answers would be read as the next ones'.
                # The connection is cut, so every request on its way fails (the driver).
                _fail(batch, RedisConnectionError(_BROKEN.format(connection._host_error(), e)))
                connection._writer.transport.abort()

    async def _drive(self) -> None:
        batch: list[Request] = []
        try:
            while self.queue:
                batch, self.queue = self.queue, []
                if not await self._connected(batch):
                    continue
                # (what was asked while it connected goes too: nothing is on its way yet)
                batch += self.queue
                self.queue = []
                batch = [r for r in batch if not r[2].done()]  # (cancelled meanwhile)
                if batch:
                    self._send(batch)
                    batch = []
                    await self._answered()
        except BaseException:  # (cancelled: the loop is closing) nobody waits forever
            _fail(batch + list(self.sent) + self.queue, RedisConnectionError(_CLOSED))
            self.sent.clear()
            self.queue = []
            raise
        finally:
            self.driver = None

    async def _connected(self, batch: list[Request]) -> bool:
        """The connection to write `batch` on, made again if it is gone; False (the batch
        told why) if Redis could not be reached."""
        connection = self.connection
        if connection is not None and _usable(connection) and not self.answers.pending:
            return True
        if connection is not None:
            await self._drop()
        try:
            connection = await self.pool.get_connection()
        except (RedisConnectionError, RedisTimeoutError, OSError) as e:
            _fail(batch, NotSent(UNREACHABLE.format(e)))
            return False
        except RedisError as e:  # (its setup refused, e.g. SELECT: nothing sent either)
            _fail(batch, e)
            return False
        self.connection, self.answers = connection, Answers(connection._reader)
        return True

    def _send(self, batch: list[Request]) -> None:
        self._write(self.connection, batch)
        self.sent.extend(batch)
        self.written += len(batch)
        if self.timeout is not None:
            deadline = self.loop.time() + self.timeout
            self.deadlines.append((self.written, deadline))
            if self.watch is None:
                self.watch = self.loop.call_at(deadline, self._watch, deadline)

    async def _answered(self) -> None:
        """Every written request's answers, read in order and handed to its waiter, those
        written while this reads included; on a failure, every request whose answers were
        not all read is told it, and the connection dropped."""
        connection, sent, deadlines = self.connection, self.sent, self.deadlines
        take, arriving = self.answers.take, self.answers.arriving
        driver = self.driver
        assert driver is not None
        cancelling = driver.cancelling()
        try:
            writer = connection._writer
            if writer.transport.get_write_buffer_size():  # (else the socket took it all:
                await writer.drain()  # nothing to wait for, two coroutines less a batch)
            while sent:
                _, count, waiter = sent[0]
                got = []
                for _ in range(count):
                    try:  # (in already: the common case, no coroutine made)
                        got.append(take())
                    except Short:
                        got.append(await arriving())
                sent.popleft()
                self.read += 1
                if deadlines[0][0] <= self.read if deadlines else False:
                    deadlines.popleft()
                if not waiter.done():
                    _answer(waiter, got)
        except BaseException as e:
            failed = list(sent)
            sent.clear()  # (before any await: the watch must not cancel again)
            deadlines.clear()
            self.written = self.read = 0
            if self.expired:
                self.expired = False
                if driver.uncancel() <= cancelling and isinstance(e, asyncio.CancelledError):
                    e = TimeoutError()  # a write's time ran out (nobody else cancelled)
            await self._drop()
            where = connection._host_error()
            if isinstance(e, TimeoutError):
                failure: RedisError = RedisTimeoutError(_TIMEOUT.format(where))
            elif isinstance(e, RedisError):
                failure = e
            else:  # (an OSError; or the lane cancelled, said so to its waiters)
                failure = RedisConnectionError(_BROKEN.format(where, e))
            _fail(failed, failure)
            if not isinstance(e, Exception):
                raise

    def _watch(self, armed_for: float) -> None:
        """The socket timeout of the writes, one timer for many: each write notes its
        deadline, and this looks when the earliest may have passed — if the oldest write
        whose answers are not all in is the one it was armed for, the driver is
        cancelled, else it looks again at that write's deadline. `asyncio.timeout` around
        each write made and cancelled a timer and a context manager for every one: one
        command at a time, every command."""
        self.watch = None
        deadlines = self.deadlines
        while deadlines and deadlines[0][0] <= self.read:
            deadlines.popleft()
        if not deadlines or not self.sent:
            return  # (armed again by the next write)
        deadline = deadlines[0][1]
        if deadline > armed_for:  # a later write than the one it was armed for
            self.watch = self.loop.call_at(deadline, self._watch, deadline)
            return
        self.expired = True
        if self.driver is not None:
            self.driver.cancel()

    def _write(self, connection: Any, batch: list[Request]) -> None:
        """The batch, in one write: one send syscall (tests and bench/load.py count each
        request in it as a round trip: what its caller waited for)."""
        connection._writer.write(b"".join([r[0] for r in batch]))

    async def _drop(self) -> None:
        connection, self.connection = self.connection, None
        if connection is not None:
            await connection.disconnect(nowait=True)
            with contextlib.suppress(KeyError):  # (a pool reset meanwhile forgot it)
                await self.pool.release(connection)


def _open(connection: Any) -> bool:
    """Not seen closed or failed by the event loop (what it has read is left unread)."""
    reader, writer = connection._reader, connection._writer
    return (
        reader is not None
        and writer is not None
        and not writer.transport.is_closing()
        and reader.exception() is None
        and not reader.at_eof()
    )


def _usable(connection: Any) -> bool:
    """Still connected, as far as the event loop has seen (no syscall): the server has
    not closed it (a restart, a client timeout), nothing unasked waits in it."""
    return _open(connection) and not connection._reader._buffer


def _answer(waiter: "asyncio.Future[list[Any]]", got: list[Any]) -> None:
    for answer in got:
        if isinstance(answer, RedisError):  # (LOADING is no ResponseError: any)
            waiter.set_exception(answer)
            return
    waiter.set_result(got)


def _fail(batch: list[Request], error: RedisError) -> None:
    for _, _, waiter in batch:
        if not waiter.done():
            waiter.set_exception(type(error)(*error.args))


# A client's pool → its lane, or None when the lane does not serve it (see the module).
_LANES: "weakref.WeakKeyDictionary[Any, Lane | None]" = weakref.WeakKeyDictionary()
_SERVED = (Connection, SSLConnection, UnixDomainSocketConnection)  # (not fakeredis' subclass)


# The lane found last, weakly (a process has one client: every round trip asks for its
# lane, and a WeakKeyDictionary's look-up makes a weak reference each time).
def _none() -> "Lane | None":
    return None


_last: "Callable[[], Lane | None]" = _none


def lane_of(redis: Any) -> Lane | None:
    """The lane of a standalone redis.asyncio client speaking undecoded RESP2 over a
    socket (as bot/store/connection.py makes it), in the running loop; None for others."""
    global _last
    pool = redis.connection_pool
    lane = _last()
    if lane is not None and lane.pool_ref() is pool and lane.loop is asyncio.get_running_loop():
        return lane
    lane = _LANES.get(pool, False)
    if lane is None:
        return None
    loop = asyncio.get_running_loop()
    if lane is not False and lane.loop is loop:
        _last = weakref.ref(lane)
        return lane
    kwargs = pool.connection_kwargs
    served = (
        pool.connection_class in _SERVED
        and not kwargs.get("decode_responses")
        and kwargs.get("protocol") in (None, 2, "2")
    )
    made = _LANES[pool] = Lane(pool, loop) if served else None
    if made is not None:
        _last = weakref.ref(made)
    return made
