"""Boards of Die Heinzelmännchen von Köln: a text snapshot and a picture of old Cologne.

The picture: the Rhine along the east, the medieval wall through its gates, the four
outer Veedel and the Dom as coloured areas, the walking paths, shops with the point cards
still on their piles, the red tunnel fields, the start fields in their colours, every
piece with its colour and letter; beside the map each player's points, point cards and
action cards, and Schneiders Weib with her pea draws.
"""

from render.boards import Label, Renderers, register
from render.maps import Node, blob, place_labels
from render.palette import INK, MUTED, PAPER
from render.svg import MONO, Group, Svg
from render.text import fit
from rules.heinzel.board import board, field, project
from rules.heinzel.data import CRAFTS, SCHNEIDER, board_data
from rules.heinzel.model import CARDS, PublicView, SeatView

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
CRAFT_MARK = {"zimmermann": "Z", "baecker": "B", "kuefer": "K", "fleischer": "F", "schneider": "S"}

WIDTH, HEIGHT = 1280, 820
MAP = (10, 54, 840, 810)  # x0, y0, x1, y1
SIDE = 860


def letter(seat: int) -> str:
    return chr(ord("A") + seat)


def _pile(view: PublicView, craft: str) -> str:
    return " ".join(str(c) for c in view.piles[craft]) or "–"


def _status(view: PublicView, label: Label) -> str:
    if view.weib is None:
        return label("heinzel.board.status", turn=view.turn_no)
    return label("heinzel.board.status_weib", turn=view.turn_no, seat=view.weib, draws=view.draws)


def _headline(view: PublicView, label: Label) -> str:
    if view.phase != "over":
        return label("heinzel.board.turn", seat=view.turn)
    return label("heinzel.board.winners", seats=list(view.winners))


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


def _frame() -> tuple[float, float, float]:
    """Metres → pixels (scale, x offset, y offset): the board and the near Rhine in MAP."""
    b = board()
    xs = [f.x for f in b.fields] + [project(*p)[0] + 420 for p in board_data().rhine[2:4]]
    ys = [f.y for f in b.fields]
    x0, y0, x1, y1 = MAP
    pad = 30
    s = min((x1 - x0 - 2 * pad) / (max(xs) - min(xs)), (y1 - y0 - 2 * pad) / (max(ys) - min(ys)))
    left = x0 + pad + ((x1 - x0 - 2 * pad) - (max(xs) - min(xs)) * s) / 2
    return s, left - min(xs) * s, y0 + pad + max(ys) * s


def _px(x: float, y: float) -> tuple[float, float]:
    s, dx, dy = _frame()
    return round(x * s + dx, 1), round(dy - y * s, 1)


def _at(index: int) -> tuple[float, float]:
    f = field(index)
    return _px(f.x, f.y)


def _town(doc: Group, label: Label) -> None:
    """The Rhine, the wall, the Veedel."""
    x1 = MAP[2]
    # the bank runs past the map's top and bottom: clamped to the map, not over the title
    bank = [
        (x, min(max(y, MAP[1]), MAP[3]))
        for x, y in (_px(*project(lat, lon)) for lat, lon in board_data().rhine)
    ]
    doc.polygon([*bank, (x1, bank[-1][1]), (x1, bank[0][1])], fill=RHINE)
    doc.text(
        x1 - 40,
        (MAP[1] + MAP[3]) / 2,
        label("heinzel.board.rhine"),
        size=18,
        anchor="middle",
        fill="#3b6e96",
        font_style="italic",
        transform=f"rotate(-80 {x1 - 40} {(MAP[1] + MAP[3]) / 2})",
    )
    b = board()
    wall = [_at(b.by_id[p]) for p in board_data().wall]
    doc.polyline(wall, stroke=WALL, stroke_width=7, stroke_linejoin="round", stroke_opacity=0.5)
    for v, name in b.veedel_names.items():
        spots = [_at(f.index) for f in b.fields if f.veedel == v]
        doc.polygon(
            blob(spots, 22 if v != "dom" else 30),
            fill=VEEDEL_FILLS[v],
            stroke=PAPER,
            stroke_width=2,
            fill_opacity=0.9,
        )
        if v == "dom":
            continue  # the Dom is drawn, and its shop is labelled Schneider
        xs, ys = [x for x, _ in spots], [y for _, y in spots]
        if v == "martinsviertel":  # above it lies the Dom: name it on its Rhine side
            x, y, anchor = max(xs) + 6, max(ys) + 26, "start"
        else:
            x, y, anchor = sum(xs) / len(xs), min(ys) - 30, "middle"
        doc.text(
            x,
            y,
            name,
            size=14,
            anchor=anchor,
            weight="bold",
            fill="#6b5a45",
            font_style="italic",
            stroke=PAPER,
            stroke_width=3,
            paint_order="stroke",
        )


def _dom(doc: Group, x: float, y: float) -> None:
    """The cathedral's west front: two spires."""
    for dx in (-9, 5):
        doc.polygon([(x + dx, y - 6), (x + dx + 4, y - 34), (x + dx + 8, y - 6)], fill="#5b5146")
    doc.rect(x - 12, y - 8, 24, 14, fill="#5b5146")


def _fields(doc: Group, view: PublicView, label: Label) -> list[Node]:
    b = board()
    for u, w in b.links:
        (xa, ya), (xb, yb) = _at(u), _at(w)
        doc.line(xa, ya, xb, yb, stroke="#9b8f7d", stroke_width=2.5, stroke_linecap="round")
    nodes = []
    for f in b.fields:
        x, y = _at(f.index)
        if f.kind is None:
            doc.circle(x, y, 5, fill=PAPER, stroke="#9b8f7d", stroke_width=1.5)
            continue
        if f.kind == "tunnel":
            doc.circle(x, y, 9, fill=TUNNEL, stroke=INK, stroke_width=1.5)
            nodes.append(Node(f.id, x, y, f.name, r=9))
        elif f.kind == "start":
            colour = COLOURS[f.colour or ""]
            doc.rect(x - 9, y - 9, 18, 18, rx=3, fill=colour, stroke=INK, stroke_width=2)
            nodes.append(Node(f.id, x, y, f.name, r=10))
        elif f.craft:
            if f.craft == SCHNEIDER:
                _dom(doc, x, y)
            doc.rect(x - 11, y - 11, 22, 22, rx=4, fill=PAPER, stroke=INK, stroke_width=2)
            doc.text(x, y + 5, CRAFT_MARK[f.craft], size=14, anchor="middle", weight="bold")
            caption = f"{label(f'heinzel.craft.{f.craft}')} [{_pile(view, f.craft)}]"
            nodes.append(Node(f.id, x, y, caption, r=12))
        else:
            doc.circle(x, y, 7, fill=PAPER, stroke=INK, stroke_width=1.5)
            nodes.append(Node(f.id, x, y, f.name, r=7))
    return nodes


def token(doc: Group, x: float, y: float, seat: int, colour: str, ring: bool) -> None:
    if ring:
        doc.circle(x, y, 14, fill="none", stroke=INK, stroke_width=3)
    doc.circle(x, y, 10, fill=COLOURS[colour], stroke=INK, stroke_width=1.5)
    ink = PAPER if colour in DARK else INK
    doc.text(x, y + 4.5, letter(seat), size=12, anchor="middle", weight="bold", fill=ink)


def _pieces(doc: Group, view: PublicView) -> None:
    stacked: dict[int, int] = {}
    for seat, where in enumerate(view.pos):
        x, y = _at(where)
        k = stacked.get(where, 0)
        stacked[where] = k + 1
        ring = view.phase != "over" and seat == (view.loser if view.phase == "guard" else view.turn)
        token(doc, x + 12 + 16 * k, y - 12, seat, view.colours[seat], ring)


def _map(doc: Svg, view: PublicView, label: Label) -> None:
    doc.rect(MAP[0], MAP[1], MAP[2] - MAP[0], MAP[3] - MAP[1], fill=PARCHMENT)
    _town(doc, label)
    nodes = _fields(doc, view, label)
    by_id = {n.id: n for n in nodes}
    for placed in place_labels(tuple(nodes), 11, MAP):
        node = by_id[placed.node]
        shop = field(board().by_id[node.id]).craft is not None
        doc.text(
            placed.x,
            placed.y,
            node.label,
            size=placed.size,
            anchor=placed.anchor,
            weight="bold" if shop else None,
            fill=TUNNEL if node.r == 9 else INK,
            stroke=PAPER,
            stroke_width=3,
            paint_order="stroke",
        )
    _pieces(doc, view)


def _side(doc: Svg, view: PublicView, names: list[str], label: Label) -> None:
    x, y = SIDE, 84
    doc.text(x, y, _headline(view, label), size=17, weight="bold")
    if view.weib is not None:
        y += 24
        pea = label(f"heinzel.board.pea.{view.last_pea}") if view.last_pea else ""
        doc.text(x, y, label("heinzel.board.weib", seat=view.weib, draws=view.draws) + pea, size=13)
    for seat in range(view.players):
        y += 22
        active = view.phase != "over" and seat == view.turn
        if active:
            doc.rect(x - 6, y - 2, WIDTH - x - 4, 112, rx=6, fill="#fff3c4")
        token(doc, x + 12, y + 14, seat, view.colours[seat], active)
        name = names[seat] if seat < len(names) else letter(seat)
        doc.text(x + 32, y + 19, name[:20], size=15, weight="bold")
        doc.text(
            WIDTH - 14,
            y + 19,
            label("heinzel.board.points", points=view.scores[seat]),
            size=15,
            anchor="end",
            family=MONO,
            weight="bold",
        )
        doc.text(x + 32, y + 38, view.where[seat][:34], size=12, fill=MUTED)
        cx = x + 4
        for craft in (*CRAFTS, SCHNEIDER):
            got = view.taken[seat].get(craft)
            doc.rect(
                cx,
                y + 48,
                58,
                26,
                rx=4,
                fill=PAPER if got else "#eeeeee",
                stroke=INK if got else "#bbbbbb",
                stroke_width=1.2,
            )
            text = f"{CRAFT_MARK[craft]} {got}" if got else CRAFT_MARK[craft]
            doc.text(
                cx + 29,
                y + 66,
                text,
                size=13,
                anchor="middle",
                fill=INK if got else "#aaaaaa",
                weight="bold" if got else None,
            )
            cx += 64
        cx = x + 4
        for card in CARDS:
            held = card in view.cards[seat]
            title = label(f"heinzel.action.{card}")
            doc.rect(
                cx,
                y + 80,
                124,
                22,
                rx=4,
                fill="#e9f0fb" if held else "#f2f2f2",
                stroke=INK if held else "#cccccc",
                stroke_width=1,
            )
            doc.text(
                cx + 62,
                y + 95,
                title,
                size=11,
                anchor="middle",
                fill=INK if held else "#b0b0b0",
                text_decoration=None if held else "line-through",
            )
            cx += 130
        y += 112
    y += 30
    doc.text(x, y, label("heinzel.board.legend"), size=13, weight="bold")
    rows = [
        (TUNNEL, label("heinzel.board.legend_tunnel")),
        (COLOURS["rot"], label("heinzel.board.legend_start")),
        (PAPER, label("heinzel.board.legend_shop")),
    ]
    for i, (colour, text) in enumerate(rows):
        doc.rect(x, y + 10 + i * 20, 14, 14, fill=colour, stroke=INK, stroke_width=1)
        doc.text(x + 22, y + 22 + i * 20, text, size=12)


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(WIDTH, HEIGHT)
    doc.rect(0, 0, WIDTH, 44, fill=INK)
    doc.text(16, 29, label("heinzel.board.title"), size=20, weight="bold", fill=PAPER)
    doc.text(WIDTH - 16, 29, _status(view, label), size=16, anchor="end", fill=PAPER)
    _map(doc, view, label)
    _side(doc, view, names, label)
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
