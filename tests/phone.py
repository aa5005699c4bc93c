"""What a player sees of a board on a phone, read off the rendered SVG (issue 18, item 8).

A phone shows a picture 360 points wide: a label is `font-size × 360 / viewBox width`
points tall there, and must be at least 14. Labels must not collide with each other or
with a marker (a token, a node, a project square, a die): boxes are estimated from
font size × text length with a width factor that errs wide (DejaVu Sans advances
average ~0.55 em lowercase, ~0.7 em capitals, bold ~8 % more), and from each shape's
geometry. Used by tests/test_phone_boards.py and bench/render.py.
"""

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

PHONE = 360  # points a phone shows a picture wide
MIN_PX = 14
NS = "{http://www.w3.org/2000/svg}"
MARKER_MAX = 48  # a shape at most this many phone points both ways is a marker, not a panel

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Text:
    content: str
    size: float
    box: Box


@dataclass(frozen=True)
class Shape:
    tag: str
    box: Box


def _num(value: str | None, default: float = 0.0) -> float:
    return float(value) if value not in (None, "") else default


def width_of(content: str, size: float, bold: bool = False, mono: bool = False) -> float:
    """A text's advance, erring wide: capitals and digits 0.72 em, anything else 0.62 em
    (0.61 em in DejaVu Sans Mono, whose advance is 0.602), bold 8 % more."""
    if mono:
        em = 0.61 * len(content)
    else:
        em = sum(0.72 if (c.isupper() or c.isdigit() or ord(c) > 0x2000) else 0.62 for c in content)
    return em * size * (1.08 if bold else 1.0)


def view_width(root: ET.Element) -> float:
    box = root.get("viewBox")
    return float(box.split()[2]) if box else _num(root.get("width"))


def texts(root: ET.Element) -> list[Text]:
    out = []
    for e in root.iter(f"{NS}text"):
        content = "".join(e.itertext())
        if not content.strip():
            continue
        size = _num(e.get("font-size"), 16)
        w = width_of(
            content, size, e.get("font-weight") == "bold", "Mono" in (e.get("font-family") or "")
        )
        x, y = _num(e.get("x")), _num(e.get("y"))
        x0 = {"middle": x - w / 2, "end": x - w}.get(e.get("text-anchor") or "start", x)
        out.append(Text(content, size, (x0, y - 0.78 * size, x0 + w, y + 0.22 * size)))
    return out


def _points(value: str) -> list[tuple[float, float]]:
    nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", value)]
    return list(zip(nums[::2], nums[1::2], strict=False))


def shapes(root: ET.Element) -> list[Shape]:
    """Circles, rectangles and polygons as boxes (drawn strokes included)."""
    out = []
    for e in root.iter():
        tag = e.tag.removeprefix(NS)
        half = _num(e.get("stroke-width"), 1 if e.get("stroke") else 0) / 2
        if e.get("stroke") in (None, "none"):
            half = 0
        if tag == "circle":
            cx, cy, r = _num(e.get("cx")), _num(e.get("cy")), _num(e.get("r")) + half
            out.append(Shape(tag, (cx - r, cy - r, cx + r, cy + r)))
        elif tag == "rect":
            x, y = _num(e.get("x")), _num(e.get("y"))
            w, h = _num(e.get("width")), _num(e.get("height"))
            out.append(Shape(tag, (x - half, y - half, x + w + half, y + h + half)))
        elif tag == "polygon":
            pts = _points(e.get("points") or "")
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            out.append(Shape(tag, (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)))
    return out


def overlap(a: Box, b: Box, slack: float = 0.0) -> bool:
    return (
        a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]
    )


def inside(inner: Box, outer: Box) -> bool:
    cx, cy = (inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2
    return outer[0] <= cx <= outer[2] and outer[1] <= cy <= outer[3]


@dataclass(frozen=True)
class Reading:
    min_px: float  # the smallest label's height on a phone, in points
    smallest: str  # that label
    collisions: list[str]


def read(svg: str) -> Reading:
    root = ET.fromstring(svg)
    scale = PHONE / view_width(root)
    found = texts(root)
    smallest = min(found, key=lambda t: t.size, default=None)
    markers = [
        s
        for s in shapes(root)
        if (s.box[2] - s.box[0]) * scale <= MARKER_MAX
        and (s.box[3] - s.box[1]) * scale <= MARKER_MAX
    ]
    collisions = []
    slack = 0.5 / scale  # half a phone point: touching is not colliding
    width = view_width(root)
    height = float(root.get("viewBox", "0 0 0 0").split()[3]) or _num(root.get("height"))
    for a in found:  # a label cut off at the picture's edge cannot be read
        if (
            a.box[0] < -slack
            or a.box[2] > width + slack
            or a.box[1] < -slack
            or a.box[3] > height + slack
        ):
            collisions.append(f"{a.content!r} × the picture's edge")
    for i, a in enumerate(found):
        for b in found[i + 1 :]:
            if overlap(a.box, b.box, slack):
                collisions.append(f"{a.content!r} × {b.content!r}")
        for m in markers:
            # a marker's own letter or number sits inside it (a token's A, a die's 7)
            own = inside(a.box, m.box) and a.box[2] - a.box[0] <= (m.box[2] - m.box[0]) * 1.3
            if not own and overlap(a.box, m.box, slack):
                collisions.append(f"{a.content!r} × {m.tag} at {tuple(round(v) for v in m.box)}")
    return Reading(
        min_px=smallest.size * scale if smallest else float("inf"),
        smallest=smallest.content if smallest else "",
        collisions=collisions,
    )
