"""Boards of the EINS IST KEINS card game: the trick on the table, the announcement, who
leads, each player's visited pubs with their lifebuoys and districts, the pile; and the
private view (your hand). Text snapshots and SVG pictures."""

from collections import Counter
from typing import Any

from render.boards import Label, Renderers, register
from render.palette import INK, MUTED, PAPER, player
from render.pieces import title, token
from render.svg import Group, Svg
from render.text import fit
from rules.einsistkeins.cards.model import Call, Played, PublicView, SeatView
from rules.einsistkeins.pubs import LIFEBUOY_NAMES, LIFEBUOYS, Pub, clock, pub

GAME_ID = "einsistkeins_karten"
BUOY_COLOURS = {  # Okabe–Ito hues, and the lifebuoy's name is always printed too
    "nordstadt": "#CC79A7",
    "linden_nord": "#009E73",
    "linden_mitte": "#56B4E9",
    "mitte": "#E69F00",
    "oststadt_list": "#0072B2",
}
NO_BUOY = "#d8d8d8"
DARK = ("#0072B2", "#009E73")  # white ink reads better on these
CARD_W, CARD_H = 128, 150


def card_text(name: str) -> str:
    """'Izarro (17:00–03:00 · Linden-Nord · 🛟 Linden-Nord)': proper names and times, the
    same in both languages."""
    p = pub(name)
    parts = [hours(p), p.district]
    if p.lifebuoy:
        parts.append(f"🛟 {LIFEBUOY_NAMES[p.lifebuoy]}")
    return f"{p.name} ({' · '.join(parts)})"


def hours(p: Pub) -> str:
    """'11:00–15:00, 17:00–01:00' as printed on the card."""
    return ", ".join(f"{clock(s.open)}–{clock(s.close)}" for s in p.spans)


def call_value(name: str, call: Call) -> str:
    """What the announcement compares: a time, a district or a lifebuoy."""
    p = pub(name)
    match call:
        case "opening":
            return clock(p.opening)
        case "closing":
            return clock(p.closing)
        case "district":
            return p.district
    return LIFEBUOY_NAMES.get(p.lifebuoy or "", "")


def params(key: str, params: dict[str, Any], label: Label) -> dict[str, Any]:
    """The engine's pub ids as players read them (the `params` hook): `card_id` → the
    whole card as `card`; `hand_ids` / `card_ids` → whole cards as `hand` / `cards`; an
    announcement (`called`) → the value it compares for `card_id` or `card` as `value`."""
    if not params:
        return params
    shown = dict(params)
    if "card_id" in params:
        shown["card"] = card_text(params["card_id"])
    if "hand_ids" in params:
        shown["hand"] = [card_text(c) for c in params["hand_ids"]]
    if "card_ids" in params:
        shown["cards"] = [card_text(c) for c in params["card_ids"]]
    if "called" in params:
        shown["value"] = call_value(params.get("card_id") or params["card"], params["called"])
    return shown


def _call(view: PublicView, label: Label) -> str:
    if view.call is None or not view.trick:
        return label("einsistkeins_karten.board.no_call")
    top = view.trick[-1].card
    return label(
        "einsistkeins_karten.board.call",
        call=label(f"einsistkeins_karten.call.{view.call}"),
        value=call_value(top, view.call),
    )


def _buoys(cards: tuple[str, ...]) -> str:
    """'🛟 Linden-Nord 3 · 🛟 Mitte 1': the visited pubs in each lifebuoy."""
    counts = Counter(pub(c).lifebuoy for c in cards if pub(c).lifebuoy)
    return " · ".join(f"🛟 {LIFEBUOY_NAMES[b]} {counts[b]}" for b in LIFEBUOYS if counts[b])


def _districts(cards: tuple[str, ...]) -> list[str]:
    return sorted({pub(c).district for c in cards})


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def _player_line(view: PublicView, seat: int, label: Label) -> str:
    cards = view.visited[seat]
    line = label(
        "einsistkeins_karten.board.player",
        cards=view.hand_sizes[seat],
        count=len(cards),
        needed=view.needed[seat],
        districts=len(_districts(cards)),
    )
    return f"{line} · {label('einsistkeins_karten.board.out')}" if seat in view.out else line


def board(view: PublicView, names: list[str], label: Label) -> str:
    lines = [
        f"{label('einsistkeins_karten.board.trick', number=view.trick_no, seat=view.leader)}"
        f" · {label('einsistkeins_karten.board.pile', count=view.pile)}"
    ]
    if view.phase != "over":
        lines.append(_call(view, label))
        lines.append(label("einsistkeins_karten.board.table"))
        for played in view.trick:
            lines.append(f"  {player(played.seat).letter} {card_text(played.card)}")
        if not view.trick:
            lines.append(f"  {label('einsistkeins_karten.board.empty')}")
        if view.passed:
            lines.append(f"  {label('einsistkeins_karten.board.passed', seats=list(view.passed))}")
        lines.append(label("einsistkeins_karten.board.turn", seat=view.turn))
    elif view.winner is not None:
        lines.append(label("einsistkeins_karten.board.winner", seat=view.winner))
    else:
        lines.append(label("einsistkeins_karten.board.over"))
    lines.append("")
    for seat in range(view.players):
        lines.append(
            f"{player(seat).letter}  {_name(names, seat)}: {_player_line(view, seat, label)}"
        )
        cards = view.visited[seat]
        if cards:  # district names would not fit five players: their number is above
            lines.append(f"   {', '.join(cards)}")
            if buoys := _buoys(cards):
                lines.append(f"   {buoys}")
    if view.last_trick and view.last_taker is not None:
        lines.append("")
        cards = [p.card for p in view.last_trick]
        lines.append(label("einsistkeins_karten.board.last", seat=view.last_taker, cards=cards))
    return fit(lines)


def private(view: SeatView, names: list[str], label: Label) -> str:
    if not view.hand:
        return label("einsistkeins_karten.board.no_hand")
    lines = [label("einsistkeins_karten.board.hand", count=len(view.hand))]
    for name in view.hand:
        mark = f"  ← {label('einsistkeins_karten.board.playable')}" if name in view.playable else ""
        lines.append(f"• {card_text(name)}{mark}")
    return fit(lines)


# ---------------------------------------------------------------- pictures


def draw_card(g: Group, x: float, y: float, name: str, *, seat: int | None = None) -> None:
    """A pub card: lifebuoy band (colour and name), name, hours, district; the player's token."""
    p = pub(name)
    colour = BUOY_COLOURS.get(p.lifebuoy or "", NO_BUOY)
    g.rect(x, y, CARD_W, CARD_H, rx=8, fill=PAPER, stroke=INK, stroke_width=1.5)
    g.rect(x, y, CARD_W, 22, rx=8, fill=colour, stroke=INK, stroke_width=1.5)
    buoy = LIFEBUOY_NAMES.get(p.lifebuoy or "", "–")
    ink = PAPER if colour in DARK else INK
    g.text(x + CARD_W / 2, y + 16, buoy, size=11, anchor="middle", fill=ink)
    for i, line in enumerate(_wrap(p.name, 16)[:3]):
        g.text(x + CARD_W / 2, y + 44 + i * 16, line, size=13, anchor="middle", weight="bold")
    for i, span in enumerate(hours(p).split(", ")):
        g.text(x + CARD_W / 2, y + 98 + i * 14, span, size=12, anchor="middle")
    small = 11 if len(p.district) <= 16 else 9  # "Calenberger Neustadt" fits the card
    g.text(x + CARD_W / 2, y + CARD_H - 10, p.district, size=small, anchor="middle", fill=MUTED)
    if seat is not None:
        token(g, x + CARD_W - 4, y + CARD_H - 4, seat, r=11)


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _row(cards: list[Played], width: int) -> float:
    step = min(CARD_W + 12, (width - 40 - CARD_W) / max(1, len(cards) - 1))
    return step


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    width = 900
    rows = view.players
    height = 44 + 230 + rows * 64 + 40
    doc = Svg(width, height)
    status = label("einsistkeins_karten.board.pile", count=view.pile)
    head = label("einsistkeins_karten.board.trick", number=view.trick_no, seat=view.leader)
    title(
        doc,
        width,
        label("einsistkeins_karten.board.title"),
        status if view.phase == "over" else f"{head} · {status}",
    )
    on_table = list(view.trick) if view.trick else list(view.last_trick)
    caption = _call(view, label) if view.trick else label("einsistkeins_karten.board.table")
    if not view.trick and view.last_taker is not None:
        caption = label("einsistkeins_karten.board.last", seat=view.last_taker, cards=[])
    if view.phase == "over":
        caption = (
            label("einsistkeins_karten.board.winner", seat=view.winner)
            if view.winner is not None
            else label("einsistkeins_karten.board.over")
        )
    doc.text(20, 70, caption.rstrip(": "), size=16, weight="bold")
    step = _row(on_table, width)
    for i, played in enumerate(on_table):
        draw_card(doc, 20 + i * step, 84, played.card, seat=played.seat)
    if not on_table:
        doc.text(20, 150, label("einsistkeins_karten.board.empty"), size=14, fill=MUTED)
    if view.phase != "over":
        doc.text(
            width - 20,
            70,
            label("einsistkeins_karten.board.turn", seat=view.turn),
            size=16,
            anchor="end",
        )
    top = 44 + 230
    for seat in range(view.players):
        y = top + seat * 64
        if view.phase != "over" and seat == view.turn:
            doc.rect(10, y, width - 20, 58, rx=6, fill="#fff3c4")
        token(doc, 34, y + 22, seat, r=13, ring=view.phase != "over" and seat == view.turn)
        doc.text(58, y + 22, _name(names, seat)[:18], size=15, weight="bold")
        doc.text(58, y + 44, _player_line(view, seat, label), size=12, fill=MUTED)
        _visited_chips(doc, 380, y + 6, view.visited[seat])
    return doc.to_string()


def _visited_chips(g: Group, x: float, y: float, cards: tuple[str, ...]) -> None:
    """One small chip per visited pub, in its lifebuoy's colour, with its initials."""
    for i, name in enumerate(cards[:24]):
        p = pub(name)
        cx, cy = x + (i % 12) * 42, y + (i // 12) * 24
        colour = BUOY_COLOURS.get(p.lifebuoy or "", NO_BUOY)
        g.rect(cx, cy, 38, 20, rx=4, fill=colour, stroke=INK)
        ink = PAPER if colour in DARK else INK
        g.text(cx + 19, cy + 14, p.name[:5], size=10, anchor="middle", fill=ink)


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    count = max(1, len(view.hand))
    per_row = 6
    width = 20 + per_row * (CARD_W + 12)
    height = 44 + 40 + ((count + per_row - 1) // per_row) * (CARD_H + 30)
    doc = Svg(width, height)
    hand = label("einsistkeins_karten.board.hand", count=len(view.hand)).rstrip(":")
    title(doc, width, _name(names, view.seat), hand)
    if not view.hand:
        doc.text(20, 100, label("einsistkeins_karten.board.no_hand"), size=14, fill=MUTED)
    for i, name in enumerate(view.hand):
        x = 20 + (i % per_row) * (CARD_W + 12)
        y = 64 + (i // per_row) * (CARD_H + 30)
        draw_card(doc, x, y, name)
        if name in view.playable:
            doc.rect(
                x - 4, y - 4, CARD_W + 8, CARD_H + 8, rx=10, fill="none", stroke=INK, stroke_width=3
            )
            doc.text(
                x + CARD_W / 2,
                y + CARD_H + 18,
                label("einsistkeins_karten.board.playable"),
                size=11,
                anchor="middle",
            )
    return doc.to_string()


RENDERERS = Renderers(board, private, board_svg, private_svg, params=params)
register(GAME_ID, RENDERERS)
