"""Telegram HTML from replies: escaping, our marks as tags, <pre>, cutting to fit."""

import html
from html.parser import HTMLParser

from hypothesis import given
from hypothesis import strategies as st

from adapters.telegram import format
from bot.marks import BOLD, STRIKE, Span
from bot.replies import Reply, marked
from tests.fixtures.telegram_html import plain


class _Tags(HTMLParser):
    """Checks that tags nest properly and collects the visible text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[str] = []
        self.text = ""
        self.ok = True

    def handle_starttag(self, tag, attrs):
        self.open.append(tag)

    def handle_endtag(self, tag):
        self.ok = self.ok and bool(self.open) and self.open.pop() == tag

    def handle_data(self, data):
        self.text += data


def _parsed(piece: str) -> _Tags:
    tags = _Tags()
    tags.feed(piece)
    tags.close()
    return tags


def test_a_hostile_name_is_escaped():
    reply = Reply(text='🎲 <b>&"x rolls 1d6')
    assert format.pieces(format.lines_of(reply)) == ['🎲 &lt;b&gt;&amp;"x rolls 1d6']


def test_our_marks_become_tags_around_their_escaped_spans():
    dropped = (Span("4d6kh3 (6, 5, 3, "), Span("1", STRIKE), Span(") = 14"))
    assert format.marked(dropped) == "4d6kh3 (6, 5, 3, <s>1</s>) = 14"
    assert format.marked((Span("6d6>=5 ("), Span("6", BOLD), Span(", 1)"))) == (
        "6d6&gt;=5 (<b>6</b>, 1)"
    )
    assert format.marked((Span("<i>", STRIKE),)) == "<s>&lt;i&gt;</s>"  # never a tag through


def test_marks_typed_as_text_stay_text():
    reply = Reply(text="~~ada~~ **bo** <b>cy</b> a&b <3 ||x|| `y` __z__")
    (piece,) = format.pieces(format.lines_of(reply))
    assert piece == "~~ada~~ **bo** &lt;b&gt;cy&lt;/b&gt; a&amp;b &lt;3 ||x|| `y` __z__"
    assert _parsed(piece).text == reply.text


@given(
    st.lists(
        st.tuples(st.text(alphabet="ab~*<&\n ", max_size=12), st.sampled_from(["", STRIKE, BOLD]))
    )
)
def test_any_spans_make_tags_that_nest_and_read_the_text_exactly(parts):
    reply = marked(tuple(Span(text, mark) for text, mark in parts))
    for piece in format.pieces(format.lines_of(reply)) or [""]:
        tags = _parsed(piece)
        assert tags.ok and not tags.open
    shown = "\n".join(_parsed(p).text for p in format.pieces(format.lines_of(reply)))
    assert shown == reply.text


def test_the_board_snapshot_is_a_pre_block_with_its_text_escaped():
    reply = Reply(text="The board", pre="A  <Alice>  3\nB  Bob & Co  0")
    assert format.pieces(format.lines_of(reply)) == [
        "The board\n<pre>A  &lt;Alice&gt;  3\nB  Bob &amp; Co  0</pre>"
    ]


def test_long_text_is_cut_on_line_ends_and_every_piece_stands_alone():
    board = "\n".join(f"{i:04d} " + "x" * 95 for i in range(100))  # 10,000 characters
    reply = Reply(text="**Title** & more", pre=board)  # asterisks typed, no mark
    pieces = format.pieces(format.lines_of(reply))
    assert len(pieces) == 3
    for piece in pieces:
        tags = _parsed(piece)
        assert tags.ok and not tags.open  # every <pre> is closed in its own message
        assert format.units(tags.text) <= format.MESSAGE_LIMIT
    shown = [_parsed(p).text for p in pieces]
    assert "\n".join(shown) == "**Title** & more\n" + board  # nothing lost, nothing doubled
    assert all(p.startswith("<pre>") for p in pieces[1:])


def test_length_is_counted_as_telegram_counts_it_in_utf16_units():
    dice = "🎲" * 3000  # 6,000 UTF-16 units: two messages although 3,000 characters
    pieces = format.pieces([((Span(dice),), False)])
    assert [format.units(p) for p in pieces] == [4096, 6000 - 4096]
    assert "".join(pieces) == dice  # no emoji is cut in half


def test_a_line_longer_than_a_message_is_cut_without_breaking_an_entity():
    pieces = format.pieces([((Span("&" * 4000), Span("&" * 1000, BOLD)), False)])
    assert pieces == [
        "&amp;" * 4000 + "<b>" + "&amp;" * 96 + "</b>",
        "<b>" + "&amp;" * 904 + "</b>",
    ]  # the bold span cut in two keeps its mark in both
    assert [_parsed(p).text for p in pieces] == ["&" * 4096, "&" * 904]


def test_a_caption_drops_the_snapshot_when_both_do_not_fit():
    short = Reply(text="Board", pre="A 1")
    assert format.caption(short) == ("Board\n<pre>A 1</pre>", [])
    long = Reply(text="Board", pre="x" * 2000)
    assert format.caption(long) == ("Board", [])


def test_text_beyond_a_caption_follows_in_messages_cut_at_line_ends():
    lines = [f"Line {n} & more: " + "x" * 80 for n in range(100)]  # ~10 000 characters
    caption, rest = format.caption(Reply(text="\n".join(lines)))
    assert format.units(html.unescape(caption)) <= format.CAPTION_LIMIT
    assert all(format.units(html.unescape(p)) <= format.MESSAGE_LIMIT for p in rest)
    assert len(rest) == 3
    shown = [html.unescape(p) for p in [caption, *rest]]
    assert "\n".join(shown).split("\n") == lines  # every line, whole, in order


def test_buttons_become_an_inline_keyboard_with_their_payloads():
    from bot.replies import Button

    markup = format.keyboard(((Button("0", "st1:-1:2:0.0"), Button("5", "st1:-1:2:0.3")),))
    assert markup.to_dict() == {
        "inline_keyboard": [
            [
                {"text": "0", "callback_data": "st1:-1:2:0.0"},
                {"text": "5", "callback_data": "st1:-1:2:0.3"},
            ]
        ]
    }
    assert format.keyboard(()) is None


@given(
    st.lists(st.tuples(st.text(max_size=12), st.sampled_from(["", BOLD, STRIKE])), max_size=6),
    st.text(max_size=30),
    st.text(min_size=1, max_size=8),
)
def test_what_is_visible_of_our_html_is_what_telegram_counts(spans, snapshot, name):
    """A text board's message is measured from its HTML (the board's kept as sent): the
    count must be Telegram's, names, entities, our marks and mentions included."""
    reply = marked(tuple(Span(text, mark) for text, mark in spans), pre=snapshot or None)
    board = format.to_html(format.lines_of(reply))
    status = format.with_mentions(f"⏳ Waiting for {format.escaped(name)}", (("7", name),))
    message = f"{board}\n{status}" if board else status
    assert format.visible(message) == format.units(plain(message))
