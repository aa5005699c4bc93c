"""The games Stammtisch can run, by id.

A game is a package `rules/<game>/` whose `__init__` defines `SPEC` (or `SPECS`, a
tuple, when one package holds several games that share their data); it is found by
looking, so adding a game edits no shared list. Tests `discover` their own games
(tests/games/) the same way, or `register` one.
"""

import importlib
import pkgutil
from functools import cache

from rules.core.protocol import GameSpec

_GAMES: dict[str, GameSpec] = {}
_NOT_GAMES = {"core", "dice"}
_version = 0  # bumped by every registration, so callers can cache what they derive


def register(spec: GameSpec) -> GameSpec:
    """Add a game (or replace one of the same id); returns it as registered."""
    global _version
    _GAMES[spec.id] = spec
    _version += 1
    _all.cache_clear()
    return spec


def discover(package: str) -> list[GameSpec]:
    """Register every game found in the subpackages of `package` (`rules`, `tests.games`)."""
    found = []
    root = importlib.import_module(package)
    for module in pkgutil.iter_modules(root.__path__):
        if module.ispkg and module.name not in _NOT_GAMES:
            game = importlib.import_module(f"{package}.{module.name}")
            for spec in (*getattr(game, "SPECS", ()), getattr(game, "SPEC", None)):
                if isinstance(spec, GameSpec) and spec.id not in _GAMES:
                    found.append(register(spec))
    return found


@cache
def _discover_rules() -> None:
    discover("rules")


def get(game_id: str) -> GameSpec | None:
    _discover_rules()
    return _GAMES.get(game_id)


@cache
def _all(version: int) -> tuple[GameSpec, ...]:
    return tuple(sorted(_GAMES.values(), key=lambda g: g.id))


def all_games() -> list[GameSpec]:
    _discover_rules()
    return list(_all(_version))


def version() -> int:
    """Changes whenever a game is registered (for caches of what depends on the games)."""
    _discover_rules()
    return _version
