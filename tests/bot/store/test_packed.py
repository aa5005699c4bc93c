"""The client's requests packed by hiredis (bot/store/connection.py's `Packed`): the very
bytes redis-py's own packer writes, its error for a value nobody can send, and a real
redis-server that reads them back."""

import pytest
from redis.asyncio.connection import Connection
from redis.exceptions import DataError

from bot.store.connection import Packed, connect
from tests.fixtures.redis_server import redis_server

ARGS = [
    ("EVALSHA", "0" * 40, 2, "t:{tg:1}", "m:{tg:1}", 0, b"\x00\xff{}\n", 2_592_000_000),
    ("HSET", "o:{tg:1}", "00000001.0p", "Grüße, <b>&amp;</b> 🎲", "f", -1.5, "g", 0.1),
    ("SCRIPT LOAD", "return 1"),
]


@pytest.mark.parametrize("args", ARGS)
def test_packed_as_redis_py_packs(args):
    own = Connection()  # (redis-py's asyncio connection: packs in Python; never connected)
    assert b"".join(Packed().pack_command(*args)) == b"".join(own.pack_command(*args))


@pytest.mark.parametrize("bad", [None, object()])
def test_a_value_nobody_can_send_is_redis_pys_data_error(bad):
    with pytest.raises(DataError):
        Packed().pack_command("SET", "k", bad)


async def test_a_real_server_reads_what_it_packs():
    with redis_server() as url:
        client = connect(url)
        try:
            assert issubclass(client.connection_pool.connection_class, Packed)
            text = "Grüße, <b>&amp;</b> 🎲\n"
            await client.hset("h", mapping={"a": text, "b": b"\x00\xff", "c": 7})
            assert await client.hgetall("h") == {b"a": text.encode(), b"b": b"\x00\xff", b"c": b"7"}
            script = client.register_script("return {ARGV[1], #ARGV}")
            assert await script(keys=["h"], args=["x", 1.5, 2]) == [b"x", 3]
        finally:
            await client.aclose()
