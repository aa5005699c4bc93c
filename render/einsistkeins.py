"""Boards of the EINS IST KEINS board game: the clock, the face-up card and the pile,
each player's square, alcohol meter and face-up cards (● open now, ○ closed); and the
map of Hanover as SVG (districts, lifebuoys as rings, pubs open/closed, the three tram
lines, the pieces). Text snapshots and SVG pictures."""

from render.boards import Label, Renderers, register
from render.text import fit
from rules.einsistkeins.boardmodel import PublicView, SeatView
from rules.einsistkeins.pubs import clock, pub

GAME_ID = "einsistkeins"
OPEN, SHUT = "●", "○"


def permille(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def card_line(name: str, view: PublicView) -> str:
    p = pub(name)
    mark = OPEN if name in view.open_pubs else SHUT
    return f"{mark} {p.name} ({p.hours()})"


def _status(view: PublicView, label: Label) -> str:
    trams = label("eikb.board.trams") if view.trams else label("eikb.board.night_star")
    return label("eikb.board.status", time=clock(view.clock), trams=trams, pile=view.pile)


def board(view: PublicView, names: list[str], label: Label) -> str:
    lines = [_status(view, label)]
    if view.faceup:
        lines.append(label("eikb.board.faceup", card=card_line(view.faceup, view)))
    if view.phase == "over":
        if view.winner is not None:
            lines.append(label("eikb.board.winner", seat=view.winner))
        else:
            lines.append(label("eikb.board.over"))
    else:
        lines.append(label("eikb.board.turn", seat=view.turn))
    for seat in range(view.players):
        lines.append("")
        clock_card = " ⏰" if seat == view.keeper else ""
        lines.append(
            f"{chr(65 + seat)}{clock_card} "
            + label(
                "eikb.board.player",
                seat=seat,
                place=view.where[seat],
                level=permille(view.alcohol[seat]),
                count=len(view.visited[seat]),
                needed=view.needed[seat],
            )
        )
        lines.append("   " + " · ".join(card_line(c, view) for c in view.hands[seat]))
        if view.visited[seat]:
            lines.append("   ✓ " + ", ".join(view.visited[seat]))
    return fit(lines)


def private(view: SeatView, names: list[str], label: Label) -> str:
    return board(view.table, names, label)


RENDERERS = Renderers(board_text=board, private_text=private)
register(GAME_ID, RENDERERS)
