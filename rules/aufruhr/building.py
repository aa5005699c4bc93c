"""III.a Building a municipal project at once: its buyer picks the site (sites.py says
where he may), and one of his markers goes onto it."""

from rules.aufruhr import data, projects
from rules.aufruhr.model import Project, State
from rules.aufruhr.sites import open_sites
from rules.core.errors import RuleError
from rules.core.protocol import Event


def build(state: State, seat: int, site: str, events: list[Event]) -> None:
    if site not in open_sites(state, seat):
        raise RuleError("error.aufruhr.bad_site")
    card = state.build_card
    assert card is not None
    kind, size, cats, _ = projects.kind(card)
    state.board.setdefault(site, []).append(
        Project(kind=kind, size=size, categories=cats, owners=(seat,), card=card)
    )
    state.mayors[seat].markers -= 1
    state.build = state.build_card = None
    params = {"seat": seat, "place": data.place(site), **projects.names(card)}
    events.append(Event(key="aufruhr.built", params=params))
