"""Board pictures for the platforms: SVG → PNG in a worker process, cached.

Adapters call `await png(svg)` for a reply's `svg`; None means "no picture: send the
text snapshot" (no rasteriser installed, or it failed — said once in the log).
Rasterising a board holds the GIL for tens of milliseconds, so it runs in a process
pool: no chat's command waits on another chat's picture. The same board is drawn
once (a small cache keyed by the SVG text).
"""

import asyncio
import hashlib
import logging
import multiprocessing
import os
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor

from render import png as raster

log = logging.getLogger(__name__)

CACHE_SIZE = 64
_cache: OrderedDict[str, bytes] = OrderedDict()
_pool: ProcessPoolExecutor | None = None
_warned = False


def _executor() -> ProcessPoolExecutor:
    global _pool
    if _pool is None:
        # Leave a core to the event loop: workers on every core starve it of CPU.
        # Spawned, not forked (Linux's default): a forked worker inherits every socket
        # open at its first picture (Telegram's and Discord's HTTP connections, Redis)
        # and holds it for its whole life, so a connection we close is never closed
        # for the other end. tests/bot/table/test_board_in_sight.py took 60 s more in 1 run of
        # ~4: stopping the Telegram client cut a getUpdates after its headers, and the
        # fake server waited out aiohttp's 60 s shutdown for a body from a socket only
        # the worker still held. Spawning costs ~0.06 s more, once.
        _pool = ProcessPoolExecutor(
            max_workers=max(1, (os.cpu_count() or 2) - 1),
            mp_context=multiprocessing.get_context("spawn"),
        )
    return _pool


def _warn_once(why: object) -> None:
    global _warned
    if not _warned:
        _warned = True
        log.warning("board pictures are off, sending text snapshots instead: %s", why)


async def png(svg: str) -> bytes | None:
    """The PNG of `svg`, or None when pictures are unavailable. Never blocks the loop."""
    key = hashlib.blake2b(svg.encode(), digest_size=16).hexdigest()
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    if not raster.available():
        _warn_once(ImportError("resvg, or the DejaVu fonts (fonts-dejavu-core)"))
        return None
    try:
        data = await asyncio.get_running_loop().run_in_executor(_executor(), raster.rasterise, svg)
    except Exception as e:  # a broken worker or SVG must cost a picture, never a reply
        log.exception("rasterising a board failed")
        _warn_once(e)
        return None
    _cache[key] = data
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return data
