"""The store side of a table (bot/table/saved.py) on fakeredis and a real redis-server: what
a change writes beside the table, in how many round trips, and that the router sends
no Redis command and builds no key of its own."""

import ast

from bot.store.versioned import KEEP
from bot.table.deadlines import Deadline
from bot.table.model import Seat, Table
from bot.table.outbox import Outbox
from bot.table.saved import Tables
from tests.bot.store.test_versioned import round_trips  # noqa: F401  (the fixture)
from tests.fixtures.paths import ROOT

# The door and what it dispatches to: the router, typed answers, presses.
CHAT = ROOT / "bot" / "chat"
ROUTER = [CHAT / "router.py", CHAT / "typed.py", CHAT / "presses.py"]


def _seat(joined=(), left=(), schedule=None):
    """A transaction function storing a table and saying who sat down or left."""

    def fn(data):
        out = Outbox(lang="en", platform="console")
        out.joined, out.left = set(joined), set(left)
        out.schedule = dict(schedule or {})
        return Table(platform="console", chat="g").model_dump_json().encode(), out

    return fn


async def test_a_change_costs_one_round_trip_forgetting_a_route_one_more(
    redis,
    round_trips,  # noqa: F811
):
    tables = Tables(redis)
    await tables.transact("console", "g", _seat())  # warm-up: the script is loaded

    round_trips["trips"] = 0
    due = Deadline("console", "g", "timeout", 1, "t").member()
    await tables.transact("console", "g", _seat(joined={"ann"}, schedule={due: 5.0}))
    # write + route + deadline in one pipeline; no read: the process knows the version
    assert round_trips["trips"] == 1
    assert await tables.chats_of("console", "ann") == ["g"]
    assert await tables.deadlines("console").matching("console|g|*") == {due: 5.0}

    round_trips["trips"] = 0
    await tables.transact("console", "g", _seat(left={"ann"}))
    assert round_trips["trips"] == 2  # the route is forgotten once the write has won
    assert await tables.chats_of("console", "ann") == []

    round_trips["trips"] = 0
    await tables.transact("console", "g", lambda data: (KEEP, Outbox(lang="en")))
    assert round_trips["trips"] == 1  # nothing to write: a fresh read alone


async def test_a_moved_table_takes_its_routes_and_deadlines_along(redis):
    tables = Tables(redis)
    lobby = Deadline("console", "old", "lobby", 0, "1.0")

    def seated(data):
        out = Outbox(lang="en", platform="console", joined={"ann"})
        out.schedule = {lobby.member(): 5.0}
        table = Table(platform="console", chat="old", seats=[Seat(user="ann", name="Ann")])
        return table.model_dump_json().encode(), out

    await tables.transact("console", "old", seated)
    await tables.move("console", "old", "new")
    assert await tables.load("console", "old") is None
    assert (await tables.load("console", "new")).chat == "new"
    assert await tables.chats_of("console", "ann") == ["new"]
    deadlines = tables.deadlines("console")
    assert await deadlines.matching("console|old|*") == {}
    moved = Deadline("console", "new", "lobby", 0, "1.0").member()
    assert await deadlines.matching("console|new|*") == {moved: 5.0}


def test_the_router_sends_no_redis_command_and_builds_no_key():
    for path in ROUTER:
        tree = ast.parse(path.read_text())
        imported = {
            node.module
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        }
        assert "bot.store.keys" not in imported, path.name
        redis_calls = {
            node.func.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Attribute)
            and node.func.value.attr == "redis"
        }
        assert not redis_calls, f"{path.name} calls Redis itself: {redis_calls}"
        assert "pipeline" not in path.read_text(), path.name
