"""The map of Hanover on the EINS IST KEINS board picture, drawn from the board's own
coordinates a phone's width wide (render/svg.py PHONE): the five lifebuoys as rings,
walking links, tram lines 6, 9 and 10 with their numbers at their ends, pubs green while
open, the pieces on their squares (fanned out), and the cards of the player to move as
numbered badges (render/einsistkeins.py lists those cards under the map with the same
numbers, and draws the players and the legend)."""

import itertools
import math

from render import pieces
from render.einsistkeins_karten import BUOY_COLOURS  # the same hues as on the cards
from render.maps import Box, Edge, Node, draw_map, free_spot
from render.palette import INK, PAPER
from render.svg import MIN_TEXT, PHONE, Group, Svg
from rules.einsistkeins.board.graph import LINES, square
from rules.einsistkeins.board.graph import board as graph
from rules.einsistkeins.board.model import PublicView
from rules.einsistkeins.pubs import LIFEBUOYS, PUBS, START, is_open

# The map names only where the pieces stand and the start; the cards of the player to
# move are numbered badges (14-point names have no room in the crowded centre).

LINE_COLOURS = {"6": "#0072B2", "9": "#D55E00", "10": "#009E73"}
OPEN_FILL, SHUT_FILL = "#2e9b4f", "#c8c8c8"


def _scale(top: float) -> tuple[float, float, float, float]:
    """Metres → units: (scale, x offset, y offset, the map's bottom), a phone's width."""
    squares = graph().squares
    xs, ys = [s.x for s in squares], [s.y for s in squares]
    pad = 14
    s = (PHONE - 2 * pad) / (max(xs) - min(xs))
    return s, pad - min(xs) * s, top + pad + max(ys) * s, top + 2 * pad + (max(ys) - min(ys)) * s


def _at(index: int, top: float) -> tuple[float, float]:
    s, dx, dy, _ = _scale(top)
    sq = square(index)
    return round(sq.x * s + dx, 1), round(dy - sq.y * s, 1)


def _lifebuoys(doc: Group, top: float) -> None:
    """Each lifebuoy a ring round its seven pubs, striped like the real thing."""
    b = graph()
    for buoy in LIFEBUOYS:
        spots = [_at(b.by_name[p.name], top) for p in PUBS if p.lifebuoy == buoy]
        cx = sum(x for x, _ in spots) / len(spots)
        cy = sum(y for _, y in spots) / len(spots)
        r = max(math.dist((cx, cy), s) for s in spots) + 8
        colour = BUOY_COLOURS[buoy]
        # one plain ring: stripes and districts' shading cost a fifth of the PNG's bytes
        doc.circle(cx, cy, r, fill="none", stroke=colour, stroke_width=4, stroke_opacity=0.6)


def _paths(doc: Group, top: float) -> None:
    b = graph()
    for a, c, _ in b.links:
        (x1, y1), (x2, y2) = _at(a, top), _at(c, top)
        doc.line(x1, y1, x2, y2, stroke="#c4c4c4", stroke_width=0.8)


def _named(view: PublicView) -> list[str]:
    """The places named on the map: where each piece stands, then Café Safran, the start
    (the pubs on the cards of the player whose turn it is carry numbers: `_badges`)."""
    out = [square(p).name for p in view.pos if square(p).kind != "path"]
    out.append(START.name)
    return list(dict.fromkeys(out))


def hand(view: PublicView) -> tuple[str, ...]:
    """The cards numbered on the map and in the list: those of the player whose turn it is."""
    return view.hands[view.turn] if view.phase != "over" else ()


def badge(doc: Group, x: float, y: float, number: int) -> None:
    """A numbered badge: the pub of card `number` in the hand listed below the map (a
    name of 14 points has no room in the crowded centre; a number has)."""
    doc.rect(x - 9, y - 9, 18, 18, rx=4, fill=INK)
    doc.text(x, y + 5, str(number), size=MIN_TEXT, anchor="middle", weight="bold", fill=PAPER)


def draw(doc: Svg, view: PublicView, top: float) -> float:
    """The map under `top`; returns its bottom."""
    _lifebuoys(doc, top)
    _paths(doc, top)
    b = graph()
    edges = [
        Edge(u, v, colour=LINE_COLOURS[line], width=3)
        for line, stops in LINES.items()
        for u, v in itertools.pairwise(stops)
    ]
    # the pieces on their squares (fanned out side by side when several share one,
    # hiding the stops under them), then the line numbers at the lines' ends clear of
    # the pieces and every stop; the labels then keep clear of them all
    _, _, _, bottom = _scale(top)
    area = (0, top, PHONE, bottom)
    taken: list[Box] = []
    tokens = [
        (seat, free_spot(*_at(sq, top), 12, taken, 0, area)) for seat, sq in enumerate(view.pos)
    ]
    covered = {
        sq.name
        for sq in b.squares
        if any(math.dist(_at(sq.index, top), at) < pieces.TOKEN + 5 for _, at in tokens)
    }
    taken += [
        (x - 5, y - 5, x + 5, y + 5)
        for x, y in (_at(s.index, top) for s in b.squares if s.kind != "path")
    ]
    ends = [
        (line, free_spot(*_at(b.by_name[end], top), 11, taken, 14, area))
        for line, stops in LINES.items()
        for end in (stops[0], stops[-1])
    ]
    badges = [
        (
            k + 1,
            _at(b.by_name[name], top),
            free_spot(*_at(b.by_name[name], top), 10, taken, 12, area),
        )
        for k, name in enumerate(hand(view))
    ]
    obstacles = [(x - 15.5, y - 15.5, x + 15.5, y + 15.5) for _, (x, y) in tokens]
    obstacles += [(x - 10.5, y - 10.5, x + 10.5, y + 10.5) for _, _, (x, y) in badges]
    obstacles += [(x - 11.5, y - 11.5, x + 11.5, y + 11.5) for _, (x, y) in ends]
    named = set(_named(view))
    order = {name: i for i, name in enumerate(_named(view))}
    nodes = []
    for sq in b.squares:
        if sq.kind == "path":
            continue
        x, y = _at(sq.index, top)
        if sq.name in covered:
            nodes.append(Node(sq.name, x, y, r=0))  # under a piece
            continue
        if sq.kind == "station":
            nodes.append(Node(sq.name, x, y, r=2.5, fill=PAPER))
            continue
        shown_open = sq.name in view.open_pubs or (
            sq.kind == "start" and is_open(START, view.clock)
        )
        nodes.append(
            Node(
                sq.name,
                x,
                y,
                label=sq.name if sq.name in named else "",
                r=4.5 if sq.kind == "start" else 3.5,
                fill=OPEN_FILL if shown_open else SHUT_FILL,
            )
        )
    nodes.sort(key=lambda n: order.get(n.id, len(order)))  # what matters most is placed first
    draw_map(doc, nodes, edges, bounds=area, obstacles=tuple(obstacles))
    for line, (x, y) in ends:
        doc.rect(x - 11, y - 9, 22, 18, rx=3, fill=LINE_COLOURS[line])
        doc.text(x, y + 5, line, size=MIN_TEXT, anchor="middle", weight="bold", fill=PAPER)
    for number, pub_at, (x, y) in badges:
        doc.line(*pub_at, x, y, stroke=INK, stroke_width=1.5)
        badge(doc, x, y, number)
    for seat, (x, y) in tokens:
        pieces.token(doc, x, y, seat, ring=seat == view.turn and view.phase != "over")
    return bottom
