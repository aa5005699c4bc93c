"""A table's size in a real redis-server (issue 17): a 6-player AUFRUHR! table whose
players have the longest names we keep (64 characters) stays within 8 KiB by Redis's
own MEMORY USAGE at every step of a whole game, the late rounds too; and tables stored
in the formats before (one JSON document; the state with its defaults) still load."""

import json
import random
import zlib

import pytest
import redis.asyncio as aioredis

from bot.chat.router import Incoming, Router
from bot.store.keys import answers_key, table_key
from bot.table import model as stored_tables
from bot.table.model import COMPRESS_ABOVE, Table
from rules import registry
from tests.fixtures.robot import legal_moves

# Slow (whole games measured in a real redis-server): `tests/run --fast` leaves it out.
pytestmark = pytest.mark.slow

LIMIT = 8 * 1024  # bytes of Redis memory one table may take
PLATFORM = "telegram"
CHAT = "-1001234567890"


def _names(rng: random.Random) -> list[str]:
    """Six different names of 64 characters, some of them not ASCII (two bytes in UTF-8)."""
    letters = "abcdefghijklmnopqrstuvwxyzäöüßABCDEFGHIJKLMNOPQRSTUVWXYZ "
    return [f"{i}" + "".join(rng.choice(letters) for _ in range(63)) for i in range(6)]


async def test_a_six_player_aufruhr_table_with_64_character_names_stays_within_8_kib(
    real_redis_url,
):
    redis = aioredis.Redis.from_url(real_redis_url)
    router = Router(redis)
    rng = random.Random(1)
    names = _names(rng)
    users = [str(7_000_000_000 + i) for i in range(6)]  # Telegram's ten-digit user ids
    key = table_key(PLATFORM, CHAT)

    def said(i: int, text: str = "", **more) -> Incoming:
        return Incoming(PLATFORM, CHAT, users[i], names[i], text=text, **more)

    sizes: list[tuple[int, int, int]] = []  # (round, MEMORY USAGE, bytes stored)
    compressed = 0  # steps at which the table was large enough to be stored compressed
    logged: list[int] = []  # the answer log's memory (bot/proof/games.py), beside the table

    async def measure() -> Table | None:
        nonlocal compressed
        stored_tables._parsed.clear()  # read as another process would: parsed from Redis
        stored_tables._unpacked.clear()
        table = await router.table(PLATFORM, CHAT)
        if table is not None and table.status == "playing":
            stored = await redis.hget(key, "d")
            state = table.state or {}
            sizes.append((state["round"], await redis.memory_usage(key), len(stored)))
            logged.append(await redis.memory_usage(answers_key(PLATFORM, CHAT)) or 0)
            compressed += not stored.startswith(b"{")
        return table

    try:
        await router.handle(said(0, "/new aufruhr events=6 deadline=60"))
        for i in range(1, 6):
            await router.handle(said(i, "/join"))
        await router.handle(said(0, "/start"))
        for _ in range(3000):
            table = await measure()
            assert table is not None
            if table.status != "playing":
                break
            move = rng.choice(legal_moves(table, rng))
            chat = f"dm:{users[move.seat]}" if move.secret else CHAT
            if move.data is not None:
                msg = said(move.seat, button=move.data, private=move.secret)
            else:
                text = f"/{move.command} {move.typed}" if move.command else move.typed or ""
                msg = said(move.seat, text, private=move.secret)
            replies = await router.handle(Incoming(**{**msg.__dict__, "chat": chat}))
            assert not any(r.error for r in replies), replies
        else:
            raise AssertionError("the game did not end")
    finally:
        await redis.aclose()

    assert table.status == "idle"  # the game ended
    assert max(r for r, _, _ in sizes) == 7  # events=6: seven rounds, all measured
    worst = max(sizes, key=lambda s: s[1])
    print(f"{len(sizes)} steps, {compressed} compressed; the most: {worst[1]} B in Redis")
    assert worst[1] <= LIMIT, f"{worst[1]} B in Redis in round {worst[0]} ({worst[2]} B stored)"
    assert compressed > 0  # (64-character names make the table large enough for it)
    # The game's answer log for /verify is a list of its own beside the table, not in it
    # (bot/proof/games.py; packed every 32 answers): 7.3 KB by the end of this game, where
    # it took 3.3 KB inside the table, compressed as a whole, and the table 3.3 KB without it
    print(f"the answer log beside it: at most {max(logged)} B in Redis")
    assert max(logged) > 1000, max(logged)


def test_a_table_stored_as_one_json_document_still_loads():
    spec = registry.get("einsistkeins_karten")
    assert spec is not None
    state = spec.setup(2, spec.options(), 7)
    old = {
        "platform": "telegram",
        "chat": "-1",
        "status": "playing",
        "game": spec.id,
        "seats": [{"user": "1", "name": "Ann"}, {"user": "2", "name": "Ben"}],
        "state": state.model_dump(mode="json"),
        "step": 3,
    }
    table = Table.load(json.dumps(old).encode())
    assert table.step == 3 and table.seats[1].name == "Ben"
    assert table.game_state(spec.state) == state
    again = Table.load(table.dump())  # written anew in today's format
    assert again.game_state(spec.state) == state and again.step == 3


def test_a_large_table_is_stored_compressed_and_a_small_one_as_json():
    small = Table(platform="telegram", chat="-1")
    assert small.dump().startswith(b"{") and Table.load(small.dump()) == small
    large = Table(platform="telegram", chat="-1", status_head="x" * COMPRESS_ABOVE)
    stored = large.dump()
    assert not stored.startswith(b"{") and len(stored) < COMPRESS_ABOVE / 10
    assert Table.load(stored).status_head == "x" * COMPRESS_ABOVE


def test_a_table_whose_game_state_was_stored_whole_still_loads():
    """Until 2026-11-24 the state was stored with its defaults (so an AUFRUHR! table was
    compressed); read, it is the same state, and written anew without them, smaller."""
    spec = registry.get("aufruhr")
    assert spec is not None
    state = spec.setup(6, spec.options(), 7)
    table = Table(platform="telegram", chat="-1", status="playing", game=spec.id)
    head = table.model_dump_json(exclude_defaults=True).encode()
    old = zlib.compress(head + b"\n" + state.model_dump_json().encode())
    stored_tables._parsed.clear()
    stored_tables._unpacked.clear()
    table = Table.load(old)
    assert table.game_state(spec.state) == state
    table.set_game_state(state)
    again = table.dump()
    assert again.startswith(b"{") and len(again) < len(zlib.decompress(old))
    stored_tables._parsed.clear()
    assert Table.load(again).game_state(spec.state) == state


def test_a_table_loads_the_same_from_the_bytes_written_and_from_those_read_back():
    """The bytes a table was just written as (bot/store/versioned.py hands them to the
    next command on the table) load as the same bytes read anew from Redis do: the same
    table and state; a change to the loaded table leaves the next load as it was."""
    spec = registry.get("aufruhr")
    assert spec is not None
    for status_head in ("", "x" * COMPRESS_ABOVE):  # as JSON, and compressed
        table = Table(platform="telegram", chat="-1", status="playing", game=spec.id)
        table.status_head = status_head
        table.set_game_state(spec.setup(6, spec.options(), 7))
        written = table.dump()
        read = bytes(bytearray(written))  # equal bytes, another object (as from Redis)
        assert read is not written and read == written
        mine, theirs = Table.load(written), Table.load(read)
        assert mine == theirs  # (pydantic compares the private attributes too)
        assert mine.game_state(spec.state) == theirs.game_state(spec.state)
        mine.step, mine.status_head = 99, "changed"
        mine.set_game_state(None)
        again, fresh = Table.load(written), Table.load(read)
        assert again == fresh
        assert again.game_state(spec.state) == theirs.game_state(spec.state)


def test_a_state_is_written_from_the_pieces_of_the_one_it_came_from():
    """A table writes its new state reusing the JSON of every field the answer left as
    it was (bot/table/model.py `stored_from`), and what it writes reads back as the state,
    equal to the JSON written whole, step after step of a whole AUFRUHR! game; a table
    whose state came from Redis (no pieces kept) is written field by field, and reads
    back so; a small state (EINS IST KEINS) is written whole, no pieces kept."""
    spec = registry.get("aufruhr")
    assert spec is not None
    rng = random.Random(3)
    table = Table(platform="telegram", chat="-2", status="playing", game=spec.id)
    state = spec.setup(6, spec.options(events=1), 11)
    table.set_game_state(state)
    written, reused, pieces, steps = table.dump(), 0, 0, 0
    while spec.outcome(state) is None:
        loaded = Table.load(written)
        before = loaded.game_state(spec.state)
        old = stored_tables._pieces.get(loaded._read)
        prompt = next(p for p in spec.prompts(before) if p.options)
        seat = rng.choice(prompt.seats)
        options = [o for o in prompt.options if seat not in o.hidden_from]
        try:
            state, _ = spec.apply(before, seat, rng.choice(options).action)
        except Exception:  # (an option this seat may not take now: another)
            continue
        loaded.set_game_state(state)
        written = loaded.dump()
        stored = written if written[:1] == b"{" else zlib.decompress(written)
        mine = stored.partition(b"\n")[2]
        whole = spec.state.__pydantic_serializer__.to_json(state, exclude_defaults=True)
        assert json.loads(mine) == json.loads(whole)
        assert spec.state.model_validate_json(mine) == state
        new = stored_tables._pieces[loaded._state_json]
        if old is not None:  # (none after the first write: it had no state before)
            reused += sum(new[name] is old[name] for name in new if new[name])
            pieces += sum(1 for name in new if new[name])
        steps += 1
    assert steps > 100 and reused > 0.8 * pieces  # most fields were not written again
    foreign = bytes(bytearray(written))  # as read from Redis: no pieces kept for it
    stored_tables._parsed.clear()
    table = Table.load(foreign)
    table.set_game_state(table.game_state(spec.state))
    assert Table.load(bytes(bytearray(table.dump()))).game_state(spec.state) == state

    small = registry.get("einsistkeins")
    assert small is not None
    table = Table(platform="telegram", chat="-3", status="playing", game=small.id)
    table.set_game_state(small.setup(4, small.options(), 5))
    loaded = Table.load(table.dump())
    read = loaded._read
    assert len(read) < stored_tables.PIECES_ABOVE
    loaded.set_game_state(loaded.game_state(small.state).model_copy(update={"step": 1}))
    loaded.dump()
    stored = loaded._state_json
    assert stored not in stored_tables._pieces
    assert small.state.model_validate_json(stored).step == 1


def test_a_piece_is_reused_only_for_the_very_same_items_in_the_same_order():
    """An equal value is not enough to reuse a field's JSON (bot/table/model.py `_same`): the
    same items in another order would be written in the old order, 1 as `true`."""
    same = stored_tables._same
    a, b = ["x"], ["y"]
    assert same([a, b], [a, b]) and same({"p": a, "q": b}, {"p": a, "q": b})
    assert not same({"p": a, "q": b}, {"q": b, "p": a})  # equal, in another order
    assert not same([1, 0], [True, False]) and not same((1,), [1])
    assert not same([["x"]], [["x"]])  # equal items, not the same ones
    assert not same([a], [a, b]) and not same("ab", "ab")
