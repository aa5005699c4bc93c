"""SVG → PNG with resvg (the `resvg` wheel, real DejaVu fonts), then to a palette of a
few dozen colours with libimagequant (the `imagequant` binding), written by oxipng.

Pure and synchronous, and it holds the GIL for tens of milliseconds on a big board:
the bot calls it through bot/chat/pictures.py, which runs it in a worker process.

Why this binding: `resvg` lets us build the options — the fonts — once and reuse
them; resvg-py loads the font files on every call, which made a board take about three
times as long.

resvg hands back a PNG whose rows use every PNG filter; undoing Paeth filters byte by
byte in Python would take seconds, so oxipng (its `pyoxipng` binding) rewrites it once,
fast and uncompressed, with unfiltered rows, and the stdlib's zlib then reads the pixels;
oxipng also writes the palette picture (its libdeflater packs it tighter than zlib).
"""

import functools
import re
import struct
import zlib
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
# A board has a few flat colours and the shades antialiasing makes between them.
# libimagequant picks the palette that keeps them; with 64 colours a board looks the
# same as in full colour and its PNG is 2.3–2.6 times smaller (docs/benchmarks.md,
# bench.render: 256 colours cost 8–10 % more bytes for no visible gain). No dithering:
# dots on flat paper cost bytes and look dirty.
COLOURS = 64
# libdeflater's level 10 (through oxipng) makes a board about an eighth smaller than
# zlib's level 6, for more time in the worker process; zlib's level 9 is larger and about
# as slow, oxipng's filter trials (its level 2) slower still (bench.render --encoders).
DEFLATE = 10
_ROOT = re.compile(r"<svg\b[^>]*>")
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def available() -> bool:
    try:
        import imagequant  # noqa: F401
        import oxipng  # noqa: F401
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
    import imagequant

    pixels, width, height = rgba(png)
    indices, flat = imagequant.quantize_raw_rgba_bytes(
        pixels, width, height, dithering_level=0.0, max_colors=colours
    )
    reduced = indexed_png(indices, flat[: 4 * (max(indices) + 1)], width, height)
    return reduced if len(reduced) < len(png) else png


def rgba(png: bytes) -> tuple[bytes, int, int]:
    """The pixels of an 8-bit RGBA PNG as raw RGBA bytes, with its width and height."""
    import oxipng

    plain = oxipng.optimize_from_memory(
        png,
        level=0,
        force=True,
        filter=[oxipng.RowFilter.NoOp],
        deflate=oxipng.Deflaters.libdeflater(0),
        color_type_reduction=False,
        bit_depth_reduction=False,
        palette_reduction=False,
        grayscale_reduction=False,
    )
    header, data = _read(plain)
    width, height, depth, kind = struct.unpack(">IIBB", header[:10])
    if (depth, kind) != (8, 6):
        raise ValueError(f"not 8-bit RGBA: depth {depth}, colour type {kind}")
    rows = zlib.decompress(data)
    stride = 4 * width + 1
    if any(rows[y * stride] for y in range(height)):
        raise ValueError("a row is still filtered")
    return b"".join(rows[y * stride + 1 : (y + 1) * stride] for y in range(height)), width, height


def indexed_png(indices: bytes, flat: list[int], width: int, height: int) -> bytes:
    """A PNG of one palette index a pixel; `flat` is the palette as r, g, b, a, r, …
    Rows unfiltered (what suits a palette picture), deflated by oxipng's libdeflater."""
    import oxipng

    palette = [flat[i : i + 4] for i in range(0, len(flat), 4)]
    image = oxipng.RawImage(indices, width, height, color_type=oxipng.ColorType.indexed(palette))
    return image.create_optimized_png(
        level=0, filter=[oxipng.RowFilter.NoOp], deflate=oxipng.Deflaters.libdeflater(DEFLATE)
    )


def _read(png: bytes) -> tuple[bytes, bytes]:
    """A PNG's IHDR body and its IDAT chunks joined."""
    if png[:8] != _SIGNATURE:
        raise ValueError("not a PNG")
    pos, header, data = 8, b"", []
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos : pos + 8])
        body = png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            data.append(body)
        pos += 12 + length
    return header, b"".join(data)


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
