"""What the card game shows: the table for everyone (the trick, the announcement, the
tricks taken, how many cards each holds) and one player's hand for that player alone
(the spec's `secrets`). Also how a card reads in a message: language-free data."""

from rules.core.protocol import Secrets
from rules.einsistkeins.cards.model import Call, PublicView, SeatView, State
from rules.einsistkeins.cards.tricks import playable
from rules.einsistkeins.pubs import LIFEBUOY_NAMES, clock, pub


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
    """A hand is its holder's alone (the pile's order is nobody's, and never shown)."""
    return {s: {"hand": list(hand)} for s, hand in enumerate(state.hands)}
