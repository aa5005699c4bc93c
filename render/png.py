"""SVG → PNG with resvg (the resvg-py wheel): no Pillow, real DejaVu fonts.

Pure and synchronous, and it holds the GIL for ~100 ms on a big board: call it
through bot/pictures.py, which runs it in a worker process.
"""

from pathlib import Path

from render.svg import MONO, SANS

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
FONTS = [str(DEJAVU / f) for f in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf")]


def available() -> bool:
    try:
        import resvg_py  # noqa: F401
    except ImportError:
        return False
    return all(Path(f).exists() for f in FONTS)


def rasterise(svg: str) -> bytes:
    """The PNG of an SVG document. Raises ImportError without resvg, ValueError on bad SVG."""
    import resvg_py

    # Only DejaVu, loaded from its files (no scan of the system's fonts); generic
    # families are mapped to it because resvg drops text in a family it cannot find.
    return bytes(
        resvg_py.svg_to_bytes(
            svg_string=svg,
            skip_system_fonts=True,
            font_files=FONTS,
            font_family=SANS,
            sans_serif_family=SANS,
            serif_family=SANS,
            monospace_family=MONO,
        )
    )
