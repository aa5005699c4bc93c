"""I. Election of the Lord Mayor: a secret simultaneous ballot, revealed together.

Readings (NOTES.md): the mayor with the most votes wins; abstentions count for nobody;
a tie for the most votes follows the rule book's NOTE: before the first round the vote
is repeated, later the incumbent stays if tied, otherwise a run-off among the tied.
"""

from collections import Counter

from rules.aufruhr import tokens
from rules.aufruhr.model import Election, State
from rules.aufruhr.steps import OpenFolders, Step
from rules.core.errors import RuleError
from rules.core.protocol import Event


def electable(state: State, voter: int) -> tuple[int, ...]:
    """Whom `voter` may vote for: not himself, not a mayor barred after impeachment."""
    assert state.election is not None
    return tuple(c for c in state.election.candidates if c != voter and c != state.barred)


def vote(state: State, seat: int, candidate: int | None, events: list[Event]) -> Step | None:
    """Record one secret ballot (None abstains); resolve once every mayor has voted."""
    el = state.election
    if el is None:
        raise RuleError("error.aufruhr.no_election")
    if candidate == seat:
        raise RuleError("error.aufruhr.self_vote")
    if candidate is not None and candidate not in electable(state, seat):
        raise RuleError("error.aufruhr.not_electable", city_id=state.mayors[candidate].city)
    el = el.model_copy(update={"ballots": el.ballots.answer(seat, candidate)})
    state.election = el
    if candidate is not None:
        events.append(
            Event(key="aufruhr.your_vote", params={"candidate_seat": candidate}, to=(seat,))
        )
    if not el.ballots.complete:
        return None
    return _count(state, events)


def _count(state: State, events: list[Event]) -> Step | None:
    el = state.election
    assert el is not None
    n = state.n
    ballots = [el.ballots.answers.get(s) for s in range(n)]
    for voter, choice in enumerate(ballots):  # revealed together: who voted for whom
        if choice is None:
            events.append(Event(key="aufruhr.ballot_abstained", params={"seat": voter}))
        else:
            events.append(
                Event(key="aufruhr.ballot", params={"seat": voter, "candidate_seat": choice})
            )
    counts = Counter(c for c in ballots if c is not None)
    tally = [counts.get(s, 0) for s in range(n)]
    events.append(Event(key="aufruhr.ballots", params={"votes_by_seat": tally}))
    if counts:
        top = max(counts.values())
        leaders = tuple(sorted(c for c, k in counts.items() if k == top))
    else:  # nobody voted: every candidate is tied
        leaders = tuple(c for c in el.candidates if c != state.barred)
    if len(leaders) == 1:
        return _elected(state, leaders[0], events)
    if state.lord_mayor is None and state.round == 1:
        if not counts and el.number > 1:
            # A silent table must not stall the game: the first seat among the tied.
            events.append(Event(key="aufruhr.tie_first", params={"tied_seats": list(leaders)}))
            return _elected(state, leaders[0], events)
        events.append(Event(key="aufruhr.tie_revote", params={"tied_seats": list(leaders)}))
        return _again(state, el.candidates)
    if state.lord_mayor in leaders:
        events.append(Event(key="aufruhr.tie_incumbent", params={"seat": state.lord_mayor}))
        return _elected(state, state.lord_mayor, events)
    if set(leaders) == set(el.candidates) and el.number > 1:
        # A run-off tied again among the same candidates: the first of them, as above.
        events.append(Event(key="aufruhr.tie_first", params={"tied_seats": list(leaders)}))
        return _elected(state, leaders[0], events)
    events.append(Event(key="aufruhr.runoff", params={"tied_seats": list(leaders)}))
    return _again(state, leaders)


def _again(state: State, candidates: tuple[int, ...]) -> None:
    el = state.election
    assert el is not None
    state.election = Election.of(state.n, candidates, el.number + 1)


def _elected(state: State, seat: int, events: list[Event]) -> Step:
    """A new term begins; before the subventions, the other mayors may hand in folders."""
    key = "aufruhr.reelected" if seat == state.lord_mayor else "aufruhr.elected"
    events.append(Event(key=key, params={"seat": seat}))
    state.lord_mayor, state.election, state.barred = seat, None, None
    tokens.new_term(state)
    state.subvention, state.promised, state.intention = {}, {}, []
    return OpenFolders("subvention")


def new_round(state: State, events: list[Event]) -> None:
    state.round += 1
    state.phase = "election"
    state.election = Election.of(state.n)
    state.step += 1
    key = "aufruhr.new_round" if state.events else "aufruhr.new_round_last"
    params = {"round": state.round, "events_left": len(state.events)}
    events.append(Event(key=key, params=params))
