"""EINS IST KEINS – the card game: pure transitions (rule book, "the Card Game").

One card each; the leader lays a card and announces earliest opening, latest closing,
district or lifebuoy; once around the table each other player must trump the last card
laid if they can (opening: same or earlier; closing: same or later, counted past
midnight; district/lifebuoy: the same), otherwise passes; the last card laid takes the
trick, whose pubs count as visited for its taker, who deals everyone a card and leads.
Readings of the rule book: NOTES.md ("The card game").
"""

from pathlib import Path

from pydantic import TypeAdapter

from rules.core.errors import RuleError
from rules.core.protocol import Event, FreeInput, GameSpec, Option, Outcome, Prompt, Secrets
from rules.core.rng import Rng
from rules.einsistkeins import wins
from rules.einsistkeins.cardmodel import (
    CALLS,
    Action,
    Announce,
    Call,
    Options,
    Play,
    Played,
    PublicView,
    SeatView,
    State,
)
from rules.einsistkeins.pubs import LIFEBUOY_NAMES, PUBS, Pub, clock, pub

# ---------------------------------------------------------------- the trump rules


def trumps(card: Pub, top: Pub, call: Call) -> bool:
    """Does `card` trump `top`, the last card laid, under the announcement `call`?"""
    if top.joker == call:
        return False  # Frosch with "district", C'est la vie with "latest closing"
    match call:
        case "opening":
            return card.opening <= top.opening
        case "closing":
            return card.closing >= top.closing
        case "district":
            return card.district == top.district
        case "lifebuoy":
            return top.lifebuoy is not None and card.lifebuoy == top.lifebuoy
    return False


def calls_for(card: Pub) -> tuple[str, ...]:
    """The announcements a card may make: "lifebuoy" only for a card in a lifebuoy."""
    return tuple(c for c in CALLS if c != "lifebuoy" or card.lifebuoy)


def card_text(name: str) -> str:
    """'Izarro (17:00–03:00 · Linden-Nord · 🛟 Linden-Nord)' – data only, no language."""
    p = pub(name)
    parts = [p.hours(), p.district]
    if p.lifebuoy:
        parts.append(f"🛟 {LIFEBUOY_NAMES[p.lifebuoy]}")
    return f"{p.name} ({' · '.join(parts)})"


def call_value(name: str, call: Call) -> str:
    """What the announcement compares: a time, a district or a lifebuoy."""
    p = pub(name)
    match call:
        case "opening":
            return clock(p.opening)
        case "closing":
            return clock(p.closing)
        case "district":
            return p.district
    return LIFEBUOY_NAMES.get(p.lifebuoy or "", "")


# ---------------------------------------------------------------- set-up and dealing


def setup(players: int, options: Options, seed: int) -> State:
    rng = Rng.from_seed(seed)
    pile = [p.name for p in PUBS]
    rng.shuffle(pile)
    dealer = rng.below(players)
    state = State(
        players=players,
        options=options,
        rng=rng.state,
        pile=pile,
        hands=[[] for _ in range(players)],
        visited=[[] for _ in range(players)],
        dealer=dealer,
        leader=(dealer + 1) % players,
        needed=[wins.TARGET] * players,
    )
    _deal(state, dealer)
    state.turn = state.leader
    return state


def _deal(state: State, dealer: int) -> list[Event]:
    """One card to every player, from the dealer's left round to the dealer, while any last."""
    events: list[Event] = []
    for i in range(1, state.players + 1):
        seat = (dealer + i) % state.players
        if not state.pile:
            break
        card = state.pile.pop(0)
        state.hands[seat].append(card)
        hand = list(state.hands[seat])
        events.append(
            Event(key="eikk.dealt", params={"card": card_text(card), "hand": hand}, to=(seat,))
        )
    return events


# ---------------------------------------------------------------- prompts


def _hand_text(state: State, seat: int) -> list[str]:
    return [card_text(c) for c in state.hands[seat]]


def playable(state: State, seat: int) -> list[str]:
    """The cards `seat` may lay now: any to lead, only trumps to follow."""
    if state.phase == "lead" and seat == state.leader:
        return list(state.hands[seat])
    if state.phase == "follow" and seat == state.turn and state.call:
        top = pub(state.trick[-1].card)
        return [c for c in state.hands[seat] if trumps(pub(c), top, state.call)]
    return []


def _card_input() -> FreeInput:
    return FreeInput(kind="text", field="card", action={"type": "play"}, max_length=60)


def prompts(state: State) -> list[Prompt]:
    deadline = state.options.deadline
    seat = state.turn
    if state.phase == "lead":
        return [
            Prompt(
                id=f"lead:{state.trick_no}",
                seats=(seat,),
                key="eikk.prompt.lead",
                params={"hand": _hand_text(state, seat)},
                options=tuple(
                    Option(label=c, literal=True, action={"type": "play", "card": c})
                    for c in state.hands[seat]
                ),
                input=_card_input(),
                secret=True,  # the buttons show the hand
                command="play",
                deadline=deadline,
            )
        ]
    if state.phase == "call":
        card = state.trick[0].card
        return [
            Prompt(
                id=f"call:{state.trick_no}",
                seats=(seat,),
                key="eikk.prompt.call",
                params={"seat": seat, "card": card_text(card)},
                options=tuple(
                    Option(label=f"eikk.call.{c}", action={"type": "call", "call": c})
                    for c in calls_for(pub(card))
                ),
                deadline=deadline,
            )
        ]
    if state.phase == "follow":
        assert state.call is not None
        top = state.trick[-1].card
        return [
            Prompt(
                id=f"follow:{state.trick_no}:{len(state.trick)}:{seat}",
                seats=(seat,),
                key=f"eikk.prompt.follow.{state.call}",
                params={
                    "card": card_text(top),
                    "value": call_value(top, state.call),
                    "cards": [card_text(c) for c in playable(state, seat)],
                },
                options=tuple(
                    Option(label=c, literal=True, action={"type": "play", "card": c})
                    for c in playable(state, seat)
                ),
                input=_card_input(),
                secret=True,
                command="play",
                deadline=deadline,
            )
        ]
    return []


# ---------------------------------------------------------------- transitions


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    if state.phase == "over" or seat != state.turn:
        raise RuleError("error.not_prompted")
    state = state.model_copy(deep=True)  # never touch the caller's state
    match action:
        case Play(card=text):
            if state.phase not in ("lead", "follow"):
                raise RuleError("error.not_now")
            return _play(state, seat, _find(state, seat, text))
        case Announce(call=call):
            if state.phase != "call":
                raise RuleError("error.not_now")
            return _announce(state, seat, call)
    raise RuleError("error.not_now")


def _find(state: State, seat: int, text: str) -> str:
    """The card in the hand that `text` names: exactly, or by a unique beginning or part.
    The cards that may be played now are searched first, so `/play pi` finds the one
    Linden-Nord trump even if another card in the hand also begins with "pi"."""
    wanted = text.strip().casefold()
    for cards in (playable(state, seat), state.hands[seat]):
        for rule in (str.__eq__, str.startswith, str.__contains__):
            found = [c for c in cards if wanted and rule(c.casefold(), wanted)]
            if len(found) == 1:
                return found[0]
            if len(found) > 1:
                raise RuleError("eikk.error.ambiguous", text=text, cards=found)
    raise RuleError("eikk.error.not_in_hand", text=text)


def _play(state: State, seat: int, card: str) -> tuple[State, list[Event]]:
    if card not in playable(state, seat):
        raise RuleError("eikk.error.cannot_trump", card=card_text(card))
    state.hands[seat].remove(card)
    state.trick.append(Played(seat=seat, card=card))
    if state.phase == "lead":
        state.phase = "call"  # the call prompt tells the table which card lies there
        return state, []
    events = [Event(key="eikk.trumped", params={"seat": seat, "card": card_text(card)})]
    state.waiting.remove(seat)
    return _next_follower(state, events)


def _announce(state: State, seat: int, call: Call) -> tuple[State, list[Event]]:
    card = state.trick[0].card
    if call not in calls_for(pub(card)):
        raise RuleError("eikk.error.no_lifebuoy", card=card)
    state.call = call
    events = [
        Event(
            key=f"eikk.called.{call}",
            params={"seat": seat, "card": card, "value": call_value(card, call)},
        )
    ]
    if pub(card).joker == call:
        events.append(Event(key="eikk.joker", params={"card": card}))
    n = state.players
    state.waiting = [
        s for s in ((seat + i) % n for i in range(1, n)) if state.hands[s] and s not in state.out
    ]
    state.phase = "follow"
    return _next_follower(state, events)


def _next_follower(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    """Whoever cannot trump passes at once (a forced pass tells nothing more); the first
    who can is asked; when everyone has answered, the last card laid takes the trick."""
    while state.waiting:
        seat = state.waiting[0]
        state.turn = seat
        if playable(state, seat):
            return state, events
        state.waiting.pop(0)
        state.passed.append(seat)
        events.append(Event(key="eikk.passed", params={"seat": seat}))
    return _take(state, events)


def _take(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    taker = state.trick[-1].seat
    cards = [p.card for p in state.trick]
    state.visited[taker].extend(cards)
    visited = [pub(c) for c in state.visited[taker]]
    state.needed = [wins.needed(pub(c) for c in v) for v in state.visited]
    events.append(
        Event(
            key="eikk.took",
            params={
                "seat": taker,
                "cards": cards,
                "count": len(visited),
                "needed": state.needed[taker],
            },
        )
    )
    state.last_trick, state.last_taker = state.trick, taker
    state.trick, state.passed, state.waiting, state.call = [], [], [], None
    won = wins.win(visited)
    if won is not None:
        state.winner, state.win_kind, state.phase = taker, won.kind, "over"
        events.append(Event(key=f"eikk.won.{won.kind}", params={"seat": taker, "count": won.pubs}))
        return state, events
    if state.pile:
        events.append(Event(key="eikk.deals", params={"seat": taker}))
        events += _deal(state, taker)
        events.append(Event(key="eikk.pile", params={"count": len(state.pile)}))
    for seat in range(state.players):
        if not state.hands[seat] and seat not in state.out:
            state.out.append(seat)
            events.append(Event(key="eikk.out", params={"seat": seat}))
    holding = [s for s in range(state.players) if state.hands[s]]
    if len(holding) < 2:
        state.phase = "over"
        events.append(Event(key="eikk.no_more_tricks"))
        return state, events
    n = state.players
    state.leader = next(s for s in ((taker + i) % n for i in range(n)) if state.hands[s])
    state.dealer, state.turn, state.phase = taker, state.leader, "lead"
    state.trick_no += 1
    return state, events


# ---------------------------------------------------------------- deadlines, end, views


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
    return Outcome(ranking=wins.ranking(standings, state.winner))


def public_view(state: State) -> PublicView:
    return PublicView(
        players=state.players,
        phase=state.phase,
        dealer=state.dealer,
        leader=state.leader,
        turn=state.turn,
        trick_no=state.trick_no,
        call=state.call,
        trick=tuple(state.trick),
        passed=tuple(state.passed),
        pile=len(state.pile),
        hand_sizes=tuple(len(h) for h in state.hands),
        visited=tuple(tuple(v) for v in state.visited),
        needed=tuple(state.needed),
        out=tuple(state.out),
        last_trick=tuple(state.last_trick),
        last_taker=state.last_taker,
        winner=state.winner,
        win_kind=state.win_kind,
    )


def seat_view(state: State, seat: int) -> SeatView:
    return SeatView(
        seat=seat,
        hand=tuple(state.hands[seat]),
        playable=tuple(playable(state, seat)),
        table=public_view(state),
    )


def secrets(state: State) -> Secrets:
    """A hand is its holder's alone (the pile's order is nobody's)."""
    return {s: {"hand": list(hand)} for s, hand in enumerate(state.hands)}


CARD_GAME = GameSpec(
    id="einsistkeins_karten",
    names={"de": "Eins ist keins – Kartenspiel", "en": "Eins ist keins – card game"},
    min_players=2,
    max_players=5,
    options=Options,
    state=State,
    action=TypeAdapter(Action),
    setup=setup,
    prompts=prompts,
    apply=apply,
    public_view=public_view,
    seat_view=seat_view,
    timeout=timeout,
    outcome=outcome,
    secrets=secrets,
    locales=Path(__file__).parent / "locales",
    rulebook="rules/einsistkeins/NOTES.md",
    commands=("play",),
)
