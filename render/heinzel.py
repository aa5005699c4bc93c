"""Boards of Die Heinzelmännchen von Köln: a text snapshot and a picture of old Cologne.

The picture: the Rhine along the east, the medieval wall through its gates, the four
outer Veedel and the Dom as coloured areas, the walking paths, shops with the point cards
still on their piles, the red tunnel fields, the start fields in their colours, every
piece with its colour and letter; beside the map each player's points, point cards and
action cards, and Schneiders Weib with her pea draws.
"""

from functools import cache

from render import pieces
from render.boards import Label, Renderers, register
from render.maps import Box, Node, _overlaps, blob, free_spot, place_labels
from render.palette import INK, MUTED, PAPER
from render.svg import MIN_TEXT, MONO, PHONE, ZOOM, Group, Svg, clip, text_width
from render.text import fit
from rules.heinzel.board import board, field, project
from rules.heinzel.data import CRAFTS, SCHNEIDER, board_data
from rules.heinzel.model import PublicView, SeatView

GAME_ID = "heinzel"
# The four colours of the box as Okabe–Ito hues (colour-blind safe), always with a letter.
COLOURS = {"rot": "#D55E00", "gelb": "#F0E442", "gruen": "#009E73", "blau": "#0072B2"}
DARK = {"rot", "gruen", "blau"}  # white letters on these
TUNNEL = "#C0182A"
VEEDEL_FILLS = {
    "eigelstein": "#f3e3c7",
    "martinsviertel": "#dcebd3",
    "severinsviertel": "#f1d9d6",
    "apostelnviertel": "#dfe0ef",
    "dom": "#e4e0d8",
}
PARCHMENT, RHINE, WALL = "#faf6ec", "#a9cbe6", "#8a6d4b"


def craft_marks(label: Label) -> dict[str, str]:
    """Each craft's mark: the shortest start of its name in the chat's language that no
    other craft's name shares (Z B K F S in German; Ca Ba Co Bu T in English, where
    Carpenter and Cooper, Baker and Butcher share their initials). Drawn in white
    squares, never in a player's coloured disc."""
    crafts = (*CRAFTS, SCHNEIDER)
    names = {c: label(f"heinzel.craft.{c}") for c in crafts}
    marks = {}
    for c in crafts:
        k = 1
        while any(names[o][:k].lower() == names[c][:k].lower() for o in crafts if o != c):
            k += 1
        marks[c] = names[c][:k]
    return marks


def _craft_mark(doc: Group, x: float, y: float, mark: str, clear: list[Box]) -> None:
    """A mark inside a workshop's 20-unit square: bold if it fits, else regular, moved a
    little sideways inside its square when a two-letter mark would touch a field
    beside the square (`clear`)."""
    bold = text_width(mark, MIN_TEXT, bold=True) <= 17
    half = text_width(mark, MIN_TEXT, bold=bold) / 2
    for dx in (0, 2, -2, 3, -3, 4, -4):
        box = (x + dx - half, y - 6, x + dx + half, y + 8)
        if not any(_overlaps(box, other) for other in clear):
            break
    else:
        dx = 0
    doc.text(x + dx, y + 5, mark, size=MIN_TEXT, anchor="middle", weight="bold" if bold else None)


def letter(seat: int) -> str:
    return chr(ord("A") + seat)


def _pile(view: PublicView, craft: str) -> str:
    return " ".join(str(c) for c in view.piles[craft]) or "–"


def _status(view: PublicView, label: Label) -> str:
    if view.weib is None:
        return label("heinzel.board.status", turn=view.turn_no)
    return label("heinzel.board.status_weib", turn=view.turn_no, seat=view.weib, draws=view.draws)


def _headline(view: PublicView, label: Label) -> str:
    # who must answer now, as the picture highlights: after a lost duel that is the
    # loser (play the Nachtwächter card?), not the player whose turn it is
    acting = _acting(view)
    if acting is not None:
        return label("heinzel.board.turn", seat=acting)
    return label("heinzel.board.winners", seats=list(view.winners))


def _acting(view: PublicView) -> int | None:
    if view.phase == "over":
        return None
    return view.loser if view.phase == "guard" else view.turn


def _cards(view: PublicView, seat: int, label: Label) -> str:
    return ", ".join(label(f"heinzel.action.{c}") for c in view.cards[seat]) or "–"


def _taken(view: PublicView, seat: int, label: Label) -> str:
    taken = view.taken[seat]
    return " ".join(
        f"{label(f'heinzel.craft.{c}')} {taken[c]}" for c in (*CRAFTS, SCHNEIDER) if c in taken
    )


def board_text(view: PublicView, names: list[str], label: Label) -> str:
    lines = [_status(view, label), _headline(view, label), ""]
    for craft in (*CRAFTS, SCHNEIDER):
        shop = field(board().shops[craft])
        lines.append(
            label(
                "heinzel.board.shop",
                craft=label(f"heinzel.craft.{craft}"),
                place=shop.name,
                cards=_pile(view, craft),
            )
        )
    for seat in range(view.players):
        lines.append("")
        lines.append(
            f"{letter(seat)} "
            + label(
                "heinzel.board.player",
                seat=seat,
                colour=label(f"heinzel.colour.{view.colours[seat]}"),
                field=view.where[seat],
                points=view.scores[seat],
            )
        )
        lines.append("   " + label("heinzel.board.cards", cards=_cards(view, seat, label)))
        if view.taken[seat]:
            lines.append("   ✓ " + _taken(view, seat, label))
    return fit(lines)


def private_text(view: SeatView, names: list[str], label: Label) -> str:
    return board_text(view.table, names, label)


# ---------------------------------------------------------------- the picture
# Laid out for a phone (render/svg.py PHONE, MIN_TEXT): whose turn, the town a phone's
# width wide (the workshops named with their piles, the pieces placed clear of each
# other), each player's points, point cards and action cards, and a legend.

NOW = "#fff3c4"


@cache
def _frame(top: float) -> tuple[float, float, float, float]:
    """Metres → units (scale, x offset, y offset, bottom): the board and the near Rhine
    a phone's width wide under `top`."""
    b = board()
    xs = [f.x for f in b.fields] + [project(*p)[0] + 420 for p in board_data().rhine[2:4]]
    ys = [f.y for f in b.fields]
    pad = 16
    s = (PHONE - 2 * pad) / (max(xs) - min(xs))
    return (
        s,
        pad - min(xs) * s,
        top + pad + 8 + max(ys) * s,
        top + 2 * pad + 8 + (max(ys) - min(ys)) * s,
    )


def _px(x: float, y: float, top: float) -> tuple[float, float]:
    s, dx, dy, _ = _frame(top)
    return round(x * s + dx, 1), round(dy - y * s, 1)


def _at(index: int, top: float) -> tuple[float, float]:
    f = field(index)
    return _px(f.x, f.y, top)


def _town(doc: Group, top: float, bottom: float) -> None:
    """The Rhine, the wall, the Veedel."""
    bank = [
        (x, min(max(y, top), bottom))
        for x, y in (_px(*project(lat, lon), top) for lat, lon in board_data().rhine)
    ]
    doc.polygon([*bank, (PHONE, bank[-1][1]), (PHONE, bank[0][1])], fill=RHINE)
    b = board()
    wall = [_at(b.by_id[p], top) for p in board_data().wall]
    doc.polyline(wall, stroke=WALL, stroke_width=4, stroke_linejoin="round", stroke_opacity=0.5)
    for v in b.veedel_names:
        if v == "dom":
            continue  # the Dom is its spires
        spots = [_at(f.index, top) for f in b.fields if f.veedel == v]
        doc.polygon(blob(spots, 10 if v != "dom" else 14), fill=VEEDEL_FILLS[v], stroke=PAPER)


def _dom(doc: Group, x: float, y: float) -> None:
    """The cathedral's west front: two spires over the tailor's shop."""
    for dx in (-9, 1):
        doc.polygon([(x + dx, y - 10), (x + dx + 4, y - 26), (x + dx + 8, y - 10)], fill="#5b5146")


def _fields(doc: Group, view: PublicView, label: Label, top: float) -> tuple[list[Node], list[Box]]:
    """The paths and fields; the labelled ones (workshops with their piles) as nodes, and
    every field's box for the pieces to keep clear of. Each field's mark names it
    (`data-place`, for a page that lets players tap it: adapters/web)."""
    b = board()
    for u, w in b.links:
        (xa, ya), (xb, yb) = _at(u, top), _at(w, top)
        doc.line(xa, ya, xb, yb, stroke="#9b8f7d", stroke_width=1.5, stroke_linecap="round")
    nodes, boxes = [], []
    marks = craft_marks(label)
    dots = [  # the fields beside a workshop its mark keeps clear of
        (x - 5, y - 5, x + 5, y + 5)
        for f in b.fields
        if not f.craft
        for x, y in [_at(f.index, top)]
    ]
    for f in b.fields:
        x, y = _at(f.index, top)
        if f.kind is None:
            doc.circle(x, y, 2.5, fill=PAPER, stroke="#9b8f7d", stroke_width=1, data_place=f.id)
            r = 2.5
        elif f.kind == "tunnel":
            doc.circle(x, y, 5, fill=TUNNEL, stroke=INK, stroke_width=1, data_place=f.id)
            r = 5
        elif f.kind == "start":
            doc.rect(
                x - 6,
                y - 6,
                12,
                12,
                rx=2,
                fill=COLOURS[f.colour or ""],
                stroke=INK,
                stroke_width=1.5,
                data_place=f.id,
            )
            r = 6
        elif f.craft:
            if f.craft == SCHNEIDER:
                _dom(doc, x, y)
            doc.rect(
                x - 10,
                y - 10,
                20,
                20,
                rx=3,
                fill=PAPER,
                stroke=INK,
                stroke_width=1.5,
                data_place=f.id,
            )
            _craft_mark(doc, x, y, marks[f.craft], dots)
            nodes.append(Node(f.id, x, y, f"[{_pile(view, f.craft)}]", r=11))
            r = 11
        else:
            doc.circle(x, y, 4, fill=PAPER, stroke=INK, stroke_width=1, data_place=f.id)
            r = 4
        boxes.append((x - r - 1, y - r - 1, x + r + 1, y + r + 1))
    return nodes, boxes


def token(doc: Group, x: float, y: float, seat: int, colour: str, ring: bool) -> None:
    """A piece in its box colour with its player's letter; a ring for whose turn it is."""
    if ring:
        doc.circle(x, y, 14, fill="none", stroke=INK, stroke_width=2.5)
    doc.circle(x, y, 11, fill=COLOURS[colour], stroke=INK, stroke_width=1.5)
    ink = PAPER if colour in DARK else INK
    doc.text(x, y + 5, letter(seat), size=MIN_TEXT, anchor="middle", weight="bold", fill=ink)


def _map(doc: Svg, view: PublicView, label: Label, top: float) -> float:
    *_, bottom = _frame(top)
    doc.rect(0, top, PHONE, bottom - top, fill=PARCHMENT)
    _town(doc, top, bottom)
    nodes, boxes = _fields(doc, view, label, top)
    area = (0, top, PHONE, bottom)
    taken = list(boxes)
    # each piece beside its field (fanned out when several stand there), then the piles'
    # labels clear of pieces and fields
    spots = [free_spot(*_at(where, top), 15, taken, 14, area) for where in view.pos]
    obstacles = tuple(taken)
    by_id = {n.id: n for n in nodes}
    for placed in place_labels(tuple(nodes), MIN_TEXT, area, obstacles=obstacles):
        doc.text(
            placed.x,
            placed.y,
            by_id[placed.node].label,
            size=placed.size,
            anchor=placed.anchor,
            stroke=PAPER,
            stroke_width=3,
            paint_order="stroke",
        )
    for seat, (x, y) in enumerate(spots):
        doc.line(x, y, *_at(view.pos[seat], top), stroke=INK, stroke_width=1.5)
        token(doc, x, y, seat, view.colours[seat], seat == _acting(view))
    return bottom


def _players(doc: Svg, view: PublicView, names: list[str], label: Label, y: float) -> float:
    for seat in range(view.players):
        y += 6
        active = seat == _acting(view)
        won = view.phase == "over" and seat in view.winners
        held = [label(f"heinzel.action.{c}") for c in view.cards[seat]]
        # (all three cards are wider than the phone in both languages: wrapped, not cut,
        # so that the last one held shows)
        cards = pieces.wrap(
            label("heinzel.board.cards", cards=", ".join(held)), MIN_TEXT, PHONE - 20
        )
        cards = cards[:2] if held else []
        points = label("heinzel.board.points", points=view.scores[seat])
        room = PHONE - 40 - text_width(points, 15, bold=True, mono=True) - 16
        name = ("♛ " if won else "") + (names[seat] if seat < len(names) else letter(seat))
        # a name is never cut: 15 points, else 14, else wrapped at 14
        size = next((z for z in (15, MIN_TEXT) if text_width(name, z, bold=True) <= room), 0)
        lines = [name] if size else pieces.wrap(name, MIN_TEXT, room, bold=True)
        extra = 18 * (len(lines) - 1)
        height = 92 + 20 * len(cards) + extra
        if active or won:
            doc.rect(4, y, PHONE - 8, height, rx=5, fill=NOW)
        token(doc, 20, y + 16, seat, view.colours[seat], active)
        for i, line in enumerate(lines):
            doc.text(40, y + 21 + 18 * i, line, size=size or MIN_TEXT, weight="bold")
        doc.text(PHONE - 10, y + 21, points, size=15, anchor="end", family=MONO, weight="bold")
        y += extra
        doc.text(
            40, y + 41, clip(view.where[seat], MIN_TEXT, PHONE - 50), size=MIN_TEXT, fill=MUTED
        )
        cx = 10
        for craft in (*CRAFTS, SCHNEIDER):
            got = view.taken[seat].get(craft)
            doc.rect(
                cx,
                y + 52,
                62,
                26,
                rx=4,
                fill=PAPER if got else "#eeeeee",
                stroke=INK if got else "#bbbbbb",
                stroke_width=1.2,
            )
            mark = craft_marks(label)[craft]
            text = f"{mark} {got}" if got else mark
            doc.text(
                cx + 31,
                y + 70,
                text,
                size=MIN_TEXT,
                anchor="middle",
                fill=INK if got else "#888888",
                weight="bold" if got else None,
            )
            cx += 68
        y += 86
        for line in cards:
            y += 20
            doc.text(10, y, clip(line, MIN_TEXT, PHONE - 20), size=MIN_TEXT)
        y += 6
    return y


def _legend(doc: Svg, label: Label, y: float) -> float:
    entries = [
        (TUNNEL, label("heinzel.board.legend_tunnel"), "dot"),
        (COLOURS["rot"], label("heinzel.board.legend_start")),
        (PAPER, label("heinzel.board.legend_shop")),
        (RHINE, label("heinzel.board.rhine")),
        (WALL, label("heinzel.board.legend_wall"), "line"),
    ]
    y += pieces.legend(doc, 10, y, entries, width=PHONE - 20)
    marks = craft_marks(label)
    crafts = [f"{marks[c]} {label(f'heinzel.craft.{c}')}" for c in (*CRAFTS, SCHNEIDER)]
    line = ""
    for item in crafts:  # a letter and its craft stay on one line
        if line and text_width(f"{line} · {item}", MIN_TEXT) > PHONE - 20:
            doc.text(10, y + 16, line, size=MIN_TEXT)
            y, line = y + 20, item
        else:
            line = f"{line} · {item}" if line else item
    doc.text(10, y + 16, line, size=MIN_TEXT)
    y += 20
    return y


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 1600, zoom=ZOOM)
    # Schneiders Weib and her last pea card are told once, in the box under the title,
    # on as many lines as they need: in the title's status too, both were cut off a
    # phone's width in English ("Tailor's wife: bob · peas: 1 · "searc…")
    status = label("heinzel.board.status", turn=view.turn_no)
    y = pieces.title(doc, PHONE, label("heinzel.board.title"), status)
    lines = [clip(_headline(view, label), MIN_TEXT, PHONE - 20, True)]
    if view.weib is not None:
        pea = label(f"heinzel.board.pea.{view.last_pea}") if view.last_pea else ""
        weib = label("heinzel.board.weib", seat=view.weib, draws=view.draws) + pea
        lines += pieces.wrap(weib, MIN_TEXT, PHONE - 20)
    doc.rect(0, y, PHONE, len(lines) * 20 + 8, fill=NOW)
    for i, line in enumerate(lines):
        y += 20
        doc.text(10, y, line, size=MIN_TEXT, weight="bold" if i == 0 else None)
    y = _map(doc, view, label, y + 8)
    y = _players(doc, view, names, label, y)
    y = _legend(doc, label, y + 6)
    doc.set_height(y + 6)
    return doc.to_string()


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    return board_svg(view.table, names, label)


register(
    GAME_ID,
    Renderers(
        board_text=board_text,
        private_text=private_text,
        board_svg=board_svg,
        private_svg=private_svg,
    ),
)
