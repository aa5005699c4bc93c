"""AUFRUHR! views: what the group sees (`PublicView`) and what one mayor sees alone
(`SeatView`). They are different types, so nothing private reaches the group by mistake;
renderers (render/aufruhr.py) draw from them alone. Cards, places and categories are
ids here; the renderers name them from the data in the table's language."""

from pydantic import Field

from rules.aufruhr.model import Deal, Draft, Gift, Project, State
from rules.aufruhr.scoring import project_points
from rules.aufruhr.tokens import own_scandal
from rules.core.memo import Memo
from rules.core.protocol import Frozen

__all__ = ["GiftView", "PublicProject", "PublicView", "SeatView", "public_view", "seat_view"]


class PublicProject(Frozen):
    community: str
    card: str
    kind: str
    size: str
    categories: tuple[str, ...]
    owners: tuple[int, ...]
    negative: bool = False


# Fields of the moment rather than of the board: the chat tells them as they happen,
# and leaving them out of the view's dump keeps the bot, which reposts the board only
# when the dump changes, from posting the same map at every step of a round.
MOMENT = Field(exclude=True)


class PublicView(Frozen):
    cities: tuple[str, ...]
    round: int
    rounds: int
    events_left: int
    phase: str = MOMENT
    # the step a folder window stands in ("subvention", "intention", "tie"): the board
    # names that step, the window under it, so a round reads I, II, III, never I, IV, II
    window: str | None = MOMENT
    lord_mayor: int | None
    barred: int | None
    projects: tuple[PublicProject, ...]
    points: tuple[int, ...]
    markers: tuple[int, ...]
    hands: tuple[int, ...]  # how many unrealised RuhrCity projects each mayor holds
    lots: tuple[str, ...] = MOMENT
    auction: str | None = MOMENT
    answered: tuple[int, ...] = MOMENT  # who has answered the secret step in progress
    event: str | None
    hall: str | None
    deals: tuple[Deal, ...] = MOMENT  # the open ones (Deal.open_in)
    final: dict[int, int] = Field(default_factory=dict)
    winner: int | None = None  # decided with the final scores (ending.py), tie-break and all


class GiftView(Frozen):
    """A folder handed outside the windows, not yet answered: the other mayor of the pair,
    the stars inside, the demand."""

    seat: int
    stars: tuple[int, ...]
    text: str


class SeatView(Frozen):
    seat: int
    city: str
    money: int
    tokens: tuple[tuple[int, int, bool], ...]  # (origin, stars, usable) held
    scandal: bool  # own scandal still in the folder
    scandals_held: tuple[int, ...]  # origins of scandals received
    hand: tuple[str, ...]  # unrealised RuhrCity projects (card ids)
    ballot: int | None = None
    bid: int | None = None
    folder: Draft | None = None
    gift_out: GiftView | None = None  # his folder, handed and waiting for an answer
    gifts_in: tuple[GiftView, ...] = ()  # folders handed to him, waiting for his answer


def _public_projects(state: State) -> tuple[PublicProject, ...]:
    return tuple(_public_project(c, p) for c, ps in sorted(state.board.items()) for p in ps)


# The view is made at every step's end (the bot digests it to tell whether the board
# changed) and a board holds some fifteen projects, which change a few times a round:
# each project's public form is made once and shared (it is frozen), found by its value
# (a state is read anew from its JSON for every command: never the same objects twice).
# A memo of the process, not game state: a view is still a pure function of the state.
SHOWN = 4096  # (a game places ~60 projects)


def _public_project(community: str, p: Project) -> PublicProject:
    return _SHOWN[(community, p.card, p.kind, p.size, p.categories, p.owners, p.negative)]


# (the key above holds PublicProject's fields in their order)
_FIELDS = tuple(PublicProject.model_fields)
_SHOWN: Memo[PublicProject] = Memo(
    lambda *values: PublicProject(**dict(zip(_FIELDS, values, strict=True))), SHOWN
)


def _answered(state: State) -> tuple[int, ...]:
    if state.phase == "election" and state.election is not None:
        return state.election.ballots.answered
    if state.phase == "bid" and state.auction is not None:
        return state.auction.bids.answered
    if state.phase == "folders" and state.folders is not None:
        lm = state.lord_mayor
        return tuple(s for s in range(state.n) if s != lm and s not in state.folders.seats)
    return ()


def public_view(state: State) -> PublicView:
    return PublicView(
        cities=state.cities,
        round=state.round,
        rounds=state.options.events + 1,
        events_left=len(state.events),
        phase=state.phase,
        window=state.folders.context if state.folders else None,
        lord_mayor=state.lord_mayor,
        barred=state.barred,
        projects=_public_projects(state),
        points=tuple(project_points(state.board, state.n)),
        markers=tuple(m.markers for m in state.mayors),
        hands=tuple(len(m.hand) for m in state.mayors),
        lots=tuple(state.lots),
        auction=state.auction.card if state.auction else None,
        answered=_answered(state),
        event=state.event,
        hall=state.hall,
        deals=tuple(d for d in state.deals if d.open_in(state.round)),
        final=dict(state.final),
        winner=state.winner_hall,
    )


def seat_view(state: State, seat: int) -> SeatView:
    m = state.mayors[seat]
    held = tuple((t.origin, t.stars, not t.covered) for t in state.tokens if t.holder == seat)
    ballot = state.election.ballots.answers.get(seat) if state.election else None
    bid = state.auction.bids.answers.get(seat) if state.auction else None
    folder = state.folders.drafts.get(seat) if state.folders else None
    return SeatView(
        seat=seat,
        city=m.city,
        money=m.money,
        tokens=held,
        scandal=own_scandal(state, seat) is not None,
        scandals_held=tuple(
            s.origin for s in state.scandals if s.holder == seat and s.origin != seat
        ),
        hand=tuple(m.hand),
        ballot=ballot,
        bid=bid,
        folder=folder,
        gift_out=next((_gift(state, g.to, g) for g in state.gifts if g.giver == seat), None),
        gifts_in=tuple(_gift(state, g.giver, g) for g in state.gifts if g.to == seat),
    )


def _gift(state: State, other: int, gift: Gift) -> GiftView:
    stars = tuple(state.tokens[i].stars for i in gift.tokens)
    return GiftView(seat=other, stars=stars, text=gift.text)
