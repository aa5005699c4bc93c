"""Building the router from the environment: the one place adapters start from.

REDIS_URL                      a Redis server (else the embedded fakeredis, with a warning)
STAMMTISCH_TABLE_TTL_DAYS      idle tables vanish after this many days (default 30)
STAMMTISCH_LOBBY_TTL_MINUTES   an unstarted lobby closes after this long (default 120)
STAMMTISCH_ROLL_SECRET         makes /roll verifiable (bot/proof/rolls.py); the same in
                               every worker, kept secret, never changed (else no proof)
STAMMTISCH_WEB_*               the tables' live pages (bot/weblinks.py, adapters/web)
"""

import gc
import os
from collections.abc import Mapping, MutableMapping
from pathlib import Path
from typing import Any

from bot.chat.router import LOBBY_TTL, Router
from bot.store.connection import connect
from bot.store.versioned import DEFAULT_TTL_SECONDS, RedisStore
from bot.weblinks import WebLinks
from rules import registry


def make_router(env: Mapping[str, str] = os.environ, redis: Any = None, **kwargs: Any) -> Router:
    redis = redis if redis is not None else connect(env.get("REDIS_URL"))
    table_ttl = _number(env, "STAMMTISCH_TABLE_TTL_DAYS", DEFAULT_TTL_SECONDS / 86400) * 86400
    lobby_ttl = _number(env, "STAMMTISCH_LOBBY_TTL_MINUTES", LOBBY_TTL / 60) * 60
    store = RedisStore(redis, ttl_seconds=table_ttl)
    secret = env.get("STAMMTISCH_ROLL_SECRET") or None
    kwargs.setdefault("roll_secret", secret.encode() if secret else None)
    kwargs.setdefault("web", WebLinks.from_env(env))
    return Router(redis, store=store, lobby_ttl=lobby_ttl, **kwargs)


# Tracked objects allocated (net) between two collections of the youngest generation.
# Python's 700 collected it every few dozen commands, and what it walks then is mostly
# alive (the tables and states just cached: bot/store/versioned.py, bot/table/model.py),
# so those pauses, and every tenth one's middle generation, fell on a few percent of
# commands and made much of the p99. At 5,000 a pause falls on a tenth as many commands
# and the collector's CPU in all is less; its longest pause is longer (a p99.9 matter,
# not a p99 one), and RSS stays the same (the young generation's cyclic garbage waits a
# little longer, bounded). bench/load.py prints the pauses of its quiet run.
YOUNG = 5000


def started() -> None:
    """Called once a worker has started, before its first update: every game's rules are
    imported, and what exists now (modules, schemas, the games' data: ~77,000 objects the
    garbage collector tracks) is frozen out of its reach. A full collection walked them
    all every time, tens of milliseconds in which every chat of the process stalls. Not in
    `make_router`: tests build many routers, and their garbage would stay frozen.

    Then the youngest generation is collected after YOUNG allocations instead of 700."""
    for spec in registry.all_games():
        spec.setup(spec.min_players, spec.options(), 1)  # (its data loaded and validated)
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)


def _number(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise SystemExit(f"{name}={raw!r} is not a number") from None
    if value <= 0:
        raise SystemExit(f"{name} must be positive")
    return value


def read_env_file(path: Path = Path(".env"), env: MutableMapping[str, str] = os.environ) -> None:
    """`KEY=value` lines (optionally `export KEY=value`, values optionally quoted,
    `#` comments) into the environment; what is set there already wins."""
    if not path.is_file():
        return
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip().removeprefix("export ").strip()
        key, eq, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if not eq or not key or key.startswith("#"):
            continue
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        env.setdefault(key, value)
