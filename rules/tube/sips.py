"""What ending a turn costs in sips (a 33 cl bottle is 12 sips).

- the points left on arriving at an end station, one sip each;
- ending the turn at a junction: one sip per dot;
- Heathrow: that amount times four (duty free; at most 11 × 4 = 44, Heathrow is no junction);
- Elephant & Castle: that amount doubled, and one sip for Karsten Cool;
- Leicester Square: the mover rolls and every player still playing drinks that many, at
  most twice per player between two of their drops (the rule book's limit, kept);
- naming a DLR, Overground, Elizabeth line or other non-Underground station: 3 sips; a
  National Rail station: a whole beer (12 sips); both cost the turn.
"""

from rules.tube.network import net

BEER = 12
HEATHROW = "heathrow"
ELEPHANT = "elephant_and_castle"
LEICESTER = "leicester_square"
LEICESTER_LIMIT = 2
OTHER_MODE_PENALTY = 3
RAIL_PENALTY = BEER


def turn_sips(end: str, left: int) -> int:
    """The mover's sips for ending a turn at `end` with `left` points unused."""
    amount = left + net().dots[end]
    if end == HEATHROW:
        return amount * 4
    if end == ELEPHANT:
        return amount * 2 + 1
    return amount
