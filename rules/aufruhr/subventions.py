"""II. EU subventions: the Lord Mayor gives each mayor (himself included) one amount."""

from rules.core.errors import RuleError

AMOUNTS = {4: (40, 30, 20, 10), 5: (50, 40, 30, 20, 10), 6: (60, 50, 40, 30, 20, 10)}


def check_assignment(n: int, amounts: list[int]) -> None:
    """`amounts[seat]` is what each seat gets; together they are exactly the round's set."""
    if len(amounts) != n or sorted(amounts, reverse=True) != list(AMOUNTS[n]):
        raise RuleError("error.aufruhr.subventions", amounts=", ".join(map(str, AMOUNTS[n])))
