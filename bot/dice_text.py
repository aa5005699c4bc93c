"""The reply to `/roll`: every die shown, dropped ones struck through, the total."""

from bot.i18n import t
from rules.dice import RollResult


def roll_text(lang: str, name: str, result: RollResult) -> str:
    lines = []
    for single in result.results:
        key = "roll.successes" if single.successes else "roll.total"
        lines.append(
            t(lang, key, breakdown=single.breakdown, total=single.total, count=single.total)
        )
    head = "roll.by_label" if result.label else "roll.by"
    return "\n".join([t(lang, head, name=name, label=result.label or ""), *lines])
