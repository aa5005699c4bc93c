"""Collects what one command says, in the table's language, and turns it into Replies.

Group lines of one command become one group message (a busy chat gets one message
per turn, not a stream); each player's private lines become one private message.
Seat numbers in message parameters become player names here, after the game's own
parameters became text through its render module's hook (render.boards.params).
"""

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from bot.i18n import fill, t
from bot.replies import Button, InputRequest, Reply, amended
from render import boards
from render.bilingual import Bilingual
from rules import registry


@dataclass
class Outbox:
    lang: str
    platform: str = ""
    game: str = ""  # the table's game id: whose `params` hook shows its parameters
    names: list[str] = field(default_factory=list)  # seat → display name
    group_lines: list[str] = field(default_factory=list)
    group_buttons: list[tuple[Button, ...]] = field(default_factory=list)
    private: dict[str, list[str]] = field(default_factory=dict)
    private_buttons: dict[str, list[tuple[Button, ...]]] = field(default_factory=dict)
    group_input: InputRequest | None = None
    private_inputs: dict[str, InputRequest] = field(default_factory=dict)
    extra: list[Reply] = field(default_factory=list)  # boards, notices: sent as they are
    edits: list[Reply] = field(default_factory=list)  # of earlier messages: sent first
    # The living status line of a new step, the group message's last line (play.announce),
    # and the step token the adapter remembers the message for.
    status_line: str | None = None
    status_token: str = ""
    chosen: str | None = None  # "Anna: Yes", for the status of a public prompt answered
    # How the status message of a step that ends now ends (bot/table/status.py `retire_status`): its
    # seats answered, or their time is up (bot/table/timeouts.py)
    closing: str = "status.done"
    morph: str | None = None  # the status message that becomes this step's (play.announce)
    mentions: list[tuple[str, str]] = field(default_factory=list)  # for the group message
    schedule: dict[str, float] = field(default_factory=dict)
    unschedule: set[str] = field(default_factory=set)  # deadlines of a step that has passed
    joined: set[str] = field(default_factory=set)  # users who now sit at this table
    left: set[str] = field(default_factory=set)
    menu: str | None = None  # a game began (its id) or ended (""): the chat's menu follows
    # The outbox fields the replies were written to with the table (bot/store/outboxes.py),
    # in the order of `replies()`; empty when nothing was kept.
    outbox_ids: list[str] = field(default_factory=list)
    _addressed: list[Reply] | None = field(default=None, repr=False, compare=False)
    # What this outbox's messages were last made of (its language, game, names and the
    # registry's version) and their token in `_texts` (`_made_by`): checked on each
    # message instead of hashing them all into its key.
    _made: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)

    def text(self, key: str, **params: Any) -> str:
        made = self._made
        if (
            made is None
            or made[0] is not self.lang
            or made[1] is not self.game
            or made[2] != self.names
            or made[3] != registry.version()
        ):
            made = self._made = _made_by(self.lang, self.game, self.names)
        if params:
            frozen = _frozen(params)
            if frozen is None:
                return fill(self.lang, key, self.named(self.shown(key, params)))
            memo: tuple[Any, ...] = (made[4], key, frozen)
        else:  # a label or a title: nothing for the game's hook or the names
            memo = (made[4], key)
        text = _texts.get(memo)
        if text is None:
            text = fill(self.lang, key, self.named(self.shown(key, params)) if params else params)
            if len(_texts) >= TEXTS:
                _texts.clear()
            _texts[memo] = text
        return text

    def text_of(self, game: str, key: str, params: dict[str, Any]) -> str:
        """A message of another game than the table's (a record in /fame)."""
        return t(self.lang, key, **self.named(self.shown(key, params, game)))

    def shown(self, key: str, params: dict[str, Any], game: str | None = None) -> dict[str, Any]:
        """A game's structured parameters (ids, star counts …) as its render module
        shows them in this language: the one place they become text."""
        game = self.game if game is None else game
        return boards.params(game, key, params, self.text) if game else params

    def named(self, params: dict[str, Any]) -> dict[str, Any]:
        """Seat numbers → names; lists per seat → 'Alice: 3, Bob: 0'; other lists joined."""
        out: dict[str, Any] = {}
        for k, v in params.items():
            role = _role(k)
            if role is _PLAIN:
                out[k] = ", ".join(str(x) for x in v) if isinstance(v, _LISTS) else v
            elif role is _BY_SEAT:
                out[k] = ", ".join(f"{self.name(s)}: {x}" for s, x in enumerate(v))
            elif role is _SEAT:
                out[k] = self.name(v)
            elif role is _BRIEF:
                out[k] = brief(self.name(v))
            else:
                out[k] = ", ".join(self.name(s) for s in v)
        return out

    def name(self, seat: Any) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            return self.names[seat]
        return "?"

    def group(self, key: str, **params: Any) -> None:
        self.group_lines.append(self.text(key, **params))

    def dm(self, user: str, key: str, **params: Any) -> None:
        self.private.setdefault(user, []).append(self.text(key, **params))

    def notice(self, user: str, key: str, **params: Any) -> None:
        self.extra.append(Reply(text=self.text(key, **params), to=user, notice=True))

    def addressed(self, chat: str) -> list[Reply]:
        """`replies(chat)`, each addressed to `chat` where it was made elsewhere without
        one; made once (the durable outbox keeps them as the router returns them)."""
        if self._addressed is None:
            self._addressed = [r if r.chat else amended(r, chat=chat) for r in self.replies(chat)]
        return self._addressed

    def replies(self, chat: str = "") -> list[Reply]:
        """What to send; the messages made here are addressed to `chat` (the table's)."""
        # Closing earlier prompts goes first: a new private prompt sent now stays open.
        out: list[Reply] = [*self.edits, *(r for r in self.extra if r.pressed)]
        boards = [r for r in self.extra if r.board]
        if self.group_lines or self.group_buttons or self.status_line:
            lines = [*self.group_lines, *([self.status_line] if self.status_line else [])]
            out.append(
                Reply(
                    text="\n".join(lines),
                    buttons=tuple(self.group_buttons),
                    input=self.group_input,
                    status=self.status_token if self.status_token and not self.morph else "",
                    edit=self.morph,
                    mentions=tuple(self.mentions),
                    chat=chat,
                )
            )
        out.extend(boards)
        for user, lines in self.private.items():
            buttons = tuple(self.private_buttons.get(user, ()))
            out.append(
                Reply(
                    text="\n".join(lines),
                    to=user,
                    buttons=buttons,
                    input=self.private_inputs.get(user),
                    chat=chat,
                )
            )
        out.extend(r for r in self.extra if not r.board and not r.pressed)
        if self.menu is not None:
            out.append(Reply(menu=(self.menu, self.lang), chat=chat))
        return out


_PLAIN, _BY_SEAT, _SEAT, _SEATS, _BRIEF = "plain", "by_seat", "seat", "seats", "brief"

# A seat named in a button (`brief_seat`): at most this many characters of the player's
# name. A name may have 64 (bot/chat/hygiene.py), so "Recklinghausen (<name>)" reached 81,
# past Discord's 80 for a label, and a row of six such buttons showed six cut-off names on
# a phone; the button's other words (a city) tell the seats apart.
BRIEF = 16


def brief(name: str) -> str:
    """`name` as a button shows it: cut to BRIEF characters with an ellipsis."""
    return name if len(name) <= BRIEF else name[: BRIEF - 1].rstrip() + "…"


_LISTS = (list, tuple)  # (`list | tuple` in the call made a new union every message)

# The messages made lately, by everything they are made of: a game asks the same few
# again and again (a button's label, "waiting for Anna, Ben", "Anna: Yes"), and making
# one — the game's hook, seats to names, the catalog filled — costs far more than a
# look-up. A message is
# a pure function of its key, parameters, language, names, the game's hook and the
# catalogs (which change only when a game registers: `registry.version`). Those that
# are the same for every message of a command (all but the key and the parameters) are
# named in `_texts`'s keys by one token, the same object for the same ones (`_made_by`).
# A table's messages name its players, so each busy table keeps its own: bench/load.py's
# 30 tables in flight keep ~15,000 (~500 a table), and a memo of 4,096 was emptied so
# often that a command made most of its messages again. ~265 B an entry (its key and
# text, getsizeof): ~4.3 MB when full.
TEXTS = 16384
_texts: dict[tuple[Any, ...], str] = {}
_tokens: dict[tuple[Any, ...], object] = {}


def _made_by(lang: str, game: str, names: list[str]) -> tuple[Any, ...]:
    """What messages in `lang` of `game` at a table of `names` are made of, and its token."""
    version = registry.version()
    made_of = (lang, boards.hook(game) if game else None, tuple(names), version)
    token = _tokens.get(made_of)
    if token is None:
        if len(_tokens) >= TEXTS:  # (a token dropped is never made again: a new one is)
            _tokens.clear()
        token = _tokens[made_of] = object()
    return (lang, game, list(names), version, token)


_KEYED = (int, str, Bilingual)  # (a Bilingual is frozen: a name in both languages)


def _frozen(params: dict[str, Any]) -> tuple[Any, ...] | None:
    """`params` as a key of `_texts`, or None where a value is anything else than a
    whole number, a string, a Bilingual, a list or tuple of those, a fraction, True,
    False or None. Told apart by their type, as they are shown: True == 1 and 1.0 == 1
    as keys (and a fraction by its repr: -0.0 == 0.0)."""
    if len(params) == 1:  # (most messages have one, most often a number or a string)
        [(name, value)] = params.items()
        if type(value) in _KEYED:
            return (name, value)  # (no other key is a pair of a string and one of those)
    items: list[Any] = []
    for name, value in params.items():
        kind = type(value)
        if kind in _KEYED:
            items.append((name, value))
        elif kind is list or kind is tuple:
            for v in value:  # (a loop, not all() over a generator: most lists are short)
                if type(v) not in _KEYED:
                    return None
            items.append((name, kind, tuple(value)))
        elif kind is float:
            items.append((name, kind, repr(value)))
        elif kind is bool or value is None:
            items.append((name, kind, value))
        else:
            return None
    return tuple(items)


@cache
def _role(name: str) -> str:
    """What a parameter's name says its value is (`seat`, `winner_seat`, `seats`,
    `bids_by_seat`, `brief_seat`), read once per name rather than on every message."""
    if name.endswith("_by_seat"):
        return _BY_SEAT
    if name == "brief_seat":
        return _BRIEF
    if name == "seat" or name.endswith("_seat"):
        return _SEAT
    if name == "seats" or name.endswith("_seats"):
        return _SEATS
    return _PLAIN
