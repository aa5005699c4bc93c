"""The bench's robot players: a random legal answer now, or a whole game's answers prepared.

A robot reads the table as its process last wrote it (no round trip of its own: only
this process plays it), lists every answer the prompts offer and takes the first of
them, shuffled, that the engine accepts: as likely as a random choice among the legal
ones, without trying each.

Thinking so costs CPU (the state parsed, prompts asked, answers tried on the engine:
about a quarter of a worker's time in AUFRUHR!), taken from the bot wherever the
robots think in the worker they measure; with two workers on two cores, from the
other worker and redis-server too. So bench/load.py prepares each table's answers
beforehand (`prepared`): the same games are played first in another process, on
other chats of the same length, with the game's seed drawn from the table's name
(`SEED`), and their answers kept; a worker then only sends them, each with the step
token of its table as it is now (`answer`: the table's own fields parsed, not its
game). The game played is the same (the same seed, the same answers), every answer
legal; and each answer says whether it ends its step, so the worker reads its table
again only then. A process that prepares exits before the measured one starts: nothing
it parsed or cached helps the bot.
"""

import asyncio
import contextvars
import hashlib
import random
import re
from dataclasses import dataclass, replace
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster

from bot.chat.router import Incoming, Router
from bot.store.keys import table_key
from bot.table import buttons, play
from bot.table.model import Table
from rules import registry
from rules.core.errors import RuleError

PLATFORM = "bench"

Move = tuple[str, int, Incoming]  # (kind, seat, what the player sends)

# The seed of the table being played (`/new` and `/start` draw the game's seed and
# nonce from the router): its name's, so that a game prepared elsewhere is the same.
SEED: contextvars.ContextVar[int] = contextvars.ContextVar("SEED", default=0)


def seeded_router(client: Any, store: Any = None) -> Router:
    """A router whose game seeds come from `SEED` (set per table: per asyncio task)."""
    return Router(
        client,
        store=store,
        entropy=lambda: SEED.get(),
        nonce=lambda: SEED.get().to_bytes(8, "big") * 3,
    )


def seed_of(name: str) -> int:
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big") >> 1


def candidates(table: Table, rng: random.Random) -> list[tuple[Move, Any]]:
    """Every answer the prompts offer now, each with the action it makes (legal or not)."""
    spec = registry.get(table.game)
    assert spec is not None
    found = []
    for index, prompt in enumerate(play.waiting_prompts(spec, play.state_of(spec, table))):
        kind = prompt.id.split(":")[0]
        for seat in prompt.seats:
            user = table.seats[seat].user
            chat = f"dm:{user}" if prompt.secret else table.chat
            for i, option in enumerate(prompt.options):
                data = buttons.encode(table.chat, table.step_token, index, i)
                msg = Incoming(PLATFORM, chat, user, user, button=data, private=prompt.secret)
                found.append(((f"{kind} (button)", seat, msg), option.action))
            if prompt.input is not None and prompt.input.kind == "number":
                low = prompt.input.min or 0
                value = low + (prompt.input.multiple_of or 1) * rng.randrange(3)
                text = f"/{prompt.command} {value}" if prompt.command else str(value)
                msg = Incoming(PLATFORM, chat, user, user, text=text, private=prompt.secret)
                found.append(((f"{kind} (typed)", seat, msg), prompt.input.fill(value)))
    return found


def legal(table: Table, seat: int, action: Any) -> bool:
    spec = registry.get(table.game)
    assert spec is not None
    try:
        spec.apply(play.state_of(spec, table), seat, spec.parse_action(action))
    except RuleError:
        return False
    return True


def pick(table: Table, rng: random.Random) -> Move | None:
    """A random answer the engine accepts now: the first legal one of them shuffled (as
    likely as `rng.choice` of all legal ones, without trying every answer)."""
    found = candidates(table, rng)
    rng.shuffle(found)
    return next((m for m, action in found if legal(table, m[1], action)), None)


def seen(router: Router, chat: str) -> Table | None:
    """The table as this process last wrote it, parsed (its game only when looked at)."""
    known = router.store._known.get(table_key(PLATFORM, chat))
    return Table.load(known.data) if known is not None and known.data else None


_TOKEN = re.compile(rb'"step_token":"([^"\\]*)"')


def token(router: Router, chat: str) -> str | None:
    """The step token of the table as this process last wrote it (None: no table kept),
    read off its own fields' JSON line (bot/table/model.py: the first line, the game's state
    after it), not parsed into a Table: ~1 µs where `seen` takes ~30, the robots' part of
    a worker's CPU. A table without one there (not playing) or packed is parsed."""
    known = router.store._known.get(table_key(PLATFORM, chat))
    if known is None or not known.data:
        return None
    data = known.data
    if data[:1] == b"{" and (found := _TOKEN.search(data, 0, data.find(b"\n"))):
        return found.group(1).decode()
    return Table.load(data).step_token


# ----- prepared games ------------------------------------------------------------------


@dataclass(frozen=True)
class Answer:
    """One prepared answer: who, where, and the button (its prompt and option) or text."""

    kind: str
    user: int  # the seat's player, by join order
    private: bool
    press: tuple[int, int] | None  # (prompt, option) of the button, with the step's token
    text: str = ""
    ends_step: bool = False  # the next answer belongs to another step (another token)


def answer(
    chat: str, users: list[str], table: Table | str, a: Answer, update_id: str | None = None
) -> Incoming:
    """What the player sends: the prepared answer at the table as it is now (or at its
    step token), as the platform delivers it (`update_id`)."""
    user = users[a.user]
    where = f"dm:{user}" if a.private else chat
    if a.press is None:
        return Incoming(
            PLATFORM, where, user, user, text=a.text, private=a.private, update_id=update_id
        )
    step = table if isinstance(table, str) else table.step_token
    data = buttons.encode(chat, step, *a.press)
    return Incoming(
        PLATFORM, where, user, user, button=data, private=a.private, update_id=update_id
    )


def opening(chat: str, game: str) -> tuple[list[str], list[Incoming]]:
    """The players of `chat` and what opens its game: /new, each /join, /start."""
    game_id, players, *options = game.split(":")
    users = [f"{chat}-p{i}" for i in range(int(players))]

    def say(user: str, text: str) -> Incoming:
        return Incoming(PLATFORM, chat, user, user, text=text)

    said = [say(users[0], f"/new {game_id} {' '.join(options)}".strip())]
    return users, [*said, *(say(u, "/join") for u in users[1:]), say(users[0], "/start")]


async def _prepare_one(router: Router, chat: str, game: str, seed: int) -> list[Answer]:
    SEED.set(seed)
    users, said = opening(chat, game)
    for msg in said:
        await router.handle(msg)
    rng = random.Random(seed)
    found: list[Answer] = []
    token = None
    for _ in range(5000):
        table = seen(router, chat)
        assert table is not None
        if found and (table.step_token != token or table.status != "playing"):
            found[-1] = replace(found[-1], ends_step=True)
        token = table.step_token
        if table.status != "playing":
            return found
        move = pick(table, rng)
        if move is None:
            raise RuntimeError(f"{game}: nobody can move at step {table.step}")
        kind, _, msg = move
        press = None
        if msg.button is not None:
            p = buttons.decode(msg.button)
            press = (p.prompt, p.option)
        found.append(Answer(kind, users.index(msg.user), msg.private, press, msg.text))
        await router.handle(msg)
    raise RuntimeError(f"{game}: no end")


async def _prepare(url: str, cluster: bool, tables: list[tuple[str, str, str]]) -> dict:
    client = RedisCluster.from_url(url) if cluster else aioredis.Redis.from_url(url)
    router = seeded_router(client)
    out = {}
    for name, chat, game in tables:
        out[name] = await asyncio.create_task(_prepare_one(router, chat, game, seed_of(name)))
    await client.aclose()
    return out


def _run_prepare(args: tuple, results: Any) -> None:
    results.put(asyncio.run(_prepare(*args)))


def prepared(url: str, cluster: bool, tables: list[tuple[str, str]]) -> dict[str, list[Answer]]:
    """The answers of whole games, per table name (`(name, game)`; a name's table is
    played here on the chat `name.swapcase()`: another chat, as long, and one for each
    name), prepared in two other processes that exit before the measured ones start."""
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    results = ctx.Queue()
    assert all(n != n.swapcase() for n, _ in tables)
    jobs = [[(n, n.swapcase(), g) for n, g in tables[i::2]] for i in range(2)]
    procs = [ctx.Process(target=_run_prepare, args=((url, cluster, j), results)) for j in jobs]
    for p in procs:
        p.start()
    out: dict[str, list[Answer]] = {}
    for _ in procs:
        out.update(results.get())
    for p in procs:
        p.join()
    return out
