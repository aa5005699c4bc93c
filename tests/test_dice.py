"""Dice notation: every feature, every refusal, and random input that never escapes."""

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.core.errors import GameError, ParseError, RuleError
from rules.core.rng import Rng
from rules.dice import roll


def one(text: str, seed: int = 1):
    result = roll(text, Rng.from_seed(seed))
    assert len(result.results) == 1
    return result.results[0]


def values(single):
    return [d.value for g in single.groups for d in g.dice]


def test_bare_roll_is_a_d20():
    r = one("")
    assert r.expression == "1d20" and 1 <= r.total <= 20 and r.breakdown == f"1d20 ({r.total})"


@pytest.mark.parametrize("text", ["d20", "D20", "1d20", " 1d20 "])
def test_single_die(text):
    r = one(text)
    assert r.expression == "1d20" and 1 <= r.total <= 20


def test_sum_and_arithmetic_show_every_die():
    r = one("3d6+2")
    dice = values(r)
    assert len(dice) == 3 and r.total == sum(dice) + 2
    assert r.breakdown == f"3d6 ({', '.join(map(str, dice))}) + 2"
    r = one("(2d6+3)*2 - 1")
    assert r.total == (sum(values(r)) + 3) * 2 - 1
    assert r.expression == "(2d6+3)*2-1"


def test_unicode_operators_and_percent():
    assert one("2 × 3 − 1").total == 5
    assert one("7 ÷ 2").total == 3
    r = one("d%")
    assert r.expression == "1d100" and 1 <= r.total <= 100


def test_division_rounds_toward_zero():
    assert one("10/3").total == 3 and one("-10/3").total == -3 and one("10/-3").total == -3


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("4d6kh3", "top3"),
        ("4d6k3", "top3"),
        ("2d20kl1", "low1"),
        ("4d6dl1", "top3"),
        ("4d6d1", "top3"),
        ("5d6dh2", "low3"),
    ],
)
def test_keep_and_drop(text, kept):
    for seed in range(20):
        r = one(text, seed)
        dice = r.groups[0].dice
        ordered = sorted(d.value for d in dice)
        n = int(kept[-1])
        expected = sum(ordered[-n:]) if kept.startswith("top") else sum(ordered[:n])
        assert r.total == expected
        assert sum(not d.kept for d in dice) == len(dice) - n
        for d in dice:  # dropped dice are struck through in the breakdown
            if not d.kept:
                assert f"~~{d.value}~~" in r.breakdown


def test_keeping_more_than_rolled_keeps_all():
    r = one("2d6kh5")
    assert all(d.kept for d in r.groups[0].dice) and r.total == sum(values(r))


def test_exploding_dice_roll_again_on_the_maximum():
    seen_explosion = False
    for seed in range(40):
        r = one("3d6!", seed)
        dice = r.groups[0].dice
        assert len(dice) == 3 + sum(d.exploded for d in dice)
        assert all(d.exploded == (d.value == 6) for d in dice)
        assert r.total == sum(values(r))
        seen_explosion |= any(d.exploded for d in dice)
        if any(d.exploded for d in dice):
            assert "6!" in r.breakdown
    assert seen_explosion


def test_success_counting():
    for seed in range(20):
        r = one("6d6>=5", seed)
        dice = r.groups[0].dice
        assert r.successes and r.total == sum(d.value >= 5 for d in dice)
        assert all(d.success == (d.value >= 5) for d in dice)
    r = one("8d10>7")
    assert r.total == sum(v > 7 for v in values(r))
    assert one("6d6=6").total == sum(v == 6 for v in values(one("6d6=6")))
    assert not one("6d6>=5+1").successes  # in arithmetic it is a number like any other


def test_successes_among_kept_dice_only():
    for seed in range(20):
        r = one("5d6kh2>=4", seed)
        dice = r.groups[0].dice
        assert r.total == sum(d.kept and d.value >= 4 for d in dice)


def test_repeats_and_label():
    result = roll("6x 4d6kh3", Rng.from_seed(3))
    assert len(result.results) == 6 and result.label is None
    assert len({r.breakdown for r in result.results}) > 1
    assert len(roll("3#d6", Rng.from_seed(3)).results) == 3
    result = roll("2d20kl1+5 to hit the goblin", Rng.from_seed(3))
    assert result.label == "to hit the goblin"
    assert roll("2d6+3 # fire", Rng.from_seed(3)).label == "fire"


def test_same_seed_same_roll_other_seeds_vary():
    assert roll("10d20", Rng.from_seed(9)) == roll("10d20", Rng.from_seed(9))
    assert len({one("10d20", s).total for s in range(10)}) > 5


def test_faces_are_fair_enough():
    rng = Rng.from_seed(42)
    counts = [0] * 6
    for _ in range(6000):
        counts[roll("d6", rng).results[0].total - 1] += 1
    assert all(850 < c < 1150 for c in counts), counts


REFUSALS = [
    ("3d", ParseError, "dice.unexpected_end", {}),
    ("2d6 +", ParseError, "dice.unexpected_end", {}),
    ("abc", ParseError, "dice.unexpected", {"token": "abc", "pos": 1}),
    ("2d6fire", ParseError, "dice.unexpected", {"token": "fire", "pos": 4}),
    ("3d6 ) ", ParseError, "dice.unexpected", {"token": ")", "pos": 5}),
    ("1001d6", RuleError, "dice.too_many_dice", {"limit": 1000}),
    ("500d6+501d6", RuleError, "dice.too_many_dice", {"limit": 1000}),
    ("2d1000001", RuleError, "dice.too_many_sides", {"limit": 1000000}),
    ("21x d6", RuleError, "dice.too_many_repeats", {"limit": 20}),
    ("0x d6", RuleError, "dice.zero_repeats", {}),
    ("0d6", RuleError, "dice.zero_dice", {}),
    ("d0", RuleError, "dice.zero_sides", {}),
    ("1d1!", RuleError, "dice.explode_d1", {}),
    ("10/0", RuleError, "dice.division_by_zero", {}),
    ("(" * 40 + "1" + ")" * 40, RuleError, "dice.too_deep", {"limit": 30}),
    ("1" * 15, RuleError, "dice.number_too_big", {"number": "1" * 12, "pos": 1}),
    ("1+" * 101, ParseError, "dice.too_long", {"limit": 200}),
]


@pytest.mark.parametrize(("text", "kind", "key", "params"), REFUSALS, ids=[r[2] for r in REFUSALS])
def test_refusals_carry_a_key(text, kind, key, params):
    with pytest.raises(kind) as err:
        roll(text, Rng.from_seed(1))
    assert err.value.key == key and err.value.params == params


def test_explosions_count_toward_the_dice_limit():
    with pytest.raises(RuleError) as err:
        roll("999d2!", Rng.from_seed(1))  # about half explode: far past 1,000 dice
    assert err.value.key == "dice.too_many_dice"


def test_long_inputs_never_overflow_the_stack():
    assert one("1+" * 99 + "1").total == 100
    with pytest.raises(RuleError):
        roll("-" * 150 + "1", Rng.from_seed(1))
    with pytest.raises(GameError):
        roll("(" * 200, Rng.from_seed(1))


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=300))
def test_random_text_only_raises_game_errors(text):
    with contextlib.suppress(GameError):
        roll(text, Rng.from_seed(5))


DICE = st.builds(
    lambda n, s, mod: f"{n}d{s}{mod}",
    st.integers(1, 20),
    st.integers(2, 100),
    st.sampled_from(["", "kh1", "kl2", "dl1", "dh1", "!", ">=3", "<2"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(DICE, min_size=1, max_size=5), st.integers(0, 2**32))
def test_sums_stay_within_their_bounds(groups, seed):
    r = one("+".join(groups), seed)
    for group in r.groups:
        kept = [d for d in group.dice if d.kept]
        assert group.value == (
            sum(d.success for d in group.dice) if group.successes else sum(d.value for d in kept)
        )
    assert r.total == sum(g.value for g in r.groups)
