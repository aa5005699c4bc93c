"""What comes next: the steps by which one phase hands the game on to another.

A phase never calls another phase: it changes the state, appends its events and returns
the next step (or None: the game now waits for a player). `engine.advance` runs the steps
in turn, so the order of the round is written in one place.
"""

from dataclasses import dataclass
from typing import Literal

from rules.aufruhr.model import Wish

FolderContext = Literal["subvention", "intention", "tie"]


@dataclass(frozen=True)
class OpenFolders:
    """A bribe-folder window before `context` is decided."""

    context: FolderContext


@dataclass(frozen=True)
class FoldersClosed:
    """The window is over: the demand of the folder the Lord Mayor took (None: none)."""

    context: FolderContext
    demand: Wish | None = None
    giver: int | None = None


@dataclass(frozen=True)
class Intention:
    """III. The Lord Mayor declares a payout or an auction."""


@dataclass(frozen=True)
class NextLot:
    """III.a The next revealed project is auctioned (or the round ends)."""


@dataclass(frozen=True)
class StartAuction:
    card: str
    source: Literal["round", "event"]


@dataclass(frozen=True)
class EndRound:
    """V. RuhrCity projects are realised, owner by owner."""


@dataclass(frozen=True)
class EventCard:
    """V. The event card (or, after the last one, the end)."""


@dataclass(frozen=True)
class NewRound:
    """I. The next round begins with the election."""


@dataclass(frozen=True)
class Final:
    """VI. Final scoring; the winner places the RuhrCity Hall."""


Step = (
    OpenFolders
    | FoldersClosed
    | Intention
    | NextLot
    | StartAuction
    | EndRound
    | EventCard
    | NewRound
    | Final
)
