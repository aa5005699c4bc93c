"""The card game's trick rules: which card trumps the last card laid under an
announcement, which announcements a card may make, which cards a player may lay now,
and the card a player typed (`/play pi`). Readings of the rule book: NOTES.md ("The card
game")."""

from functools import cache

from rules.core.errors import RuleError
from rules.core.protocol import Option
from rules.einsistkeins.cards.model import CALLS, Call, Play, State
from rules.einsistkeins.pubs import Pub, pub


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


@cache  # a fact of two cards: at most 50 × 50 × 4, asked for every card in a hand each step
def _trumps(card: str, top: str, call: Call) -> bool:
    return trumps(pub(card), pub(top), call)


def calls_for(card: Pub) -> tuple[Call, ...]:
    """The announcements a card may make: "lifebuoy" only for a card in a lifebuoy."""
    return tuple(c for c in CALLS if c != "lifebuoy" or card.lifebuoy)


def playable(state: State, seat: int) -> list[str]:
    """The cards `seat` may lay now: any to lead, only trumps to follow."""
    if state.phase == "lead" and seat == state.leader:
        return list(state.hands[seat])
    if state.phase == "follow" and seat == state.turn and state.call:
        top, call = state.trick[-1].card, state.call
        return [c for c in state.hands[seat] if _trumps(c, top, call)]
    return []


def find_card(state: State, seat: int, text: str) -> str:
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
                choices = [Option(label=c, literal=True, action=Play(card=c)) for c in found]
                raise RuleError(
                    "einsistkeins_karten.error.ambiguous", choices=choices, text=text, cards=found
                )
    raise RuleError("einsistkeins_karten.error.not_in_hand", text=text)
