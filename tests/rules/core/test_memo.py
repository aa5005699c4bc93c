"""The bounded memo (rules/core/memo.py): a value made once per key, and everything
forgotten at once past its bound."""

from rules.core.memo import Memo


def test_a_value_is_made_once_per_key_from_the_key():
    made: list[tuple[int, int]] = []

    def add(a: int, b: int) -> int:
        made.append((a, b))
        return a + b

    memo = Memo(add, bound=10)
    assert memo[(1, 2)] == 3 and memo[(1, 2)] == 3 and memo[(2, 1)] == 3
    assert made == [(1, 2), (2, 1)]


def test_past_its_bound_it_forgets_everything_and_makes_anew():
    memo = Memo(lambda n: [n], bound=3)
    first = memo[(0,)]
    for n in range(1, 3):
        memo[(n,)]
    assert len(memo) == 3 and memo[(0,)] is first
    memo[(3,)]  # the fourth: the three before it are forgotten
    assert list(memo) == [(3,)]
    assert memo[(0,)] == [0] and memo[(0,)] is not first
