"""The README's board pictures, drawn as the bot draws them: seeded random games of each
game (tests/fixtures/board_samples.py), the board the group sees mid-game and one player's private
picture, rendered by render/ and rasterised by render/png.py like every board sent.

    .venv/bin/python docs/pictures.py        # rewrites docs/*.png

The same code and seeds give the same pictures (the fonts are Debian's DejaVu).
"""

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))

from bot.table.outbox import Outbox  # noqa: E402
from render import boards  # noqa: E402
from render.png import rasterise  # noqa: E402
from rules import registry  # noqa: E402
from tests.fixtures.board_samples import states  # noqa: E402

NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"]
# (file, game, players, which sampled moment: 0 the start … 6 the end, language, seat of a
# private picture or None for the group's board)
PICTURES = (
    ("board-aufruhr.png", "aufruhr", 4, 3, "en", None),
    ("board-einsistkeins.png", "einsistkeins", 3, 3, "de", None),
    ("board-tube.png", "tube", 4, 3, "en", None),
    ("board-heinzel.png", "heinzel", 3, 3, "de", None),
    ("board-bohei.png", "bohei", 4, 3, "de", None),
    ("board-einsistkeins_karten.png", "einsistkeins_karten", 3, 2, "en", None),
    ("hand-einsistkeins_karten.png", "einsistkeins_karten", 3, 2, "en", 1),
    ("final-aufruhr.png", "aufruhr", 4, 6, "de", None),
)


def main() -> None:
    for name, game, players, moment, lang, seat in PICTURES:
        spec = registry.get(game)
        assert spec is not None
        _, state = states(game, players)[moment]
        label = Outbox(lang=lang, game=game, names=NAMES[:players]).text
        if seat is None:
            svg = boards.board_svg(game, spec.public_view(state), NAMES[:players], label)
        else:
            svg = boards.private_svg(game, spec.seat_view(state, seat), NAMES[:players], label)
        assert svg is not None
        data = rasterise(svg)
        (DOCS / name).write_bytes(data)
        print(f"{name}: {len(data) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
