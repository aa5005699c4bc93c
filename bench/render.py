"""Render benchmark: SVG build, PNG rasterising, PNG size, and event-loop stalls.

    python -m bench.render            # everything
    python -m bench.render --phone    # only the games' boards as a phone shows them

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
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.chat import pictures
from render import pieces
from render import png as raster
from render.maps import draw_map
from render.svg import Svg
from tests.fixtures import phone
from tests.fixtures.board_samples import GAMES, samples
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


def phone_boards() -> None:
    """Per game, over boards along a seeded random game and at its end (public board and
    one seat's private picture): the largest PNG, the smallest label's height on a phone
    (points, picture shown 360 wide; target >= 14), and labels colliding."""
    print("game                   kind     boards  largest PNG  min label px  collisions")
    for game, players in GAMES:
        by_kind: dict[str, list] = {}
        for sample in samples(game, players):
            by_kind.setdefault(sample.kind, []).append(sample)
        for kind, group in by_kind.items():
            pngs = [len(raster.rasterise(s.svg)) for s in group]
            readings = [phone.read(s.svg) for s in group]
            worst = min(readings, key=lambda r: r.min_px)
            collisions = sum(len(r.collisions) for r in readings)
            print(
                f"{game + '-' + str(players):22} {kind:8} {len(group):6}  "
                f"{max(pngs) / 1024:8.0f} KB  {worst.min_px:10.1f}    {collisions:5}"
                f"   (smallest: {worst.smallest[:24]!r})"
            )


def main() -> None:
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    phone_boards()
    if "--phone" in sys.argv:
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
