"""Set-up per player count (rule book, "Preparation"): see `engine.setup`."""

from rules.aufruhr.engine import setup

__all__ = ["setup"]
