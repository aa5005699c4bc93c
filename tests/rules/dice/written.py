"""A breakdown as players write one down: ~~dropped~~ and **success** (the tests' notation).

Only the tests write the marks so; the bot draws them per platform (bot/marks.py)."""

from rules.dice.result import Breakdown


def written(breakdown: Breakdown | None) -> str | None:
    if breakdown is None:
        return None
    return "".join(
        f"~~{p.text}~~" if p.dropped else f"**{p.text}**" if p.success else p.text
        for p in breakdown
    )
