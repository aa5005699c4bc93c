"""Check a game without trusting the bot.

    python -m bot.verify FILE                    replay a game's record and compare
    python -m bot.verify export PLATFORM CHAT    print a finished game's record (REDIS_URL)

FILE is the record `/verify record` posts once a game is over (or the export's output):
the game is replayed from its seed and answers (bot/proof/games.py), and the hashes are
printed beside what the chat was told. This command line sits above the rooms, as
bot/app.py does: the export loads a table from Redis (bot/table/saved.py), which the
proofs themselves never do.
"""

import asyncio
import json
import sys
import zlib
from typing import Any

from bot.i18n import t
from bot.proof.games import check, commitment, export, imported, unpacked
from bot.store import connection
from bot.table.saved import Tables

NO_RECORD = "{path} holds no game record: save what /verify record posted"
# What the command line prints, for whoever checks a game (in English, as its flags are).
REPORT = (
    "game {game}, {seats} seats, {moves} answers",
    "SHA-256(seed) = {commitment}   compare: announced at /start",
    "answers+state = {end}   compare: announced at the end",
)


def main(argv: list[str]) -> int:
    """`FILE`: check an exported record; `export PLATFORM CHAT`: print a chat's record
    (from REDIS_URL) once its game is over."""
    if len(argv) == 3 and argv[0] == "export":
        return _export(argv[1], argv[2])
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv[:1] in (["-h"], ["--help"]) else 2
    try:
        with open(argv[0], encoding="utf-8") as f:
            proof = imported(unpacked(f.read()))
    except OSError as e:
        raise SystemExit(f"cannot read {argv[0]}: {e.strerror}") from None
    except (ValueError, TypeError, KeyError, AttributeError, zlib.error):
        # (whoever checks a game gets one line, not the parser's traceback)
        raise SystemExit(NO_RECORD.format(path=argv[0])) from None
    verdict = check(proof)
    heading, seed_line, end_line = REPORT
    print(heading.format(game=proof.game, seats=proof.seats, moves=proof.actions))
    print(seed_line.format(commitment=commitment(bytes.fromhex(proof.seed))))
    if verdict.match and proof.end is not None:
        print(end_line.format(end=proof.end))
    print(t("en", verdict.key, **verdict.params))
    return 0 if verdict.match else 1


def _export(platform: str, chat: str) -> int:
    async def load() -> Any:
        return await Tables(connection.connect()).load(platform, chat, answers=True)

    table = asyncio.run(load())
    proof = getattr(table, "proof", None)
    if proof is None or table.status == "playing":
        raise SystemExit(f"no finished game at {platform} {chat}")
    print(json.dumps(export(proof), ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
