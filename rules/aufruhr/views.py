"""AUFRUHR! views: what the group sees and what one mayor sees alone."""

from rules.aufruhr.common import _cities, _n, _names, _own_scandal, _points, initial_name
from rules.aufruhr.model import (
    PublicProject,
    PublicView,
    SeatView,
    State,
)


def _public_projects(state: State) -> tuple[PublicProject, ...]:
    out = []
    for c, ps in sorted(state.board.items()):
        for p in ps:
            if p.card.startswith("init:"):
                name = initial_name(p.card)
            else:
                n = _names(p.card)
                name = {"en": n["name"].en, "de": n["name"].de}
            out.append(
                PublicProject(
                    community=c,
                    card=p.card,
                    kind=p.kind,
                    size=p.size,
                    categories=p.categories,
                    owners=p.owners,
                    negative=p.negative,
                    name=name,
                )
            )
    return tuple(out)


def _answered(state: State) -> tuple[int, ...]:
    if state.phase == "election" and state.election is not None:
        return tuple(sorted(state.election.ballots))
    if state.phase == "bid" and state.auction is not None:
        return tuple(sorted(state.auction.bids))
    if state.phase == "folders" and state.folders is not None:
        lm = state.lord_mayor
        return tuple(s for s in range(_n(state)) if s != lm and s not in state.folders.seats)
    return ()


def public_view(state: State) -> PublicView:
    return PublicView(
        cities=_cities(state),
        round=state.round,
        rounds=state.options.events + 1,
        events_left=len(state.events),
        phase=state.phase,
        lord_mayor=state.lord_mayor,
        barred=state.barred,
        projects=_public_projects(state),
        points=tuple(_points(state)),
        markers=tuple(m.markers for m in state.mayors),
        hands=tuple(len(m.hand) for m in state.mayors),
        lots=tuple(state.lots),
        auction=state.auction.card if state.auction else None,
        answered=_answered(state),
        event=state.event,
        hall=state.hall,
        deals=tuple(d for d in state.deals if d.open_in(state.round)),
        final=dict(state.final),
        auction_name=_names(state.auction.card)["name"] if state.auction else None,
        lot_names=tuple(_names(c)["name"] for c in state.lots),
        event_name=_names(state.event)["name"] if state.event else None,
    )


def seat_view(state: State, seat: int) -> SeatView:
    m = state.mayors[seat]
    held = tuple((t.origin, t.stars, not t.covered) for t in state.tokens if t.holder == seat)
    ballot = state.election.ballots.get(seat) if state.election else None
    bid = state.auction.bids.get(seat) if state.auction else None
    folder = state.folders.drafts.get(seat) if state.folders else None
    return SeatView(
        seat=seat,
        city=m.city,
        money=m.money,
        tokens=held,
        scandal=_own_scandal(state, seat) is not None,
        scandals_held=tuple(
            s.origin for s in state.scandals if s.holder == seat and s.origin != seat
        ),
        hand=tuple(m.hand),
        hand_names=tuple(_names(c)["name"] for c in m.hand),
        ballot=ballot,
        bid=bid,
        folder=folder,
    )
