"""Boards of the EINS IST KEINS card game: the trick on the table, the announcement, who
leads, each player's visited pubs with their lifebuoys and districts, the pile; and the
private view (your hand). Text snapshots and SVG pictures."""

from collections import Counter
from functools import cache, lru_cache
from typing import Any

from render.boards import Label, Renderers, register, told
from render.palette import INK, MUTED, PAPER, player
from render.pieces import legend, paragraph, title, token, wrap
from render.svg import MIN_TEXT, PHONE, ZOOM, Group, Svg, clip
from render.text import fit
from rules.einsistkeins.cards.model import Call, PublicView, SeatView
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
CARD_W, CARD_H = 108, 150  # three a row on a phone


@cache  # (a fact of the card: made once)
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


@cache
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
    announcement (`called`) → the value it compares for `card_id` or `card` as `value`; a
    tie-break's `standings` ([seat, pubs, districts], best first) → one line."""
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
    if "standings" in params:
        shown["standings"] = " · ".join(
            label("einsistkeins_karten.tiebreak.standing", seat=s, pubs=n, districts=d)
            for s, n, d in params["standings"]
        )
    return shown


def _call(view: PublicView, label: Label) -> str:
    if view.call is None or not view.trick:
        return label("einsistkeins_karten.board.no_call")
    top = view.trick[-1].card
    return told(
        label,
        "einsistkeins_karten.board.call",
        call=label(f"einsistkeins_karten.call.{view.call}"),
        value=call_value(top, view.call),
    )


@lru_cache(maxsize=1024)  # a player's pubs change a few times a game; the board every step
def _buoys(cards: tuple[str, ...]) -> str:
    """'🛟 Linden-Nord 3 · 🛟 Mitte 1': the visited pubs in each lifebuoy."""
    counts = Counter(pub(c).lifebuoy for c in cards if pub(c).lifebuoy)
    return " · ".join(f"🛟 {LIFEBUOY_NAMES[b]} {counts[b]}" for b in LIFEBUOYS if counts[b])


@lru_cache(maxsize=1024)
def _districts(cards: tuple[str, ...]) -> int:
    return len({pub(c).district for c in cards})


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def _player_line(view: PublicView, seat: int, label: Label) -> str:
    cards = view.visited[seat]
    line = told(
        label,
        "einsistkeins_karten.board.player",
        cards=view.hand_sizes[seat],
        count=len(cards),
        needed=view.needed[seat],
        districts=_districts(cards),
    )
    return f"{line} · {label('einsistkeins_karten.board.out')}" if seat in view.out else line


def board(view: PublicView, names: list[str], label: Label) -> str:
    pile = told(label, "einsistkeins_karten.board.pile", count=view.pile)
    if view.phase == "over":  # no trick is next, nobody leads: the game's end heads the board
        end = (
            label("einsistkeins_karten.board.winner", seat=view.winner)
            if view.winner is not None
            else label("einsistkeins_karten.board.over")
        )
        lines = [f"{end} · {pile}"]
    else:
        trick = told(
            label, "einsistkeins_karten.board.trick", number=view.trick_no, seat=view.leader
        )
        lines = [f"{trick} · {pile}"]
        lines.append(_call(view, label))
        lines.append(label("einsistkeins_karten.board.table"))
        for played in view.trick:
            lines.append(f"  {player(played.seat).letter} {card_text(played.card)}")
        if not view.trick:
            lines.append(f"  {label('einsistkeins_karten.board.empty')}")
        if view.passed:
            lines.append(f"  {label('einsistkeins_karten.board.passed', seats=list(view.passed))}")
        lines.append(told(label, "einsistkeins_karten.board.turn", seat=view.turn))
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
# Laid out for a phone (render/svg.py PHONE, MIN_TEXT): the trick three cards a row, then
# each player with a chip per visited pub in its lifebuoy's colour, then the lifebuoys.

NOW = "#fff3c4"
GAP = 8


def _card_lines(name: str, seat: bool) -> tuple[list[str], list[str], list[str], list[str]]:
    """A pub card's texts, each wrapped to the card's width and none cut: lifebuoy band,
    name, opening hours, district."""
    p = pub(name)
    room = CARD_W - 8
    buoy = LIFEBUOY_NAMES.get(p.lifebuoy or "", "–")
    band = wrap(buoy, MIN_TEXT, room)
    return (
        band,
        wrap(p.name, MIN_TEXT, room, bold=True),
        hours(p).split(", "),
        wrap(p.district, MIN_TEXT, room),
    )


LINE = 17


def card_height(name: str, seat: bool = False) -> float:
    """The card's height: CARD_H, or taller where its texts need more lines."""
    band, title, spans, district = _card_lines(name, seat)
    need = 24 + (len(band) - 1) * LINE + 12 + LINE * (len(title) + len(spans) + len(district))
    return max(CARD_H, need + 12)


def draw_card(
    g: Group, x: float, y: float, name: str, *, seat: int | None = None, h: float = CARD_H
) -> None:
    """A pub card `h` tall: lifebuoy band (colour and name), name, hours, district; the
    player's token on its top edge."""
    p = pub(name)
    colour = BUOY_COLOURS.get(p.lifebuoy or "", NO_BUOY)
    band, title, spans, district = _card_lines(name, seat is not None)
    g.rect(x, y, CARD_W, h, rx=6, fill=PAPER, stroke=INK, stroke_width=1.5)
    g.rect(
        x, y, CARD_W, 22 + (len(band) - 1) * LINE, rx=6, fill=colour, stroke=INK, stroke_width=1.5
    )
    ink = PAPER if colour in DARK else INK
    cx = x + CARD_W / 2
    # a played card's token stands on its top right corner, above the band's first line
    for i, line in enumerate(band):
        g.text(x + 6, y + 18 + i * LINE, line, size=MIN_TEXT, fill=ink)
    top = y + 42 + (len(band) - 1) * LINE
    for i, line in enumerate(title):
        g.text(cx, top + i * LINE, line, size=MIN_TEXT, anchor="middle", weight="bold")
    top += len(title) * LINE + 4
    for i, span in enumerate(spans):
        g.text(cx, top + i * LINE, span, size=MIN_TEXT, anchor="middle")
    bottom = y + h - 7 - (len(district) - 1) * LINE
    for i, line in enumerate(district):
        g.text(cx, bottom + i * LINE, line, size=MIN_TEXT, anchor="middle", fill=MUTED)
    if seat is not None:
        token(g, x + CARD_W - 12, y - 6, seat)


def _cards(doc: Group, names: list[tuple[str, int | None]], y: float) -> float:
    """Cards three a row from `y` (tokens stand 17 above a row), as tall as the tallest
    needs; returns the y under them."""
    h = max(card_height(name, seat is not None) for name, seat in names)
    for i, (name, seat) in enumerate(names):
        x = 10 + (i % 3) * (CARD_W + GAP)
        draw_card(doc, x, y + 18 + (i // 3) * (h + 26), name, seat=seat, h=h)
    rows = -(-len(names) // 3)
    return y + 18 + rows * (h + 26) - 8


def _banner(doc: Svg, lines: list[tuple[str, bool]], y: float) -> float:
    wrapped = [
        (line, bold) for text, bold in lines for line in wrap(text, MIN_TEXT, PHONE - 20, bold)
    ]
    doc.rect(0, y, PHONE, len(wrapped) * 20 + 8, fill=NOW)
    for text, bold in wrapped:
        y += 20
        doc.text(10, y, text, size=MIN_TEXT, weight="bold" if bold else None)
    return y + 8


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 1600, zoom=ZOOM)
    y = title(doc, PHONE, label("einsistkeins_karten.board.title"))
    status = label("einsistkeins_karten.board.pile", count=view.pile)
    head = label("einsistkeins_karten.board.trick", number=view.trick_no, seat=view.leader)
    on_table = list(view.trick) if view.trick else list(view.last_trick)
    caption = _call(view, label) if view.trick else label("einsistkeins_karten.board.table")
    if not view.trick and view.last_taker is not None:
        caption = label("einsistkeins_karten.board.last", seat=view.last_taker, cards=[])
    lines = [(head, False), (status, False)] if view.phase != "over" else [(status, False)]
    if view.phase == "over":
        won = (
            label("einsistkeins_karten.board.winner", seat=view.winner)
            if view.winner is not None
            else label("einsistkeins_karten.board.over")
        )
        lines.insert(0, ("♛ " + won if view.winner is not None else won, True))
    else:
        lines.insert(0, (label("einsistkeins_karten.board.turn", seat=view.turn), True))
    y = _banner(doc, lines, y)
    y += 22 + paragraph(doc, 10, y + 18, caption.rstrip(": "), PHONE - 20, size=15, bold=True)
    if on_table:
        y = _cards(doc, [(p.card, p.seat) for p in on_table], y)
    else:
        doc.text(10, y + 20, label("einsistkeins_karten.board.empty"), size=MIN_TEXT, fill=MUTED)
        y += 28
    for seat in range(view.players):
        y += 6
        turn = view.phase != "over" and seat == view.turn
        won = view.phase == "over" and seat == view.winner
        chips = view.visited[seat]
        height = 66 + (-(-len(chips) // 16)) * 18
        if turn or won:
            doc.rect(4, y, PHONE - 8, height, rx=5, fill=NOW)
        token(doc, 20, y + 15, seat, ring=turn)
        name = ("♛ " if won else "") + _name(names, seat)
        doc.text(40, y + 20, clip(name, 15, PHONE - 50, True), size=15, weight="bold")
        for k, line in enumerate(wrap(_player_line(view, seat, label), MIN_TEXT, PHONE - 50)[:2]):
            doc.text(40, y + 40 + k * 18, line, size=MIN_TEXT, fill=MUTED)
        _visited_chips(doc, 40, y + 66, chips)
        y += height
    y += 8
    entries = [(BUOY_COLOURS[b], LIFEBUOY_NAMES[b]) for b in LIFEBUOYS]
    entries.append((NO_BUOY, label("einsistkeins_karten.board.no_buoy")))
    y += legend(doc, 10, y, entries, width=PHONE - 20)
    doc.set_height(y + 6)
    return doc.to_string()


def _visited_chips(g: Group, x: float, y: float, cards: tuple[str, ...]) -> None:
    """One chip per visited pub in its lifebuoy's colour (the names are in /board's text)."""
    for i, name in enumerate(cards):
        p = pub(name)
        cx, cy = x + (i % 16) * 18, y + (i // 16) * 18
        g.rect(cx, cy, 14, 14, rx=2, fill=BUOY_COLOURS.get(p.lifebuoy or "", NO_BUOY), stroke=INK)


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 1600, zoom=ZOOM)
    hand = label("einsistkeins_karten.board.hand", count=len(view.hand)).rstrip(":")
    y = title(doc, PHONE, _name(names, view.seat), hand)
    if not view.hand:
        doc.text(10, y + 30, label("einsistkeins_karten.board.no_hand"), size=MIN_TEXT, fill=MUTED)
        doc.set_height(y + 44)
        return doc.to_string()
    y += 4
    h = max(card_height(name) for name in view.hand)
    playable = label("einsistkeins_karten.board.playable")
    under = 12 + 18 * len(wrap(playable, MIN_TEXT, CARD_W)) if view.playable else 12
    for i, name in enumerate(view.hand):
        x = 10 + (i % 3) * (CARD_W + GAP)
        top = y + (i // 3) * (h + under)
        draw_card(doc, x, top, name, h=h)
        if name in view.playable:
            doc.rect(
                x - 3,
                top - 3,
                CARD_W + 6,
                h + 6,
                rx=8,
                fill="none",
                stroke=INK,
                stroke_width=3,
            )
            paragraph(doc, x + CARD_W / 2, top + h + 20, playable, CARD_W, anchor="middle", step=18)
    y += -(-len(view.hand) // 3) * (h + under)
    doc.set_height(y + 6)
    return doc.to_string()


RENDERERS = Renderers(board, private, board_svg, private_svg, params=params)
register(GAME_ID, RENDERERS)
