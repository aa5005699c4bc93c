"""Our emphasis as spans (bot/marks.py): lines and joins keep every mark, a reply's spans
read its text, and the catalogs fill a marked message field by field (bot/i18n)."""

from bot.i18n import marked as marked_message
from bot.i18n import t
from bot.marks import BOLD, STRIKE, Span, joined, lines, plain, spans
from bot.replies import Reply, amended, marked


def test_lines_cut_a_span_at_its_line_break_and_keep_its_mark():
    text = (Span("a"), Span("b\nc", STRIKE), Span("\n"), Span("d", BOLD))
    assert lines(text) == [(Span("a"), Span("b", STRIKE)), (Span("c", STRIKE),), (Span("d", BOLD),)]
    assert "\n".join(plain(line) for line in lines(text)) == plain(text) == "ab\nc\nd"


def test_joined_reads_as_join_does_with_strings():
    parts = ["one", (Span("2", STRIKE),), ""]
    assert plain(joined(parts)) == "\n".join(["one", "2", ""])
    assert joined(parts) == (Span("one"), Span("\n"), Span("2", STRIKE), Span("\n"))
    assert spans("") == () and spans("x") == (Span("x"),)


def test_a_reply_keeps_its_marks_only_while_they_read_its_text():
    reply = marked((Span("rolled "), Span("1", STRIKE)), to="7")
    assert (reply.text, reply.to, reply.spans) == ("rolled 1", "7", reply.marks)
    changed = amended(reply, text="something else")
    assert changed.spans == (Span("something else"),)  # the text wins, unmarked
    assert Reply(text="**x**").spans == (Span("**x**"),)  # typed stars are text


def test_a_marked_message_fills_plain_fields_as_t_does_and_keeps_spans():
    breakdown = (Span("2d6 ("), Span("1", STRIKE), Span(", 5)"))
    got = marked_message("en", "roll.total", breakdown=breakdown, total=12_345)
    assert plain(got) == t("en", "roll.total", breakdown="2d6 (1, 5)", total=12_345)
    assert plain(got) == "2d6 (1, 5) = 12,345"
    assert [s for s in got if s.mark] == [Span("1", STRIKE)]
    # a name with marks in it, given as text, is a plain span
    by = marked_message("de", "roll.by", name="**x** ~~y~~")
    assert by == (Span("🎲 "), Span("**x** ~~y~~"), Span(" würfelt"))


def test_a_missing_parameter_stays_visible_as_t_shows_it():
    assert plain(marked_message("en", "roll.total", total=3)) == t("en", "roll.total", total=3)
