"""Text and picture boards of the test-only auction game, public and private."""

from render import pieces
from render.boards import Label, Renderers
from render.palette import MUTED, player
from render.svg import Svg
from render.text import columns, fit
from tests.games.auktion.model import PublicView, SeatView

WIDTH, HEIGHT = 640, 360


def board(view: PublicView, names: list[str], label: Label) -> str:
    rows = []
    for seat, name in enumerate(names):
        mark = f"✓ {label('auktion.board.bid')}" if seat in view.answered else ""
        points = f"{view.points[seat]:>3} {label('auktion.board.points')}"
        rows.append([player(seat).letter, name, points, mark])
    head = label("auktion.board.round", round=view.round, rounds=view.rounds, worth=view.lot)
    return fit([head, *columns(rows)])


def private(view: SeatView, names: list[str], label: Label) -> str:
    lines = [label("auktion.board.coins", coins=view.coins, points=view.points)]
    if view.my_bid is not None:
        lines.append(label("auktion.board.my_bid", amount=view.my_bid))
    return "\n".join(lines)


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(WIDTH, HEIGHT)
    status = label("auktion.board.round_short", round=view.round, rounds=view.rounds)
    pieces.title(doc, WIDTH, label("auktion.board.title"), status)
    pieces.card(doc, 40, 80, label("auktion.board.lot"), w=150, h=200, colour="#fff3c4")
    doc.text(115, 200, str(view.lot), size=56, anchor="middle", weight="bold")
    rows = [(seat, name, f"{view.points[seat]}") for seat, name in enumerate(names)]
    waiting = [s for s in range(len(names)) if view.phase == "bid" and s not in view.answered]
    pieces.scores(doc, 250, 80, rows, active=frozenset(waiting), width=330)
    for i, seat in enumerate(range(len(names))):
        if seat in view.answered:
            doc.text(600, 80 + i * 30 + 20, "✓", size=18, anchor="middle", weight="bold")
        elif seat in waiting:
            doc.text(600, 80 + i * 30 + 20, "…", size=18, anchor="middle", fill=MUTED)
    doc.text(250, 80 + len(names) * 30 + 30, label("auktion.board.legend"), size=12, fill=MUTED)
    return doc.to_string()


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    doc = Svg(420, 220)
    pieces.title(doc, 420, names[view.seat] if view.seat < len(names) else "?")
    pieces.token(doc, 40, 90, view.seat, r=18)
    doc.text(75, 97, label("auktion.board.coins", coins=view.coins, points=view.points), size=18)
    if view.my_bid is not None:
        pieces.card(
            doc,
            75,
            120,
            label("auktion.board.my_bid", amount=view.my_bid),
            w=200,
            h=80,
            colour="#e8f4fb",
        )
    return doc.to_string()


RENDERERS = Renderers(board, private, board_svg, private_svg)
