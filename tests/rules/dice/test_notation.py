"""The notations players bring from other dice bots, and the misreadings they must not
suffer: comparisons of totals, adv/dis, rerolls, min/max, annotations, keep/drop by
value, compounding. Each roll is dealt by hand (a scripted Rng), so every expected
line is worked out here, not copied from a run."""

import pytest

from rules.core.errors import GameError, ParseError, RuleError
from rules.core.rng import Rng
from rules.dice import MAX_DICE, roll
from rules.dice.result import plain
from tests.fixtures.written import breakdown_written as written
from tests.rules.dice.test_features import dealt

# ----- 1. comparisons of totals: never a silent misreading --------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "expression", "value", "op", "target", "passed"),
    [
        # the `d` after a target is the target's dice, never "drop"
        ("1d20 >= 1d20", [12, 9], "1d20 ≥ 1d20", 12, ">=", 9, True),
        ("1d20>=1d6", [3, 4], "1d20 ≥ 1d6", 3, ">=", 4, False),
        ("1W20>=1W6", [3, 4], "1d20 ≥ 1d6", 3, ">=", 4, False),  # (W: a German die)
        ("1d20 >= d20", [7, 7], "1d20 ≥ 1d20", 7, ">=", 7, True),
        # no d6 passes > 7, every d6 passes <= 12: the player means the sum
        ("2d6 > 7", [3, 5], "2d6 > 7", 8, ">", 7, True),
        ("2d6>7", [3, 4], "2d6 > 7", 7, ">", 7, False),  # strict: 7 is not > 7
        ("3d6 > 10", [6, 4, 1], "3d6 > 10", 11, ">", 10, True),
        ("3d6<=12", [6, 6, 1], "3d6 ≤ 12", 13, "<=", 12, False),
        ("4d6kh3>=13", [6, 1, 4, 3], "4d6kh3 ≥ 13", 13, ">=", 13, True),
        ("1d20+5 >= 15", [10], "1d20+5 ≥ 15", 15, ">=", 15, True),
        ("1d20 + 5 >= 15", [9], "1d20+5 ≥ 15", 14, ">=", 15, False),
        ("2d6 > 7+1", [4, 4], "2d6 > 7+1", 8, ">", 8, False),
        ("d6 ≥ 7", [6], "1d6 ≥ 7", 6, ">=", 7, False),
        ("2d6 == 13", [6, 6], "2d6 = 13", 12, "=", 13, False),
        ("4dF>=1", [1, 0, 1, -1], "4dF ≥ 1", 1, ">=", 1, True),  # Fudge: the total
        ("6d6>=5 >= 2", [5, 1, 1, 1, 6, 2], "6d6≥5 ≥ 2", 2, ">=", 2, True),  # successes
        # with a space before the sign, always the total, as in d20: `2d6>=5` counts dice
        ("2d6 >= 5", [1, 3], "2d6 ≥ 5", 4, ">=", 5, False),
        ("10d10 > 7", [7] * 10, "10d10 > 7", 70, ">", 7, True),
        ("1d20 >= 15", [14], "1d20 ≥ 15", 14, ">=", 15, False),
    ],
)
def test_a_comparison_that_cannot_tell_dice_apart_compares_the_total(
    text, faces, expression, value, op, target, passed
):
    r = dealt(text, *faces)
    assert r.expression == expression and r.check is not None
    assert (r.check.value, r.check.op, r.check.target, r.check.passed) == (
        value,
        op,
        target,
        passed,
    )
    assert r.total == int(passed) and not r.successes


def test_a_total_comparison_shows_its_target_dice():
    r = dealt("1d20 >= 1d20", 12, 9)
    assert written(r.breakdown) == "1d20 (12)" and written(r.check.target_breakdown) == "1d20 (9)"
    assert r.check.sign == "≥"
    assert written(dealt("2d6 > 7", 3, 5).check.target_breakdown) is None  # a plain number


@pytest.mark.parametrize(
    ("text", "faces", "breakdown", "successes"),
    [
        (
            "10d10>7",
            [8, 7, 9, 1, 10, 2, 3, 4, 5, 6],
            "10d10>7 (**8**, 7, **9**, 1, **10**, 2, 3, 4, 5, 6)",
            3,
        ),  # strict, unlike Roll20: the 7 does not count
        ("6d6>=5+1", [5, 1, 1, 1, 1, 6], "6d6≥5 (**5**, 1, 1, 1, 1, **6**) + 1", 3),
        ("1d20>=15", [17], "1d20≥15 (**17**)", 1),
    ],
)
def test_a_comparison_that_tells_dice_apart_still_counts_successes(
    text, faces, breakdown, successes
):
    r = dealt(text, *faces)
    assert (written(r.breakdown), r.total, r.successes, r.check) == (
        breakdown,
        successes,
        True,
        None,
    )


FOREIGN = [
    ("3d6 e6", "dice.foreign", {"token": "e6", "instead": "!>=6", "example": "3d6!>=6"}),
    ("3d6 ie6", "dice.foreign", {"token": "ie6", "instead": "!>=6", "example": "3d6!>=6"}),
    ("6d10 t7", "dice.foreign", {"token": "t7", "instead": ">=7", "example": "6d10>=7"}),
    ("4d6 r2", "dice.foreign", {"token": "r2", "instead": "ro<=2", "example": "4d6ro<=2"}),
    ("4d6 ir2", "dice.foreign", {"token": "ir2", "instead": "r<=2", "example": "4d6r<=2"}),
    ("2d6+3 E6 fire", "dice.foreign", {"token": "E6", "instead": "!>=6", "example": "4d6!>=6"}),
    ("4d6 ro1", "dice.foreign", {"token": "ro1", "instead": "ro1", "example": "4d6ro1"}),
    ("1d20 mi10", "dice.foreign", {"token": "mi10", "instead": "mi10", "example": "1d20mi10"}),
    ("4d6kh3 x6", "dice.foreign_repeat", {"token": "x6", "example": "6x 4d6kh3"}),
    ("3d6!>7", "dice.explode_never", {"pos": 4}),
    ("3d6>7!", "dice.compare_last", {"pos": 4}),
    ("1 < 2d6 < 6", "dice.unexpected", {"token": "<", "pos": 9}),
]


@pytest.mark.parametrize(("text", "key", "params"), FOREIGN)
def test_notation_of_other_bots_is_refused_with_what_we_understand(text, key, params):
    with pytest.raises(GameError) as err:
        roll(text, Rng.from_seed(1))
    assert (err.value.key, err.value.params) == (key, params)


@pytest.mark.parametrize(
    "text", ["2d6 extra", "d20 to hit", "2d6 t-rex", "d20 e-mail", "2d6 x", "2W6 W6 wut"]
)
def test_words_that_merely_start_like_notation_stay_labels(text):
    assert roll(text, Rng.from_seed(1)).label == text.split(" ", 1)[1]


# ----- 2. the notations players type ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "expression", "breakdown", "total"),
    [
        ("1d20 adv", [7, 15], "2d20kh1", "2d20kh1 (~~7~~, 15)", 15),
        ("1d20 dis", [7, 15], "2d20kl1", "2d20kl1 (7, ~~15~~)", 7),
        ("adv", [3, 4], "2d20kh1", "2d20kh1 (~~3~~, 4)", 4),
        ("d20+5 ADV", [20, 2], "2d20kh1+5", "2d20kh1 (20, ~~2~~) + 5", 25),
        ("1d4+1d20 Vorteil", [2, 5, 9], "1d4+2d20kh1", "1d4 (2) + 2d20kh1 (~~5~~, 9)", 11),
        ("2d20kh", [5, 9], "2d20kh1", "2d20kh1 (~~5~~, 9)", 9),
        ("2d20kl", [5, 9], "2d20kl1", "2d20kl1 (5, ~~9~~)", 5),
        ("4d6dl", [5, 9 - 8, 3, 3], "4d6dl1", "4d6dl1 (5, ~~1~~, 3, 3)", 11),
        # rerolls: the replaced die struck through, its replacement right after it
        ("4d6r1", [1, 1, 4, 6, 1, 2, 3], "4d6r1", "4d6r1 (~~1~~, ~~1~~, 4, 6, ~~1~~, 2, 3)", 15),
        ("4d6ro1", [1, 1, 6, 2, 3], "4d6ro1", "4d6ro1 (~~1~~, 1, 6, 2, 3)", 12),
        ("2d6rr<3", [2, 1, 3, 6], "2d6r<3", "2d6r<3 (~~2~~, ~~1~~, 3, 6)", 9),
        ("2d6r<=2", [2, 5, 6], "2d6r≤2", "2d6r≤2 (~~2~~, 5, 6)", 11),
        # min/max per die: the counted face is shown
        ("2d20mi10", [3, 14], "2d20mi10", "2d20mi10 (10, 14)", 24),
        ("2d6ma4", [6, 2], "2d6ma4", "2d6ma4 (4, 2)", 6),
        ("4dFmi0", [-1, 1, 0, -1], "4dFmi0", "4dFmi0 (0, 1, 0, 0)", 1),
        # annotations name a part and change nothing
        (
            "1d8[slashing] + 2d6 [fire] + 3",
            [5, 1, 2],
            "1d8[slashing]+2d6[fire]+3",
            "1d8 (5) [slashing] + 2d6 (1, 2) [fire] + 3",
            11,
        ),
        (
            "(1d4+2)[Feuer Schaden]*2",
            [3],
            "(1d4+2)[Feuer Schaden]*2",
            "(1d4 (3) + 2) [Feuer Schaden] * 2",
            10,
        ),
        # keep / drop by comparison
        ("6d6k>3", [4, 1, 6, 3, 5, 2], "6d6k>3", "6d6k>3 (4, ~~1~~, 6, ~~3~~, 5, ~~2~~)", 15),
        ("5d6d<3", [1, 3, 2, 6, 3], "5d6d<3", "5d6d<3 (~~1~~, 3, ~~2~~, 6, 3)", 12),
        # compounding: the extra rolls add up into one die
        ("3d6!!", [6, 6, 2, 3, 6, 1], "3d6!!", "3d6!! (6!+6!+2, 3, 6!+1)", 24),
        ("2d10!!>=9", [9, 10, 1, 4], "2d10!!≥9", "2d10!!≥9 (9!+10!+1, 4)", 24),
        ("3d6>=8!!", [6, 4, 5, 6, 6, 1], "3d6≥8!!", "3d6≥8!! (**6!+4**, 5, **6!+6!+1**)", 2),
        # W for Würfel, as German players write a die: the reply writes it as d
        ("3W6", [4, 5, 1], "3d6", "3d6 (4, 5, 1)", 10),
        ("W20+2", [7], "1d20+2", "1d20 (7) + 2", 9),
        ("4w6kh3", [4, 1, 3, 3], "4d6kh3", "4d6kh3 (4, ~~1~~, 3, 3)", 10),
        ("w%", [59], "1d100", "1d100 (59)", 59),
        ("4WF", [1, 0, 1, -1], "4dF", "4dF (1, 0, 1, -1)", 1),
    ],
)
def test_notations_players_type(text, faces, expression, breakdown, total):
    r = dealt(text, *faces)
    assert (r.expression, written(r.breakdown), r.total) == (expression, breakdown, total)


def test_advantage_keeps_the_rest_as_a_label():
    result = roll("d20+5 adv to hit the orc", Rng.from_seed(2))
    assert result.label == "to hit the orc"
    assert result.results[0].expression == "2d20kh1+5"


NONSENSE = [
    ("2d6 adv", "dice.advantage_needs_d20", {}),
    ("1d20 adv dis", "dice.unexpected", {"token": "dis", "pos": 10}),
    ("2d20kh1 dis", "dice.advantage_needs_d20", {}),
    ("1d6r<7", "dice.reroll_always", {"pos": 1}),
    ("1d6rr>=1", "dice.reroll_always", {"pos": 1}),
    ("1d6mi7", "dice.clamp_range", {"pos": 1, "low": 1, "high": 6}),
    ("1d6mi4ma3", "dice.clamp_range", {"pos": 1, "low": 1, "high": 6}),
    ("1d20mi0", "dice.clamp_range", {"pos": 1, "low": 1, "high": 20}),
    ("2d6mi6!", "dice.explode_always", {"pos": 1}),
    ("2d6[]", "dice.bad_note", {"pos": 4, "limit": 40}),
    ("2d6[fire", "dice.bad_note", {"pos": 4, "limit": 40}),
    ("2d6[" + "x" * 41 + "]", "dice.bad_note", {"pos": 4, "limit": 40}),
    ("4d6ra1", "dice.unexpected", {"token": "ra1", "pos": 4}),
    ("4d6r", "dice.unexpected", {"token": "r", "pos": 4}),
    ("4d6kh3k>3", "dice.unexpected", {"token": "k", "pos": 7}),
]


@pytest.mark.parametrize(("text", "key", "params"), NONSENSE)
def test_new_notations_refuse_what_makes_no_sense(text, key, params):
    with pytest.raises((ParseError, RuleError)) as err:
        roll(text, Rng.from_seed(1))
    assert (err.value.key, err.value.params) == (key, params)


def test_rerolls_until_stop_at_the_dice_limit():
    # every die shows 1 and is rerolled: the rerolls stop at the limit, quietly capped
    r = dealt("1d2r1", *[1] * MAX_DICE)
    group = r.groups[0]
    assert group.capped and len(group.dice) == MAX_DICE
    assert sum(d.rerolled for d in group.dice) == MAX_DICE - 1 and r.total == 1


def test_compounding_stops_at_the_dice_limit():
    r = dealt("1d2!!", *[2] * MAX_DICE)
    assert r.groups[0].capped and r.total == 2 * MAX_DICE and len(r.groups[0].dice) == 1


def test_rerolled_dice_are_not_kept_nor_counted():
    r = dealt("3d6r1kh2>=5", 1, 5, 6, 2)
    dice = r.groups[0].dice
    assert [(d.value, d.rerolled, d.kept, d.success) for d in dice] == [
        (1, True, False, False),
        (5, False, True, True),
        (6, False, True, True),
        (2, False, False, False),
    ]
    assert r.total == 2 and written(r.breakdown) == "3d6kh2≥5r1 (~~1~~, **5**, **6**, ~~2~~)"


@pytest.mark.parametrize(
    "text",
    [
        "4d6r1",
        "2d20kh",
        "6d6k>3",
        "3d6!!",
        "1d8[fire]+1",
        "4dFmi0",
        "3d6r<3kh2>=4!",
        "1d20+5 >= 15",
        "1d20 >= 1d20",
        "d20 adv",
        "4d6ro1ma5",
    ],
)
def test_the_normalised_expression_rolls_the_same(text):
    for seed in range(20):
        first = roll(text, Rng.from_seed(seed)).results[0]
        again = roll(first.expression, Rng.from_seed(seed)).results[0]
        assert again == first


def test_a_note_reads_as_typed_and_only_dice_are_marked():
    r = dealt("2d6kh1 [**x** ~~y~~]", 2, 5)
    assert [(p.text, p.dropped, p.success) for p in r.breakdown] == [
        ("2d6kh1 (", False, False),
        ("2", True, False),
        (", 5) [**x** ~~y~~]", False, False),
    ]
    assert plain(r.breakdown) == "2d6kh1 (2, 5) [**x** ~~y~~]"


def test_a_target_breakdown_marks_its_own_dice():
    r = dealt("1d20 >= 2d6kl1", 12, 4, 3)
    assert written(r.check.target_breakdown) == "2d6kl1 (~~4~~, 3)" and r.total == 1
