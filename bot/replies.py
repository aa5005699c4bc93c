"""What the bot sends. Adapters decide how: a Telegram DM or a Discord ephemeral answer.

Text is plain: adapters escape it for their markup (Telegram HTML, Discord markdown)
so user text can never inject formatting or mentions. `pre` is a monospace block
(a board snapshot). Our own emphasis (a dropped die struck through, a success in bold)
is never written into the text: a reply that has any carries its text as spans too
(`marks`, bot/marks.py), which adapters draw in their markup or leave plain.
"""

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from bot.marks import Marked, plain, spans


@dataclass(frozen=True)
class Button:
    label: str
    data: str  # at most 64 bytes (Telegram's callback data limit)


@dataclass(frozen=True)
class InputRequest:
    """A question that takes a typed answer (a bid, a station): for a Discord modal.

    Submit the typed value as `Incoming(button=data, text=value)`; platforms that
    let players type in the chat need nothing of this.
    """

    label: str  # the button that opens the input, e.g. "Type a number"
    kind: str  # "number" or "text"
    data: str  # button payload naming the prompt; the value travels as text
    min: int | None = None
    max: int | None = None
    max_length: int = 200


@dataclass(frozen=True)
class Reply:
    text: str = ""
    to: str | None = None  # None: the group; else the user id to tell privately
    pre: str | None = None
    buttons: tuple[tuple[Button, ...], ...] = ()
    board: bool = False  # the board: edit the previous board message where possible
    notice: bool = False  # a short answer to whoever pressed (callback alert, ephemeral)
    error: bool = False  # a refusal: nothing was changed
    # The board as an SVG picture, drawn on demand (by adapters that show pictures);
    # returns None for a game without a picture.
    svg: Callable[[], str | None] | None = field(default=None, repr=False, compare=False)
    input: InputRequest | None = None
    chat: str = ""  # the table's chat this reply belongs to (its group, for group replies)
    # The table's living status message of the step with this token: the adapter tells
    # the router its id (Router.remember_status) so that later answers edit it; it is
    # never merged with other replies, which an edit would drop.
    status: str = ""
    # Edit this earlier message (the platform's id) instead of posting: its text becomes
    # `text` and its buttons `buttons` (none: they are removed). An edit that fails is
    # dropped, never posted anew.
    edit: str | None = None
    # The pressed message is done (answered, or outdated): the adapter adds this line to
    # it and removes its buttons. A reply with no text says nothing else.
    pressed: str | None = None
    # (user id, display name): these players must act; the adapter turns their names
    # in the last line into mentions that notify them, and no one else.
    mentions: tuple[tuple[str, str], ...] = ()
    # A board posted anew at the bottom of the chat: delete this earlier board message
    # (the platform's id as the table kept it, Table.board_message).
    replaces: str | None = None
    reply_to: str | None = None  # the platform's id of the message this answers (a refusal)
    # The chat's command menu, where the platform keeps one per chat: (game id, language)
    # while that game runs, ("", language) back to the bot's own when it ends. A reply
    # with a menu says nothing else.
    menu: tuple[str, str] | None = None
    # Its copy's field in the chat's durable outbox (bot/store/outboxes.py), written with the
    # table's change: the adapter acknowledges it once the platform accepted the reply.
    # Empty: a reply kept nowhere (a refusal, a roll, an apology).
    outbox_id: str = ""
    # The text as spans with our emphasis (bot/marks.py), when it has any: they read
    # `text` exactly (`marked` makes both). Empty: the text is plain.
    marks: Marked = ()

    @property
    def spans(self) -> Marked:
        """The text as spans: its marks, or the plain text as one span. Marks that no
        longer read the text (a text changed without them) are left out: the text wins."""
        if self.marks and plain(self.marks) == self.text:
            return self.marks
        return spans(self.text)

    @property
    def private(self) -> bool:
        return self.to is not None


_REPLY_FIELDS = frozenset(f.name for f in fields(Reply))


def marked(text: str | Marked, **fields: Any) -> Reply:
    """A Reply of a text that may have our emphasis: its plain text, and its spans."""
    if isinstance(text, str):
        return Reply(text=text, **fields)
    return Reply(text=plain(text), marks=text, **fields)


def amended(reply: Reply, **changes: Any) -> Reply:
    """`dataclasses.replace(reply, **changes)` without running Reply's __init__ again
    (it checks nothing, and a command's replies are readdressed on every command — their
    chat, their field in the durable outbox)."""
    assert _REPLY_FIELDS.issuperset(changes), changes
    new = object.__new__(Reply)
    new.__dict__.update(reply.__dict__, **changes)
    return new
