"""The board game's turn as pure steps on a copied state: the roll and its face's extra
action, drinking, moving (`/go`), staying, swapping, visiting a pub, refilling, the clock
keeper's half hour, closing time and the end. `boardgame.apply` dispatches to them.
Readings of the rule book: NOTES.md ("The board game").
"""

from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.rng import Rng
from rules.einsistkeins import wins
from rules.einsistkeins.board import square
from rules.einsistkeins.boardmodel import (
    END_CLOCK,
    HALF_HOUR,
    HAND,
    LIMIT,
    State,
)
from rules.einsistkeins.boardrules import (
    any_pub_open,
    budget,
    dead,
    drink_limit,
    dry,
    find_place,
    in_open_pub,
    permille,
    pub_at,
    takeaway_possible,
    trams_run,
    where,
)
from rules.einsistkeins.pubs import BY_NAME, PUBS, clock, is_open, pub
from rules.einsistkeins.route import Route, via


def roll(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    rng = Rng(state.rng)
    face = rng.randint(1, 6)
    state.rng = rng.state
    state.roll, state.takeaway = face, False
    events.append(Event(key="eikb.rolled", params={"seat": seat, "face": face}))
    if face == 1:
        state.phase = "one"
        return state, events
    if face == 2:
        state.phase = "swap" if state.hands[seat] and (state.faceup or state.pile) else "act"
        return state, events
    if face == 3 and takeaway_possible(state, seat):
        state.takeaway = True
        events.append(Event(key="eikb.takeaway", params={"seat": seat}))
    if face == 4:
        events += _round_of_drinks(state, seat)
    if face == 5:
        state.keeper = seat
        events.append(Event(key="eikb.clock_card", params={"seat": seat}))
    state.phase = "act"
    return state, events


def _round_of_drinks(state: State, roller: int) -> list[Event]:
    """Everybody else in an open pub drinks up to 0.4 (to 2.3 at most): drinking is only
    ever good in this game, so the round is poured without asking (NOTES.md)."""
    events = []
    for s in range(state.players):
        if s != roller and in_open_pub(state, s):
            amount = min(4, LIMIT - state.alcohol[s])
            state.alcohol[s] += amount
            events.append(
                Event(
                    key="eikb.round_drink",
                    params={
                        "seat": s,
                        "amount": permille(amount),
                        "level": permille(state.alcohol[s]),
                    },
                )
            )
    return [Event(key="eikb.round", params={"seat": roller}), *events]


def drink(state: State, seat: int, amount: int | None) -> tuple[State, list[Event]]:
    if not in_open_pub(state, seat):
        raise RuleError("eikb.error.no_pub")
    limit = drink_limit(state, seat, 1 if state.phase == "one" else state.roll or 0)
    if limit <= 0:
        raise RuleError("eikb.error.limit")
    amount = limit if amount is None else amount
    if not 1 <= amount <= limit:
        raise RuleError("eikb.error.drink_amount", most=permille(limit))
    state.alcohol[seat] += amount
    events = [
        Event(
            key="eikb.drank",
            params={
                "seat": seat,
                "amount": permille(amount),
                "level": permille(state.alcohol[seat]),
            },
        )
    ]
    return _after_action(state, seat, events)


def _route(state: State, seat: int, text: str) -> Route:
    parts = [p for p in text.replace("→", ">").split(">") if p.strip()]
    if not parts:
        raise RuleError("eikb.error.unknown_place", text=text[:40])
    prefer = [*state.hands[seat], *([state.faceup] if state.faceup else [])]
    waypoints = [find_place(p, prefer) for p in parts[:8]]
    points = budget(state, seat)
    if points <= 0:
        raise RuleError("eikb.error.no_energy")
    trams = trams_run(state.clock)
    route = via(state.pos[seat], waypoints, points, trams)
    if route.points == 0:
        if route.end == waypoints[-1]:
            raise RuleError("eikb.error.already_there", place=square(route.end).name)
        raise RuleError("eikb.error.no_way")
    return route


def legs_text(route: Route) -> str:
    """'🚶 3 · 🚋 10 Glocksee → Steintor (2)': data only, the same in both languages."""
    parts = []
    for leg in route.legs:
        if leg.line is None:
            parts.append(f"🚶 {len(leg.squares)}")
        else:
            parts.append(f"🚋 {leg.line} → {square(leg.squares[-1]).name} ({len(leg.squares)})")
    return " · ".join(parts)


def go(state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    route = _route(state, seat, text)
    free = state.takeaway or state.phase == "gum"
    state.pos[seat] = route.end
    if not free:
        state.alcohol[seat] -= route.points
    params = {
        "seat": seat,
        "place": where(route.end),
        "legs": legs_text(route),
        "level": permille(state.alcohol[seat]),
    }
    if route.reached:
        events = [Event(key="eikb.moved", params=params)]
    else:
        target = square(route.target).name
        events = [Event(key="eikb.moved_partway", params={**params, "target": target})]
    return _after_action(state, seat, events)


def stay(state: State, seat: int) -> tuple[State, list[Event]]:
    if state.phase == "swap":
        state.phase = "act"
        return state, []
    key = "eikb.spritzer" if in_open_pub(state, seat) else "eikb.waits"
    return _after_action(state, seat, [Event(key=key, params={"seat": seat})])


def _find_card(state: State, seat: int, text: str) -> str:
    wanted = text.strip().casefold()
    for rule in (str.__eq__, str.startswith, str.__contains__):
        found = [c for c in state.hands[seat] if wanted and rule(c.casefold(), wanted)]
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise RuleError("eikb.error.ambiguous", text=text[:40], places=found)
    raise RuleError("eikb.error.not_your_card", text=text[:40])


def swap(state: State, seat: int, text: str, draw: bool) -> tuple[State, list[Event]]:
    card = _find_card(state, seat, text)
    hand = state.hands[seat]
    if draw:
        if not state.pile:
            raise RuleError("eikb.error.pile_empty")
        hand.remove(card)
        if state.faceup:
            state.boxed.append(state.faceup)  # covered: out of the game
        state.faceup = card
        new = _draw(state)
        events = [Event(key="eikb.discarded", params={"seat": seat, "card": card})]
        if new:
            hand.append(new)
            events.append(Event(key="eikb.drew", params={"seat": seat, "card": new}))
    else:
        if not state.faceup:
            raise RuleError("eikb.error.no_faceup")
        taken = state.faceup
        hand[hand.index(card)], state.faceup = taken, card
        events = [Event(key="eikb.swapped", params={"seat": seat, "card": card, "taken": taken})]
    state.phase = "act"
    return state, events


def _draw(state: State) -> str | None:
    """The top card of the pile; a pub already closed for the night goes into the box at
    once and the next card is drawn (NOTES.md)."""
    while state.pile:
        card = state.pile.pop(0)
        if not dead(card, state.clock):
            return card
        state.boxed.append(card)
    return None


# ---------------------------------------------------------------- after drinking or moving


def _after_action(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    if state.phase == "one":
        events += _visit(state, seat)
        if state.phase == "over":
            return state, events
        if state.phase == "refill":
            return state, events  # draw first; then roll again (_refill)
        return roll(state, seat, events)
    events += _visit(state, seat)
    if state.phase in ("over", "refill"):
        return state, events
    return _end_turn(state, seat, events)


def _visit(state: State, seat: int) -> list[Event]:
    """A pub on one of your cards or the face-up card, open, where you end an action."""
    name = pub_at(state.pos[seat])
    if name is None or not is_open(BY_NAME[name], state.clock):
        return []
    if name in state.hands[seat]:
        state.hands[seat].remove(name)
        source = "hand"
    elif name == state.faceup:
        state.faceup = _draw(state)
        source = "faceup"
    else:
        return []
    state.visited[seat].append(name)
    visited = [pub(c) for c in state.visited[seat]]
    events = [
        Event(
            key="eikb.scored",
            params={
                "seat": seat,
                "pub": name,
                "count": len(visited),
                "needed": wins.needed(visited),
            },
        )
    ]
    won = wins.win(visited)
    if won is not None:
        state.winner, state.win_kind = seat, won.kind
        events.append(
            Event(
                key=f"eikb.won.{won.kind}",
                params={"seat": seat, "count": won.pubs, "needed": won.needed},
            )
        )
        events += _finish(state, "win")
        return events
    if source == "faceup":
        if state.faceup:
            events.append(Event(key="eikb.new_faceup", params={"card": state.faceup}))
    elif state.pile or state.faceup:
        state.phase = "refill"
    return events


def refill(state: State, seat: int, take: bool) -> tuple[State, list[Event]]:
    if take:
        assert state.faceup is not None
        card = state.faceup
        state.faceup = _draw(state)
        events = [Event(key="eikb.took_faceup", params={"seat": seat, "card": card})]
        if state.faceup:
            events.append(Event(key="eikb.new_faceup", params={"card": state.faceup}))
    else:
        card = _draw(state) or ""
        events = [Event(key="eikb.drew", params={"seat": seat, "card": card})] if card else []
    if card:
        state.hands[seat].append(card)
    if state.roll == 1:  # scored with "Eins ist keins": now roll again
        return roll(state, seat, events)
    return _end_turn(state, seat, events)


def _end_turn(state: State, seat: int, events: list[Event]) -> tuple[State, list[Event]]:
    if seat == state.keeper:
        state.clock += HALF_HOUR
        events.append(Event(key="eikb.clock", params={"time": clock(state.clock), "seat": seat}))
        if not trams_run(state.clock):
            events.append(Event(key="eikb.night_star"))
        events += _closing_time(state, seat)
    reason = _end_reason(state)
    if reason:
        events += _finish(state, reason)
        return state, events
    state.turn = (seat + 1) % state.players
    state.turn_no += 1
    state.roll, state.takeaway = None, False
    state.phase = "gum" if dry(state, state.turn) else "roll"
    if state.phase == "gum":
        events.append(Event(key="eikb.gum", params={"seat": state.turn}))
    return state, events


def _closing_time(state: State, keeper: int) -> list[Event]:
    """After the clock moves: closed pubs leave every hand and the face-up card; then
    everyone, from the player after the clock keeper, draws one card in turn until all
    hold six again (or the pile is empty)."""
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
    events = [Event(key="eikb.closed", params={"pubs": gone})]
    if state.faceup is None:
        state.faceup = _draw(state)
        if state.faceup:
            events.append(Event(key="eikb.new_faceup", params={"card": state.faceup}))
    order = [(keeper + i) % state.players for i in range(1, state.players + 1)]
    while state.pile and any(len(state.hands[s]) < HAND for s in order):
        for s in order:
            if len(state.hands[s]) < HAND:
                card = _draw(state)
                if card:
                    state.hands[s].append(card)
                    events.append(Event(key="eikb.drew", params={"seat": s, "card": card}))
    return events


def _end_reason(state: State) -> str | None:
    if state.clock >= END_CLOCK:
        return "five"
    if not state.pile:
        return "pile"
    if not any_pub_open(state.clock) and all(dead(p.name, state.clock) for p in PUBS):
        return "closed"
    return None


def _finish(state: State, reason: str) -> list[Event]:
    state.phase = "over"
    state.end_reason = reason  # type: ignore[assignment]
    state.finished_at = state.clock
    state.roll = None
    if reason == "win":
        return []
    return [Event(key=f"eikb.end.{reason}", params={"time": clock(state.clock)})]
