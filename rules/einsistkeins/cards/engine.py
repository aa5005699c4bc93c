"""The card game's engine: set-up, one dispatch over the actions, the deadline's default,
the outcome and the invariants. It chains the phase modules, which never import each
other: leading.py (lay a card, announce), following.py (trump or pass), taking.py (the
trick taken, the win, who is out, the next leader) and dealing.py.

Readings of the rule book: NOTES.md ("The card game").
"""

from collections import Counter

from rules.core.clone import clone
from rules.core.errors import RuleError
from rules.core.protocol import Event, Outcome, Prompt, Tiebreak
from rules.core.rng import Rng
from rules.core.turns import next_seat
from rules.einsistkeins import wins
from rules.einsistkeins.cards import dealing, following, leading, taking
from rules.einsistkeins.cards.model import Action, Announce, Options, Play, State
from rules.einsistkeins.cards.tricks import find_card, playable
from rules.einsistkeins.pubs import PUBS, pub


def setup(players: int, options: Options, seed: int) -> State:
    rng = Rng.from_seed(seed)
    pile = [p.name for p in PUBS]
    rng.shuffle(pile)
    dealer = rng.below(players)
    leader = next_seat(players, dealer)
    assert leader is not None
    state = State(
        players=players,
        options=options,
        rng=rng.state,
        pile=pile,
        hands=[[] for _ in range(players)],
        visited=[[] for _ in range(players)],
        dealer=dealer,
        leader=leader,
        needed=[wins.TARGET] * players,
    )
    dealing.deal(state, dealer)
    state.turn = state.leader
    return state


def opening(state: State) -> list[Event]:
    """As the game begins, everyone but the leader (whose prompt shows the hand) is told
    their first card privately, and who leads."""
    return [
        Event(
            key="einsistkeins_karten.first_card",
            params={"card_id": state.hands[seat][0], "seat": state.leader},
            to=(seat,),
        )
        for seat in range(state.players)
        if seat != state.leader and state.hands[seat]
    ]


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if state.phase == "over" or seat != state.turn:
        raise RuleError("error.not_prompted")
    state = clone(state)  # never touch the caller's state
    match action:
        case Play(card=text) if state.phase in ("lead", "follow"):
            card = find_card(state, seat, text)
            if card not in playable(state, seat):
                raise RuleError("einsistkeins_karten.error.cannot_trump", card_id=card)
            if state.phase == "lead":
                return state, leading.lead(state, seat, card)
            return _follow(state, following.trump(state, seat, card))
        case Announce(call=call) if state.phase == "call":
            return _follow(state, leading.announce(state, seat, call))
    raise RuleError("error.not_now")


def _follow(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """The next who can trump is asked; when nobody is left, the trick is taken, the taker
    deals, and the next trick begins (or the game ends)."""
    events += following.ask_next(state)
    if state.waiting:
        return state, events
    taker = state.trick[-1].seat
    events += taking.take(state)
    if state.winner is not None:
        return state, events
    if state.pile:
        events.append(Event(key="einsistkeins_karten.deals", params={"seat": taker}))
        events += dealing.deal(state, taker)
        events.append(Event(key="einsistkeins_karten.pile", params={"count": len(state.pile)}))
    return state, events + taking.next_trick(state, taker)


def timeout(state: State, prompt: Prompt, seat: int) -> Action:
    """A silent leader lays the first card of the hand and announces earliest opening; a
    silent follower lays the first card that trumps (whoever can, must)."""
    if state.phase == "call":
        return Announce(call="opening")
    return Play(card=playable(state, seat)[0])


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    standings = {s: wins.standing([pub(c) for c in state.visited[s]]) for s in range(state.players)}
    ranking = wins.ranking(standings, state.winner)
    # Equal pubs are ordered by districts (alcohol plays no part here): the tied players'
    # pubs and districts are told, as the ranking shows neither.
    tied = wins.tied(standings, ranking, state.winner)
    told = [[s, *standings[s][:2]] for s in tied]  # seat, pubs, districts
    tiebreak = (
        Tiebreak(key="einsistkeins_karten.tiebreak", params={"standings": told}) if tied else None
    )
    return Outcome(ranking=ranking, tiebreak=tiebreak)


DECK = Counter(p.name for p in PUBS)


def invariants(state: State) -> None:
    """What holds after every step: the 50 cards are all somewhere (pile, hands, tricks
    taken, the trick on the table) and none twice; a player who is out holds no card; the
    seat asked holds a card it may lay (or announces); the pubs needed match the tricks."""
    cards = [*state.pile, *(p.card for p in state.trick)]
    cards += [c for h in state.hands for c in h] + [c for v in state.visited for c in v]
    assert Counter(cards) == DECK, "the 50 cards are conserved, none twice"
    assert all(not state.hands[s] for s in state.out), "a player who is out holds no card"
    assert state.needed == [wins.needed(pub(c) for c in v) for v in state.visited]
    assert state.winner is None or state.phase == "over", "a win ends the game"
    if state.phase == "over":
        return
    assert not state.trick or state.trick[0].seat == state.leader, "the leader's card first"
    match state.phase:
        case "lead":
            assert not state.trick and state.hands[state.turn] and state.turn == state.leader
        case "call":
            assert len(state.trick) == 1 and state.turn == state.leader
        case "follow":
            assert state.call is not None and state.waiting and state.turn == state.waiting[0]
            assert playable(state, state.turn), "only a player who can trump is asked"
