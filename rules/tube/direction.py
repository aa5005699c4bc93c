"""The direction rules: which next step a piece may take, given how it arrived.

A piece's heading is the line and the station of its last step (kept between turns).
- The same line, or a line that also runs the track just travelled: its direction is the
  sign of the step in the line's branch lists (network.sign), so "back" is a change of
  sign — this covers the Hainault loop, the Circle at Edgware Road and branch junctions
  such as Camden Town, where the track really cannot be followed without reversing.
- Another line leaving on other track: "back" is the station it came from, or a turn of
  more than 90 degrees on the real map (the new step points against the arrival).
Reversing is allowed at an end station of the arrival line (returning from an end
station, on any line); back along another line only at a junction of two or more dots;
never back along the same line; and never at Ealing Common or Acton Town between the two
(the rule book's Ealing Common rule, read both ways: NOTES.md). Switching lines while
keeping the direction is allowed wherever two lines call at one station: there they
meet on the board.
"""

from functools import cache

from rules.tube.network import net

Heading = tuple[str, str]  # (line, previous station)

# The rule book's exception: no reversal between these two, either way.
NO_REVERSAL = frozenset({"ealing_common", "acton_town"})


def reverses(prev: str, here: str, nxt: str, line_in: str, line_out: str) -> bool:
    """Whether the step here→nxt on line_out turns back against the arrival prev→here."""
    n = net()
    along = (line_out, prev, here)
    if line_out == line_in or along in n.sign:
        return n.sign[along] != n.sign[(line_out, here, nxt)]
    if nxt == prev:
        return True
    (px, py), (hx, hy), (nx, ny) = n.pos[prev], n.pos[here], n.pos[nxt]
    return (hx - px) * (nx - hx) + (hy - py) * (ny - hy) < 0


def allowed(heading: Heading | None, here: str, nxt: str, line_out: str) -> bool:
    """May a piece at `here` with `heading` step to `nxt` on `line_out`?"""
    if heading is None:
        return True
    line_in, prev = heading
    if not reverses(prev, here, nxt, line_in, line_out):
        return True
    if {prev, here} == NO_REVERSAL:
        return False
    n = net()
    if line_in in n.ends[here]:
        return True  # returning from an end station
    if line_out == line_in:
        return False
    return n.dots[here] >= 2


@cache
def steps(here: str, heading: Heading | None) -> tuple[tuple[str, str], ...]:
    """The legal next steps (station, line) from `here`, in the network's sorted order."""
    return tuple((t, line) for t, line in net().adj[here] if allowed(heading, here, t, line))
