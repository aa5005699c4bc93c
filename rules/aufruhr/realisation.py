"""V. End of round: RuhrCity projects are realised, owner by owner from the Lord Mayor.

An owner picks a project from his hand (or is done), then a free community; a small
project needs three of his markers, a big one three alone or two with a partner who
adds one and agrees. The licence is paid to the bank. Everyone who could realise as far
as the table can see is asked, the ones short of the licence too: skipping them would
tell who has less than 120 (NOTES.md).
"""

from rules.aufruhr import cooperation, data, projects, treasury
from rules.aufruhr.clone import mayor
from rules.aufruhr.model import Project, Realising, State
from rules.aufruhr.sites import free_sites
from rules.aufruhr.steps import EventCard, Step
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.turns import clockwise


def may_realise(state: State, seat: int, card: str) -> bool:
    """What the table can see: enough markers and a free community. Whether the mayor can
    pay the licence is his secret, so it is asked of him (and refused) privately."""
    need = 2 if projects.kind(card)[1] == "big" else 3
    return state.mayors[seat].markers >= need and bool(free_sites(state))


def _any(state: State, seat: int) -> bool:
    return any(may_realise(state, seat, c) for c in state.mayors[seat].hand)


def begin(state: State, events: list[Event]) -> Step | None:
    state.lots, state.intention = [], []
    queue = [s for s in clockwise(state.n, state.lord_mayor or 0) if _any(state, s)]
    if not queue:
        return EventCard()
    state.realising = Realising(queue=queue)
    state.phase = "realise"
    state.step += 1
    events.append(Event(key="aufruhr.realise_time", params={"seats": queue}))
    return None


def _current(state: State, stage: str) -> Realising:
    """The realisation in progress, refusing an answer meant for another of its steps."""
    r = state.realising
    assert r is not None
    at = "card" if r.card is None else "site" if r.site is None else "partner"
    if at == "partner" and r.partner is not None:
        at = "answer"
    if at != stage:
        raise RuleError("error.aufruhr.bad_choice")
    return r


def choose(state: State, seat: int, card: str) -> None:
    r = _current(state, "card")
    if card not in state.mayors[seat].hand or not may_realise(state, seat, card):
        raise RuleError("error.aufruhr.cannot_realise")
    if treasury.free(state, seat) < projects.licence(card):
        raise RuleError(
            "error.aufruhr.licence_too_poor",
            licence=projects.licence(card),
            money=state.mayors[seat].money,
        )
    r.card = card
    state.step += 1


def done(state: State, events: list[Event]) -> Step | None:
    _current(state, "card")
    return _next_owner(state, events)


def site(state: State, community: str, events: list[Event]) -> Step | None:
    r = _current(state, "site")
    assert r.card is not None
    cid = data.site_id(community)
    if cid not in free_sites(state):
        raise RuleError("error.aufruhr.bad_site")
    r.site = cid
    owner = r.queue[0]
    if projects.kind(r.card)[1] == "small" or state.mayors[owner].markers < 2:
        if state.mayors[owner].markers < 3:
            raise RuleError("error.aufruhr.no_markers")
        return _realised(state, (owner,), events)
    state.step += 1
    # A cooperation agreed in a deal: its partner is asked first (NOTES.md 34).
    coop = cooperation.agreed_partner(state, owner, r.card)
    if coop is not None:
        other = coop.seats[1] if coop.seats[0] == owner else coop.seats[0]
        if state.mayors[other].markers >= 1:
            r.partner = other
            params = {"seat": owner, "partner_seat": other, "number": coop.number}
            events.append(Event(key="aufruhr.partner_asked_agreed", params=params))
    return None


def back(state: State) -> None:
    """The big project goes back to the hand: no partner, too few markers alone."""
    r = _current(state, "partner")
    r.card = r.site = None
    r.declined = []
    state.step += 1


def alone(state: State, events: list[Event]) -> Step | None:
    r = _current(state, "partner")
    if state.mayors[r.queue[0]].markers < 3:
        raise RuleError("error.aufruhr.no_markers")
    return _realised(state, (r.queue[0],), events)


def partner(state: State, seat: int, events: list[Event]) -> None:
    r = _current(state, "partner")
    owner = r.queue[0]
    if seat == owner or not 0 <= seat < state.n:
        raise RuleError("error.aufruhr.bad_choice")
    if state.mayors[seat].markers < 1:
        raise RuleError("error.aufruhr.no_markers")
    if seat in r.declined:
        raise RuleError("error.aufruhr.partner_declined")
    r.partner = seat
    events.append(Event(key="aufruhr.partner_asked", params={"seat": owner, "partner_seat": seat}))
    state.step += 1


def answer(state: State, yes: bool, events: list[Event]) -> Step | None:
    """The partner's answer to the owner's offer."""
    r = _current(state, "answer")
    assert r.partner is not None
    if yes:
        return _realised(state, (r.queue[0], r.partner), events)
    events.append(Event(key="aufruhr.partner_declined", params={"seat": r.partner}))
    assert r.card is not None
    cooperation.over(state, r.card)  # not binding: declined, it is spent
    r.declined.append(r.partner)
    r.partner = None
    state.step += 1
    return None


def _realised(state: State, owners: tuple[int, ...], events: list[Event]) -> Step | None:
    r = state.realising
    assert r is not None and r.card is not None and r.site is not None
    owner = owners[0]
    kind, size, cats, negative = projects.kind(r.card)
    paid = treasury.pay_bank(state, owner, projects.LICENCE[size])  # bound since the choice
    mayor(state, owner).markers -= 3 if len(owners) == 1 else 2
    if len(owners) == 2:
        mayor(state, owners[1]).markers -= 1
    mayor(state, owner).hand.remove(r.card)
    cooperation.over(state, r.card)
    state.board[r.site] = [
        Project(
            kind=kind, size=size, categories=cats, owners=owners, negative=negative, card=r.card
        )
    ]
    events.append(
        Event(
            key="aufruhr.realised_coop" if len(owners) == 2 else "aufruhr.realised",
            params={
                "seat": owner,
                "partner_seat": owners[-1],
                "place_id": r.site,
                "licence": paid,
                "card": r.card,
            },
        )
    )
    events.append(treasury.told(state, owner))
    r.card = r.site = r.partner = None
    r.declined = []
    if _any(state, owner):
        state.step += 1
        return None
    return _next_owner(state, events)


def _next_owner(state: State, events: list[Event]) -> Step | None:
    r = state.realising
    assert r is not None
    r.queue.pop(0)
    r.card = r.site = r.partner = None
    r.declined = []
    while r.queue and not _any(state, r.queue[0]):
        r.queue.pop(0)
    if r.queue:
        state.step += 1
        return None
    state.realising = None
    return EventCard()
