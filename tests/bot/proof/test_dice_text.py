"""What a player reads after `/roll`, in English and German: comparisons written as
≥ ≤ > <, totals compared as such, and every refusal a one-line hint in both languages."""

import pytest

from bot.i18n import t
from bot.marks import BOLD, STRIKE, Span, plain
from bot.proof.dice_text import roll_text
from rules.core.errors import GameError
from rules.core.rng import Rng
from rules.dice import roll
from tests.fixtures.written import written
from tests.rules.dice.test_features import Script
from tests.rules.dice.test_notation import FOREIGN, NONSENSE


def said(lang: str, text: str, *faces: int) -> list[str]:
    result = roll(text, Script(list(faces)))  # type: ignore[arg-type]
    return written(roll_text(lang, "ada", result)).split("\n")


@pytest.mark.parametrize(
    ("text", "faces", "en", "de"),
    [
        (
            "2d6 > 7",
            [3, 5],
            "2d6 (3, 5) = 8 > 7: success ✅",
            "2d6 (3, 5) = 8 > 7: Erfolg ✅",
        ),
        (
            "3d6<=12",
            [6, 6, 1],
            "3d6 (6, 6, 1) = 13, not ≤ 12: failure ❌",
            "3d6 (6, 6, 1) = 13, nicht ≤ 12: Fehlschlag ❌",
        ),
        (
            "1d20 >= 1d20",
            [12, 9],
            "1d20 (12) = 12 ≥ 1d20 (9) = 9: success ✅",
            "1d20 (12) = 12 ≥ 1d20 (9) = 9: Erfolg ✅",
        ),
        (
            "1d20+5 >= 15",
            [9],
            "1d20 (9) + 5 = 14, not ≥ 15: failure ❌",
            "1d20 (9) + 5 = 14, nicht ≥ 15: Fehlschlag ❌",
        ),
        (
            "10d10>=8",
            [8, 1, 9, 2, 3, 4, 5, 6, 7, 10],
            "10d10≥8 (**8**, 1, **9**, 2, 3, 4, 5, 6, 7, **10**) = 3 successes",
            "10d10≥8 (**8**, 1, **9**, 2, 3, 4, 5, 6, 7, **10**) = 3 Erfolge",
        ),
        (
            "1d20 adv",
            [4, 17],
            "2d20kh1 (~~4~~, 17) = 17",
            "2d20kh1 (~~4~~, 17) = 17",
        ),
    ],
)
def test_the_reply_in_both_languages(text, faces, en, de):
    assert said("en", text, *faces) == ["🎲 ada rolls", en]
    assert said("de", text, *faces) == ["🎲 ada würfelt", de]


@pytest.mark.parametrize(
    "text", [row[0] for row in FOREIGN + NONSENSE] + ["2d6 kh1", "4d6r", "2d6 +"]
)
@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_refusal_is_one_translated_line(text, lang):
    with pytest.raises(GameError) as err:
        roll(text, Rng.from_seed(1))
    line = t(lang, err.value.key, **err.value.params)
    assert line != err.value.key and "\n" not in line
    assert "{" not in line, line  # every placeholder filled
    for value in err.value.params.values():  # what was typed, where, and what to write
        assert str(value) in line


def test_only_dice_are_marked_never_what_a_player_typed():
    result = roll("2d20kh1 [**n**] fire **x** ~~y~~", Script([4, 17]))  # type: ignore[arg-type]
    text = roll_text("en", "~~ada~~ <b>", result)
    assert [s for s in text if s.mark] == [Span("4", STRIKE)]
    assert plain(text) == "🎲 ~~ada~~ <b> rolls (fire **x** ~~y~~)\n2d20kh1 (4, 17) [**n**] = 17"


def test_successes_are_bold_and_a_target_marks_its_own_dice():
    successes = roll("3d6>=5", Script([5, 2, 6]))  # type: ignore[arg-type]
    assert [s for s in roll_text("en", "a", successes) if s.mark] == [
        Span("5", BOLD),
        Span("6", BOLD),
    ]
    check = roll("1d20 >= 2d6kl1", Script([12, 4, 3]))  # type: ignore[arg-type]
    assert written(roll_text("en", "a", check)).split("\n")[1] == (
        "1d20 (12) = 12 ≥ 2d6kl1 (~~4~~, 3) = 3: success ✅"
    )


async def test_a_roll_during_a_game_says_it_is_outside_the_game():
    # "/roll" in a turn printed "🎲 alice rolls" like a roll of the game: it moves nothing
    from adapters.console.__main__ import run_script

    game = ["alice: /new heinzel", "bob: /join", "alice: /start"]
    for lang, free, outside, labelled in (
        (
            "en",
            "[group] 🎲 alice rolls",
            "[group] 🎲 alice rolls outside the game",
            "[group] 🎲 alice rolls outside the game (for the pizza)",
        ),
        (
            "de",
            "[group] 🎲 alice würfelt",
            "[group] 🎲 alice würfelt außerhalb des Spiels",
            "[group] 🎲 alice würfelt außerhalb des Spiels (for the pizza)",
        ),
    ):
        out: list[str] = []
        lines = ["alice: /roll d6", *game, "alice: /roll d6", "alice: /roll d6 for the pizza"]
        await run_script(lines, seed=1, lang=lang, write=out.append)
        assert out[0] == free
        assert outside in out and labelled in out
        assert out.index(outside) > out.index(free)
