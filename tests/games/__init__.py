"""Test-only games, each a package of the one shape (tests/games/<id>/: `SPEC` in its
`__init__`, `render.py` with `RENDERERS`, `locales/{de,en}.po`).

`install()` registers every game found here with the registry and its renderers with
render/, exactly as a game under rules/ is found: tests/conftest.py calls it, so a new
test game is picked up by the conformance suite, the robot games and `/games` at once.
"""

import importlib
from functools import cache

from render.boards import register as register_render
from rules import registry
from rules.core.protocol import GameSpec


@cache
def install() -> tuple[GameSpec, ...]:
    specs = tuple(registry.discover(__name__))
    for spec in specs:
        render = importlib.import_module(f"{__name__}.{spec.id}.render")
        register_render(spec.id, render.RENDERERS)
    return specs
