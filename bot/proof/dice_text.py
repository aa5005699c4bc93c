"""The reply to `/roll`: every die shown, dropped ones struck through, the total.

The reply is spans (bot/marks.py): a dropped die is a struck-through span and a
success a bold one, made here from what the roll says of each die; the expression's
notes and the label a player typed are plain spans, shown literally."""

from bot.i18n import marked, t
from bot.marks import BOLD, PLAIN, STRIKE, Marked, Span, joined
from rules.dice import RollResult
from rules.dice.result import Breakdown, plain

# A breakdown longer than this is summarised: 20 × 1000d1000 listed die by die would
# be ~100 KB, split over dozens of chat messages that bury the conversation.
MAX_BREAKDOWN = 300


def roll_text(
    lang: str, name: str, result: RollResult, proof: str | None = None, in_game: bool = False
) -> Marked:
    """The reply; `proof` (bot/proof/rolls.py) is its last line when the roll has one.
    `in_game`: the chat's game is running, whose own rolls read "🎲 … rolls" too, so this
    one says it is outside the game."""
    lines: list[str | Marked] = []
    for single in result.results:
        breakdown: str | Marked = spans_of(single.breakdown)
        if len(plain(single.breakdown)) > MAX_BREAKDOWN:
            count = sum(len(group.dice) for group in single.groups)
            breakdown = t(lang, "roll.too_many_to_list", expression=single.expression, count=count)
        if single.check is not None:
            check = single.check
            target: Marked = (Span(str(check.target)),)
            if check.target_breakdown is not None:
                target = (*spans_of(check.target_breakdown), Span(f" = {check.target}"))
            key = "roll.check_passed" if check.passed else "roll.check_failed"
            lines.append(
                marked(
                    lang, key, breakdown=breakdown, total=check.value, op=check.sign, target=target
                )
            )
        elif single.successes:
            lines.append(marked(lang, "roll.successes", breakdown=breakdown, count=single.total))
        else:
            lines.append(marked(lang, "roll.total", breakdown=breakdown, total=single.total))
    head = "roll.by_label" if result.label else "roll.by"
    if in_game:
        head += "_outside"
    tail = [proof] if proof else []
    return joined([t(lang, head, name=name, label=result.label or ""), *lines, *tail])


def spans_of(breakdown: Breakdown) -> Marked:
    """A roll's breakdown as spans: its dropped dice struck through, its successes bold."""
    return tuple(
        Span(piece.text, STRIKE if piece.dropped else BOLD if piece.success else PLAIN)
        for piece in breakdown
    )
