"""Point cards: per craft shop 1, 2, 3, 4 in the order of arrival; at the Schneider 6, 4,
2, 1, and only for a player who has visited all four craft shops. With three players the
one-point card of every pile (the Schneider's too) is out of the game.
"""

from itertools import pairwise

from rules.heinzel.data import CRAFTS, SCHNEIDER

SHOP_CARDS = (1, 2, 3, 4)  # the top card first: the first to arrive gets 1
SCHNEIDER_CARDS = (6, 4, 2, 1)  # the first to arrive gets 6


def piles(players: int) -> dict[str, list[int]]:
    def deal(cards: tuple[int, ...]) -> list[int]:
        return [c for c in cards if players != 3 or c != 1]

    return {**{c: deal(SHOP_CARDS) for c in CRAFTS}, SCHNEIDER: deal(SCHNEIDER_CARDS)}


def may_collect(taken: dict[str, int], craft: str, pile: list[int]) -> bool:
    """A shop pays a player once, while its pile lasts; the Schneider only after all four."""
    if craft in taken or not pile:
        return False
    return craft != SCHNEIDER or all(c in taken for c in CRAFTS)


def score(taken: dict[str, int]) -> int:
    return sum(taken.values())


def ranking(scores: list[int], arrived: list[int]) -> tuple[tuple[int, ...], ...]:
    """Most points first; equal points: who reached the Schneider first is ahead; equal
    points and neither reached him: they share the place."""

    def key(seat: int) -> tuple[int, int]:
        return (-scores[seat], arrived.index(seat) if seat in arrived else len(scores))

    groups: dict[tuple[int, int], list[int]] = {}
    for seat in sorted(range(len(scores)), key=key):
        groups.setdefault(key(seat), []).append(seat)
    return tuple(tuple(g) for g in groups.values())


def ties_broken(scores: list[int], arrived: list[int]) -> list[tuple[int, tuple[int, ...]]]:
    """Each seat placed ahead of others with as many points, for reaching the Schneider
    earlier: (that seat, the seats of the next place)."""
    places = ranking(scores, arrived)
    return [(a[0], b) for a, b in pairwise(places) if scores[a[0]] == scores[b[0]]]
