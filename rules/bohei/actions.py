"""Action cards: who draws or discards how many.

Who is concerned is decided when the card is played: by seat (left, neighbours,
others), by hand size (most, fewest, as many as the player), by the player's choice,
or by an honest answer to a real-world question ("who wears glasses?").
"""

from rules.bohei import deck, reactions
from rules.bohei.data import ActionCard, Change, card, named
from rules.bohei.model import Pending, State
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.turns import Collect


def playable(instance: str) -> bool:
    """Nö and Gegenteiltag are played in a reaction window, not as the turn's action."""
    c = card(instance)
    return not isinstance(c, ActionCard) or c.react is None


def play(state: State, seat: int, instance: str) -> list[Event]:
    c = card(instance)
    assert isinstance(c, ActionCard) and c.react is None
    deck.discard(state, seat, instance)
    events = [Event(key="bohei.action_played", params={"seat": seat, **named(instance)})]
    state.action = c.id
    if c.question:
        state.question = Collect(asked=tuple(range(state.players)))
        state.phase = "question"
        return events
    if any(ch.who == "chosen" for ch in c.effects):
        state.phase = "target"
        return events
    return events + resolve(state, seat, None, ())


def target(state: State, seat: int, chosen: int) -> list[Event]:
    if not 0 <= chosen < state.players or chosen == seat:
        raise RuleError("bohei.error.bad_target")
    return resolve(state, seat, chosen, ())


def no_target(state: State, seat: int) -> list[Event]:
    """Nobody named in time: the card has no effect. The bot names no victim (or
    beneficiary) in the name of a player who is not there (NOTES.md, "silent turns")."""
    if state.phase != "target" or seat != state.turn:
        raise RuleError("error.not_prompted")
    state.action = None
    state.phase = "end"
    return [Event(key="bohei.no_target", params={"seat": seat})]


def answer(state: State, seat: int, yes: bool) -> list[Event]:
    state.question = state.question.answer(seat, yes)
    events = [
        Event(key="bohei.answered_yes" if yes else "bohei.answered_no", params={"seat": seat})
    ]
    if state.question.complete:
        said_yes = tuple(s for s, a in sorted(state.question.answers.items()) if a)
        state.question = Collect(asked=())
        events += resolve(state, state.turn, None, said_yes)
    return events


def concerned(
    state: State, seat: int, change: Change, chosen: int | None, yes: tuple[int, ...]
) -> list[int]:
    n = state.players
    sizes = [len(h) for h in state.hands]
    match change.who:
        case "self":
            return [seat]
        case "others":
            return [s for s in range(n) if s != seat]
        case "all":
            return list(range(n))
        case "left":
            return [(seat + 1) % n]
        case "neighbours":
            return sorted({(seat + 1) % n, (seat - 1) % n})
        case "chosen":
            return [chosen] if chosen is not None else []
        case "most" | "fewest":
            # Everyone level: nobody has "the most" (Robin Hood would rob and pay alike).
            if max(sizes) == min(sizes):
                return []
            aim = max(sizes) if change.who == "most" else min(sizes)
            return [s for s in range(n) if sizes[s] == aim]
        case "same":
            return [s for s in range(n) if s != seat and sizes[s] == sizes[seat]]
        case "yes":
            return list(yes)
    return []


def resolve(state: State, seat: int, chosen: int | None, yes: tuple[int, ...]) -> list[Event]:
    """The card's draws and discards, queued for their reaction window; the turn ends
    once they are done."""
    c = card(state.action or "")
    assert isinstance(c, ActionCard)
    pendings = [
        Pending(seat=s, delta=ch.delta, source="action", card=c.id, by=seat)
        for ch in c.effects
        for s in concerned(state, seat, ch, chosen, yes)
    ]
    state.action = None
    state.phase = "end"
    if not pendings:
        return [Event(key="bohei.nobody_concerned")]
    reactions.enqueue(state, pendings)
    return [
        Event(
            key="bohei.concerned",
            params={"seats": sorted({p.seat for p in pendings})},
        )
    ]
