"""Rolls anyone can verify: each hour's rolls come from a key whose SHA-256 is shown
with every roll of that hour and which is revealed once the hour is over.

    key(window)  = HMAC-SHA256(master secret, "stammtisch roll window <window>")
    roll id      = "<window>-<first 8 hex of SHA-256(platform NUL chat NUL update id)>"
    seed         = the first 8 bytes of HMAC-SHA256(key(window), roll id), big-endian
    the dice     = rules.dice.roll(expression, Rng.from_seed(seed))

The roll id comes from the platform's own id of the message, which the operator does
not choose; the key is fixed (and its hash shown) before the hour starts. Revealing one
hour's key reveals nothing about the master secret or another hour's key (HMAC).
The threat model is in docs/architecture.md ("Verifiable games and rolls").
"""

import hashlib
import hmac
import re

from rules.core.rng import Rng
from rules.dice import RollResult, roll

WINDOW = 3600  # seconds: a key is revealed once its hour is over
_ID = re.compile(r"([0-9]{1,12})-([0-9a-f]{8})")


def window_of(now: float) -> int:
    return int(now // WINDOW)


def window_key(master: bytes, window: int) -> bytes:
    return hmac.new(master, f"stammtisch roll window {window}".encode(), hashlib.sha256).digest()


def commitment(key: bytes) -> str:
    return hashlib.sha256(key).hexdigest()


def roll_id(window: int, platform: str, chat: str, update_id: str) -> str:
    digest = hashlib.sha256(f"{platform}\0{chat}\0{update_id}".encode()).hexdigest()
    return f"{window}-{digest[:8]}"


def window_in(text: str) -> int | None:
    """The window a roll id names; None when `text` is no roll id."""
    found = _ID.fullmatch(text.strip().lstrip("#").lower())
    return int(found.group(1)) if found else None


def roll_seed(key: bytes, rid: str) -> int:
    return int.from_bytes(hmac.new(key, rid.encode(), hashlib.sha256).digest()[:8], "big")


def replay(key: bytes, rid: str, expression: str) -> RollResult:
    """The roll `rid` of `expression`, from its revealed key: the same dice as in the chat."""
    return roll(expression, Rng.from_seed(roll_seed(key, rid)))
