"""Player colours: Okabe–Ito, safe for the common colour-blindnesses, each with a letter.

A player is never told apart by colour alone: every token carries its letter (A, B, …)
in the picture and in the text snapshot.
"""

from dataclasses import dataclass
from functools import cache

# Okabe & Ito (2008), "Color Universal Design"; black is kept for ink, not players.
COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999999")
INK = "#222222"
PAPER = "#ffffff"
MUTED = "#888888"


@dataclass(frozen=True)
class PlayerStyle:
    letter: str
    colour: str
    text: str  # ink that reads on `colour`


@cache  # (a board's text asks for each seat's style at every line that names the seat)
def player(seat: int) -> PlayerStyle:
    colour = COLOURS[seat % len(COLOURS)]
    dark = colour in ("#0072B2", "#D55E00", "#009E73")
    return PlayerStyle(letter=chr(ord("A") + seat), colour=colour, text=PAPER if dark else INK)
