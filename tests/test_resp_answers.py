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
