"""Why a player no prompt asks may not do what they tried: the game's own reason, one
line each, where the bot alone could only say whom the table waits for.

The accused and the reporter do not vote (the reporter's voice counts yes already); only
the challenge's winner chooses the reward; a challenge's moves are for those in it; Nö
and Gegenteiltag answer a draw or discard that concerns the one who plays them.
"""

from rules.bohei.model import CastVote, Judge, Press, React, Reward, Roll, Sign, State
from rules.core.errors import RuleError


def refusal(state: State, seat: int, action: object) -> RuleError | None:
    """The reason for `seat`'s `action`, refused because no prompt asks them for it (None:
    no reason of the game's own; the bot says whom the table waits for)."""
    match action:
        case CastVote() if state.vote is not None:
            if seat == state.vote.accused:
                return RuleError("bohei.error.vote_accused")
            if seat == state.vote.by:
                return RuleError("bohei.error.vote_reporter")
        case Reward() if state.phase == "reward" and seat != state.reward:
            return RuleError("bohei.error.reward_winner_only")
        case Roll() | Sign() | Press() | Judge() if state.challenge is not None:
            ch = state.challenge
            if seat in ch.entrants and seat not in ch.seats:
                return RuleError("bohei.error.out_of_challenge")
            if seat not in ch.involved:
                return RuleError("bohei.error.not_in_challenge")
        case React() if state.window is not None and seat not in state.window.answers.asked:
            return RuleError("bohei.error.react_not_concerned")
    return None
