"""Dice notation: every feature with dice we choose, every refusal with its parameters.

Literal breakdowns come from a scripted stand-in for Rng that deals the faces we pick,
so each expected line below is worked out by hand, not copied from a run.
"""

import itertools

import pytest

from rules.core.errors import GameError, ParseError, RuleError
from rules.core.rng import Rng
from rules.dice import MAX_DICE, roll
from tests.fixtures.written import breakdown_written as written


class Script:
    """Deals the given faces in order, like Rng.randint, and checks each is in range."""

    def __init__(self, faces: list[int]) -> None:
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        face = self.faces.pop(0)
        assert low <= face <= high, (face, low, high)
        return face


def dealt(text: str, *faces: int):
    """The one roll of `text` with exactly these faces dealt."""
    script = Script(list(faces))
    result = roll(text, script)  # type: ignore[arg-type]
    assert not script.faces, "not every scripted face was rolled"
    assert len(result.results) == 1
    return result.results[0]


def one(text: str, seed: int = 1):
    result = roll(text, Rng.from_seed(seed))
    assert len(result.results) == 1
    return result.results[0]


def faces(single) -> list[int]:
    return [d.value for g in single.groups for d in g.dice]


# ----- the examples of the brief, dealt by hand -----------------------------------------


@pytest.mark.parametrize(
    ("text", "dice", "breakdown", "total"),
    [
        ("4d6kh3+2", [6, 5, 3, 1], "4d6kh3 (6, 5, 3, ~~1~~) + 2", 16),
        ("3d6!", [6, 6, 2, 4, 1], "3d6! (6!, 6!, 2, 4, 1)", 19),  # the first die: 6+6+2
        ("6d6>=5", [6, 5, 2, 1, 3, 4], "6d6≥5 (**6**, **5**, 2, 1, 3, 4)", 2),
        ("d20", [17], "1d20 (17)", 17),
        ("d%", [100], "1d100 (100)", 100),
        ("2d20kl1", [17, 4], "2d20kl1 (~~17~~, 4)", 4),
        ("4d6k3", [2, 6, 2, 5], "4d6kh3 (~~2~~, 6, 2, 5)", 13),  # of equal dice, the first goes
        ("4d6dl1", [3, 1, 1, 5], "4d6dl1 (3, ~~1~~, 1, 5)", 9),
        ("4d6d1", [3, 1, 1, 5], "4d6dl1 (3, ~~1~~, 1, 5)", 9),
        ("5d6dh2", [1, 6, 3, 6, 2], "5d6dh2 (1, ~~6~~, 3, ~~6~~, 2)", 6),
        ("2d6kh5", [3, 4], "2d6kh5 (3, 4)", 7),  # keeping more than rolled keeps all
        ("4d6k0", [3, 4, 5, 6], "4d6kh0 (~~3~~, ~~4~~, ~~5~~, ~~6~~)", 0),
        ("3d6!kh2", [6, 3, 2, 5], "3d6kh2! (6!, ~~3~~, ~~2~~, 5)", 11),  # normalised order
        ("2d6!>=5", [5, 6, 1, 3], "2d6!≥5 (5!, 6!, 1, 3)", 15),
        ("3d10>=8!", [10, 8, 2, 7], "3d10≥8! (**10!**, **8**, 2, 7)", 2),
        ("4d6kh2>=4", [5, 4, 6, 1], "4d6kh2≥4 (**5**, ~~4~~, **6**, ~~1~~)", 2),
        ("6d6<=2", [1, 2, 3, 6, 2, 5], "6d6≤2 (**1**, **2**, 3, 6, **2**, 5)", 3),
        ("6d6>4", [4, 5, 6, 1, 1, 1], "6d6>4 (4, **5**, **6**, 1, 1, 1)", 2),
        ("6d6=6", [6, 1, 6, 6, 2, 3], "6d6=6 (**6**, 1, **6**, **6**, 2, 3)", 3),
        ("4dF", [-1, 0, 1, 1], "4dF (-1, 0, 1, 1)", 1),
        ("(2d6+3)*2 - 1", [1, 6], "(2d6 (1, 6) + 3) * 2 - 1", 19),
        ("-(1d4)", [3], "-(1d4 (3))", -3),
        ("1d6 - 1d6", [2, 5], "1d6 (2) - 1d6 (5)", -3),
    ],
)
def test_dealt_dice(text, dice, breakdown, total):
    r = dealt(text, *dice)
    assert (written(r.breakdown), r.total) == (breakdown, total)


def test_structure_of_a_roll():
    r = dealt("3d6!kh2+1d4", 6, 3, 2, 5, 4)
    first, second = r.groups
    assert first.notation == "3d6kh2!" and first.sides == 6 and not first.fudge
    assert [(d.value, d.kept, d.exploded, d.extra) for d in first.dice] == [
        (6, True, True, False),
        (3, False, False, True),  # the 6's extra roll
        (2, False, False, False),
        (5, True, False, False),
    ]
    assert (first.value, second.value, r.total) == (11, 4, 15)
    assert not r.successes and not first.capped
    assert dealt("4dF", -1, 0, 1, 1).groups[0].fudge


def test_explosions_chain_right_after_their_die():
    r = dealt("2d4!", 4, 4, 1, 4, 2)
    dice = r.groups[0].dice
    assert [(d.value, d.exploded, d.extra) for d in dice] == [
        (4, True, False),
        (4, True, True),
        (1, False, True),
        (4, True, False),
        (2, False, True),
    ]
    assert r.total == 15 and written(r.breakdown) == "2d4! (4!, 4!, 1, 4!, 2)"


def test_explosions_stop_at_the_dice_limit():
    r = dealt("1d2!", *[2] * MAX_DICE)  # every die shows the maximum
    group = r.groups[0]
    assert len(group.dice) == MAX_DICE and group.capped and r.total == 2 * MAX_DICE
    assert not group.dice[-1].exploded  # it would have, but the limit is reached
    # Dice of later terms are reserved first: explosions never take them away.
    r = dealt("500d2!+500d6", *[2] * 500, *[1] * 500)
    assert r.groups[0].capped and len(r.groups[0].dice) == 500 and r.total == 1500


def test_dice_are_the_rngs_draws_in_order():
    rng = Rng.from_seed(7)
    r = roll("3d6+1d20+2d4", rng).results[0]
    twin = Rng.from_seed(7)
    drawn = [twin.randint(1, s) for s in (6, 6, 6, 20, 4, 4)]
    assert faces(r) == drawn and rng.state == twin.state


# ----- arithmetic -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("2+3*4", 14),
        ("(2+3)*4", 20),
        ("10-2-3", 5),
        ("100/10/5", 2),
        ("2*-3", -6),
        ("--3", 3),
        ("+3", 3),
        ("7/2", 3),
        ("-7/2", -3),
        ("7/-2", -3),
        ("-7/-2", 3),
        ("2 × 3 − 1", 5),
        ("7 ÷ 2", 3),
        ("0", 0),
        ("+1" * 100, 100),  # 200 characters
    ],
)
def test_arithmetic_truncates_toward_zero(text, total):
    r = one(text)
    assert r.total == total and r.groups == () and not r.successes


def test_totals_match_the_dice_shown():
    for seed in range(30):
        r = one("(2d6+3)*2 - 1d4", seed)
        two_d6, d4 = r.groups
        assert r.total == (two_d6.value + 3) * 2 - d4.value
        assert written(r.breakdown) == (
            f"(2d6 ({two_d6.dice[0].value}, {two_d6.dice[1].value}) + 3) * 2"
            f" - 1d4 ({d4.dice[0].value})"
        )


# ----- keep, drop, explode, count, across many seeds --------------------------------------


@pytest.mark.parametrize(
    ("text", "keep"),
    [
        ("4d6kh3", ("high", 3)),
        ("4d6k3", ("high", 3)),
        ("2d20kl1", ("low", 1)),
        ("4d6dl1", ("high", 3)),
        ("4d6d1", ("high", 3)),
        ("5d6dh2", ("low", 3)),
    ],
)
def test_keep_and_drop(text, keep):
    side, n = keep
    for seed in range(30):
        r = one(text, seed)
        dice = r.groups[0].dice
        kept = sorted(d.value for d in dice if d.kept)
        dropped = sorted(d.value for d in dice if not d.kept)
        ordered = sorted(d.value for d in dice)
        assert kept == (ordered[-n:] if side == "high" else ordered[:n])
        assert len(dropped) == len(dice) - n and r.total == sum(kept)
        shown = written(r.breakdown)[written(r.breakdown).index("(") + 1 : -1].split(", ")
        assert shown == [str(d.value) if d.kept else f"~~{d.value}~~" for d in dice]


def test_exploding_dice_roll_again_only_on_the_maximum():
    exploded = 0
    for seed in range(60):
        r = one("3d6!", seed)
        dice = r.groups[0].dice
        assert all(d.exploded == (d.value == 6) for d in dice)
        assert len(dice) == 3 + sum(d.exploded for d in dice) == 3 + sum(d.extra for d in dice)
        assert all(b.extra == a.exploded for a, b in itertools.pairwise(dice))
        assert r.total == sum(d.value for d in dice)
        shown = written(r.breakdown).removeprefix("3d6! (").removesuffix(")").split(", ")
        assert shown == [f"{d.value}!" if d.exploded else str(d.value) for d in dice]
        exploded += sum(d.exploded for d in dice)
    assert exploded > 0


def test_success_counting():
    for seed in range(30):
        r = one("6d6>=5", seed)
        dice = r.groups[0].dice
        assert r.successes and r.groups[0].successes
        assert all(d.success == (d.value >= 5) for d in dice)
        assert r.total == sum(d.value >= 5 for d in dice)
        assert written(r.breakdown).count("**") == 2 * r.total
    for text, passes in [("8d10>7", lambda v: v > 7), ("6d6<=2", lambda v: v <= 2)]:
        r = one(text)
        assert r.total == sum(passes(v) for v in faces(r))


def test_successes_are_counted_among_kept_dice_only():
    for seed in range(30):
        r = one("5d6kh2>=4", seed)
        dice = r.groups[0].dice
        assert all(d.success == (d.kept and d.value >= 4) for d in dice)
        assert r.total == sum(d.success for d in dice)


@pytest.mark.parametrize(
    ("text", "successes"),
    [
        ("6d6>=5", True),
        ("(6d6>=5)", True),
        ("6d6>=5+1", True),  # one automatic success
        ("6d6>=5+3d6>=4", True),
        ("6d6>=5+1d6", False),  # a sum mixed in: just a number
        ("2d6", False),
        ("5", False),
    ],
)
def test_when_the_total_counts_successes(text, successes):
    assert one(text).successes is successes


# ----- repeats, labels, empty input, spelling -------------------------------------------


@pytest.mark.parametrize("text", ["6x 4d6kh3", "6x4d6kh3", "6#4d6kh3", "6 x 4d6kh3", "6X4D6KH3"])
def test_repeats(text):
    result = roll(text, Rng.from_seed(3))
    assert len(result.results) == 6 and result.label is None
    assert {r.expression for r in result.results} == {"4d6kh3"}
    assert len({written(r.breakdown) for r in result.results}) > 1  # independent rolls
    twin = Rng.from_seed(3)
    drawn = [twin.randint(1, 6) for _ in range(24)]
    assert [v for r in result.results for v in faces(r)] == drawn


def test_repeat_forms_that_are_not_repeats():
    result = roll("6 xp", Rng.from_seed(1))
    assert (result.label, result.results[0].total) == ("xp", 6)
    result = roll("6 # fire", Rng.from_seed(1))
    assert (result.label, result.results[0].total) == ("fire", 6)


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("2d6+3 fire", "fire"),
        ("d20+5 to hit Goblin", "to hit Goblin"),
        ("2d6+3 # fire", "fire"),
        ("2d6#fire", "fire"),
        ("d20 # 2nd attack", "2nd attack"),
        ("2d6 ## x", "# x"),
        ("2d6 fire × 2 − 1", "fire × 2 − 1"),  # verbatim: no symbol is translated
        ("2d6 Feuer **x** ~~y~~", "Feuer **x** ~~y~~"),  # escaping is the bot's job
        ("d20 🔥 Ärger", "🔥 Ärger"),
        ("d20 İstanbul", "İstanbul"),
        ("d20 'quoted'", "'quoted'"),
        ("2d6 damage", "damage"),
        ("2d6 dfire", "dfire"),
        ("  2d6   fire  ", "fire"),
        ("2d6", None),
        ("2d6 #", None),
    ],
)
def test_labels(text, label):
    assert roll(text, Rng.from_seed(1)).label == label


@pytest.mark.parametrize(("text", "count"), [("", 1), ("   ", 1), ("3x", 3), ("# stealth", 1)])
def test_no_expression_is_a_d20(text, count):
    result = roll(text, Rng.from_seed(1))
    assert len(result.results) == count
    for r in result.results:
        assert r.expression == "1d20" and 1 <= r.total <= 20
        assert written(r.breakdown) == f"1d20 ({r.total})"
    assert result.label == ("stealth" if "#" in text else None)


@pytest.mark.parametrize(
    ("text", "expression"),
    [
        ("2D6", "2d6"),
        ("d20", "1d20"),
        ("4D6KH3 + 2", "4d6kh3+2"),
        ("4d6k3+2", "4d6kh3+2"),
        ("4d6d1", "4d6dl1"),
        ("D%", "1d100"),
        ("4df", "4dF"),
        ("6d6 >= 5", "6d6 ≥ 5"),  # a space before the sign: the total (test_dice_notation)
        ("6d6>= 5 + 1", "6d6≥5+1"),
        ("3d6!=6", "3d6!"),
        ("5d10!>=8", "5d10!≥8"),
        ("5d10!>=8>=9", "5d10≥9!≥8"),
        ("5d10>=8!", "5d10≥8!"),
        ("4dF>=-1", "4dF ≥ -1"),  # Fudge dice: always the total
        (" ( 2d6 + 3 ) * 2", "(2d6+3)*2"),
        ("2 × 3 − 1 ÷ 1", "2*3-1/1"),
        ("+5", "5"),
        ("1 - -1", "1--1"),
    ],
)
def test_spelling_is_normalised(text, expression):
    assert one(text).expression == expression


def test_same_seed_same_roll_other_seeds_vary():
    assert roll("6x 10d20", Rng.from_seed(9)) == roll("6x 10d20", Rng.from_seed(9))
    assert len({one("10d20", s).total for s in range(10)}) > 5


# ----- refusals -------------------------------------------------------------------------

REFUSALS = [
    ("1+" * 101, ParseError, "dice.too_long", {"limit": 200}),
    ("(" * 201, ParseError, "dice.too_long", {"limit": 200}),  # length first
    ("3d", ParseError, "dice.unexpected_end", {}),
    ("2d6 +", ParseError, "dice.unexpected_end", {}),
    ("(1+2", ParseError, "dice.unexpected_end", {}),
    ("6d6>=", ParseError, "dice.unexpected_end", {}),
    ("-", ParseError, "dice.unexpected_end", {}),
    ("abc", ParseError, "dice.unexpected", {"token": "abc", "pos": 1}),
    ("2d6fire", ParseError, "dice.unexpected", {"token": "fire", "pos": 4}),
    ("3d6 ) ", ParseError, "dice.unexpected", {"token": ")", "pos": 5}),
    ("1+2)", ParseError, "dice.unexpected", {"token": ")", "pos": 4}),
    ("3 d6", ParseError, "dice.unexpected", {"token": "d6", "pos": 3}),
    (
        "2d6 kh1",
        ParseError,
        "dice.foreign",
        {"token": "kh1", "instead": "kh1", "example": "2d6kh1"},
    ),
    ("3d fire", ParseError, "dice.unexpected", {"token": "3d", "pos": 1}),
    ("6x dragon", ParseError, "dice.unexpected", {"token": "dragon", "pos": 4}),
    ("4d6kh3kl1", ParseError, "dice.unexpected", {"token": "kl1", "pos": 7}),
    ("3d6!!!", ParseError, "dice.unexpected", {"token": "!", "pos": 6}),
    ("2**3", ParseError, "dice.unexpected", {"token": "*", "pos": 3}),
    ("2d6 + ?", ParseError, "dice.unexpected", {"token": "?", "pos": 7}),
    ("2d6 2nd", ParseError, "dice.unexpected", {"token": "2nd", "pos": 5}),
    ("2d6 (fire)", ParseError, "dice.unexpected", {"token": "(", "pos": 5}),
    ("stealth", ParseError, "dice.unexpected", {"token": "stealth", "pos": 1}),
    ("1001d6", RuleError, "dice.too_many_dice", {"limit": 1000}),
    ("500d6+501d6", RuleError, "dice.too_many_dice", {"limit": 1000}),
    ("99999999999d6", RuleError, "dice.too_many_dice", {"limit": 1000}),
    ("2d1000001", RuleError, "dice.too_many_sides", {"limit": 1000000}),
    ("2d99999999999", RuleError, "dice.too_many_sides", {"limit": 1000000}),
    ("21x d6", RuleError, "dice.too_many_repeats", {"limit": 20}),
    ("0x d6", RuleError, "dice.zero_repeats", {}),
    ("0d6", RuleError, "dice.zero_dice", {}),
    ("d0", RuleError, "dice.zero_sides", {}),
    ("1d1!", RuleError, "dice.explode_d1", {}),
    ("d6!>=1", RuleError, "dice.explode_always", {"pos": 1}),
    ("2d6 + 3d6!<7", RuleError, "dice.explode_always", {"pos": 7}),
    ("dF!>=-1", RuleError, "dice.explode_always", {"pos": 1}),
    ("10/0", RuleError, "dice.division_by_zero", {}),
    ("5/(2-2)", RuleError, "dice.division_by_zero", {}),
    ("(" * 31 + "1" + ")" * 31, RuleError, "dice.too_deep", {"limit": 30}),
    ("-" * 31 + "1", RuleError, "dice.too_deep", {"limit": 30}),
    ("1" * 15, RuleError, "dice.number_too_big", {"number": "1" * 12 + "…", "pos": 1}),
    ("2+1000000000", RuleError, "dice.number_too_big", {"number": "1000000000", "pos": 3}),
    ("4d6kh1000000000", RuleError, "dice.number_too_big", {"number": "1000000000", "pos": 6}),
    ("6d6>=1000000000", RuleError, "dice.number_too_big", {"number": "1000000000", "pos": 6}),
]


@pytest.mark.parametrize(("text", "kind", "key", "params"), REFUSALS, ids=[r[2] for r in REFUSALS])
def test_refusals_carry_a_key_and_parameters(text, kind, key, params):
    with pytest.raises(GameError) as err:
        roll(text, Rng.from_seed(1))
    assert type(err.value) is kind and err.value.key == key
    if key == "dice.number_too_big":
        params = params | {"limit": 999_999_999}
    assert err.value.params == params


def test_division_by_a_die_that_shows_zero():
    with pytest.raises(RuleError) as err:
        dealt("1/(1d2-1)", 1)
    assert err.value.key == "dice.division_by_zero"
    assert dealt("1/(1d2-1)", 2).total == 1


@pytest.mark.parametrize(
    "text",
    ["1000d6", "500d6+500d6", "d1000000", "20x d6", "d2!", "d6!>5", "1d1", "999999999"],
)
def test_just_within_the_limits(text):
    roll(text, Rng.from_seed(1))


def test_long_and_deep_inputs_never_overflow_the_stack():
    assert one("(" * 30 + "1" + ")" * 30).total == 1
    assert one("-" * 30 + "1").total == 1
    assert one("1*" * 99 + "1").total == 1
    with pytest.raises(RuleError) as err:
        roll("(" * 200, Rng.from_seed(1))
    assert err.value.key == "dice.too_deep"
    with pytest.raises(RuleError):
        roll("(-" * 100, Rng.from_seed(1))
