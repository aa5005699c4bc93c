"""Set-up per player count (rule book, "Preparation")."""

from rules.aufruhr.model import CITIES, Election, Mayor, Options, State
from rules.core.errors import RuleError
from rules.core.rng import seed_state


def setup(n: int, options: Options, seed: int) -> State:
    if not 4 <= n <= 6:
        raise RuleError("error.aufruhr.players", count=n)
    mayors = tuple(Mayor(city=c) for c in CITIES[:n])
    return State(
        options=options,
        rng=seed_state(seed),
        mayors=mayors,
        election=Election(candidates=tuple(range(n))),
    )
