"""AUFRUHR! as a state machine: set-up, one dispatch over the actions, and the chain of
phases from one round to the next.

A round: I. election (secret ballot) → a bribe-folder window → II. EU subventions →
III. intention (three auction categories or one payout category) → a bribe-folder
window → the Lord Mayor picks one folder or none → either sealed-bid auctions (a tie
opens another folder window, then the Lord Mayor awards) with building at once, or the
payout card (single, double, EU inspection) → V. end of round: RuhrCity projects are
realised, owner by owner, then the event card → the next election. After the last event
card one more round is played; then VI. scoring, and the winner places the RuhrCity Hall.

Each phase module carries out one decision and returns the step that comes next
(steps.py); `advance` below enters it, so phases never call one another.
Readings of the rule book are in NOTES.md; each names the test that pins it.
"""

from typing import Any

from rules.aufruhr import (
    auction,
    commands,
    cooperation,
    data,
    election,
    ending,
    event_cards,
    folders,
    gifts,
    intention,
    realisation,
    subventions,
    treasury,
)
from rules.aufruhr.actions import (
    Abstain,
    Accept,
    Action,
    Alone,
    Answer,
    Award,
    Back,
    Bid,
    Demand,
    Done,
    GiftAnswer,
    Give,
    GiveFolder,
    Hall,
    Hand,
    IntendAuction,
    IntendPayout,
    Lapse,
    Lot,
    Partner,
    PartnerAnswer,
    Pay,
    Propose,
    ProposeCoop,
    Put,
    Realise,
    RefuseAll,
    Site,
    Slot,
    Vote,
)
from rules.aufruhr.clone import clone, window
from rules.aufruhr.model import CITIES, Election, Mayor, Options, Project, Scandal, State, Token
from rules.aufruhr.prompted import prompted
from rules.aufruhr.prompts import prompts
from rules.aufruhr.steps import (
    EndRound,
    EventCard,
    Final,
    FoldersClosed,
    Intention,
    NewRound,
    NextLot,
    OpenFolders,
    StartAuction,
    Step,
)
from rules.aufruhr.views import public_view, seat_view
from rules.core.errors import RuleError
from rules.core.protocol import Event, Outcome, Prompt, Secrets, Tiebreak
from rules.core.rng import Rng

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
    c = data.cards()
    piles: dict[str, list[str]] = {}
    for cat in data.CATEGORIES:
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
        election=Election.of(n),
        board=board,
        piles=piles,
        payouts=pays,
        events=events[: options.events],
        tokens=tokens,
        scandals=[Scandal(origin=s, holder=s) for s in range(n)],
    )


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if state.phase == "over" or not 0 <= seat < state.n:
        raise RuleError("error.not_prompted")
    events: list[Event] = []
    match action:  # the standing commands: open to every mayor at any time
        case Pay(text=text):
            state = clone(state)
            commands.pay(state, seat, text, events)
            return state, _fresh_treasuries(state, events)
        case Propose(text=text):
            state = clone(state)
            commands.propose(state, seat, text, events)
            return state, events
        case ProposeCoop(text=text):
            state = clone(state)
            cooperation.propose(state, seat, text, events)
            return state, events
        case Answer(text=text, yes=yes):
            state = clone(state)
            deal = commands.answer(state, seat, text, yes, events)
            cooperation.answered(state, deal, seat, yes, events)
            return state, events
        case GiveFolder(text=text):
            state = clone(state)
            gifts.give(state, seat, text, events)
            return state, events
        case GiftAnswer(text=text, yes=yes):
            state = clone(state)
            gifts.answer(state, seat, text, yes, events)
            return state, events
    if seat not in prompted(state):  # the main prompt's seats, without its buttons
        raise RuleError("error.not_prompted")
    # Most answers of a game are steps in a folder window (a token put in, a demand
    # chosen): only the window is copied for them (rules/aufruhr/clone.py `window`),
    # since a whole copy touches every token, mayor and pile of the game.
    in_window = state.phase == "folders"
    state = window(state) if in_window else clone(state)
    step = _decide(state, seat, action, events)
    if in_window and step is not None:  # the window closed: the next step may change anything
        state = clone(state)
    advance(state, step, events)
    return state, _fresh_treasuries(state, events)


def _decide(state: State, seat: int, action: Action, events: list[Event]) -> Step | None:
    """The prompted `seat`'s decision, carried out by its phase: the step that follows."""
    match (state.phase, action):
        case ("election", Vote(seat=candidate)):
            return election.vote(state, seat, candidate, events)
        case ("election", Abstain()):
            return election.vote(state, seat, None, events)
        case ("folders", Demand() | Put() | Hand()):
            return folders.act(state, seat, action, events)
        case ("offers", Accept(seat=giver)):
            return folders.accept(state, giver, events)
        case ("offers", RefuseAll()):
            return folders.accept(state, None, events)
        case ("subvention", Give(seat=to)):
            return subventions.give(state, to, events)
        case ("subvention", Lapse()):
            return subventions.lapse(state, events)
        case ("intention", IntendPayout(category=category)):
            return intention.declare_payout(state, category, events)
        case ("intention", IntendAuction()):
            return intention.declare_auction(state)
        case ("intention", Slot(category=category)):
            return intention.slot(state, category, events)
        case ("intention", Lapse()):
            return intention.lapse(state, events)
        case ("order", Lot(card=card)):
            return intention.lot(state, card)
        case ("bid", Bid(amount=amount)):
            return auction.bid(state, seat, amount, events)
        case ("award", Award(seat=winner)):
            return auction.award(state, winner, events)
        case ("site", Site(community=community)):
            return auction.build(state, seat, community, events)
        case ("realise", Realise(card=card)):
            return realisation.choose(state, seat, card)
        case ("realise", Done()):
            return realisation.done(state, events)
        case ("realise", Site(community=community)):
            return realisation.site(state, community, events)
        case ("realise", Back()):
            return realisation.back(state)
        case ("realise", Alone()):
            return realisation.alone(state, events)
        case ("realise", Partner(seat=partner)):
            return realisation.partner(state, partner, events)
        case ("realise", PartnerAnswer(yes=yes)):
            return realisation.answer(state, yes, events)
        case ("hall", Hall(community=community)):
            return ending.hall(state, community, events)
    raise RuleError("error.not_now")


def advance(state: State, step: Step | None, events: list[Event]) -> None:
    """Enter each step in turn until the game waits for a player (None)."""
    while step is not None:
        step = _enter(state, step, events)


def _enter(state: State, step: Step, events: list[Event]) -> Step | None:
    match step:
        case OpenFolders(context=context):
            return folders.open_window(state, context, events)
        case FoldersClosed(context="subvention", demand=demand, giver=giver):
            return subventions.begin(state, demand, giver, events)
        case FoldersClosed(context="intention", demand=demand):
            return intention.after_folders(state, demand, events)
        case FoldersClosed(context="tie", demand=demand):
            return auction.after_folders(state, demand, events)
        case Intention():
            return intention.begin(state)
        case NextLot():
            return intention.next_lot(state)
        case StartAuction(card=card, source=source):
            return auction.start(state, card, source, events)
        case EndRound():
            return realisation.begin(state, events)
        case EventCard():
            return event_cards.play(state, events)
        case NewRound():
            gifts.lapse(state, events)
            return election.new_round(state, events)
        case Final():
            gifts.lapse(state, events)
            return ending.final(state, events)
    raise AssertionError(f"no such step: {step!r}")


def _fresh_treasuries(state: State, events: list[Event]) -> list[Event]:
    """One "your treasury" per mayor and answer, told last with the money he has then: an
    earlier one would be stale by the time he reads it (an event card may pay him after
    he paid a licence)."""
    told = [e.to[0] for e in events if e.key == "aufruhr.treasury" and e.to]
    if not told:
        return events
    return [e for e in events if e.key != "aufruhr.treasury"] + [
        treasury.told(state, s) for s in dict.fromkeys(told)
    ]


def secrets(state: State) -> Secrets:
    """A treasury is its mayor's alone; so are a ballot until the count and a sealed bid
    until the reveal; and what is inside a folder handed outside the windows, known to
    its giver and receiver. (A folder's typed demand is secret too, but free text can be
    any word the board also shows, so the search for it would accuse the innocent.)"""
    found: dict[int, dict[str, Any]] = {}
    el, a = state.election, state.auction
    for seat, mayor in enumerate(state.mayors):
        mine: dict[str, Any] = {"money": mayor.money}
        found[seat] = mine
        if el is not None and el.ballots.answers.get(seat) is not None:
            mine["ballot"] = el.ballots.answers[seat]
        if state.phase == "bid" and a is not None and a.bids.answers.get(seat):
            mine["bid"] = a.bids.answers[seat]
    for g in state.gifts:  # by its stars in all (a list would read as one per seat)
        stars = sum(state.tokens[i].stars for i in g.tokens)
        found[g.giver]["gift_stars"] = stars
        found[g.to][f"gift_stars_from_{g.giver}"] = stars
    return found


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    scores = dict(state.final)
    order = sorted(set(scores.values()), reverse=True)
    ranking = [[s for s in sorted(scores) if scores[s] == v] for v in order]
    # Equal points share a place (the rule book ranks no further); at the top, the
    # title's tie-break puts its holder first (NOTES.md 30), and the table is told why.
    tiebreak = None
    top, winner = ranking[0], state.winner_hall
    if len(top) > 1 and winner in top:
        top.remove(winner)
        top.insert(0, winner)
        kept = winner == state.lord_mayor
        key = "aufruhr.tiebreak_incumbent" if kept else "aufruhr.tiebreak_left"
        tiebreak = Tiebreak(key=key, params={"seat": winner, "tied_seats": top[1:]})
    elif any(len(group) > 1 for group in ranking):
        tiebreak = Tiebreak(key="aufruhr.tiebreak_shared")
    return Outcome(ranking=tuple(map(tuple, ranking)), scores=scores, tiebreak=tiebreak)


def timeout(state: State, prompt: Prompt, seat: int) -> Action:
    """A missing ballot abstains, a missing bid is no bid, a folder not handed over stays
    with its owner; a lapsed Lord Mayor hands out all remaining subventions, or declares
    the whole intention, at once; every other decision defaults to the prompt's first
    option, which is chosen to be the sensible default (NOTES.md 29)."""
    kind = prompt.id.partition(":")[0]
    if kind == "vote":
        return Abstain()
    if kind == "bid":
        return Bid(amount=0)
    if kind in ("give", "intend"):
        return Lapse()
    return prompt.options[0].action  # type: ignore[return-value]
