"""Verifiable `/roll` in the chat: the id and hash under a roll, and `/verify`.

Without a master secret (STAMMTISCH_ROLL_SECRET, the same in every worker) rolls carry
no proof and `/verify` says so: the console and the tests roll from their seed.
The command line checks a revealed roll without trusting the bot:

    python -m bot.proof.rolls KEY ROLL_ID 'EXPRESSION'
"""

import datetime
import sys
from dataclasses import dataclass

from bot.i18n import t
from bot.marks import Marked, joined, plain
from bot.proof.dice_text import roll_text
from rules.core.errors import ParseError
from rules.dice import proof

HASH_SHOWN = 16  # hex digits of the key's SHA-256 under each roll: 64 bits, one line


@dataclass(frozen=True)
class Proof:
    id: str
    commitment: str  # the SHA-256 of the window's key, in hex


def proved_seed(
    secret: bytes, platform: str, chat: str, update_id: str, now: float
) -> tuple[int, Proof]:
    window = proof.window_of(now)
    key = proof.window_key(secret, window)
    rid = proof.roll_id(window, platform, chat, update_id)
    return proof.roll_seed(key, rid), Proof(rid, proof.commitment(key))


def proof_line(lang: str, found: Proof) -> str:
    return t(lang, "roll.proof", id=found.id, hash=found.commitment[:HASH_SHOWN])


def verify_text(lang: str, secret: bytes | None, args: list[str], now: float) -> str | Marked:
    """`/verify`: the hashes of this hour and the next; `/verify ID [EXPRESSION]`: the
    roll's hash, and once its hour is over its key (and the replayed roll)."""
    if secret is None:
        return t(lang, "verify.off")
    current = proof.window_of(now)
    if not args:
        return t(
            lang,
            "verify.now",
            now=_hash(secret, current),
            next=_hash(secret, current + 1),
            until=_when(current + 1),
        )
    window = proof.window_in(args[0])
    if window is None or window > current:
        raise ParseError("verify.bad_id", id=args[0][:20])
    rid = args[0].strip().lstrip("#").lower()
    key = proof.window_key(secret, window)
    if window == current:
        return t(
            lang, "verify.pending", id=rid, hash=proof.commitment(key), until=_when(window + 1)
        )
    revealed = t(lang, "verify.revealed", id=rid, hash=proof.commitment(key), secret=key.hex())
    if len(args) < 2:
        return revealed
    expression = " ".join(args[1:])
    return joined([revealed, roll_text(lang, "/verify", proof.replay(key, rid, expression))])


def _hash(secret: bytes, window: int) -> str:
    return proof.commitment(proof.window_key(secret, window))


def _when(window: int) -> str:
    moment = datetime.datetime.fromtimestamp(window * proof.WINDOW, datetime.UTC)
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__)
        return 2
    key, rid, expression = bytes.fromhex(argv[0]), argv[1].lstrip("#"), argv[2]
    print(f"SHA-256(key) = {proof.commitment(key)}")
    print(plain(roll_text("en", rid, proof.replay(key, rid, expression))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
