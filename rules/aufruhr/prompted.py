"""Who must decide now: the seats of the main prompt, without building its buttons.

`apply` asks this on every answer and `prompts` builds its main prompt for these seats,
so the permission check and the buttons cannot disagree, and the check stays cheap.
"""

from rules.aufruhr.model import State


def prompted(state: State) -> tuple[int, ...]:
    """The seats the main prompt asks; () when nobody is asked (the game is over)."""
    match state.phase:
        case "election":
            el = state.election
            assert el is not None
            return el.ballots.waiting
        case "folders":
            assert state.folders is not None
            return tuple(state.folders.seats)
        case "offers" | "subvention" | "intention" | "order" | "award":
            assert state.lord_mayor is not None
            return (state.lord_mayor,)
        case "bid":
            a = state.auction
            assert a is not None
            return a.bids.waiting
        case "site":
            assert state.build is not None
            return (state.build,)
        case "realise":
            r = state.realising
            assert r is not None
            if r.card is not None and r.site is not None and r.partner is not None:
                return (r.partner,)  # the partner answers the owner's offer
            return (r.queue[0],)
        case "hall":
            assert state.winner_hall is not None
            return (state.winner_hall,)
    return ()
