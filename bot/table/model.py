"""A chat's table: its language, the lobby or running game, and what to edit.

Stored (`Table.dump`, `Table.load`) as two JSON documents on two lines: the table's own
fields, then the game's state, each without the fields that hold their default (a
union's tag excepted: rules.core.protocol.Tagged). Every command reads the table and
most write it, so the split is for speed: the table's own fields (0.3–3 KB) are parsed
whenever a table is loaded, the game's state (up to ~4.5 KB of JSON for AUFRUHR!) only
when a command looks at it, and then from a small cache keyed by its JSON (`_parsed`), so
a state this process wrote last is not parsed again. A large state is written from the
JSON of the one it came from, field by field: what an answer left as it was is not
written again (`stored_from`, the pieces kept in `_pieces`, by that JSON too).

A table larger than `COMPRESS_ABOVE` is stored zlib-compressed (to ~1/4), a smaller one
as it is: it fits the 8 KiB a table may take in Redis (tests/bot/table/test_size.py), and
compressing would cost more than the rest of the write. A 6-player AUFRUHR! table comes
to 5.5–7 KB (more with 64-character names: then compressed). A table whose state was
stored whole, its defaults included (an older format, compressed for its size), still
loads, the defaults filled in. A table stored before the two lines (one JSON document,
the state inside) loads too, and is written anew at its next change.
"""

import functools
import json
import zlib
from collections import OrderedDict
from operator import is_
from typing import Any, Literal, TypeVar, get_args, get_origin

from pydantic import BaseModel, Field, PrivateAttr

from bot.i18n import DEFAULT
from bot.proof.games import GameProof
from bot.store.keys import answers_key
from bot.store.versioned import Log, Write
from bot.table.fame import Fame
from rules import registry

S = TypeVar("S", bound=BaseModel)
# Parsed states kept per process, by their JSON: an AUFRUHR! State is ~100 KB of Python
# objects, so 128 of them cost ~13 MB. Shared by every table loaded from the same JSON,
# which is safe because nothing changes a state in place (an engine's `apply` returns a
# new one: tests/fixtures/conformance.py checks that it never mutates its input). A table written
# with a new state drops the one it was read with: that JSON is no longer stored, and
# the state is freed at once, while it is still in the CPU's cache, instead of ~128
# writes later.
PARSED_CACHE = 128
_parsed: OrderedDict[tuple[type, bytes], Any] = OrderedDict()
# The pieces of the states this process wrote lately (`stored_from`), by their JSON: the
# JSON, hashed once for its bytes object, and the pieces the next state is written with
# (~5 KB each; as many as `_parsed` holds states, whose `before` the pieces are used with).
_pieces: OrderedDict[bytes, dict[str, bytes]] = OrderedDict()
# A state read as less JSON than this is written whole: writing it piece by piece costs
# more than its one call to pydantic-core saves (an EINS IST KEINS state, ~1 KB, took
# about twice as long in pieces; an AUFRUHR! one, ~4 KB, less than half).
PIECES_ABOVE = 2000
# Compressed tables this process wrote or read lately → their JSON: the next command on
# the table (usually here: bot/store/versioned.py) starts from it without decompressing.
UNPACKED_CACHE = 64
_unpacked: OrderedDict[bytes, bytes] = OrderedDict()
# Redis (jemalloc) keeps a string in a block of 5, 6, 7 or 8 KiB …, and a table's hash
# costs ~250 B more by MEMORY USAGE: up to 7,000 B of JSON, a table stays within 7 KiB +
# 250 B, below the 8 KiB it may take (tests/bot/table/test_size.py, bench/memory.py).
COMPRESS_ABOVE = 7000
COMPRESSION = 1  # zlib's fastest level: 3/4 of level 9's gain at half its time
# An 8 KiB window and zlib's memory level 6 instead of 32 KiB and 8: zlib then asks for
# ~50 KB of buffers instead of ~270 KB, which malloc hands out from its heap instead of
# mapping fresh pages for every table written: several times faster on a large AUFRUHR!
# table, and as small within a few bytes.
# Still a zlib stream (its first byte 0x58, never `{`), read by zlib.decompress as before.
WINDOW_BITS = 13
MEMORY_LEVEL = 6


class Seat(BaseModel):
    user: str  # platform user id
    name: str  # display name, as the platform gave it (user text: escape when shown)
    handle: str | None = None  # the @handle, where the platform has one (`/pay @anna 30`)


class Offer(BaseModel):
    """The choices a refusal offered one player as buttons (the places a typed name could
    mean): the step and the prompt they answer, and the game's actions they stand for."""

    step: str
    prompt: int
    actions: list[dict[str, Any]]
    labels: list[str]  # as shown, for the line the pressed message keeps


class Carried(BaseModel):
    """A seat's private question unchanged since an earlier step (bot/table/keyboards.py
    `carry`): the step token its buttons carry, and where each of their prompts stands
    among this step's (index then → index now)."""

    token: str
    at: dict[int, int]


class Rematch(BaseModel):
    """A finished game, offered again (bot/table/lobby.py `reopen`): the same game and
    options, its players named for the lobby's line; `token` names that game's end, so
    that an older game's button, once this one is replayed, is refused."""

    token: str
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[str] = Field(default_factory=list)
    open: bool = False  # its lobby is open: a press of its button sits down


class Table(BaseModel):
    platform: str
    chat: str
    lang: str = DEFAULT
    images: bool = True  # boards as pictures where the platform shows them (`/images off`)
    status: Literal["idle", "lobby", "playing"] = "idle"
    game: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    creator: str | None = None
    seats: list[Seat] = Field(default_factory=list)
    opened_at: float = 0.0  # when the lobby opened (lobbies expire)
    opened_by: str | None = None  # the platform update that opened it (Discord's thread)
    # The engine's State is no field: see `game_state`, `set_game_state` and `state`.
    step: int = 0  # bumps whenever the set of prompts changes: the version buttons carry
    prompt_ids: list[str] = Field(default_factory=list)
    reminded: bool = False
    deadline_at: float | None = None  # when the current prompts time out
    # Prompt id → when it times out. A prompt still open at a later step keeps its own
    # deadline (Gaa Under Gunnar's DNF clock runs 15 minutes across many turns).
    deadlines: dict[str, float] = Field(default_factory=dict)
    # Names this step, unique among all steps ever (the step number and a random part):
    # its deadlines and its buttons carry it, so neither a deadline of an earlier step
    # nor a button from another timeline (an older Redis snapshot restored, where the
    # step number recurs) can act on it (play.settle).
    step_token: str = ""
    # seat → its private question as sent at an earlier step, unchanged since: not sent
    # again, its buttons still answer (bot/table/keyboards.py `carry`)
    carried: dict[int, Carried] = Field(default_factory=dict)
    board_message: str | None = None  # the platform's id of the board message, to edit it
    # The living status of this step (play.announce): one group message, the prompt and
    # under it who answered, whom we wait for and the time left, edited in place as
    # answers come; its id (the adapter tells it, for this step's token) and its text
    # above the status line, which every edit keeps.
    status_message: str | None = None
    status_head: str = ""
    status_log: str = ""  # the part of status_head that tells what happened (play.announce)
    status_public: bool = False  # it carries the prompt's buttons (a public prompt)
    asked: list[int] = Field(default_factory=list)  # the seats this step asked
    posts_since_board: int = 0  # new group messages of ours below the board (play.settle)
    posts_since_status: int = 0  # … and below the living status message (play.announce)
    status_at: float = 0.0  # when the living status message was posted
    # standing prompt id → [message id, its text]: the group message carrying a standing
    # prompt's buttons (a deal's Accept/Decline), closed when the prompt is gone
    standing_messages: dict[str, list[str]] = Field(default_factory=dict)
    # standing prompt id → the seats its buttons asked when offered: one of them pressing
    # again after answering is told so, not that it is not asked (bot/chat/presses.py)
    standing_asked: dict[str, list[int]] = Field(default_factory=dict)
    # seat → when it last answered (the table's clock): a seat that answered a moment ago
    # is watching the chat, and its next turn may be edited into the message in sight
    # instead of a new message that notifies it (play.announce)
    answered_at: dict[int, float] = Field(default_factory=dict)
    # a digest of the public view last shown: a step that changed nothing on the board
    # does not post it again (play.settle); tables stored before it load with None
    board_digest: str | None = None
    fame: dict[str, Fame] = Field(default_factory=dict)  # by game id (bot/table/fame.py)
    # The game's seed, its commitment and the running hash of its answers, which are
    # logged beside the table (bot/proof/games.py): kept after the game's end, until the
    # next /start, so that /verify can replay it.
    proof: GameProof | None = None
    offers: dict[str, Offer] = Field(default_factory=dict)  # by user: bot/chat/offers.py
    again: Rematch | None = None  # the game just finished, to play again (/again)
    # The game's state as stored (JSON), and parsed (or as the engine returned it): one or
    # both; when both, they agree.
    _state_json: bytes | None = PrivateAttr(default=None)
    _state: Any = PrivateAttr(default=None)
    _read: bytes | None = PrivateAttr(default=None)  # the state's JSON as loaded

    # ----- the game's state -----------------------------------------------------------

    def game_state(self, model: type[S]) -> S:
        """The running game's state, as the engine's `model`. Shared: never change it."""
        state = self._state
        if state is None:
            if self._state_json is None:
                raise ValueError(f"no game state at {self.platform}:{self.chat}")
            state = self._state = _parse(model, self._state_json)
        return state

    def set_game_state(self, state: BaseModel | None) -> None:
        self._state, self._state_json = state, None

    @property
    def state(self) -> dict[str, Any] | None:
        """The game's state as plain JSON data, every field in it (for tools and tests;
        the bot uses `game_state`)."""
        if self._state is None and self._state_json is None:
            return None
        spec = registry.get(self.game or "")
        if spec is None:  # a game no longer registered: what is stored
            return json.loads(self._state_json) if self._state_json else None
        return self.game_state(spec.state).model_dump(mode="json")

    @state.setter
    def state(self, data: dict[str, Any] | None) -> None:
        stored = None if data is None else json.dumps(data).encode()
        self._state, self._state_json = None, stored

    # ----- stored -----------------------------------------------------------------

    def dump(self) -> bytes:
        """What the store keeps of this table (see the module's docstring)."""
        head = _to_json(self, exclude_defaults=True)
        stored, state = self._state_json, self._state
        if stored is None and state is not None:
            read = self._read
            before = _parsed.pop((type(state), read), None) if read is not None else None
            if read is None or len(read) < PIECES_ABOVE:
                stored = stored_state(state)
            else:
                stored, pieces = stored_from(state, before, _pieces.pop(read, None))
                _pieces[stored] = pieces
                if len(_pieces) > PARSED_CACHE:
                    _pieces.popitem(last=False)
            self._state_json = stored
            _remember(type(state), stored, state)
        body = b"\n".join((head, stored or b""))
        if len(body) <= COMPRESS_ABOVE:
            return body
        packer = zlib.compressobj(COMPRESSION, zlib.DEFLATED, WINDOW_BITS, MEMORY_LEVEL)
        packed = packer.compress(body) + packer.flush()
        _keep(_unpacked, packed, body)
        return packed

    def write(self) -> Write:
        """What the store writes for this table: `dump`, and the answers its game logged
        since it was loaded, appended to the list beside it (bot/proof/games.py). A
        transaction's last step, before its compare-and-set."""
        data = self.dump()
        proof = self.proof
        if proof is None:
            return Write(data)
        lines, reset = proof.appended()
        return Write(data, Log(answers_key(self.platform, self.chat), lines, reset, proof.packs()))

    @classmethod
    def load(cls, data: bytes) -> "Table":
        if data[:1] != b"{":  # (JSON begins with `{`, a zlib stream with 0x78 or 0x58)
            plain = _unpacked.get(data)
            data = _keep(_unpacked, data, zlib.decompress(data)) if plain is None else plain
        # JSON has no raw line break (one inside a string is written `\n`): the first one
        # ends the table's own fields.
        head, newline, state = data.partition(b"\n")
        if not newline:  # the older format: one JSON document, the state in it
            fields = json.loads(data)
            table = cls.model_validate(fields)
            table.state = fields.get("state")
            return table
        table = _from_json(head)
        table._state_json = table._read = state or None
        return table

    def seat_of(self, user: str) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.user == user:
                return i
        return None

    def end_game(self) -> None:
        """Back to an idle chat; the language and the board message id stay."""
        self.status, self.game, self.options, self.creator = "idle", None, {}, None
        self.seats, self.state, self.prompt_ids, self.reminded = [], None, [], False
        self.opened_at, self.deadline_at, self.board_digest = 0.0, None, None
        self.opened_by, self.deadlines = None, {}
        self.status_message, self.status_head, self.asked = None, "", []
        self.status_log, self.answered_at, self.posts_since_status = "", {}, 0
        self.standing_messages, self.standing_asked = {}, {}
        self.offers, self.carried, self.again = {}, {}, None


def stored_state(state: BaseModel) -> bytes:
    """A game's state as a table stores it: its JSON without the fields that hold their
    default, tags kept (~2/3 of it all for AUFRUHR!, and as fast to write). Written by
    pydantic-core's serializer itself, as bytes: `model_dump_json` is the same call with
    its keyword arguments passed on, and a str (a copy) to encode again."""
    return type(state).__pydantic_serializer__.to_json(state, exclude_defaults=True)


def stored_from(
    state: BaseModel, before: BaseModel | None, pieces: dict[str, bytes] | None
) -> tuple[bytes, dict[str, bytes]]:
    """`stored_state`, written from the state this one came from (`before`) and the
    pieces of its JSON; with the pieces of this one's, for the next write: the JSON of
    each of its fields that may hold a list, a dict or a model (b"" where it holds its
    default), and of the others together (under ""). Without pieces, every such field is
    written on its own, to be kept.

    A field that holds the very value it held in `before`, or a copy of it with the very
    same items in the same order (a transition copies the lists and dicts it may change,
    rules/core/clone.py, and leaves most as they were), is not written again: its piece
    is. Most answers change one or two fields of forty (a token put into a folder changes
    `folders` alone), and pydantic-core's time goes by the models it walks, not by the
    bytes (each of AUFRUHR!'s 36 tokens is a model). The fields come in another order than
    pydantic's, which JSON does not mind; a dict's keys keep theirs, which an engine
    iterating it after a reload from Redis would see."""
    cls = type(state)
    write = cls.__pydantic_serializer__.to_json
    names, others, plain = _parts(cls)
    values = state.__dict__
    old = before.__dict__ if before is not None and pieces is not None else None
    made: dict[str, bytes] = {}
    for name, only in names:
        value = values[name]
        if old is not None:
            was = old[name]
            if was is value or _same(was, value):
                made[name] = pieces[name]  # type: ignore[index]
                continue
        made[name] = write(state, include=only, exclude_defaults=True)[1:-1]
    # The rest (numbers, strings), kept as one piece: as it was after 4 answers of 5
    # (AUFRUHR!'s step counts decisions, not answers), each field the very value it held.
    if (
        old is not None
        and plain is not None
        and all(map(is_, map(values.__getitem__, plain), map(old.__getitem__, plain)))
    ):
        rest = pieces[""]  # type: ignore[index]
    else:
        rest = write(state, exclude=others, exclude_defaults=True)[1:-1]
    made[""] = rest
    return b"".join((b"{", b",".join(filter(None, made.values())), b"}")), made


_PLAIN = (list, dict, tuple)


def _same(was: Any, value: Any) -> bool:
    """`value` is a list, tuple or dict holding the very items `was` holds, in the same
    order: its JSON is `was`'s. Not `==`: equal is not enough (a dict of the same items
    in another order, 1 and True, an item equal but not the same model)."""
    kind = type(value)
    if kind is not type(was) or kind not in _PLAIN or len(was) != len(value):
        return False
    if kind is dict:
        return all(map(is_, was, value)) and all(map(is_, was.values(), value.values()))
    return all(map(is_, was, value))


@functools.cache
def _parts(
    cls: type[BaseModel],
) -> tuple[tuple[tuple[str, set[str]], ...], set[str], tuple[str, ...] | None]:
    """The fields of a state model whose JSON `stored_from` keeps piece by piece: those
    that may hold a list, a dict or a model (numbers and strings cost little); each with
    the set that includes it alone in a dump, and the set of them all; and the others,
    kept as one piece (under ""). No fields for a model that writes itself (a model
    serializer: each piece would repeat what it adds), which `stored_from` then writes
    whole, every time (None: no rest to keep)."""
    if cls.__pydantic_decorators__.model_serializers:
        return (), set(), None
    names = tuple(
        name
        for name, f in cls.model_fields.items()
        if any(
            get_origin(t) in _PLAIN or (isinstance(t, type) and issubclass(t, BaseModel))
            for t in (f.annotation, *get_args(f.annotation))
        )
    )
    plain = tuple(name for name in cls.model_fields if name not in names)
    return tuple((name, {name}) for name in names), set(names), plain


# Table's own fields from and to JSON, pydantic-core's calls without the model's wrappers
# (`model_validate_json`, `model_dump_json`): every command makes one or both.
_from_json = Table.__pydantic_validator__.validate_json
_to_json = Table.__pydantic_serializer__.to_json


def _keep(cache: OrderedDict[bytes, bytes], packed: bytes, plain: bytes) -> bytes:
    cache[packed] = plain
    if len(cache) > UNPACKED_CACHE:
        cache.popitem(last=False)
    return plain


def _parse(model: type[S], data: bytes) -> S:
    key = (model, data)
    state = _parsed.get(key)
    if state is None:
        state = model.model_validate_json(data)
        _remember(model, data, state)
    else:
        _parsed.move_to_end(key)
    return state


def _remember(model: type, data: bytes, state: Any) -> None:
    _parsed[(model, data)] = state
    if len(_parsed) > PARSED_CACHE:
        _parsed.popitem(last=False)
