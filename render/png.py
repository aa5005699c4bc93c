"""SVG → PNG with resvg (the `resvg` wheel): no Pillow, real DejaVu fonts.

Pure and synchronous, and it holds the GIL for tens of milliseconds on a big board:
the bot calls it through bot/pictures.py, which runs it in a worker process.

Why this binding: `resvg` lets us build the options — the fonts — once and reuse
them; resvg-py loads the font files on every call, and measured here that made a
~300-element 800 × 800 board take 130 ms instead of 46 ms.
"""

import functools
from pathlib import Path
from typing import Any

from render.svg import SANS

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
FONTS = [str(DEJAVU / f) for f in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf")]
IDENTITY = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)


def available() -> bool:
    try:
        import resvg  # noqa: F401
    except ImportError:
        return False
    return all(Path(f).exists() for f in FONTS)


@functools.cache
def _options() -> Any:
    """Only DejaVu, loaded from its files once per process (no scan of system fonts).
    Text in a family resvg cannot find is dropped silently, so the default is named."""
    import resvg

    options = resvg.usvg.Options.default()
    for font in FONTS:
        options.load_font_file(font)
    options.font_family = SANS
    return options


def rasterise(svg: str) -> bytes:
    """The PNG of an SVG document. Raises ImportError without resvg, ValueError on bad SVG."""
    import resvg

    return bytes(resvg.render(resvg.usvg.Tree.from_str(svg, _options()), IDENTITY))
