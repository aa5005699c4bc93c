"""What comes through the door: one thing a user did, as an adapter saw it."""

from dataclasses import dataclass

from bot.table.model import Seat


@dataclass(frozen=True)
class Incoming:
    """One thing a user did, as an adapter saw it."""

    platform: str
    chat: str  # the group chat; for a private message, the user's private chat
    user: str
    name: str
    text: str = ""
    button: str | None = None  # button payload (bot/table/buttons.py)
    private: bool = False
    update_id: str | None = None
    admin: bool = False  # a chat administrator, as the platform says
    lang: str | None = None  # the user's language as the platform reports it
    # Said in the group, but the platform shows it to the sender alone (a Discord slash
    # command answered ephemerally): it may answer a secret prompt.
    sealed: bool = False
    handle: str | None = None  # the user's @handle (a username), where the platform has one
    message_id: str | None = None  # the platform's id of the message said (to reply to it)

    def player(self) -> Seat:
        return Seat(user=self.user, name=self.name, handle=self.handle)
