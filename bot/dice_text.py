"""The reply to `/roll`: every die shown, dropped ones struck through, the total."""

from bot.i18n import t
from rules.dice import RollResult


def roll_text(lang: str, name: str, result: RollResult) -> str:
    lines = []
    for single in result.results:
        if single.successes:
            lines.append(t(lang, "roll.successes", breakdown=single.breakdown, count=single.total))
        else:
            lines.append(t(lang, "roll.total", breakdown=single.breakdown, total=single.total))
    head = "roll.by_label" if result.label else "roll.by"
    return "\n".join([t(lang, head, name=name, label=result.label or ""), *lines])
