"""A text board's columns stay in line when a name holds an emoji: each cell is padded
by the cells it takes on screen (render/text.py `width`), not by its length."""

import pytest

from adapters.console.__main__ import run_script
from render.text import width

# a name with a wide emoji in it, one made of three code points (👩 + joiner + 💻),
# and a plain one
LINES = ["👩‍💻: /new bohei", "bert🍺: /join", "cora: /join", "👩‍💻: /start", "cora: /board"]


@pytest.mark.parametrize(
    "lang, cards",
    [("en", "Draw pile 51 · discard pile 0"), ("de", "Ziehstapel 51 · Ablagestapel 0")],
)
async def test_the_players_columns_line_up_on_screen(lang, cards):
    out: list[str] = []
    await run_script(LINES, seed=2, lang=lang, write=out.append)
    end = len(out) - 1 - out[::-1].index(f"[group] {cards}")
    # 👩‍💻 takes two cells and bert🍺 six (🍺 two): the cards start in one column
    assert out[end - 3 : end] == [
        "[group]    A  👩‍💻      🃏 3",
        "[group]    B  bert🍺  🃏 3",
        "[group]    C  cora    🃏 3",
    ]


@pytest.mark.parametrize(
    "text, cells",
    [
        ("cora", 4),
        ("Jürgen", 6),  # a letter with its accent, precomposed
        ("Ju\u0308rgen", 6),  # the same, its accent a combining mark
        ("bert🍺", 6),
        ("❤️", 2),  # a narrow heart drawn as an emoji by U+FE0F
        ("👍🏽", 2),  # a skin tone joins the emoji before it
        ("🇩🇪", 2),  # a flag: two regional indicators
        ("日本", 4),
        ("✓ ▶", 3),
    ],
)
def test_the_width_of_a_name_is_the_cells_it_takes(text, cells):
    assert width(text) == cells
