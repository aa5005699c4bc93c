"""Why a player no prompt asks may not do what they tried, in the game's own words, where
the bot alone could only say whom the table waits for: a player still drinking has the
die pass them by ("If a player has not finished drinking when it is his turn again, he
is skipped"), so their `/go` is told that, not merely that it is someone else's turn."""

from rules.core.errors import RuleError
from rules.tube.model import Browse, Go, State


def refusal(state: State, seat: int, action: object) -> RuleError | None:
    """The reason for `seat`'s `action`, refused because no prompt asks them for it (None:
    no reason of the game's own; the bot says whom the table waits for)."""
    match action:
        case Go() | Browse() if state.phase == "move" and seat != state.turn:
            # (a referee has no piece: no player of that seat)
            p = next((p for p in state.players if p.seat == seat), None)
            if p is not None and p.playing and p.owed > 0:
                return RuleError("tube.error.still_drinking", owed=p.owed)
    return None
