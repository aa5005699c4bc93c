"""The end of a game as the group reads it: the places, tied players sharing one, and the
place after them counted as games and sports count (two share 2nd: the next is 4th)."""

import pytest

from bot.table import play
from bot.table.model import Seat, Table
from bot.table.outbox import Outbox
from rules import registry
from rules.core.protocol import Outcome

NAMES = ["anna", "bert", "carla", "dieter"]


def ended(outcome: Outcome, lang: str = "en") -> list[str]:
    spec = registry.get("auktion")
    state = spec.setup(4, spec.options(), 1)
    seats = [Seat(user=n, name=n) for n in NAMES]
    table = Table(platform="console", chat="g", status="playing", game="auktion", seats=seats)
    table.set_game_state(state)
    out = Outbox(lang=lang, game="auktion", names=NAMES)
    play.finish(table, spec, state, outcome, out)
    return out.group_lines


@pytest.mark.parametrize("lang", ["en", "de"])
def test_after_two_who_share_second_place_comes_the_fourth(lang):
    lines = ended(Outcome(ranking=((0,), (1, 2), (3,)), scores={0: 9, 1: 7, 2: 7, 3: 4}), lang)
    places = [line.split(" ")[0] for line in lines if line[:2] in ("1.", "2.", "3.", "4.")]
    assert places == ["1.", "2.", "4."]
    assert any(line.startswith("2. bert, carla") for line in lines)
    assert any(line.startswith("4. dieter") for line in lines)


def test_without_scores_and_a_tie_at_the_top_the_next_is_third():
    lines = ended(Outcome(ranking=((0, 3), (1,), (2,))))
    assert [line for line in lines if line[:2] in ("1.", "2.", "3.", "4.")] == [
        "1. anna, dieter",
        "3. bert",
        "4. carla",
    ]
