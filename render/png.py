"""SVG → PNG with resvg (the `resvg` wheel): no Pillow, real DejaVu fonts.

Pure and synchronous, and it holds the GIL for tens of milliseconds on a big board:
the bot calls it through bot/pictures.py, which runs it in a worker process.

Why this binding: `resvg` lets us build the options — the fonts — once and reuse
them; resvg-py loads the font files on every call, and measured here that made a
~300-element 800 × 800 board take 130 ms instead of 46 ms.
"""

import functools
import re
from pathlib import Path
from typing import Any

from render.svg import SANS

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
FONTS = [str(DEJAVU / f) for f in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf")]
IDENTITY = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0)
# Pixels a board picture is at most wide. A phone shows it 360 points wide, 1080 pixels
# at most, and Telegram itself shrinks photos past 1280; the bytes grow with the area:
# EINS IST KEINS's 1280-wide map was 233 KB, 164 KB at 960 (bench/chat_flow.py).
MAX_WIDTH = 960
_ROOT = re.compile(r"<svg\b[^>]*>")


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


def rasterise(svg: str, max_width: int = MAX_WIDTH) -> bytes:
    """The PNG of an SVG document, at most `max_width` pixels wide (scaled down, its
    viewBox kept). Raises ImportError without resvg, ValueError on bad SVG."""
    import resvg

    svg = fit(svg, max_width)
    return bytes(resvg.render(resvg.usvg.Tree.from_str(svg, _options()), IDENTITY))


def fit(svg: str, max_width: int) -> str:
    """The document with its outer width and height scaled to at most `max_width`."""
    root = _ROOT.search(svg)
    if root is None:
        return svg
    tag = root.group(0)
    width, height = _size(tag, "width"), _size(tag, "height")
    if width is None or height is None or width <= max_width or "viewBox" not in tag:
        return svg
    scaled = tag.replace(f'width="{_raw(tag, "width")}"', f'width="{max_width}"', 1)
    scaled = scaled.replace(
        f'height="{_raw(tag, "height")}"', f'height="{round(height * max_width / width)}"', 1
    )
    return svg.replace(tag, scaled, 1)


def _raw(tag: str, name: str) -> str:
    m = re.search(rf'\s{name}="([^"]*)"', tag)
    return m.group(1) if m else ""


def _size(tag: str, name: str) -> float | None:
    try:
        return float(_raw(tag, name))
    except ValueError:
        return None
