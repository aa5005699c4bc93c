"""Board renderers by game id: text snapshots now, pictures when render/ grows them.

A renderer is a pure function of a view (public or one seat's), the players' names
and a `label` function that translates message keys (render/ never imports bot/).
"""

import importlib
import importlib.util
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

Label = Callable[..., str]  # label(key, **params) -> text in the table's language
TextRenderer = Callable[[BaseModel, list[str], Label], str]

_BOARD_TEXT: dict[str, TextRenderer] = {}
_PRIVATE_TEXT: dict[str, TextRenderer] = {}


def register_text(game_id: str, board: TextRenderer, private: TextRenderer) -> None:
    _BOARD_TEXT[game_id] = board
    _PRIVATE_TEXT[game_id] = private


def _discover(game_id: str) -> None:
    """A game's renderers live in `render/<game_id>.py` and register on import."""
    if game_id not in _BOARD_TEXT and importlib.util.find_spec(f"render.{game_id}"):
        importlib.import_module(f"render.{game_id}")


def board_text(game_id: str, view: BaseModel, names: list[str], label: Label) -> str:
    _discover(game_id)
    return _BOARD_TEXT.get(game_id, _fields)(view, names, label)


def private_text(game_id: str, view: BaseModel, names: list[str], label: Label) -> str:
    _discover(game_id)
    return _PRIVATE_TEXT.get(game_id, _fields)(view, names, label)


def _fields(view: BaseModel, names: list[str], label: Label) -> str:
    """Fallback for a game without its own renderer: one `field: value` line each."""
    data: dict[str, Any] = view.model_dump()
    width = max((len(k) for k in data), default=0)
    return "\n".join(f"{k.ljust(width)}  {v}" for k, v in data.items())
