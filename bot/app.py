"""Building the router from the environment: the one place adapters start from.

REDIS_URL                      a Redis server (else the embedded fakeredis, with a warning)
STAMMTISCH_TABLE_TTL_DAYS      idle tables vanish after this many days (default 30)
STAMMTISCH_LOBBY_TTL_MINUTES   an unstarted lobby closes after this long (default 120)
"""

import os
from collections.abc import Mapping
from typing import Any

from bot.redis_conn import connect
from bot.router import LOBBY_TTL, Router
from bot.store import DEFAULT_TTL_SECONDS, RedisStore


def make_router(env: Mapping[str, str] = os.environ, redis: Any = None, **kwargs: Any) -> Router:
    redis = redis if redis is not None else connect(env.get("REDIS_URL"))
    table_ttl = _number(env, "STAMMTISCH_TABLE_TTL_DAYS", DEFAULT_TTL_SECONDS / 86400) * 86400
    lobby_ttl = _number(env, "STAMMTISCH_LOBBY_TTL_MINUTES", LOBBY_TTL / 60) * 60
    store = RedisStore(redis, ttl_seconds=table_ttl)
    return Router(redis, store=store, lobby_ttl=lobby_ttl, **kwargs)


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
