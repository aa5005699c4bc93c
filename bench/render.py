"""Render benchmark: SVG build, PNG rasterising, PNG size, and event-loop stalls.

    python -m bench.render            # everything
    python -m bench.render --phone    # only the games' boards as a phone shows them
    python -m bench.render --encoders # …and every candidate PNG encoder on the same boards

Boards: the London Underground (269 stations, every line, greedy labels) and a
synthetic board of about 300 elements, both 800 × 800. The stall figure is the
longest gap a 1 ms ticker sees while eight chats' boards are rasterised at once
through bot.chat.pictures (a process pool).
"""

import asyncio
import os
import platform
import random
import statistics
import struct
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.chat import pictures
from render import pieces
from render import png as raster
from render.maps import draw_map
from render.svg import Svg
from tests.fixtures import phone
from tests.fixtures.board_samples import GAMES, PILLOW, samples
from tests.fixtures.tube_map import tube

TUBE = tube()


def tube_board() -> str:
    """The map is data loaded once; its label placement is computed once and cached."""
    nodes, edges = TUBE
    doc = Svg(800, 800)
    draw_map(doc, nodes, edges, size=9, bounds=(0, 0, 800, 800))
    pieces.title(doc, 800, "Gaa Under Gunnar", "Round 3 · 21:40")
    return doc.to_string()


def synthetic_board(seed: int = 1) -> str:
    """About 300 elements: 120 lines, 150 stations, 30 labels, tokens and a title."""
    rnd = random.Random(seed)
    doc = Svg(800, 800)
    pieces.title(doc, 800, "Board", "Round 1")
    for _ in range(120):
        x, y = rnd.uniform(20, 780), rnd.uniform(60, 780)
        doc.line(
            x,
            y,
            x + rnd.uniform(-60, 60),
            y + rnd.uniform(-60, 60),
            stroke="#0072B2",
            stroke_width=3,
        )
    for i in range(150):
        x, y = rnd.uniform(20, 780), rnd.uniform(60, 780)
        doc.circle(x, y, 5, fill="#fff", stroke="#222", stroke_width=1.5)
        if i % 5 == 0:
            doc.text(x + 8, y + 4, f"Station {i}", size=10)
    for seat in range(6):
        pieces.token(doc, 40 + seat * 40, 760, seat)
    return doc.to_string()


def timed(fn, n: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


async def longest_stall(svgs: list[str]) -> tuple[float, float]:
    """(longest gap between 1 ms ticks in ms, wall time in s) while rasterising `svgs`."""
    gaps: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            gaps.append((now - last) * 1000)
            last = now

    tick = asyncio.create_task(ticker())
    t0 = time.perf_counter()
    if svgs:
        await asyncio.gather(*(pictures.png(svg) for svg in svgs))
    else:  # the control: the same wait with nothing to draw
        await asyncio.sleep(0.4)
    wall = time.perf_counter() - t0
    done.set()
    await tick
    return max(gaps) - 1, wall


def _ms(fn):  # type: ignore[no-untyped-def]
    t0 = time.perf_counter()
    out = fn()
    return out, (time.perf_counter() - t0) * 1000


def zlib_png(indices: bytes, flat: list[int], width: int, height: int, level: int) -> bytes:
    """The palette picture written with the stdlib alone (zlib and struct), rows unfiltered."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body)
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    count = len(flat) // 4
    rgb = bytes(v for i in range(count) for v in flat[4 * i : 4 * i + 3])
    alpha = bytes(flat[4 * i + 3] for i in range(count)).rstrip(b"\xff")
    rows = b"".join(b"\x00" + indices[y * width : (y + 1) * width] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    parts = [b"\x89PNG\r\n\x1a\n", chunk(b"IHDR", header), chunk(b"PLTE", rgb)]
    parts += [chunk(b"tRNS", alpha)] if alpha else []
    return b"".join([*parts, chunk(b"IDAT", zlib.compress(rows, level)), chunk(b"IEND", b"")])


def encoders(svg: str) -> dict[str, tuple[int, float]]:
    """One board through each way of making its PNG: (bytes, ms from the SVG)."""
    import imagequant
    import oxipng

    full, t_full = _ms(lambda: raster.rasterise(svg, colours=None))
    (pixels, w, h), t_read = _ms(lambda: raster.rgba(full))
    out = {"full colour": (len(full), t_full)}
    for colours in (raster.COLOURS, 256):
        (idx, flat), t_q = _ms(
            lambda c=colours: imagequant.quantize_raw_rgba_bytes(
                pixels, w, h, dithering_level=0.0, max_colors=c
            )
        )
        flat = flat[: 4 * (max(idx) + 1)]
        data, t_o = _ms(lambda idx=idx, flat=flat: raster.indexed_png(idx, flat, w, h))
        out[f"iq {colours} + oxipng 0"] = (len(data), t_full + t_read + t_q + t_o)
        if colours == raster.COLOURS:
            for level in (6, 9):
                data, t_z = _ms(lambda i=idx, f=flat, z=level: zlib_png(i, f, w, h, z))
                out[f"iq {colours} + zlib {level}"] = (len(data), t_full + t_read + t_q + t_z)
            palette = [flat[i : i + 4] for i in range(0, len(flat), 4)]
            image = oxipng.RawImage(idx, w, h, color_type=oxipng.ColorType.indexed(palette))
            data, t_o = _ms(lambda image=image: image.create_optimized_png(level=2))
            out[f"iq {colours} + oxipng 2"] = (len(data), t_full + t_read + t_q + t_o)
    return out


def phone_boards(compare: bool) -> None:
    """Per game, over boards along a seeded random game and at its end (public board and
    one seat's private picture): the PNG's bytes and milliseconds now beside Pillow's
    (recorded, tests/fixtures/board_samples.py), the smallest label's height on a phone
    (points, picture shown 360 wide; target >= 14), and labels colliding. `compare`: also
    every candidate encoder on the same boards."""
    print(
        "game                kind     boards  median PNG (Pillow)   largest  median ms (Pillow)"
        "  min label px  collisions"
    )
    for game, players in GAMES:
        by_kind: dict[str, list] = {}
        for sample in samples(game, players):
            by_kind.setdefault(sample.kind, []).append(sample)
        for kind, group in by_kind.items():
            made = [_ms(lambda s=s: raster.rasterise(s.svg)) for s in group]
            sizes = [len(data) / 1024 for data, _ in made]
            ms = statistics.median(t for _, t in made)
            readings = [phone.read(s.svg) for s in group]
            worst = min(readings, key=lambda r: r.min_px)
            collisions = sum(len(r.collisions) for r in readings)
            before = PILLOW[game, kind]
            print(
                f"{game:19} {kind:8} {len(group):6}  {statistics.median(sizes):6.1f} KB "
                f"({before[0]:5.1f})  {max(sizes):5.1f} KB  {ms:6.0f} ms ({before[2]:4.0f})"
                f"  {worst.min_px:10.1f}    {collisions:5}"
            )
            if compare:
                runs = [encoders(s.svg) for s in group]
                for name in runs[0]:
                    kb = statistics.median(r[name][0] for r in runs) / 1024
                    t = statistics.median(r[name][1] for r in runs)
                    print(f"{'':28}  {name:18} median {kb:6.1f} KB  {t:6.0f} ms")


def main() -> None:
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    phone_boards(compare="--encoders" in sys.argv)
    if "--phone" in sys.argv or "--encoders" in sys.argv:
        return
    for name, make in (
        ("synthetic ~300 elements", synthetic_board),
        ("London Underground", tube_board),
    ):
        cold = timed(make, 1)[0]
        svg = make()
        build = timed(make, 20)
        png = raster.rasterise(svg)
        draw = timed(lambda svg=svg: raster.rasterise(svg), 10)
        print(f"{name}: {svg.count('<') - 1} elements, SVG {len(svg) / 1024:.0f} KB")
        print(
            f"  SVG build  median {statistics.median(build):.1f} ms, max {max(build):.1f} ms "
            f"(first build {cold:.1f} ms)"
        )
        print(
            f"  PNG        median {statistics.median(draw):.1f} ms, max {max(draw):.1f} ms, "
            f"{len(png) / 1024:.0f} KB"
        )
    svgs = [synthetic_board(seed) for seed in range(8)]
    asyncio.run(pictures.png(Svg(10, 10).to_string()))  # start the worker processes
    stall, wall = asyncio.run(longest_stall(svgs))
    idle, _ = asyncio.run(longest_stall([]))
    print(
        f"8 boards rasterised at once through bot.chat.pictures: {wall * 1000:.0f} ms wall, "
        f"longest event-loop stall {stall:.1f} ms (control, nothing to draw: {idle:.1f} ms)"
    )


if __name__ == "__main__":
    main()
