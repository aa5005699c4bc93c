"""The pub cards on the table: drawing (dead cards go into the box), swapping with or
discarding onto the face-up card (a 2), scoring a pub where a player ends an action,
refilling after a score, and closing time (closed pubs leave the game; hands refill to
six). Readings of the rule book: NOTES.md ("The board game")."""

from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.turns import clockwise
from rules.einsistkeins import wins
from rules.einsistkeins.board.hours import dead, open_squares
from rules.einsistkeins.board.model import HAND, State
from rules.einsistkeins.board.places import pub_at
from rules.einsistkeins.pubs import pub


def draw(state: State) -> tuple[str | None, list[str]]:
    """The top card of the pile, and the cards drawn before it: a pub already closed for
    the night goes into the box at once and the next card is drawn (NOTES.md)."""
    gone: list[str] = []
    card = None
    while state.pile and card is None:
        drawn = state.pile.pop(0)
        if dead(drawn, state.clock):
            gone.append(drawn)
        else:
            card = drawn
    state.boxed += gone
    return card, gone


def boxed(gone: list[str]) -> list[Event]:
    """One line for the cards a draw put into the box: late at night much of the pile is
    dead (a closing time at 03:00 may draw the last cards, every one dead), and a pile that
    shrinks by more than the draws told must say where the rest went — in one line, not
    one a card."""
    if not gone:
        return []
    return [Event(key="einsistkeins.boxed", params={"pubs": gone, "count": len(gone)})]


def find_card(state: State, seat: int, text: str) -> str:
    """The card in front of `seat` that `text` names: exactly, by a unique beginning or part."""
    wanted = text.strip().casefold()
    for rule in (str.__eq__, str.startswith, str.__contains__):
        found = [c for c in state.hands[seat] if wanted and rule(c.casefold(), wanted)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise RuleError("einsistkeins.error.ambiguous", text=text[:40], places=found)
    raise RuleError("einsistkeins.error.not_your_card", text=text[:40])


def swap(state: State, seat: int, text: str) -> list[Event]:
    """A 2: one of your cards for the face-up card."""
    card = find_card(state, seat, text)
    if not state.faceup:
        raise RuleError("einsistkeins.error.no_faceup")
    hand, taken = state.hands[seat], state.faceup
    hand[hand.index(card)], state.faceup = taken, card
    state.phase = "act"
    params = {"seat": seat, "card": card, "taken": taken}
    return [Event(key="einsistkeins.swapped", params=params)]


def discard(state: State, seat: int, text: str) -> list[Event]:
    """A 2: one of your cards onto the face-up card (which leaves the game), then draw."""
    card = find_card(state, seat, text)
    if not state.pile:
        raise RuleError("einsistkeins.error.pile_empty")
    hand = state.hands[seat]
    hand.remove(card)
    if state.faceup:
        state.boxed.append(state.faceup)  # covered: out of the game
    state.faceup = card
    new, gone = draw(state)
    events = [Event(key="einsistkeins.discarded", params={"seat": seat, "card": card})]
    events += boxed(gone)
    if new:
        hand.append(new)
        events.append(Event(key="einsistkeins.drew", params={"seat": seat, "card": new}))
    state.phase = "act"
    return events


def visit(state: State, seat: int) -> list[Event]:
    """A pub on one of your cards or the face-up card, open, where you end an action, is
    scored; a win sets `state.winner`; a card from your hand is replaced (phase "refill")."""
    name = pub_at(state.pos[seat])
    if name is None or state.pos[seat] not in open_squares(state.clock):
        return []
    gone: list[str] = []  # drawn dead for a new face-up card
    if name in state.hands[seat]:
        state.hands[seat].remove(name)
        source = "hand"
    elif name == state.faceup:
        state.faceup, gone = draw(state)
        source = "faceup"
    else:
        return []
    state.visited[seat].append(name)
    visited = [pub(c) for c in state.visited[seat]]
    won = wins.win(visited)
    if won is not None:
        # The visit that wins says so, not how far the player still was a moment before.
        state.winner, state.win_kind = seat, won.kind
        scored = Event(key="einsistkeins.scored_win", params={"seat": seat, "pub": name})
        params = {"seat": seat, "count": won.pubs, "needed": won.needed}
        return [scored, *boxed(gone), Event(key=f"einsistkeins.won.{won.kind}", params=params)]
    params = {"seat": seat, "pub": name, "count": len(visited), "needed": wins.needed(visited)}
    events = [Event(key="einsistkeins.scored", params=params), *boxed(gone)]
    if source == "faceup":
        if state.faceup:
            events.append(Event(key="einsistkeins.new_faceup", params={"card": state.faceup}))
    elif state.pile or state.faceup:
        state.phase = "refill"
    return events


def refill(state: State, seat: int, take: bool) -> list[Event]:
    """After scoring a card of your own: take the face-up card, or draw from the pile."""
    if take:
        if not state.faceup:
            raise RuleError("error.not_now")
        card: str | None = state.faceup
        state.faceup, gone = draw(state)
        events = [Event(key="einsistkeins.took_faceup", params={"seat": seat, "card": card})]
        events += boxed(gone)
        if state.faceup:
            events.append(Event(key="einsistkeins.new_faceup", params={"card": state.faceup}))
    else:
        card, gone = draw(state)
        events = boxed(gone)
        if card:
            events.append(Event(key="einsistkeins.drew", params={"seat": seat, "card": card}))
    if card:
        state.hands[seat].append(card)
    return events


def close_pubs(state: State, keeper: int) -> list[Event]:
    """After the clock moves: closed pubs leave every hand and the face-up card; then
    everyone, from the player after the clock keeper, draws one card in turn until all
    hold six again (or the pile is empty); the cards drawn dead on the way are told in one
    line at the end."""
    gone = []
    for hand in state.hands:
        for card in [c for c in hand if dead(c, state.clock)]:
            hand.remove(card)
            gone.append(card)
    if state.faceup and dead(state.faceup, state.clock):
        gone.append(state.faceup)
        state.faceup = None
    if not gone:
        return []
    state.boxed += gone
    events = [Event(key="einsistkeins.closed", params={"pubs": gone})]
    drawn_dead: list[str] = []
    if state.faceup is None:
        state.faceup, dead_cards = draw(state)
        drawn_dead += dead_cards
        if state.faceup:
            events.append(Event(key="einsistkeins.new_faceup", params={"card": state.faceup}))
    order = clockwise(state.players, keeper + 1)
    while state.pile and any(len(state.hands[s]) < HAND for s in order):
        for s in order:
            if len(state.hands[s]) < HAND:
                card, dead_cards = draw(state)
                drawn_dead += dead_cards
                if card:
                    state.hands[s].append(card)
                    events.append(Event(key="einsistkeins.drew", params={"seat": s, "card": card}))
    return events + boxed(drawn_dead)
