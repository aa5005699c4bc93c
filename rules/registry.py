"""The games Stammtisch can run, by id. Each game package registers itself here."""

from rules.core.protocol import GameSpec

_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    _GAMES[spec.id] = spec
    return spec


def get(game_id: str) -> GameSpec | None:
    return _GAMES.get(game_id)


def all_games() -> list[GameSpec]:
    return sorted(_GAMES.values(), key=lambda g: g.id)
