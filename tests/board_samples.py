"""Boards as players meet them: every game played by seeded random answers, its public
board and one seat's private picture rendered at points along the way and at the end,
with long and hostile player names. Used by tests/test_phone_boards.py and bench/render.py.
"""

import functools
from collections.abc import Iterator
from dataclasses import dataclass

from bot.table.outbox import Outbox
from render import boards
from rules import registry
from tests.conformance import Seeded, candidate_actions

# (game id, players): the most players, where boards are most crowded
GAMES = (
    ("aufruhr", 6),
    ("einsistkeins", 4),
    ("einsistkeins_karten", 5),
    ("tube", 6),
    ("heinzel", 4),
    ("bohei", 8),
)
NAMES = [
    "Alexandra-Charlotte",
    "<b>Ben & Co</b>",
    "Cem",
    "Dörte Müller-Lüdenscheidt",
    "Eve",
    "Fritz",
    "Gül",
    "Hank",
]


@dataclass(frozen=True)
class Sample:
    game: str
    step: int  # answers given so far
    final: bool
    kind: str  # "board" or "private"
    lang: str
    svg: str


@functools.cache
def states(
    game: str, players: int, seed: int = 1, points: int = 6
) -> tuple[tuple[int, object], ...]:
    """The state after `points` evenly spread numbers of answers, and the final state
    (kept: states are frozen, and several tests read the same game)."""
    return tuple(_states(game, players, seed, points))


def _states(game: str, players: int, seed: int, points: int) -> Iterator[tuple[int, object]]:
    spec = registry.get(game)
    assert spec is not None
    draw = Seeded(seed)
    state = spec.setup(players, spec.options(), seed)
    trail = [state]
    for _ in range(5000):
        if spec.outcome(state) is not None:
            break
        waiting = [p for p in spec.prompts(state) if not p.standing]
        prompt = draw.choice(waiting)
        try:
            state, _ = spec.apply(
                state, draw.choice(prompt.seats), spec.parse_action(candidate_actions(prompt, draw))
            )
        except Exception:  # a refused random answer: try another
            continue
        trail.append(state)
    last = len(trail) - 1
    for k in range(points):
        step = last * k // points
        yield step, trail[step]
    yield last, trail[last]


def samples(game: str, players: int, seed: int = 1, points: int = 6) -> Iterator[Sample]:
    spec = registry.get(game)
    assert spec is not None
    names = NAMES[:players]
    for i, (step, state) in enumerate(states(game, players, seed, points)):
        final = spec.outcome(state) is not None
        lang = ("en", "de")[i % 2]
        label = Outbox(lang=lang, game=game, names=names).text
        svg = boards.board_svg(game, spec.public_view(state), names, label)
        if svg:
            yield Sample(game, step, final, "board", lang, svg)
        seat = i % players
        svg = boards.private_svg(game, spec.seat_view(state, seat), names, label)
        if svg:
            yield Sample(game, step, final, "private", lang, svg)
