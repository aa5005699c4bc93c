"""Draws and discards a card or a penalty imposes, and the short window to answer them.

Every draw or discard a player must make because of an action card (another player's or
their own: "für die entsprechende Person", rule book) and every penalty first opens a
reaction window for the seats concerned: each may play Nö (cancels it), Gegenteiltag
(turns an action card's effect around for them) or take it.
The window opens for every seat concerned, whether or not it holds such a card, with
the same three buttons: the group cannot tell who holds one until it is played.
"""

from rules.bohei import deck
from rules.bohei.data import ActionCard, card, named
from rules.bohei.model import Pending, State, Window
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.turns import Collect


def enqueue(state: State, pendings: list[Pending]) -> None:
    """One batch: the effects of one card, or one penalty, answered in one window."""
    for p in pendings:
        p.batch = state.batches
    state.batches += 1
    state.queue.extend(pendings)


def open_next(state: State) -> list[Event]:
    """Open the next batch's window. Every seat a batch concerns is asked, the card's own
    player too: Nö and Gegenteiltag "können jederzeit gespielt werden", and a player may
    well turn their own "discard 1" into a draw to reach 7 (NOTES.md)."""
    if state.window is None and state.queue and not state.owed:
        head = state.queue[0].batch
        batch = [p for p in state.queue if p.batch == head]
        state.queue = [p for p in state.queue if p.batch != head]
        asked = tuple(sorted({p.seat for p in batch}))
        # Asked by its prompt (bohei.prompt.react): the same for every seat concerned.
        state.window = Window(batch=batch, answers=Collect(asked=asked))
    return []


def reverses(p: Pending) -> bool:
    """Gegenteiltag turns around an action card's effect (rule book), not a penalty."""
    return p.source == "action" and p.card is not None and isinstance(card(p.card), ActionCard)


def react(state: State, seat: int, choice: str) -> list[Event]:
    window = state.window
    if window is None or seat not in window.answers.waiting:
        raise RuleError("error.not_prompted")
    mine = [p for p in window.batch if p.seat == seat]
    events: list[Event] = []
    if choice != "accept":
        kind = "noe" if choice == "noe" else "reverse"
        if choice == "reverse" and not all(reverses(p) for p in mine):
            raise RuleError("bohei.error.opposite_only_actions")
        held = [c for c in state.hands[seat] if getattr(card(c), "react", None) == kind]
        if not held:
            raise RuleError("bohei.error.no_noe" if kind == "noe" else "bohei.error.no_opposite")
        deck.discard(state, seat, held[0])
        events.append(Event(key="bohei.reacted", params={"seat": seat, **named(held[0])}))
    window.answers = window.answers.answer(seat, choice)
    if window.answers.complete:
        state.window = None
        events += _resolve(state, window.batch, window.answers.answers)
    return events


def _resolve(state: State, batch: list[Pending], answers: dict[int, str]) -> list[Event]:
    events: list[Event] = []
    for p in batch:
        choice = answers.get(p.seat, "accept")
        if choice == "noe":
            continue
        delta = -p.delta if choice == "reverse" else p.delta
        if delta > 0:
            events += deck.draw(state, p.seat, delta)
        elif delta < 0:
            owed = min(state.owed.get(p.seat, 0) - delta, len(state.hands[p.seat]))
            if owed > 0:
                state.owed[p.seat] = owed
                events.append(
                    Event(key="bohei.must_discard", params={"seat": p.seat, "count": -delta})
                )
    return events


def discard(state: State, seat: int, instance: str) -> list[Event]:
    """One of the cards `seat` owes, chosen by them: it has no effect (rule book)."""
    if state.owed.get(seat, 0) <= 0:
        raise RuleError("error.not_prompted")
    if instance not in state.hands[seat]:
        raise RuleError("bohei.error.not_in_hand")
    deck.discard(state, seat, instance)
    state.owed[seat] -= 1
    if state.owed[seat] <= 0 or not state.hands[seat]:
        del state.owed[seat]
    return [Event(key="bohei.discarded", params={"seat": seat})]


def blocking(state: State) -> bool:
    """Cards still to be drawn or discarded: the turn waits until they are."""
    return bool(state.window or state.queue or state.owed)
