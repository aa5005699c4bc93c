"""The PRNG every engine keeps in its state: deterministic, uniform enough, tiny."""

from collections import Counter

import pytest

from rules.core.rng import Rng, seed_state


def test_same_seed_same_stream_and_state_resumes():
    a, b = Rng.from_seed(7), Rng.from_seed(7)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    resumed = Rng(a.state)  # the state is one int: store it, load it, go on
    assert resumed.next64() == a.next64()
    assert seed_state(1) != seed_state(2) and 0 <= seed_state(-1) < 2**64


def test_bounded_draws_stay_in_range_and_are_roughly_uniform():
    rng = Rng.from_seed(3)
    counts = Counter(rng.randint(1, 3) for _ in range(9000))
    assert set(counts) == {1, 2, 3} and all(2700 < c < 3300 for c in counts.values())
    assert all(0 <= rng.below(10**6) < 10**6 for _ in range(1000))
    with pytest.raises(ValueError):
        rng.below(0)


def test_shuffle_permutes_in_place_and_is_reproducible():
    items, again = list(range(20)), list(range(20))
    Rng.from_seed(5).shuffle(items)
    Rng.from_seed(5).shuffle(again)
    assert items == again and sorted(items) == list(range(20)) and items != list(range(20))
    assert Rng.from_seed(5).choice("abc") in "abc"
