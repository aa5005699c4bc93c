"""SVG → PNG with resvg (the `resvg` wheel, real DejaVu fonts), then to a palette of at
most 256 colours with Pillow.

Pure and synchronous, and it holds the GIL for tens of milliseconds on a big board:
the bot calls it through bot/chat/pictures.py, which runs it in a worker process.

Why this binding: `resvg` lets us build the options — the fonts — once and reuse
them; resvg-py loads the font files on every call, and measured here that made a
~300-element 800 × 800 board take 130 ms instead of 46 ms.
"""

import functools
import io
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
# A board has a few flat colours and the shades antialiasing makes between them: 256
# colours keep it looking the same and make the PNG 2.5–3 times smaller (the EINS IST
# KEINS board, 540 px wide: 152 KB RGBA, 61 KB with 256 colours in ~100 ms more; the
# issue's budget is 120 KB a board). Pillow's fast octree, no dithering (dots on flat
# paper would cost bytes and look dirty); `optimize` saved 5 % for 50 % more time.
COLOURS = 256
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


def rasterise(svg: str, max_width: int = MAX_WIDTH, colours: int | None = COLOURS) -> bytes:
    """The PNG of an SVG document, at most `max_width` pixels wide (scaled down, its
    viewBox kept), with a palette of at most `colours` (None: full colour). Raises
    ImportError without resvg, ValueError on bad SVG."""
    import resvg

    svg = fit(svg, max_width)
    png = bytes(resvg.render(resvg.usvg.Tree.from_str(svg, _options()), IDENTITY))
    return palette(png, colours) if colours else png


def palette(png: bytes, colours: int = COLOURS) -> bytes:
    """The PNG with at most `colours` colours (transparency kept), or unchanged when that
    is not smaller."""
    from PIL import Image

    with Image.open(io.BytesIO(png)) as image:
        reduced = image.quantize(
            colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
    out = io.BytesIO()
    reduced.save(out, "PNG")
    return out.getvalue() if out.tell() < len(png) else png


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
