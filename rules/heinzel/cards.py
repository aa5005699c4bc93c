"""The three action cards each player holds once: Nachtwächter, Tunnel, Zweimal Würfeln.

- Tunnel: played at the start of a turn instead of rolling: the piece goes to a tunnel
  field of the player's choice; that is the turn's move.
- Zweimal Würfeln: played before rolling: the player rolls and moves twice in a row.
  The watchman is checked only after the second move; a shop entered with the first
  move may be left with the second; after a tunnel jump on the first move the player
  still rolls again (engine.py chains these; NOTES.md).
- Nachtwächter: played by the loser of a watchman duel: he stays on his field.
One action card a turn: Tunnel and Zweimal Würfeln are not combined (NOTES.md).
"""

from rules.core.errors import RuleError
from rules.heinzel.board import board
from rules.heinzel.model import Card, State


def take(state: State, seat: int, card: Card) -> None:
    """Remove the card from the seat's hand (refused if it was played already)."""
    if card not in state.cards[seat]:
        raise RuleError("heinzel.error.no_card")
    state.cards[seat].remove(card)


def may_play_before_rolling(state: State) -> bool:
    """Tunnel and Zweimal Würfeln only at the very start of a turn, and not together."""
    return state.phase == "start" and not state.twice


def tunnel_targets(here: int) -> tuple[int, ...]:
    """The tunnel fields a piece may go to (by the card, or jumping): all but its own."""
    return tuple(t for t in board().tunnels if t != here)
