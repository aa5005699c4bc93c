"""Games anyone can verify: the seed committed at /start, revealed at the end, replayed.

At /start a game gets a seed of 32 bytes from a CSPRNG (its first 8, read as a
big-endian integer, seed the engine's PRNG; the other 24 make it unguessable) and the
group is told its SHA-256: the commitment. The table keeps the seed, and every answer
the engine applied is logged in order (a player's, or the timeout's for a silent seat),
hidden like the rest of the table: the log holds sealed bids and ballots, so it is
revealed only with the seed. At the end the group is told the seed and the SHA-256 of
the answers and the final state.

`/verify` then replays the game in the chat — a new game from the seed, the options and
the number of seats, the logged answers applied in order — and says whether the seed has
the committed hash and the answers with the state they end in have the announced one.
Without trusting the bot, `python -m bot.verify FILE` does the same on your machine
with the record that `/verify record` posts once the game is over (or that the operator
exports with `python -m bot.verify export PLATFORM CHAT`; README, "Games anyone can
verify").

The log is a Redis list beside the table (bot/store/keys.py `answers_key`, the table's
hash tag), appended by the table's own compare-and-set script (bot/store/versioned.py
`Log`): an answer costs one line sent with the write, whatever the game's length, and a
write that loses appends nothing. Every PACK answers, once the write has won, the lines
at the list's tail are packed into one zlib-compressed element (bot/store/answer_log.py
`pack`: two round trips every PACK answers), so a long game's log takes ~1/4 of the
memory its lines would. The table keeps only a running hash of the lines (`chain`), so
the end's hash is computed without reading the log back; the log is read only by
`/verify` and the export (`Tables.load(..., answers=True)`). A table of the older format
keeps its log inside, zlib-compressed (`log`): it still verifies, and its log moves to
the list at its next answer.
"""

import base64
import hashlib
import json
import re
import secrets
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, PrivateAttr, ValidationError

from bot.i18n import t
from bot.store.answer_log import PACK
from rules import registry
from rules.core.errors import GameError
from rules.core.protocol import GameSpec

if TYPE_CHECKING:
    from bot.table.model import Table

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
    """One game's seed, its commitment and what is known of its answers, kept in its table."""

    game: str
    seats: int
    options: dict[str, Any]  # as the engine was set up (after `without_chat`)
    seed: str  # hex; secret until the game is over
    commitment: str  # SHA-256 of the seed, in hex: announced at /start
    # The running hash of the answers logged (`chained`): hex, "" before the first. None:
    # a game begun before the running hash, whose end hashes the answers in one piece.
    chain: str | None = None
    # A table of the older format: its answers, JSON lines `[seat, action]`,
    # zlib-compressed and base64-encoded (now they are a list beside the table).
    log: str = ""
    actions: int = 0
    overflow: bool = False  # more than MAX_ACTIONS: no longer replayable
    end: str | None = None  # SHA-256 of the answers and final state, announced at the end
    ended_at: float | None = None  # None while it runs (or when it was aborted)
    # The lines of the log as stored (None: not read, see `with_answers`); the lines this
    # command adds, and whether the stored ones go first (a new game, an overflow).
    _stored: list[str] | None = PrivateAttr(default=None)
    _new: list[str] = PrivateAttr(default_factory=list)
    _reset: bool = PrivateAttr(default=False)

    def answers(self) -> list[tuple[int, dict[str, Any]]]:
        """Every answer logged, in order. Raises RuntimeError if the log was not read."""
        return [(seat, action) for seat, action in map(json.loads, self.lines())]

    def lines(self) -> list[str]:
        if self.log:
            return zlib.decompress(base64.b64decode(self.log)).decode().splitlines()
        new = self._new
        stored = [] if self._reset else self._stored
        if stored is None:
            if self.actions == len(new) or self.overflow:
                stored = []
            else:
                raise RuntimeError("the answers were not read (Tables.load(..., answers=True))")
        return stored + new

    def with_answers(self, entries: list[bytes] | list[str]) -> "GameProof":
        """The log as read from its list: lines, and lines packed (`pack`)."""
        stored = [line for entry in entries for line in _unpacked_lines(entry)]
        self._stored = stored
        return self

    def packs(self) -> bool:
        """Whether this command's write brings the log to a multiple of PACK answers, or
        ends the game: its tail is to be packed once the write has won (bot/table/saved.py)."""
        new = len(self._new)
        crossed = self.actions // PACK != (self.actions - new) // PACK
        return bool(new) and (crossed or self.end is not None)

    def appended(self) -> tuple[list[str], bool]:
        """What the table's write does to the log: the lines it appends, and whether the
        list is emptied first."""
        return self._new, self._reset


def seed_bytes(engine_seed: int, nonce: bytes) -> bytes:
    """The game's seed: the engine's seed (8 bytes) and the unguessable rest."""
    rest = (nonce + secrets.token_bytes(NONCE_BYTES))[:NONCE_BYTES]  # short: topped up
    return engine_seed.to_bytes(8, "big") + rest


def engine_seed(seed: bytes) -> int:
    return int.from_bytes(seed[:8], "big")


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def fingerprint(answers: list[tuple[int, dict[str, Any]]], state: BaseModel, chained: bool) -> str:
    """SHA-256 of the answers and the final state, as JSON with sorted keys (the same
    on any machine): announced at the end, it binds the log as it was, even an answer
    that changed nothing at the end. `chained` (every game begun with a running hash):
    over the answers' running hash (`link`), which the table keeps as they come."""
    if chained:
        chain = ""
        for seat, action in answers:
            chain = link(chain, _canonical([seat, action]))
        return closing(chain, state)
    digest = hashlib.sha256()
    for seat, action in answers:
        digest.update(_canonical([seat, action]).encode() + b"\n")
    digest.update(_canonical(state.model_dump(mode="json")).encode())
    return digest.hexdigest()


def link(chain: str, line: str) -> str:
    """The running hash after one more answer: SHA-256(previous hash's 32 bytes, or none
    before the first answer; the answer's line, JSON with sorted keys)."""
    return hashlib.sha256(bytes.fromhex(chain) + line.encode()).hexdigest()


def closing(chain: str, state: BaseModel) -> str:
    """The end's hash: SHA-256(the running hash's 32 bytes, the final state's JSON with
    sorted keys)."""
    data = bytes.fromhex(chain) + _canonical(state.model_dump(mode="json")).encode()
    return hashlib.sha256(data).hexdigest()


def _canonical(data: Any) -> str:
    return _CANONICAL.encode(data)


# json.dumps(…, sort_keys=True, separators=(",", ":"), ensure_ascii=False), made once:
# every answer is hashed so.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def begin(game: str, seats: int, options: BaseModel, seed: bytes) -> GameProof:
    proof = GameProof(
        game=game,
        seats=seats,
        options=options.model_dump(mode="json"),
        seed=seed.hex(),
        commitment=commitment(seed),
        chain="",
    )
    proof._reset = True  # the chat's previous game's log goes
    return proof


def record(proof: GameProof | None, seat: int, action: BaseModel | dict[str, Any]) -> None:
    """One more answer the engine applied: a line for the log, a link of the chain."""
    if proof is None or proof.overflow:
        return
    if proof.actions >= MAX_ACTIONS:  # bounded: the log does not grow on
        proof.overflow, proof.log, proof.chain = True, "", None
        proof._new, proof._reset = [], True
        return
    if proof.log:  # the older format: its log moves to the list, all of it
        proof._new, proof._reset = [_canonical(json.loads(x)) for x in proof.lines()], True
        proof.log = ""
    new = proof._new
    if proof.chain is None:  # (a game begun before: its chain from what is logged)
        proof.chain = ""
        for line in new:
            proof.chain = link(proof.chain, line)
    line = f"[{seat},{_action_json(action)}]"  # (= _canonical([seat, data]): an int seat)
    new.append(line)
    proof.chain, proof.actions = link(proof.chain, line), proof.actions + 1


def _action_json(action: BaseModel | dict[str, Any]) -> str:
    """An action as the log writes it: JSON with sorted keys. A button's action is one of
    the few the engines make once and offer again and again: a frozen action's line is
    remembered by its value (a frozen model hashes and compares by its type and fields),
    dumping and encoding it anew being half of `record`; a typed answer, or an action
    holding a list (unhashable), is encoded anew."""
    if not isinstance(action, BaseModel):
        return _canonical(action)
    if not action.model_config.get("frozen"):  # (could change: not remembered)
        return _canonical(action.model_dump(mode="json"))
    try:
        known = _ACTION_JSON.get(action)
    except TypeError:  # (a field holds a list or a dict)
        return _canonical(action.model_dump(mode="json"))
    if known is not None:
        return known
    text = _canonical(action.model_dump(mode="json"))
    if len(_ACTION_JSON) >= ACTIONS_REMEMBERED:
        _ACTION_JSON.clear()
    _ACTION_JSON[action] = text
    return text


# The actions whose JSON `_action_json` remembers: an AUFRUHR! game offers a few hundred
# buttons; past the bound all are forgotten at once, cheaper than ordering them.
ACTIONS_REMEMBERED = 2048
_ACTION_JSON: dict[BaseModel, str] = {}


def _unpacked_lines(entry: bytes | str) -> list[str]:
    if isinstance(entry, str):
        return [entry]
    if entry[:1] == b"[":  # a line: JSON `[seat, action]`
        return [entry.decode()]
    return zlib.decompress(entry).decode().split("\n")  # (a line has no raw line break)


def end(proof: GameProof | None, state: BaseModel, now: float) -> None:
    if proof is None:
        return
    if proof.chain is None:  # begun before the running hash, and never answered since
        proof.end = fingerprint(proof.answers(), state, chained=False)
    else:
        proof.end = closing(proof.chain, state)
    proof.ended_at = now


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
    end = fingerprint(answers, state, chained=proof.chain is not None)
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
    proof.actions = len(answers)
    return proof.with_answers([_canonical([seat, action]) for seat, action in answers])
