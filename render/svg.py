"""A small SVG builder on ElementTree: every text and attribute is escaped by construction.

    doc = Svg(800, 600)
    doc.rect(0, 0, 800, 600, fill="#fff")
    doc.text(10, 20, "</text><script>", size=14)   # appears literally
    svg = doc.to_string()

Fonts are named explicitly (DejaVu): the resvg rasteriser silently drops text whose
font-family is only a generic `sans-serif`.
"""

import re
import xml.etree.ElementTree as ET
from typing import Any

SANS = "DejaVu Sans"
MONO = "DejaVu Sans Mono"
NS = "http://www.w3.org/2000/svg"
# Boards are laid out in phone points: a phone shows a picture 360 points wide, so a
# board `PHONE` units wide shows its 14-unit labels 14 points tall (issue 18: at least
# 14). `ZOOM` pixels a unit are rasterised: 720 px wide, sharp on a 2× screen. The
# bytes grow with it (the AUFRUHR! map at its end, full colour: 150 KB at 2, 111 KB at
# 1.5); render/png.py's palette brings it to a third, well inside the 120 KB.
PHONE = 360
MIN_TEXT = 14
ZOOM = 2


def text_width(content: str, size: float, bold: bool = False, mono: bool = False) -> float:
    """A text's advance in DejaVu, erring wide (for placing labels clear of each other):
    capitals, digits and symbols 0.72 em, anything else 0.62 em, mono 0.61, bold +8 %."""
    if mono:
        em = 0.61 * len(content)
    else:
        em = sum(0.72 if (c.isupper() or c.isdigit() or ord(c) > 0x2000) else 0.62 for c in content)
    return em * size * (1.08 if bold else 1.0)


def clip(content: str, size: float, room: float, bold: bool = False) -> str:
    """`content` cut with an ellipsis to fit `room` units at `size`."""
    if text_width(content, size, bold) <= room:
        return content
    while content and text_width(content + "…", size, bold) > room:
        content = content[:-1]
    return content.rstrip() + "…"


# What XML 1.0 cannot hold at all (C0 but tab and line breaks, surrogates, U+FFFE/FFFF):
# ElementTree would write it and the document would be invalid; bidi overrides too.
_NOT_XML = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff\u202a-\u202e\u2066-\u2069]"
)


def xml_safe(text: str) -> str:
    return _NOT_XML.sub("", text)


def _attrs(values: dict[str, Any]) -> dict[str, str]:
    """Python names to SVG attributes: stroke_width → stroke-width; None is left out."""
    out = {}
    for key, value in values.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = f"{value:.1f}".rstrip("0").rstrip(".")
        out[key if key == "viewBox" else key.rstrip("_").replace("_", "-")] = xml_safe(str(value))
    return out


class Group:
    """An element that holds others (the document itself, or a <g>)."""

    def __init__(self, element: ET.Element) -> None:
        self.element = element

    def _add(self, tag: str, **attrs: Any) -> ET.Element:
        return ET.SubElement(self.element, tag, _attrs(attrs))

    def group(self, **attrs: Any) -> "Group":
        return Group(self._add("g", **attrs))

    def rect(self, x: float, y: float, w: float, h: float, **attrs: Any) -> None:
        self._add("rect", x=x, y=y, width=w, height=h, **attrs)

    def circle(self, cx: float, cy: float, r: float, **attrs: Any) -> None:
        self._add("circle", cx=cx, cy=cy, r=r, **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> None:
        self._add("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)

    def polyline(self, points: list[tuple[float, float]], **attrs: Any) -> None:
        self._add(
            "polyline", points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points), fill="none", **attrs
        )

    def polygon(self, points: list[tuple[float, float]], **attrs: Any) -> None:
        self._add("polygon", points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points), **attrs)

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: float = 14,
        anchor: str = "start",
        weight: str | None = None,
        family: str = SANS,
        **attrs: Any,
    ) -> None:
        element = self._add(
            "text",
            x=x,
            y=y,
            font_size=size,
            font_family=family,
            text_anchor=anchor,
            font_weight=weight,
            **attrs,
        )
        element.text = xml_safe(content)  # ElementTree escapes the rest when serialising


class Svg(Group):
    def __init__(
        self, width: float, height: float, background: str | None = "#ffffff", zoom: float = 1
    ) -> None:
        """A document `width` × `height` units, drawn `zoom` pixels a unit."""
        size = {"width": round(width * zoom), "height": round(height * zoom)}
        root = ET.Element(
            "svg", _attrs({"xmlns": NS, **size, "viewBox": f"0 0 {width:g} {height:g}"})
        )
        super().__init__(root)
        self.width, self.height, self.zoom = width, height, zoom
        if background:
            self.rect(0, 0, width, height, fill=background)

    def set_height(self, height: float) -> None:
        """A new height, for a picture laid out top down (its length known at the end)."""
        height = round(height)
        self.height = height
        self.element.set("height", str(round(height * self.zoom)))
        self.element.set("viewBox", f"0 0 {self.width:g} {height}")
        background = self.element.find("rect")
        if background is not None and background.get("y") == "0":
            background.set("height", str(height))

    def to_string(self) -> str:
        return ET.tostring(self.element, encoding="unicode")
