"""Winning and the Bohei call.

Whoever starts their own turn holding exactly 7 cards wins. Whoever holds 7 at any
other moment, even briefly, must call "Bohei" within a short window (a button, `/bohei`,
or typing it), or cannot win on their next turn.
"""

import re

from rules.bohei.model import WIN_AT, State
from rules.core.errors import RuleError
from rules.core.protocol import Event

CALL = re.compile(r"\W*bohei\W*", re.IGNORECASE)


def is_call(text: str) -> bool:
    """ "Bohei", "bohei!!", "BOHEI 🎉": the whole message is the call."""
    return bool(CALL.fullmatch(text.strip()))


def note_sevens(state: State) -> list[Event]:
    """After any change of hands: a seat that has just reached 7 must call."""
    events: list[Event] = []
    for seat, hand in enumerate(state.hands):
        if len(hand) == WIN_AT and seat not in state.sevens:
            state.sevens.append(seat)
            events += _must_call(state, seat)
        elif len(hand) != WIN_AT and seat in state.sevens:
            state.sevens.remove(seat)
            if seat in state.called:
                state.called.remove(seat)
    return events


def _must_call(state: State, seat: int) -> list[Event]:
    """A window opens for `seat` to call "Bohei"."""
    if seat in state.bohei_open:
        return []
    state.bohei_open.append(seat)
    state.bohei_serial += 1
    return [Event(key="bohei.bohei_window", params={"seat": seat})]


def call(state: State, seat: int) -> list[Event]:
    if seat not in state.bohei_open:
        raise RuleError("bohei.error.no_call_due")
    state.bohei_open.remove(seat)
    state.called.append(seat)
    return [Event(key="bohei.called", params={"seat": seat})]


def miss(state: State, seat: int) -> list[Event]:
    if seat not in state.bohei_open:
        raise RuleError("error.not_prompted")
    state.bohei_open.remove(seat)
    if seat not in state.blocked:
        state.blocked.append(seat)
    return [Event(key="bohei.missed", params={"seat": seat})]


def turn_start(state: State, seat: int) -> list[Event]:
    """The start of `seat`'s turn: 7 cards win, unless a call was missed since the
    last turn (the block lasts this one turn). Still holding 7 once the block is over
    is another moment at 7: the call is due again (NOTES.md)."""
    if len(state.hands[seat]) == WIN_AT and seat not in state.blocked:
        state.winner = seat
        state.phase = "over"
        return [Event(key="bohei.won", params={"seat": seat})]
    events = []
    if seat in state.blocked:
        state.blocked.remove(seat)
        if len(state.hands[seat]) == WIN_AT:
            events.append(Event(key="bohei.no_win_missed", params={"seat": seat}))
            events += _must_call(state, seat)
    return events


def distance(state: State, seat: int) -> int:
    return abs(WIN_AT - len(state.hands[seat]))


def closing(state: State) -> bool:
    """The turn just begun is past the last round (option `closing`, 0: no closing time)."""
    rounds = state.options.closing
    return rounds > 0 and state.turns > rounds * state.players


def _closest(state: State) -> list[int]:
    best = min(distance(state, s) for s in range(state.players))
    return [s for s in range(state.players) if distance(state, s) == best]


def winners(state: State) -> list[int]:
    """Who won: the one who started a turn with 7, or all closest to 7 at closing time."""
    if state.winner is None:
        return []
    return _closest(state) if state.closed else [state.winner]


def closing_time(state: State) -> list[Event]:
    """The last round is over: whoever is closest to 7 cards wins (ties share)."""
    leaders = _closest(state)
    state.winner = leaders[0]
    state.closed = True
    state.phase = "over"
    return [Event(key="bohei.closing_time", params={"seats": leaders})]
