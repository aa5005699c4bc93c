"""Answers cut out of what the socket gave (bot/resp_answers.py) are what redis-py's own
parser reads from the same bytes, however the bytes arrive."""

import asyncio

import pytest
from redis._parsers.resp2 import _AsyncRESP2Parser
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import NoScriptError, ResponseError

from bot.resp_answers import Answers

WIRE = (
    b"+OK\r\n"
    b":-42\r\n"
    b"$-1\r\n"
    b"*-1\r\n"
    b"$0\r\n\r\n"
    b"$12\r\nwith\r\nin it!\r\n"  # (a string holding the line end)
    b'*2\r\n$1\r\n7\r\n$5\r\n{"a"}\r\n'  # an HMGET's
    b"*3\r\n:1\r\n*2\r\n$2\r\nv1\r\n*0\r\n$-1\r\n"  # nested, empty, nil
    b"-NOSCRIPT No matching script. Please use EVAL.\r\n"
    b"-WRONGTYPE Operation against a key holding the wrong kind of value\r\n"
    b":7\r\n"
)
COUNT = 11


def _stream(chunk: int) -> asyncio.StreamReader:
    stream = asyncio.StreamReader()
    for i in range(0, len(WIRE), chunk):
        stream.feed_data(WIRE[i : i + chunk])
    stream.feed_eof()
    return stream


class _Connection:
    """What redis-py's parser takes from a connection when it connects."""

    def __init__(self, stream) -> None:
        from redis._parsers.encoders import Encoder

        self._reader, self.encoder = stream, Encoder("utf-8", "strict", False)


def _same(a, b) -> bool:
    if isinstance(a, Exception):
        return type(a) is type(b) and a.args == b.args
    return a == b


@pytest.mark.parametrize("chunk", [1, 3, 7, len(WIRE)])
async def test_the_answers_are_redis_pys_however_the_bytes_arrive(chunk):
    theirs = _AsyncRESP2Parser(socket_read_size=65536)
    theirs.on_connect(_Connection(_stream(len(WIRE))))
    expected = [await theirs.read_response() for _ in range(COUNT)]
    answers = Answers(_stream(chunk))
    got = [await answers.next() for _ in range(COUNT)]
    assert all(_same(a, b) for a, b in zip(got, expected, strict=True)), (got, expected)
    assert isinstance(got[8], NoScriptError) and isinstance(got[9], ResponseError)
    assert got[6] == [b"7", b'{"a"}'] and got[7] == [1, [b"v1", []], None]
    assert not answers.pending
    with pytest.raises(RedisConnectionError):  # the server closed the connection
        await answers.next()


async def test_bytes_no_answer_asked_for_are_seen():
    stream = asyncio.StreamReader()
    stream.feed_data(b":1\r\n:2\r\n")
    answers = Answers(stream)
    assert await answers.next() == 1
    assert answers.pending  # (the lane drops such a connection: it is out of step)


async def test_a_big_string_arriving_in_many_reads_is_read_in_linear_time():
    """An answer in many reads: not a copy of all that came so far at each read (16 MB in
    64 KB reads was 256 copies of up to 16 MB, ~1.8 s for 32 MB through a real socket:
    a healthy GET timed out), but what the answer is still known to lack, read whole."""
    value = bytes(range(256)) * (1 << 16)  # 16 MB
    wire = b"$%d\r\n%b\r\n:1\r\n" % (len(value), value)
    stream = asyncio.StreamReader(limit=1 << 16)
    reads = 0
    read, readexactly = stream.read, stream.readexactly

    async def counted(read_, n):
        nonlocal reads
        reads += 1
        return await read_(n)

    stream.read = lambda n: counted(read, n)
    stream.readexactly = lambda n: counted(readexactly, n)

    feeding = asyncio.ensure_future(_fed(stream, wire, 1 << 16))  # (as a socket: 64 KB)
    answers = Answers(stream)
    assert await answers.next() == value
    assert await answers.next() == 1
    await feeding
    assert reads <= 3  # the first read, the rest of the string whole, the next answer


async def test_a_big_string_cut_short_by_the_server_closing_is_a_connection_error():
    stream = asyncio.StreamReader()
    stream.feed_data(b"$1000000\r\n" + b"x" * 70000)
    stream.feed_eof()
    with pytest.raises(RedisConnectionError):
        await Answers(stream).next()


async def test_a_long_array_arriving_in_many_reads_is_cut_once_not_at_each_read(monkeypatch):
    """What was cut out of an array stays cut when the rest is still to come: its items
    are not parsed again from its start at each read (quadratic: an HGETALL of 80,000
    fields, 8.8 MB, took more than the 5 s socket timeout; redis-py's parser 0.5 s)."""
    import bot.resp_answers as module

    items = [b"%d" % i for i in range(20000)] + [[b"x" * 100_000, None, []]]
    wire = b"*%d\r\n" % len(items)
    wire += b"".join(b"$%d\r\n%b\r\n" % (len(i), i) for i in items[:-1])
    wire += b"*3\r\n$100000\r\n" + b"x" * 100_000 + b"\r\n$-1\r\n*0\r\n:5\r\n"
    parsed = 0
    parse = module.parse

    def counted(buffer, pos):
        nonlocal parsed
        parsed += 1
        return parse(buffer, pos)

    monkeypatch.setattr(module, "parse", counted)
    stream = asyncio.StreamReader()

    feeding = asyncio.ensure_future(_fed(stream, wire, 4096))
    answers = Answers(stream)
    assert await answers.next() == items
    assert await answers.next() == 5
    await feeding
    assert parsed < 2 * len(items) + 200, parsed  # (a parse per item, and one per read)


async def _fed(stream: asyncio.StreamReader, wire: bytes, size: int) -> None:
    """`wire` arriving on `stream` `size` bytes a read, the event loop run between reads,
    then the end of the stream."""
    for i in range(0, len(wire), size):
        stream.feed_data(wire[i : i + size])
        await asyncio.sleep(0)
    stream.feed_eof()
