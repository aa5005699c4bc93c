"""VI. The end: final scores (scoring.py: project points plus the bribe-star bonus), and
the winner places the RuhrCity Hall."""

from rules.aufruhr import data
from rules.aufruhr.model import State
from rules.aufruhr.scoring import bribe_bonus, project_points
from rules.aufruhr.tokens import stars_received
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.turns import clockwise


def final(state: State, events: list[Event]) -> None:
    n = state.n
    points = project_points(state.board, n)
    stars = stars_received(state)
    bonus = bribe_bonus(stars)
    state.bonus = {s: b for s, b in enumerate(bonus)}
    state.final = {s: points[s] + bonus[s] for s in range(n)}
    events.append(Event(key="aufruhr.final_stars", params={"stars_by_seat": stars}))
    events.append(
        Event(
            key="aufruhr.final_scores",
            params={"points_by_seat": [state.final[s] for s in range(n)], "bonus_by_seat": bonus},
        )
    )
    best = max(state.final.values())
    tied = [s for s in clockwise(n, state.lord_mayor or 0) if state.final[s] == best]
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


def hall(state: State, community: str, events: list[Event]) -> None:
    site = data.site_id(community)
    if site not in data.ruhr_map().communities:
        raise RuleError("error.aufruhr.bad_site")
    state.hall = site
    state.phase = "over"
    params = {"seat": state.winner_hall, "place_id": site}
    events.append(Event(key="aufruhr.hall", params=params))
