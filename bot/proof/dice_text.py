"""The reply to `/roll`: every die shown, dropped ones struck through, the total."""

from bot.i18n import t
from rules.dice import RollResult

# A breakdown longer than this is summarised: 20 × 1000d1000 listed die by die would
# be ~100 KB, split over dozens of chat messages that bury the conversation.
MAX_BREAKDOWN = 300


def roll_text(lang: str, name: str, result: RollResult, proof: str | None = None) -> str:
    """The reply; `proof` (bot/proof/rolls.py) is its last line when the roll has one."""
    lines = []
    for single in result.results:
        breakdown = single.breakdown
        if len(breakdown) > MAX_BREAKDOWN:
            count = sum(len(group.dice) for group in single.groups)
            breakdown = t(lang, "roll.too_many_to_list", expression=single.expression, count=count)
        if single.check is not None:
            check = single.check
            target = str(check.target)
            if check.target_breakdown is not None:
                target = f"{check.target_breakdown} = {check.target}"
            key = "roll.check_passed" if check.passed else "roll.check_failed"
            lines.append(
                t(lang, key, breakdown=breakdown, total=check.value, op=check.sign, target=target)
            )
        elif single.successes:
            lines.append(t(lang, "roll.successes", breakdown=breakdown, count=single.total))
        else:
            lines.append(t(lang, "roll.total", breakdown=breakdown, total=single.total))
    head = "roll.by_label" if result.label else "roll.by"
    tail = [proof] if proof else []
    return "\n".join([t(lang, head, name=name, label=result.label or ""), *lines, *tail])
