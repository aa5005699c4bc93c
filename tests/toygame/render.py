"""Text board and private view of the test-only auction game."""

from render.boards import Label
from tests.toygame.model import PublicView, SeatView


def board(view: PublicView, names: list[str], label: Label) -> str:
    width = max((len(n) for n in names), default=1)
    lines = [label("toy.board.round", round=view.round, rounds=view.rounds, worth=view.lot)]
    for seat, name in enumerate(names):
        mark = f"  ✓ {label('toy.board.bid')}" if seat in view.answered else ""
        lines.append(
            f"{chr(65 + seat)} {name.ljust(width)} {view.points[seat]:>3} "
            f"{label('toy.board.points')}{mark}"
        )
    return "\n".join(lines)


def private(view: SeatView, names: list[str], label: Label) -> str:
    lines = [label("toy.board.coins", coins=view.coins, points=view.points)]
    if view.my_bid is not None:
        lines.append(label("toy.board.my_bid", amount=view.my_bid))
    return "\n".join(lines)
