"""The London Underground as a render/ map, projected onto a square board (test data)."""

import csv
import math
from pathlib import Path

from render.maps import Edge, Node

DATA = Path(__file__).parent / "data" / "tube"
LINE_COLOURS = {  # TfL's line colours
    "bakerloo": "#B36305",
    "central": "#E32017",
    "circle": "#FFD300",
    "district": "#00782A",
    "hammersmith_city": "#F3A9BB",
    "jubilee": "#A0A5A9",
    "metropolitan": "#9B0056",
    "northern": "#000000",
    "piccadilly": "#003688",
    "victoria": "#0098D4",
    "waterloo_city": "#95CDBA",
}


def tube(size: float = 800, margin: float = 30) -> tuple[list[Node], list[Edge]]:
    with (DATA / "stations.csv").open() as f:
        rows = list(csv.DictReader(f))
    lat = [float(r["lat"]) for r in rows]
    lon = [float(r["lon"]) * math.cos(math.radians(51.5)) for r in rows]
    scale = (size - 2 * margin) / max(max(lat) - min(lat), max(lon) - min(lon))
    nodes = [
        Node(
            r["id"],
            margin + (x - min(lon)) * scale,
            size - margin - (y - min(lat)) * scale,
            label=r["name"],
        )
        for r, x, y in zip(rows, lon, lat, strict=True)
    ]
    with (DATA / "edges.csv").open() as f:
        edges = [
            Edge(e["from_id"], e["to_id"], LINE_COLOURS.get(e["line"], "#666666"))
            for e in csv.DictReader(f)
        ]
    return nodes, edges
