"""A chat's table: its language, the lobby or running game, and what to edit."""

from typing import Any, Literal

from pydantic import BaseModel, Field

from bot.fame import Fame
from bot.game_proof import GameProof
from bot.i18n import DEFAULT


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
    state: dict[str, Any] | None = None  # the engine's State, as JSON
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
    # a digest of the public view last shown: a step that changed nothing on the board
    # does not post it again (play.settle); tables stored before it load with None
    board_digest: str | None = None
    fame: dict[str, Fame] = Field(default_factory=dict)  # by game id (bot/fame.py)
    # The game's seed, its commitment and its answers (bot/game_proof.py): kept after
    # the game's end, until the next /start, so that /verify can replay it.
    proof: GameProof | None = None
    offers: dict[str, Offer] = Field(default_factory=dict)  # by user: bot/offers.py

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
        self.status_log = ""
        self.offers = {}
