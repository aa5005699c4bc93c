"""The two ways a player's input can be wrong, each carrying a message key.

The key and its parameters are translated into one line at the bot's edge;
engines never produce user-visible text themselves.
"""

from collections.abc import Sequence
from typing import Any


class GameError(Exception):
    """Base of every error a player can cause. Changes nothing when raised.

    `choices`: answers that would be taken instead (the places a typed name could mean),
    each a `rules.core.protocol.Option` of the game's own actions (not imported here:
    protocol.py imports this module); the bot offers them as buttons under the refusal."""

    def __init__(self, key: str, *, choices: Sequence[Any] = (), **params: Any) -> None:
        super().__init__(key, params)
        self.key = key
        self.params = params
        self.choices: tuple[Any, ...] = tuple(choices)
        # Set by the bot for refusals from a game engine: their parameters may be
        # private ("you only have 240"), so the reply goes to the player alone.
        self.private = False

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r}, {self.params!r})"


class ParseError(GameError):
    """Malformed input: the text could not be read at all (a typo, a bad number)."""


class RuleError(GameError):
    """Well-formed, but not allowed now (out of turn, too expensive, not your card)."""
