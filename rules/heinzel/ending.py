"""The end: Schneiders Weib and her pea cards, or nobody left with a card to collect.

The first player to take a Schneider card plays Schneiders Weib. From the turn after
hers on, she draws one of the four pea cards face down after every turn (anybody's,
her own included). "Schlafend" is shuffled back and the game goes on; "suchend" ends it
at once. Of the four, `Options.searching` (default 1) show her searching. The game also
ends when every player has reached the Schneider: then no card is left to collect.
"""

from rules.core.rng import Rng
from rules.heinzel.model import Pea

PEA_CARDS = 4


def draw_pea(rng: Rng, searching: int) -> Pea:
    """One of the four pea cards at random (a sleeping one drawn before went back)."""
    return "suchend" if rng.below(PEA_CARDS) < searching else "schlafend"


def draws_now(weib: int | None, weib_turn: int, turn_no: int) -> bool:
    """A pea card is drawn after every turn later than the one she became Schneiders Weib."""
    return weib is not None and turn_no > weib_turn


def all_done(arrived: list[int], players: int) -> bool:
    return len(arrived) == players
