"""Games anyone can verify: the seed committed at /start, revealed at the end, replayed.

At /start a game gets a seed of 32 bytes from a CSPRNG (its first 8, read as a
big-endian integer, seed the engine's PRNG; the other 24 make it unguessable) and the
group is told its SHA-256: the commitment. The table keeps the seed and every answer
the engine applied, in order (a player's, or the timeout's for a silent seat), hidden
like the rest of the table: the log holds sealed bids and ballots, so it is revealed
only with the seed. At the end the group is told the seed and the SHA-256 of the
answers and the final state. `/verify` then replays the game in the chat — a new game
from the seed, the options and the number of seats, the logged answers applied in
order — and says whether the seed has the committed hash and the answers with the
state they end in have the announced one. Without trusting the bot,
`python -m bot.game_proof FILE` does the same on your machine with the record that
`/verify record` posts once the game is over (or that the operator exports with
`python -m bot.game_proof export PLATFORM CHAT`; README, "Games anyone can verify").
"""

import base64
import hashlib
import json
import re
import secrets
import sys
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from bot.i18n import t
from rules import registry
from rules.core.errors import GameError
from rules.core.protocol import GameSpec

if TYPE_CHECKING:
    from bot.table import Table

SEED_BYTES = 32
NONCE_BYTES = SEED_BYTES - 8  # what a Router draws beside the engine's 63-bit seed
# Answers a log holds: the conformance suite ends every game within 5,000 random
# answers; a longer game is still played, but can no longer be replayed.
MAX_ACTIONS = 5000
# How long after its end a game is verified in the chat, unless the chat's next game
# starts first (which replaces the record). Its exported record never expires.
KEEP_SECONDS = 7 * 24 * 3600
SHOWN = 16  # hex digits of a hash in a chat line: 64 bits, one line
# `/verify record` posts the record packed (zlib, base64) in lines this long, to be
# copied into a file; a random game of AUFRUHR! of 1,000 answers took 5,200 characters
# (two Telegram messages). Past the limit, only the operator's export is left.
PACKED_LINE = 64
PACKED_LIMIT = 16_000
RECORD_WORDS = ("record", "protokoll")  # `/verify record`


class GameProof(BaseModel):
    """One game's seed, its commitment and its answers, kept in its table."""

    game: str
    seats: int
    options: dict[str, Any]  # as the engine was set up (after `without_chat`)
    seed: str  # hex; secret until the game is over
    commitment: str  # SHA-256 of the seed, in hex: announced at /start
    # The answers applied, in order: JSON lines `[seat, action]`, zlib-compressed and
    # base64-encoded: a random game of AUFRUHR! of 1,000 answers logs 50 KB of JSON,
    # 5 KB so (appending one costs ~1 ms at that length).
    log: str = ""
    actions: int = 0
    overflow: bool = False  # more than MAX_ACTIONS: no longer replayable
    end: str | None = None  # SHA-256 of the answers and final state, announced at the end
    ended_at: float | None = None  # None while it runs (or when it was aborted)

    def answers(self) -> list[tuple[int, dict[str, Any]]]:
        if not self.log:
            return []
        lines = zlib.decompress(base64.b64decode(self.log)).decode().splitlines()
        return [(seat, action) for seat, action in map(json.loads, lines)]


def seed_bytes(engine_seed: int, nonce: bytes) -> bytes:
    """The game's seed: the engine's seed (8 bytes) and the unguessable rest."""
    rest = (nonce + secrets.token_bytes(NONCE_BYTES))[:NONCE_BYTES]  # short: topped up
    return engine_seed.to_bytes(8, "big") + rest


def engine_seed(seed: bytes) -> int:
    return int.from_bytes(seed[:8], "big")


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def fingerprint(answers: list[tuple[int, dict[str, Any]]], state: BaseModel) -> str:
    """SHA-256 of the answers and the final state, as JSON with sorted keys (the same
    on any machine): announced at the end, it binds the log as it was, even an answer
    that changed nothing at the end."""
    digest = hashlib.sha256()
    for seat, action in answers:
        digest.update(_canonical([seat, action]).encode() + b"\n")
    digest.update(_canonical(state.model_dump(mode="json")).encode())
    return digest.hexdigest()


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def begin(game: str, seats: int, options: BaseModel, seed: bytes) -> GameProof:
    return GameProof(
        game=game,
        seats=seats,
        options=options.model_dump(mode="json"),
        seed=seed.hex(),
        commitment=commitment(seed),
    )


def record(proof: GameProof | None, seat: int, action: BaseModel | dict[str, Any]) -> None:
    """One more answer the engine applied."""
    if proof is None or proof.overflow:
        return
    if proof.actions >= MAX_ACTIONS:
        proof.overflow, proof.log = True, ""  # bounded: the table does not grow on
        return
    data = action.model_dump(mode="json") if isinstance(action, BaseModel) else action
    text = zlib.decompress(base64.b64decode(proof.log)).decode() if proof.log else ""
    proof.log, proof.actions = _pack(text + _line(seat, data)), proof.actions + 1


def _line(seat: int, action: dict[str, Any]) -> str:
    return json.dumps([seat, action], separators=(",", ":"), ensure_ascii=False) + "\n"


def _pack(text: str) -> str:
    return base64.b64encode(zlib.compress(text.encode())).decode()


def end(proof: GameProof | None, state: BaseModel, now: float) -> None:
    if proof is not None:
        proof.end, proof.ended_at = fingerprint(proof.answers(), state), now


def chat_line(lang: str, table: "Table | None", now: float) -> str | None:
    """`/verify` about the chat's game: its commitment while it runs; once it is over
    (for KEEP_SECONDS), the replay's verdict. None: no game to tell of."""
    proof = _kept(table, now)
    if proof is None:
        return None
    if table is not None and table.status == "playing":
        return t(lang, "verify.game_playing", hash=proof.commitment)
    verdict = check(proof)
    return t(lang, verdict.key, **verdict.params)


def record_text(lang: str, table: "Table | None", now: float) -> str:
    """`/verify record`: the finished game's record, packed for copying into a file."""
    proof = _kept(table, now)
    if proof is None:
        return t(lang, "verify.game_none")
    if table is not None and table.status == "playing":
        return t(lang, "verify.game_record_later")
    block = packed(proof)
    if len(block) > PACKED_LIMIT:
        return t(lang, "verify.game_record_long", size=len(block))
    return t(lang, "verify.game_record") + "\n" + block


def _kept(table: "Table | None", now: float) -> GameProof | None:
    """The chat's game record, unless its game ended more than KEEP_SECONDS ago."""
    proof = table.proof if table is not None else None
    if proof is None or (proof.ended_at is not None and now - proof.ended_at > KEEP_SECONDS):
        return None
    return proof


# ----- checking ----------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    match: bool
    key: str  # the message key that says it (verify.game_…)
    params: dict[str, Any] = field(default_factory=dict)


def check(proof: GameProof) -> Verdict:
    """Replay the game from its seed and answers; compare with what was announced."""
    seed = bytes.fromhex(proof.seed)
    shown = {"hash": proof.commitment[:SHOWN], "seed": proof.seed, "moves": proof.actions}
    if commitment(seed) != proof.commitment:
        return Verdict(False, "verify.game_bad_seed", shown)
    if proof.overflow:
        return Verdict(False, "verify.game_too_long", {**shown, "max": MAX_ACTIONS})
    spec = registry.get(proof.game)
    if spec is None:
        return Verdict(False, "verify.game_unknown", {**shown, "game": proof.game})
    answers = proof.answers()
    if len(answers) != proof.actions:
        return Verdict(False, "verify.game_refused", {**shown, "move": len(answers) + 1})
    state, refused = replay(spec, proof, answers)
    if refused is not None:
        return Verdict(False, "verify.game_refused", {**shown, "move": refused})
    if proof.end is None:  # aborted: nothing was announced to compare the end with
        return Verdict(True, "verify.game_match_aborted", shown)
    end = fingerprint(answers, state)
    if end != proof.end:
        return Verdict(False, "verify.game_other_end", {**shown, "end": proof.end[:SHOWN]})
    return Verdict(True, "verify.game_match", {**shown, "end": end[:SHOWN]})


def replay(
    spec: GameSpec, proof: GameProof, answers: list[tuple[int, dict[str, Any]]]
) -> tuple[Any, int | None]:
    """The state after the answers, and the number of the first one refused (or None)."""
    try:
        options = spec.options.model_validate(proof.options)
        state = spec.setup(proof.seats, options, engine_seed(bytes.fromhex(proof.seed)))
    except (ValidationError, GameError, ValueError):
        return None, 0
    for number, (seat, action) in enumerate(answers, start=1):
        try:
            state, _ = spec.apply(state, seat, spec.action.validate_python(action))
        except (ValidationError, GameError, IndexError, KeyError, ValueError):
            return state, number
    return state, None


# ----- the record as a file ------------------------------------------------------------


def export(proof: GameProof) -> dict[str, Any]:
    """The record players replay themselves: readable, the answers as JSON."""
    data = proof.model_dump(exclude={"log", "overflow", "ended_at"})
    return {**data, "answers": [[seat, action] for seat, action in proof.answers()]}


def packed(proof: GameProof) -> str:
    data = zlib.compress(_canonical(export(proof)).encode(), 9)
    text = base64.b64encode(data).decode()
    return "\n".join(text[i : i + PACKED_LINE] for i in range(0, len(text), PACKED_LINE))


def unpacked(text: str) -> dict[str, Any]:
    """A record from its JSON, or from the block `/verify record` posted (any line
    around it that is not base64, such as its heading, is left out)."""
    try:
        return json.loads(text)
    except ValueError:
        lines = [line.strip() for line in text.splitlines()]
        block = "".join(line for line in lines if re.fullmatch(r"[A-Za-z0-9+/=]+", line))
        return json.loads(zlib.decompress(base64.b64decode(block)))


def imported(data: dict[str, Any]) -> GameProof:
    answers = data.get("answers", [])
    proof = GameProof.model_validate({k: v for k, v in data.items() if k != "answers"})
    proof.log = _pack("".join(_line(seat, action) for seat, action in answers))
    proof.actions = len(answers)
    return proof


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
    if len(argv) != 1:
        print(__doc__)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        proof = imported(unpacked(f.read()))
    verdict = check(proof)
    heading, seed_line, end_line = REPORT
    print(heading.format(game=proof.game, seats=proof.seats, moves=proof.actions))
    print(seed_line.format(commitment=commitment(bytes.fromhex(proof.seed))))
    if verdict.match and proof.end is not None:
        print(end_line.format(end=proof.end))
    print(t("en", verdict.key, **verdict.params))
    return 0 if verdict.match else 1


def _export(platform: str, chat: str) -> int:
    import asyncio

    from bot.redis_conn import connect
    from bot.tables import Tables

    async def load() -> Any:
        return await Tables(connect()).load(platform, chat)

    table = asyncio.run(load())
    proof = getattr(table, "proof", None)
    if proof is None or table.status == "playing":
        raise SystemExit(f"no finished game at {platform} {chat}")
    print(json.dumps(export(proof), ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
