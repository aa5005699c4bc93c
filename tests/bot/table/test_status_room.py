"""How much a living status may hold where it is edited in a small place (on Telegram the
board photo's caption, 1,024 UTF-16 units): what happened and the question, and room for
the longest status line the step can show, computed from its seats' names and deadline."""

import itertools

import pytest

from bot.i18n import LANGUAGES
from bot.table.model import Seat, Table
from bot.table.outbox import Outbox
from bot.table.status import fits, status_line

CAPTION = 1024  # Telegram's caption limit
NOW = 1_000.0


def _table(names: list[str]) -> tuple[Table, Outbox]:
    seats = [Seat(user=str(i), name=name) for i, name in enumerate(names)]
    table = Table(platform="telegram", chat="g", seats=seats, step_token="1.x")
    table.asked, table.deadline_at = list(range(len(names))), NOW + 90
    return table, Outbox(lang="en", platform="telegram", names=names)


def _units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _filled(units: int) -> list[str]:
    """Lines of what happened, exactly `units` long when joined (an emoji in each: two)."""
    lines: list[str] = []
    left = units
    while left > 0:
        if lines:
            left -= 1  # the line break before this line
        width = min(60, left)
        lines.append("🍺" + "x" * (width - 2) if width >= 2 else "x" * width)
        left -= width
    assert _units("\n".join(lines)) == units
    return lines


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("names", [["Anna"], ["Anna-Katharina", "Bert", "Carl ☕", "Dörte"]])
def test_a_status_that_fits_stays_within_the_caption_whoever_answers(lang, names):
    table, out = _table(names)
    out.lang = lang
    seats = table.asked
    # the most that fits: one more unit of what happened and it no longer does
    room = next(n for n in range(CAPTION, 0, -1) if fits(table, seats, _filled(n), out, NOW))
    assert not fits(table, seats, _filled(room + 1), out, NOW)
    lines = _filled(room)
    # what a player sees at every moment of the step: the lines and the status line, for
    # every set of seats still waiting, as the time runs down, and when the step closes
    seen = [
        "\n".join([*lines, status_line(table, list(waiting), out, NOW + passed)])
        for k in range(len(seats) + 1)
        for waiting in itertools.combinations(seats, k)
        for passed in (0, 5, 80)
    ]
    seen += ["\n".join([*lines, out.text(key)]) for key in ("status.done", "status.time_up")]
    assert max(map(_units, seen)) <= CAPTION
    # and the room is all the caption holds less that line, not a fixed allowance
    assert max(map(_units, seen)) >= CAPTION - 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_status_of_any_length_fits_where_it_is_edited_in_a_message(lang):
    table, out = _table(["Anna", "Bert"])
    out.lang, out.platform = lang, "discord"  # (its limit, MORPH_LIMIT, is checked apart)
    assert fits(table, table.asked, _filled(3000), out, NOW)
