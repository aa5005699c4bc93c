"""Redis's answers (RESP2) read off a connection's stream, for the lane (bot/lane.py).

redis-py's parser awaits the stream once per line of an answer (an HMGET's is five
lines) and copies each; here what the socket gave is read in one go and the answers are
cut out of it, awaiting the stream only when an answer is not all there yet. The values
are what redis-py's parser gives a client that does not decode (bot/store/connection.py):
bytes for a string (a status like OK too), int, None for nil, lists; an error answer is
the exception redis-py would raise for it (NOSCRIPT: NoScriptError), returned, not
raised: it is its own request's answer, and the next answer is read as usual.
"""

import asyncio
from typing import Any

from redis._parsers.base import BaseParser
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import InvalidResponse

_CHUNK = 65536  # bytes asked of the stream at a time (asyncio reads what is there)
_CLOSED = "Connection closed by server."  # (redis-py's words)
_INVALID = "Protocol Error: {!r}"


class Short(Exception):
    """The answer is not all in the buffer yet (`args[0]`: bytes it lacks at least)."""


class Answers:
    """The answers arriving on one connection, in order."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.buffer = b""
        self.pos = 0

    @property
    def pending(self) -> bool:
        """Bytes read that no answer asked for (the connection is out of step)."""
        return self.pos < len(self.buffer)

    async def next(self) -> Any:
        try:  # (all of it in already: the common case, one call)
            return self.take()
        except Short:
            return await self.arriving()

    def take(self) -> Any:
        """The next answer if all of it is in already (no coroutine: the lane reads most
        answers so, bot/lane.py); `Short` if not."""
        value, self.pos = parse(self.buffer, self.pos)
        return value

    async def arriving(self) -> Any:
        """The answer read as it arrives: what of an array was cut out stays cut while
        the rest is read (parsed again from its start at each read, an array of many
        items cost reads × items: an HGETALL of 80,000 fields outlasted the 5 s timeout)."""
        arrays: list[tuple[list[Any], int]] = []  # begun, not complete: items, count
        while True:
            buffer, pos = self.buffer, self.pos
            try:
                if pos < len(buffer) and buffer[pos] == 42:  # *: an array's head alone
                    end = buffer.find(b"\r\n", pos)
                    if end < 0:
                        raise Short
                    count, self.pos = int(buffer[pos + 1 : end]), end + 2
                    if count > 0:
                        arrays.append(([], count))
                        continue
                    value = None if count < 0 else []
                else:
                    value, self.pos = parse(buffer, pos)
            except Short as short:
                await self._read(short.args[0] if short.args else 0)
                continue
            while arrays:  # the value completes its array, and that array maybe its own
                items, count = arrays[-1]
                items.append(value)
                if len(items) < count:
                    break
                arrays.pop()
                value = items
            else:
                return value

    async def _read(self, lacking: int) -> None:
        """More of the answer (bytes it lacks at least: `lacking`), after what is unread."""
        if lacking > _CHUNK:
            # A big string: the rest of it read whole, not chunk by chunk with a copy of
            # all read so far each time (quadratic: 32 MB took ~1.8 s)
            try:
                chunk = await self.stream.readexactly(lacking)
            except asyncio.IncompleteReadError:
                raise RedisConnectionError(_CLOSED) from None
        else:
            chunk = await self.stream.read(_CHUNK)
        if not chunk:
            raise RedisConnectionError(_CLOSED) from None
        self.buffer = self.buffer[self.pos :] + chunk
        self.pos = 0


def parse(buffer: bytes, pos: int) -> tuple[Any, int]:
    """The answer at `pos` and where the next one starts; `Short` if it is not all in."""
    end = buffer.find(b"\r\n", pos)
    if end < 0:
        raise Short
    kind, line, pos = buffer[pos], buffer[pos + 1 : end], end + 2
    if kind == 36:  # $: a string of that many bytes
        size = int(line)
        if size < 0:
            return None, pos
        stop = pos + size
        if len(buffer) < stop + 2:
            raise Short(stop + 2 - len(buffer))
        return buffer[pos:stop], stop + 2
    if kind == 42:  # *: that many answers
        count = int(line)
        if count < 0:
            return None, pos
        items = []
        for _ in range(count):
            item, pos = parse(buffer, pos)
            items.append(item)
        return items, pos
    if kind == 58:  # :
        return int(line), pos
    if kind == 43:  # +
        return line, pos
    if kind == 45:  # -
        return BaseParser.parse_error(line.decode("utf-8", errors="replace")), pos
    raise InvalidResponse(_INVALID.format(buffer[pos - len(line) - 3 : pos]))
