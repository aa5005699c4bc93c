"""AUFRUHR! as a state machine: every phase of every round, from set-up to the outcome.

A round: I. election (secret ballot) → a bribe-folder window → II. EU subventions →
III. intention (three auction categories or one payout category) → a bribe-folder
window → the Lord Mayor picks one folder or none → either sealed-bid auctions (a tie
opens another folder window, then the Lord Mayor awards) with building at once, or the
payout card (single, double, EU inspection) → V. end of round: RuhrCity projects are
realised, owner by owner, then the event card → the next election. After the last event
card one more round is played; then VI. scoring, and the winner places the RuhrCity Hall.

Readings of the rule book are in NOTES.md; each names the test that pins it.
"""

from typing import Any

from pydantic import TypeAdapter

from rules.aufruhr import cards as deck
from rules.aufruhr.clone import clone
from rules.aufruhr.commands import _answer, _pay, _propose
from rules.aufruhr.common import CATS, _n, _private_money
from rules.aufruhr.ending import _hall
from rules.aufruhr.flow import _accept, _folder_act, _give, _intend, _vote
from rules.aufruhr.market import _bid, _build, _realise, _sold, _start_auction
from rules.aufruhr.model import (
    CITIES,
    Accept,
    Action,
    Answer,
    Bid,
    Choose,
    Demand,
    Election,
    Give,
    Hand,
    Intend,
    Mayor,
    Options,
    Pay,
    Project,
    Propose,
    Put,
    Scandal,
    State,
    Token,
    Vote,
)
from rules.aufruhr.prompted import prompted
from rules.aufruhr.prompts import prompts
from rules.aufruhr.views import public_view, seat_view
from rules.core.errors import RuleError
from rules.core.protocol import Event, Outcome, Prompt, Secrets, payload
from rules.core.rng import Rng

ACTION: TypeAdapter[Action] = TypeAdapter(Action)

__all__ = [
    "apply",
    "outcome",
    "prompts",
    "public_view",
    "seat_view",
    "secrets",
    "setup",
    "timeout",
]


def setup(n: int, options: Options, seed: int) -> State:
    if not 4 <= n <= 6:
        raise RuleError("error.aufruhr.players", count=n)
    rng = Rng.from_seed(seed)
    c = deck.cards()
    piles: dict[str, list[str]] = {}
    for cat in CATS:
        pile = [p.id for p in c.projects if p.categories[0] == cat]
        rng.shuffle(pile)
        piles[cat] = pile
    pays = [p.id for p in c.payouts]
    rng.shuffle(pays)
    events = [e.id for e in c.events]
    rng.shuffle(events)
    mayors = [Mayor(city=city) for city in CITIES[:n]]
    board: dict[str, list[Project]] = {}
    for seat, m in enumerate(mayors):
        board[m.city] = [
            Project(
                kind="municipal",
                size=i.size,
                categories=(i.category,),
                owners=(seat,),
                card=f"init:{m.city}:{k}",
            )
            for k, i in enumerate(c.initial[m.city])
        ]
        m.markers -= len(board[m.city])
    tokens = [Token(origin=s, stars=st, holder=s) for s in range(n) for st in c.bribe_stars]
    return State(
        options=options,
        rng=rng.state,
        mayors=mayors,
        election=Election(candidates=tuple(range(n))),
        board=board,
        piles=piles,
        payouts=pays,
        events=events[: options.events],
        tokens=tokens,
        scandals=[Scandal(origin=s, holder=s) for s in range(n)],
    )


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    state, events = _apply(state, seat, action)
    return state, _fresh_treasuries(state, events)


def _fresh_treasuries(state: State, events: list[Event]) -> list[Event]:
    """One "your treasury" per mayor and answer, told last with the money he has then: an
    earlier one would be stale by the time he reads it (an event card may pay him after
    he paid a licence)."""
    told = [e.to[0] for e in events if e.key == "aufruhr.treasury" and e.to]
    if not told:
        return events
    return [e for e in events if e.key != "aufruhr.treasury"] + [
        _private_money(state, s) for s in dict.fromkeys(told)
    ]


def _apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if state.phase == "over" or not 0 <= seat < _n(state):
        raise RuleError("error.not_prompted")
    match action:  # the standing commands: open to every mayor at any time
        case Pay(text=text):
            return _pay(clone(state), seat, text)
        case Propose(text=text):
            return _propose(clone(state), seat, text)
        case Answer(text=text, yes=yes):
            return _answer(clone(state), seat, text, yes)
    if seat not in prompted(state):  # the main prompt's seats, without its buttons
        raise RuleError("error.not_prompted")
    state = clone(state)
    match (state.phase, action):
        case ("election", Vote(seat=candidate)):
            return _vote(state, seat, candidate)
        case ("folders", Demand()) | ("folders", Put()) | ("folders", Hand()):
            return _folder_act(state, seat, action)
        case ("offers", Accept(seat=giver)):
            return _accept(state, giver)
        case ("subvention", Give(seat=to)):
            return _give(state, to)
        case ("intention", Intend(choice=choice)):
            return _intend(state, choice)
        case ("order", Choose(choice=card)):
            if card not in state.lots:
                raise RuleError("error.aufruhr.bad_choice")
            state.lots.remove(card)
            return _start_auction(state, card, "round", [])
        case ("bid", Bid(amount=amount)):
            return _bid(state, seat, amount)
        case ("award", Choose(choice=choice)):
            assert state.auction is not None
            if not choice.isdigit() or int(choice) not in state.auction.tied:
                raise RuleError("error.aufruhr.bad_choice")
            events = [Event(key="aufruhr.awarded", params={"seat": int(choice)})]
            return _sold(state, int(choice), events)
        case ("site", Choose(choice=site)):
            return _build(state, seat, site)
        case ("realise", Choose(choice=choice)):
            return _realise(state, seat, choice)
        case ("hall", Choose(choice=choice)):
            return _hall(state, choice)
    raise RuleError("error.not_now")


def secrets(state: State) -> Secrets:
    """A treasury is its mayor's alone; so are a ballot until the count and a sealed bid
    until the reveal. (A folder's typed demand is secret too, but free text can be any
    word the board also shows, so the search for it would accuse the innocent.)"""
    found: dict[int, dict[str, Any]] = {}
    for seat, mayor in enumerate(state.mayors):
        mine: dict[str, Any] = {"money": mayor.money}
        found[seat] = mine
        if state.election is not None and state.election.ballots.get(seat) is not None:
            mine["ballot"] = state.election.ballots[seat]
        a = state.auction
        if state.phase == "bid" and a is not None and a.bids.get(seat):
            mine["bid"] = a.bids[seat]
    return found


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = dict(state.final)
    order = sorted(set(scores.values()), reverse=True)
    ranking = tuple(tuple(s for s in sorted(scores) if scores[s] == v) for v in order)
    return Outcome(ranking=ranking, scores=scores)


def timeout(state: State, prompt: Prompt, seat: int) -> Action:
    """A missing ballot abstains, a missing bid is no bid, a folder not handed over stays
    with its owner; a lapsed Lord Mayor hands out all remaining subventions, or declares
    the whole intention, at once; every other decision defaults to the prompt's first
    option, which is chosen to be the sensible default (NOTES.md 29)."""
    if prompt.id.startswith("vote:"):
        return Vote(seat=None)
    if prompt.id.startswith("bid:"):
        return Bid(amount=0)
    if prompt.id.startswith("give:"):
        return Give(seat=None)
    if prompt.id.startswith("intend:"):
        return Intend(choice="default")
    return ACTION.validate_python(payload(prompt.options[0].action))
