"""The games Stammtisch can run, by id.

A game is a package `rules/<game>/` whose `__init__` defines `SPEC` (or `SPECS`, a
tuple, when one package holds several games that share their data); it is found by
looking, so adding a game edits no shared list. Tests may `register` more.
"""

import importlib
import pkgutil
from functools import cache

import rules
from rules.core.protocol import GameSpec

_GAMES: dict[str, GameSpec] = {}
_NOT_GAMES = {"core", "dice"}


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.id] = spec
    return spec


@cache
def _discover() -> None:
    for module in pkgutil.iter_modules(rules.__path__):
        if module.ispkg and module.name not in _NOT_GAMES:
            package = importlib.import_module(f"rules.{module.name}")
            specs = (*getattr(package, "SPECS", ()), getattr(package, "SPEC", None))
            for spec in specs:
                if isinstance(spec, GameSpec):
                    _GAMES.setdefault(spec.id, spec)


def get(game_id: str) -> GameSpec | None:
    _discover()
    return _GAMES.get(game_id)


def all_games() -> list[GameSpec]:
    _discover()
    return sorted(_GAMES.values(), key=lambda g: g.id)
