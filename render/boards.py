"""Board renderers by game id: a text snapshot and an SVG picture, public and private.

A renderer is a pure function of a view (public, or one seat's private view), the
players' names and a `label(key, **params)` function that translates message keys
(render/ never imports bot/). A game's renderers live in `render/<game_id>.py` and
`register` on import; they are found by the game's id.

A game's engine says what happened in structured parameters (numbers, ids, lists of
ids); where one of them is not simply shown as it is (a category id shown by its name,
a star count as ★★), the game's `params` hook turns it into text in the table's
language before its message is translated (`params(game_id, key, params, label)`,
called by bot/table/outbox.py for every event, prompt, button label and refusal).
"""

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from render.png import rasterise
from render.text import fit
from rules.core.memo import Memo

Label = Callable[..., str]  # label(key, **params) -> text in the table's language
TextRenderer = Callable[[Any, list[str], Label], str]
# params(key, params, label) -> params: the game's structured parameters of message `key`
# as text; it returns a new dict (or `params` itself when nothing is to be shown otherwise)
ParamsHook = Callable[[str, dict[str, Any], Label], dict[str, Any]]


@dataclass(frozen=True)
class Renderers:
    board_text: TextRenderer
    private_text: TextRenderer
    board_svg: TextRenderer | None = None
    private_svg: TextRenderer | None = None
    params: ParamsHook | None = field(default=None, kw_only=True)


_GAMES: dict[str, Renderers] = {}


def register(game_id: str, renderers: Renderers) -> None:
    _GAMES[game_id] = renderers


def register_text(game_id: str, board: TextRenderer, private: TextRenderer) -> None:
    """A game with text boards only (pictures can come later)."""
    register(game_id, Renderers(board, private))


def _of(game_id: str) -> Renderers:
    if game_id not in _GAMES and importlib.util.find_spec(f"render.{game_id}"):
        importlib.import_module(f"render.{game_id}")
    return _GAMES.get(game_id) or Renderers(_fields, _fields)


def hook(game_id: str) -> ParamsHook | None:
    """The game's `params` hook, if it has one."""
    return _of(game_id).params


def params(game_id: str, key: str, params: dict[str, Any], label: Label) -> dict[str, Any]:
    """The parameters of message `key` as the game shows them (its `params` hook), or
    unchanged for a game without one."""
    hook = _of(game_id).params if game_id else None
    return hook(key, params, label) if hook else params


def board_text(game_id: str, view: BaseModel, names: list[str], label: Label) -> str:
    return _of(game_id).board_text(view, names, label)


def private_text(game_id: str, view: BaseModel, names: list[str], label: Label) -> str:
    return _of(game_id).private_text(view, names, label)


def board_svg(game_id: str, view: BaseModel, names: list[str], label: Label) -> str | None:
    draw = _of(game_id).board_svg
    return draw(view, names, label) if draw else None


def private_svg(game_id: str, view: BaseModel, names: list[str], label: Label) -> str | None:
    draw = _of(game_id).private_svg
    return draw(view, names, label) if draw else None


def board_png(game_id: str, view: BaseModel, names: list[str], label: Label) -> bytes | None:
    """The board as PNG, synchronously, holding the GIL while it rasterises: the bot goes
    through bot/chat/pictures.py, which runs it in a worker process."""
    svg = board_svg(game_id, view, names, label)
    return rasterise(svg) if svg else None


def private_png(game_id: str, view: BaseModel, names: list[str], label: Label) -> bytes | None:
    svg = private_svg(game_id, view, names, label)
    return rasterise(svg) if svg else None


# Lines a board told, by the label function that told them: a board is drawn at every
# step's end and most of its lines say what they said a step before (a player's square,
# a project on the map). The bot hands every board of one chat language, game and
# players' names the same label function (bot/table/play.py `board_label`), and a label is a pure
# function of its arguments, so a line is remembered by that function (by identity),
# its message key and its parameters. Another label (a test's lambda) is only a miss.
TOLD = 16384  # (~100 bytes a line)
_TOLD: Memo[str] = Memo(lambda label, key, *params: label(key, **dict(params)), TOLD)


def told(label: Label, key: str, **params: Any) -> str:
    """`label(key, **params)`, remembered. Only for parameters of one type each wherever
    the call stands (a view's ints and strings): they are compared by value, True == 1."""
    return _TOLD[(label, key, *params.items())]


def _fields(view: BaseModel, names: list[str], label: Label) -> str:
    """Fallback for a game without its own renderer: one `field  value` line each."""
    data: dict[str, Any] = view.model_dump()
    width = max((len(k) for k in data), default=0)
    return fit([f"{k.ljust(width)}  {v}" for k, v in data.items()])
