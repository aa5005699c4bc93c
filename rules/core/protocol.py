"""The shapes every game engine speaks in (DESIGN.md, "rules/ — the game protocol").

A game is a `GameSpec`: pure functions over its own pydantic `State`.
- `prompts(state)` says who must decide what now; the bot lets only those seats act.
- `apply(state, seat, action)` returns a new state and the events to tell players;
  an illegal action raises `RuleError` and changes nothing.
- `public_view(state)` and `seat_view(state, seat)` are different types, so the group
  is only ever shown what everybody may see.
Seats are numbered 0..n-1; the bot maps them to chat users.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Literal, get_args, get_origin

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    InstanceOf,
    SerializationInfo,
    SerializeAsAny,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_serializer,
)

from rules.core.errors import ParseError, RuleError


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Tagged(Frozen):
    """A member of a discriminated union held in a game's state (`kind: Literal["bid"] =
    "bid"`): its tag, a field whose one value is its default, stays in a dump that leaves
    the defaults out. A table stores its game's state so (bot/table/model.py); without the tag
    the union could not tell the member when the state is read again
    (tests/fixtures/conformance.py checks that every state comes back equal)."""

    _tags: ClassVar[dict[str, Any]] = {}

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        cls._tags = {
            name: f.default
            for name, f in cls.model_fields.items()
            if get_origin(f.annotation) is Literal and get_args(f.annotation) == (f.default,)
        }

    @model_serializer(mode="wrap")
    def _with_tags(
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ) -> dict[str, Any]:
        data = handler(self)
        return {**self._tags, **data} if info.exclude_defaults else data


class Event(Frozen):
    """Something players are told: a message key and parameters, for everyone or some seats.

    Parameters named `seat` or ending in `_seat` hold seat numbers; the bot shows them
    as player names. `to=None` means everyone (a public event).
    """

    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    to: tuple[int, ...] | None = None

    @property
    def public(self) -> bool:
        return self.to is None


# A game's own action model (one member of its action union): what a button does. Only
# an instance will do: a dict is refused where the prompt is made, not coerced.
ActionModel = SerializeAsAny[InstanceOf[BaseModel]]


def payload(action: BaseModel | dict[str, Any]) -> dict[str, Any]:
    """An action as the plain data `GameSpec.parse_action` validates (a typed value is
    filled into its template as data: FreeInput.fill)."""
    return dict(action) if isinstance(action, dict) else action.model_dump()


class Option(Frozen):
    """One button: its label (a message key, or literal text when `literal`) and the action,
    one of the game's own action models."""

    label: str
    params: dict[str, Any] = Field(default_factory=dict)
    action: ActionModel
    literal: bool = False  # label is data (a player's or a place's name), not a message key
    # Seats this button is not shown to (a ballot does not offer the voter himself); the
    # engine still refuses such an answer typed by hand.
    hidden_from: tuple[int, ...] = ()
    # A button that opens a further list of buttons and answers nothing (a menu, and its
    # way back): its press is not shown as a choice, and menus get rows of their own
    # after the answers, so that a keyboard does not mix the two.
    menu: bool = False


class FreeInput(Frozen):
    """A typed answer: the value replaces `field` of the `action` model (a template whose
    `field` holds any placeholder), and the whole is validated as the game's action."""

    kind: Literal["number", "text"]
    field: str
    action: ActionModel
    min: int | None = None
    max: int | None = None
    multiple_of: int | None = None
    max_length: int = 200
    min_length: int = 1  # 0: the command alone is an answer too (`/accept` the only deal)
    # Leading words that name a player (`@handle`, a platform mention) reach the engine
    # as seat tokens `#<seat>` (see `seat_token`): engines know seats, not people.
    names_seats: bool = False

    def fill(self, value: Any) -> dict[str, Any]:
        """The payload of this input typed as `value`, for `GameSpec.parse_action`."""
        return {**payload(self.action), self.field: value}


def seat_token(seat: int) -> str:
    """How a player named in typed text reaches the engine (FreeInput.names_seats)."""
    return f"#{seat}"


def option_allows(
    key: str, params: Callable[[], dict[str, Any]] = dict
) -> Callable[[dict[str, Any]], None]:
    """The `json_schema_extra` of an option whose constraint its type cannot state (a
    validator's, such as Bohei's `checks=lower,no_e`): what it allows, as a message key
    and parameters, which the bot shows when a value is refused (bot/table/lobby.py). Without
    it the bot could say only the default, and a player cannot guess ids that the chat
    never shows. `params` is called when the bot asks, so it may read the game's data.
    Bounds and choices need none: the bot reads them from the schema."""

    def extra(schema: dict[str, Any]) -> None:
        schema["allowed"] = {"key": key, "params": params()}

    return extra


class Prompt(Frozen):
    """Who must decide what now.

    `id` names this decision uniquely within the game (e.g. "bid:3"), so an answer to
    an earlier decision can be recognised as outdated. `secret` answers are collected
    privately and revealed together by the engine. `command` lets players type the
    answer as `/<command> value`. `deadline` is in seconds; when it passes, the bot
    applies `GameSpec.timeout` for every seat still prompted. A `standing` prompt is
    an action open at any time (a payment, a reaction card): it is answered only by
    its command, is not announced, and nobody is reminded of it or timed out.
    `timeout_key` is what the group is told when the deadline passes for `{seats}`
    (e.g. "… did not vote and abstain"); without it, a general line. `reminder_key`
    (`{seats}`, `{seconds}` left) reminds, in the group and privately, the seats whose
    only deadline is this prompt's, where a deadline is a clock rather than a question
    (the DNF clock, which answering another prompt does not stop); without it, "the
    table is waiting for your answer".
    """

    id: str
    seats: tuple[int, ...]
    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    options: tuple[Option, ...] = ()
    input: FreeInput | None = None
    secret: bool = False
    command: str | None = None
    deadline: int | None = None
    standing: bool = False  # always open (`/pay`, `/deal`): not announced, never times out
    timeout_key: str | None = None
    reminder_key: str | None = None
    # An open prompt that may be answered privately too: its answer changes nothing the
    # group must see and goes to the writer alone (Gaa Under Gunnar's `/where`).
    private_ok: bool = False
    # Private lines that come with the question each time it is asked, and asked again
    # (`/board`), to their seats alone: what one seat must keep in mind to answer and the
    # group must not learn (the subvention an AUFRUHR! Lord Mayor promised in a folder).
    notes: tuple[Event, ...] = ()

    @field_validator("notes")
    @classmethod
    def _notes_are_private(cls, notes: tuple[Event, ...]) -> tuple[Event, ...]:
        if any(note.to is None for note in notes):
            raise ValueError("a prompt's note is told privately: it names its seats (`to`)")
        return notes


class VerbOption(Frozen):
    """One word of a typed verb as a menu that asks for each (Discord's slash options)
    asks for it: a player at the table, a whole number within bounds, or text, offered
    from one of the game's lists (`GameSpec.choices`, e.g. "stations") where it names
    one. The words given are joined in order into the text the game reads, each after
    its `prefix` (`/deal <player> <player>: <terms>`)."""

    name: str  # lowercase, as menus show it
    kind: Literal["player", "integer", "text"] = "text"
    min: int | None = None
    max: int | None = None
    choices: str | None = None
    required: bool = True
    prefix: str = ""


class Record(Frozen):
    """A result worth a place in the chat's Hall of Fame (a solo game's finishing time).

    Lower `value` is better; `key` and `params` show it (e.g. "finished at {time}")."""

    seat: int
    value: int
    key: str
    params: dict[str, Any] = Field(default_factory=dict)


class Tiebreak(Frozen):
    """Why seats with equal scores stand in the ranking as they do (the rule book's
    tie-break, or the game's reading of it): a message told after the ranking."""

    key: str
    params: dict[str, Any] = Field(default_factory=dict)


class Outcome(Frozen):
    """The end of a game: seats from first to last, with scores where the game keeps them.

    The first group wins (bot/table/fame.py credits it). A game that ends without a winner
    (Gaa Under Gunnar when nobody finished) gives an empty ranking: no places, no win,
    and says why in its own events."""

    ranking: tuple[tuple[int, ...], ...]  # groups of tied seats, best first
    scores: dict[int, int] = Field(default_factory=dict)
    record: Record | None = None  # for the Hall of Fame, where the game keeps records
    tiebreak: Tiebreak | None = None  # where equal scores were ordered or shared
    # Seats that took part but get no place (Gaa Under Gunnar's DNFs: "did not finish" is
    # no last place), listed after the places in the game's words (`{seats}`).
    unplaced: tuple[int, ...] = ()
    unplaced_key: str | None = None


# What each seat alone may know at this moment, by name: {seat: {"hand": [...], "money": 240}}.
Secrets = Mapping[int, Mapping[str, Any]]


def no_secrets(state: Any) -> Secrets:
    """For games of perfect information (every piece and score is on the table)."""
    return {}


@dataclass(frozen=True)
class GameSpec:
    """Everything the bot needs to run one game. Found by rules/registry.py.

    `secrets(state)` declares where the game's private information lives now (a hand,
    a treasury, a sealed bid or ballot before its reveal), per seat and by name; the
    conformance suite checks that none of it reaches the public view or a public event.
    `invariants(state)` raises AssertionError when the game's own invariants break (money
    conserved, cards neither lost nor doubled); the conformance playouts call it at every
    step. `locales` is the folder of the game's catalogs (`de.po`, `en.po`), beside it.
    """

    id: str
    names: dict[str, str]  # language → display name
    min_players: int
    max_players: int
    options: type[BaseModel]
    state: type[BaseModel]
    action: TypeAdapter[Any]  # validates a dict into the game's action union
    setup: Callable[[int, Any, int], Any]  # (number of seats, options, seed) → State
    prompts: Callable[[Any], list[Prompt]]
    apply: Callable[[Any, int, Any], tuple[Any, list[Event]]]
    public_view: Callable[[Any], BaseModel]
    seat_view: Callable[[Any, int], BaseModel]
    timeout: Callable[[Any, Prompt, int], Any]  # the action applied for a silent seat
    outcome: Callable[[Any], Outcome | None]  # None while the game runs
    secrets: Callable[[Any], Secrets]
    rulebook: str = ""  # where the full rule book is
    commands: tuple[str, ...] = ()  # verbs players may type (`/bid 30`), for clear refusals
    languages: tuple[str, ...] = field(default=("de", "en"))
    invariants: Callable[[Any], None] | None = None
    locales: Path | None = None  # <package>/locales: de.po, en.po
    # The options to play with where the bot cannot read ordinary chat messages (Telegram
    # with privacy mode on, Discord without the Message Content intent): None when the
    # game never reads them. The bot applies it at /start and tells the table so.
    without_chat: Callable[[Any], Any] | None = None
    # How menus ask for each verb's words (a verb not named here: one line of text), and
    # the lists some of them are offered from (a list's name → its values, as the game
    # reads them typed): data for the platforms' menus, never needed to play.
    verb_options: Mapping[str, tuple[VerbOption, ...]] = field(default_factory=dict)
    choices: Callable[[str], tuple[str, ...]] | None = None
    # What players are told as the game begins, before anyone is asked (a hand just dealt,
    # privately to its seat): `setup` returns a state only. None: nothing.
    opening: Callable[[Any], list[Event]] | None = None
    # Why `seat`, asked by no prompt that takes `action`, may not take it now, in the
    # game's own words ("Only the winner chooses the reward."): (state, seat, action) →
    # the error, or None for the bot's own line ("It is not your turn: …").
    refusal: Callable[[Any, int, Any], RuleError | None] | None = None
    # A memo of the process, not game data: the classes of this game's own actions as
    # `parse_action` has met them (no rule depends on it; `replace` makes a fresh one).
    _own_actions: set[type] = field(default_factory=set, init=False, repr=False, compare=False)

    def name(self, lang: str) -> str:
        return self.names.get(lang) or next(iter(self.names.values()))

    def parse_action(self, action: dict[str, Any] | BaseModel) -> Any:
        """An action of this game, from a button's model or a typed payload.

        A button's model that is one of this game's own actions is that action as it
        is (frozen, validated when its prompt made it): taken as it is, not dumped and
        validated anew on every press. Anything else (a payload, another model) is
        validated as its data."""
        if isinstance(action, BaseModel):
            if type(action) in self._own_actions:
                return action
            try:
                own = self.action.validate_python(action)
            except ValidationError:
                own = None
            if own is action:
                # pydantic takes an instance of a model of the union as it is, whatever its
                # values (revalidate_instances="never"): so it takes every instance of the
                # class, and the class is remembered instead of asked about at every press.
                self._own_actions.add(type(action))
                return own
        try:
            return self.action.validate_python(payload(action))
        except ValidationError as e:
            raise ParseError("error.bad_action") from e
