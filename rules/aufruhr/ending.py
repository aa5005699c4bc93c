"""VI. The end: final scores with the bribe bonus, and the winner places the RuhrCity Hall."""

from rules.aufruhr.common import _from_left, _n, _place, _site_id, _stars_received
from rules.aufruhr.mapdata import ruhr_map
from rules.aufruhr.model import State
from rules.aufruhr.scoring import bribe_bonus, project_points
from rules.core.errors import RuleError
from rules.core.protocol import Event


def _final(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    points = project_points(state.board, _n(state))
    stars = _stars_received(state)
    bonus = bribe_bonus(stars)
    state.bonus = {s: b for s, b in enumerate(bonus)}
    state.final = {s: points[s] + bonus[s] for s in range(_n(state))}
    events.append(Event(key="aufruhr.final_stars", params={"stars_by_seat": stars}))
    events.append(
        Event(
            key="aufruhr.final_scores",
            params={
                "points_by_seat": [state.final[s] for s in range(_n(state))],
                "bonus_by_seat": bonus,
            },
        )
    )
    best = max(state.final.values())
    tied = [s for s in _from_left(state, state.lord_mayor) if state.final[s] == best]
    # The rule book is silent on a tie; as in its elections, the Lord Mayor in office
    # keeps the title if he is among the tied, otherwise the first of them from his
    # left. Nothing secret (a treasury) decides it, and the group is told why (NOTES.md 30).
    winner = tied[0]
    if len(tied) > 1:
        key = "aufruhr.final_tie_incumbent" if winner == state.lord_mayor else "aufruhr.final_tie"
        events.append(Event(key=key, params={"tied_seats": sorted(tied), "seat": winner}))
    state.winner_hall = winner
    state.phase = "hall"
    state.step += 1
    events.append(Event(key="aufruhr.winner_places_hall", params={"seat": winner}))
    return state, events


def _hall(state: State, choice: str) -> tuple[State, list[Event]]:
    site = _site_id(choice)
    if site not in ruhr_map().communities:
        raise RuleError("error.aufruhr.bad_site")
    state.hall = site
    state.phase = "over"
    return state, [
        Event(key="aufruhr.hall", params={"seat": state.winner_hall, "place": _place(site)})
    ]
