"""Discord's limits and markdown, without a client: pieces, fences, marks, components."""

from adapters.discord import components
from adapters.discord.format import MESSAGE_LIMIT, fenced, pieces, split, to_markdown
from bot.marks import BOLD, STRIKE, Span
from bot.replies import Button, InputRequest, Reply
from bot.table.buttons import TYPED, encode


def test_text_is_escaped_and_only_our_marked_spans_are_marks():
    rolled = (Span("Bob_1 rolls 3d6: "), Span("1", STRIKE), Span(" 4 "), Span("6", BOLD))
    assert to_markdown(rolled) == "Bob\\_1 rolls 3d6: ~~1~~ 4 **6**"
    assert to_markdown("Bob_1 rolls 3d6: ~~1~~ 4 **6**") == (
        "Bob\\_1 rolls 3d6: \\~\\~1\\~\\~ 4 \\*\\*6\\*\\*"
    )  # typed, not ours: shown as typed
    assert to_markdown("# Boss\n> `x` *y*") == "\\# Boss\n\\> \\`x\\` \\*y\\*"
    assert to_markdown((Span("**x**", BOLD),)) == "**\\*\\*x\\*\\***"  # a mark's own text too


def test_mentions_typed_in_text_notify_no_one_and_read_as_typed():
    assert to_markdown("@everyone and @here") == "@\u200beveryone and @\u200bhere"
    assert to_markdown("<@123456789012345678>") == "<@\u200b123456789012345678>"


def test_a_fence_in_a_board_cannot_end_its_code_block():
    (block,) = fenced("A  ```evil```  3 points")
    assert block.startswith("```\n") and block.endswith("\n```")
    assert block.count("```") == 2


def test_pieces_respect_the_limit_and_cut_at_line_ends():
    lines = [f"line {i} " + "x" * 90 for i in range(100)]
    parts = split("\n".join(lines))
    assert all(len(p) <= MESSAGE_LIMIT for p in parts) and len(parts) > 1
    assert "\n".join(parts).split("\n") == lines
    assert split("y" * 4500) == ["y" * 2000, "y" * 2000, "y" * 500]


def test_a_long_board_becomes_several_fenced_blocks_after_its_title():
    board = Reply(text="The board", pre="\n".join(f"row {i:03d}" + " " * 40 for i in range(100)))
    parts = pieces(board)
    assert parts[0].startswith("The board\n```")
    assert all(len(p) <= MESSAGE_LIMIT and p.count("```") == 2 for p in parts)


def _buttons(n: int, per_row: int = 4) -> tuple[tuple[Button, ...], ...]:
    flat = [
        Button(label=f"Station {i}", data=encode("123456789012345678", 7, 0, i)) for i in range(n)
    ]
    return tuple(tuple(flat[i : i + per_row]) for i in range(0, n, per_row))


def _rows(view) -> list[list]:
    return [row["components"] for row in view.to_components()]


def test_few_options_are_buttons_with_the_router_data_as_custom_id():
    rows = _buttons(6)
    view = components.view_for(rows)
    shown = _rows(view)
    assert [len(r) for r in shown] == [4, 2]
    assert [b["custom_id"] for r in shown for b in r] == [b.data for row in rows for b in row]


def test_many_options_become_select_menus_and_the_input_keeps_its_button():
    request = InputRequest(
        label="Type a number", kind="number", data=encode("123456789012345678", 7, 0, TYPED)
    )
    view = components.view_for(_buttons(30), request, hand="My hand")
    shown = _rows(view)
    selects = [c for r in shown for c in r if c["type"] == 3]
    assert [len(s["options"]) for s in selects] == [25, 5]
    buttons = {b["label"]: b["custom_id"] for b in shown[-1]}
    assert buttons["My hand"] == components.HAND
    assert buttons["Type a number"] == f"stm:n:{request.data}"
    assert all(len(c["custom_id"]) <= 100 for r in shown for c in r)
    assert len(shown) <= 5


def test_nothing_to_press_is_no_view():
    assert components.view_for(()) is None
