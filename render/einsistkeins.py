"""Boards of the EINS IST KEINS board game: the clock, the face-up card and the pile,
each player's square, alcohol meter and face-up cards (● open now, ○ closed, with their
district and lifebuoy); and the picture: the map of Hanover (render/hanover.py), with the
players and a legend under it for a phone. Text snapshots and SVG pictures."""

from collections import Counter
from functools import cache, lru_cache
from typing import Any

from render import hanover, pieces
from render.boards import Label, Renderers, register, told
from render.einsistkeins_karten import (
    BUOY_COLOURS,
    hours,  # as the card game shows them
)
from render.hanover import LINE_COLOURS, OPEN_FILL, SHUT_FILL
from render.palette import INK, MUTED, PAPER, player
from render.svg import MIN_TEXT, MONO, PHONE, ZOOM, Group, Svg, clip, text_width
from render.text import SNAPSHOT_LIMIT, fit
from rules.core.memo import Memo
from rules.einsistkeins.board.graph import square
from rules.einsistkeins.board.model import LIMIT, PublicView, SeatView, permille
from rules.einsistkeins.pubs import LIFEBUOY_NAMES, LIFEBUOYS, clock, pub

GAME_ID = "einsistkeins"
OPEN, SHUT = "●", "○"


def legs_text(legs: list[list[Any]]) -> str:
    """[[None, 3, …], ["10", 2, <Steintor>]] → '🚶 3 · 🚋 10 → Steintor (2)': proper names
    and numbers, the same in both languages."""
    parts = []
    for line, count, end in legs:
        if line is None:
            parts.append(f"🚶 {count}")
        else:
            parts.append(f"🚋 {line} → {square(end).name} ({count})")
    return " · ".join(parts)


@cache  # a fact of the board, asked for every player at every step
def where(index: int) -> str:
    """A square's name: a place's, or for a path square its link from the nearer end
    ("Glocksee ↔ Goetheplatz (1/3)": one step of three from Glocksee)."""
    sq = square(index)
    if sq.kind != "path":
        return sq.name
    return f"{sq.near} ↔ {sq.far} ({sq.step}/{sq.steps})"


def params(key: str, params: dict[str, Any], label: Label) -> dict[str, Any]:
    """The engine's structured parameters as players read them (the `params` hook): a
    `place_square` → its name as `place`; a `minute` of the night → the `time` on the
    clock; a route's `legs` → one line; a tie-break's `standings` ([seat, pubs, districts,
    tenths of ‰], best first) → one line of the tied players."""
    if not params:
        return params
    shown = dict(params)
    if "place_square" in params:
        shown["place"] = where(params["place_square"])
    if "minute" in params:
        shown["time"] = clock(params["minute"])
    if isinstance(params.get("legs"), list):
        shown["legs"] = legs_text(params["legs"])
    if "standings" in params:
        shown["standings"] = " · ".join(
            label(
                "einsistkeins.tiebreak.standing",
                seat=seat,
                pubs=pubs,
                districts=districts,
                level=permille(tenths),  # written as the chat's language does (0,6)
            )
            for seat, pubs, districts, tenths in params["standings"]
        )
    return shown


def card_line(name: str, view: PublicView) -> str:
    """'● Izarro (17:00–03:00 · 🛟 Linden-Nord)': open now or not, the card's hours, its
    district and its lifebuoy, so a player who reads only text can plan a lifebuoy win.
    A district named like its lifebuoy is said once (four players' cards must fit one
    chat message): 'Cheers (09:00–01:00 · Mitte)', 'Grotte (… · Oststadt · 🛟 Oststadt/List)'."""
    return _card_line(name, name in view.open_pubs)


@cache
def _card_line(name: str, open_now: bool) -> str:
    # Made once per card (a fact of the game's data): a board shows ~25 cards a step.
    p = pub(name)
    mark = OPEN if open_now else SHUT
    parts = [hours(p)]
    buoy = LIFEBUOY_NAMES[p.lifebuoy] if p.lifebuoy else None
    if buoy != p.district:
        parts.append(p.district)
    if buoy:
        parts.append(f"🛟 {buoy}")
    return f"{mark} {p.name} ({' · '.join(parts)})"


def short_line(name: str, view: PublicView) -> str:
    """'● Izarro (17:00–03:00)': the picture's side panel, whose map shows the districts
    and the lifebuoys' rings."""
    p = pub(name)
    mark = OPEN if name in view.open_pubs else SHUT
    return f"{mark} {p.name} ({hours(p)})"


def _status(view: PublicView, label: Label) -> str:
    trams = (
        label("einsistkeins.board.trams") if view.trams else label("einsistkeins.board.night_star")
    )
    return told(
        label, "einsistkeins.board.status", time=clock(view.clock), trams=trams, pile=view.pile
    )


def board(view: PublicView, names: list[str], label: Label) -> str:
    """The text board; past a chat message's room (four players with long cards and many
    pubs visited), the visited pubs are told by lifebuoy only, so every card still shows."""
    lines = _board_lines(view, label, visited_names=True)
    if sum(map(len, lines)) + len(lines) > SNAPSHOT_LIMIT:
        lines = _board_lines(view, label, visited_names=False)
    return fit(lines)


def _board_lines(view: PublicView, label: Label, visited_names: bool) -> list[str]:
    open_now = set(view.open_pubs)  # (asked for some 25 cards)
    lines = [_status(view, label)]
    if view.faceup:
        card = card_line(view.faceup, view)
        lines.append(told(label, "einsistkeins.board.faceup", card=card))
    if view.phase == "over":
        if view.winner is not None:
            lines.append(told(label, "einsistkeins.board.winner", seat=view.winner))
        else:
            lines.append(label("einsistkeins.board.over"))
    else:
        lines.append(told(label, "einsistkeins.board.turn", seat=view.turn))
    for seat in range(view.players):
        hand = view.hands[seat]
        lines += _seat_lines(
            label,
            seat,
            seat == view.keeper,
            view.pos[seat],
            view.alcohol[seat],
            view.needed[seat],
            hand,
            tuple(map(open_now.__contains__, hand)),
            view.visited[seat],
            visited_names,
        )
    return lines


# A player's lines, remembered: on most steps only one player moves, and the others'
# lines (his square, his cards, his pubs) are the last board's. Keyed by the label
# function as render/boards.py `told` is (one per chat language and players' names).
SEATS = 4096


def _seat_lines(label: Label, *of: Any) -> list[str]:
    """`of`: seat, holds the clock card, square, alcohol, pubs needed, face-up cards,
    which of them are open, pubs visited, visited pubs by name."""
    return _SEATS[(label, *of)]


def _player_lines(
    label: Label,
    seat: int,
    keeper: bool,
    square: int,
    alcohol: int,
    needed: int,
    hand: tuple[str, ...],
    open_: tuple[bool, ...],
    visited: tuple[str, ...],
    visited_names: bool,
) -> list[str]:
    clock_card = " ⏰" if keeper else ""
    player = label(
        "einsistkeins.board.player",
        seat=seat,
        place=where(square),
        level=permille(alcohol),  # a number: written as the chat's language does (0,6)
        count=len(visited),
        needed=needed,
    )
    lines = ["", f"{chr(65 + seat)}{clock_card} {player}"]
    lines += [f"  {_card_line(c, o)}" for c, o in zip(hand, open_, strict=True)]
    if visited:
        lines.append(f"  ✓ {visited_line(visited, visited_names)}")
    return lines


_SEATS: Memo[list[str]] = Memo(_player_lines, SEATS)


@lru_cache(maxsize=1024)  # a player's pubs change a few times a game; the board every step
def visited_line(visited: tuple[str, ...], names: bool = True) -> str:
    """'Was nun?, Havana, Izarro · 🛟 Nordstadt 1, Linden-Nord 2': the pubs visited and how
    many of them lie in each lifebuoy (from the third on, each lowers the 12); without
    `names`, the lifebuoys only."""
    counts = Counter(pub(c).lifebuoy for c in visited if pub(c).lifebuoy)
    buoys = ", ".join(f"{LIFEBUOY_NAMES[b]} {counts[b]}" for b in LIFEBUOYS if counts[b])
    shown = [", ".join(visited)] if names else []
    if buoys:
        shown.append(f"🛟 {buoys}")
    return " · ".join(shown) or "…"


def private(view: SeatView, names: list[str], label: Label) -> str:
    return board(view.table, names, label)


# ---------------------------------------------------------------- the picture
# Laid out for a phone (render/svg.py PHONE, MIN_TEXT): the map a phone's width wide
# (render/hanover.py), then the clock and each player, then a legend of every mark on it.

TURN = "#fff3c4"


def _clock_card(doc: Group, x: float, y: float) -> None:
    """The clock card: a small clock face."""
    doc.circle(x, y, 7, fill=PAPER, stroke=INK, stroke_width=1.5)
    doc.line(x, y, x, y - 5, stroke=INK, stroke_width=1.5)
    doc.line(x, y, x + 4, y, stroke=INK, stroke_width=1.5)


def _meter(doc: Group, x: float, y: float, tenths: int, seat: int, label: Label) -> None:
    w = 110
    doc.rect(x, y, w, 10, rx=3, fill="#eeeeee", stroke=INK, stroke_width=1)
    doc.rect(x, y, w * tenths / LIMIT, 10, rx=3, fill=player(seat).colour)
    level = label("einsistkeins.board.level", level=permille(tenths))  # 0.6 ‰ / 0,6 ‰
    doc.text(x + w + 6, y + 11, level, size=MIN_TEXT, family=MONO)


def _line(
    doc: Group, y: float, text: str, *, x: float = 10, bold: bool = False, fill: str = INK
) -> float:
    doc.text(
        x,
        y + 16,
        clip(text, MIN_TEXT, PHONE - x - 8, bold),
        size=MIN_TEXT,
        weight="bold" if bold else None,
        fill=fill,
    )
    return y + 20


def _table(doc: Svg, view: PublicView, names: list[str], label: Label, y: float) -> float:
    """The clock, the trams, the pile, the face-up card, the winner; then each player."""
    doc.text(10, y + 30, clock(view.clock), size=28, weight="bold", family=MONO)
    trams = (
        label("einsistkeins.board.trams") if view.trams else label("einsistkeins.board.night_star")
    )
    doc.text(
        110,
        y + 14,
        clip(trams, MIN_TEXT, PHONE - 118),
        size=MIN_TEXT,
        fill=INK if view.trams else "#D55E00",
    )
    doc.text(110, y + 32, label("einsistkeins.board.pile_count", count=view.pile), size=MIN_TEXT)
    y += 40
    if view.faceup:
        y = _line(doc, y, label("einsistkeins.board.faceup", card=card_line(view.faceup, view)))
    if view.phase == "over":
        text = (
            "♛ " + label("einsistkeins.board.winner", seat=view.winner)
            if view.winner is not None
            else label("einsistkeins.board.over")
        )
        y = _line(doc, y, text, bold=True)
    for seat in range(view.players):
        y += 6
        turn = seat == view.turn and view.phase != "over"
        won = view.phase == "over" and seat == view.winner
        # the cards of the player whose turn it is (a phone has room for one hand, and
        # the bytes grow with the height; /board's text names them all)
        shown_hand = view.hands[seat] if turn else ()
        name = ("♛ " if won else "") + (names[seat] if seat < len(names) else player(seat).letter)
        count = label(
            "einsistkeins.board.pubs", count=len(view.visited[seat]), needed=view.needed[seat]
        )
        count_w = text_width(count, MIN_TEXT)
        room = PHONE - 60 - count_w - 24
        # a name is never cut: 15 points, else 14, else wrapped at 14
        size = next((z for z in (15, MIN_TEXT) if text_width(name, z, bold=True) <= room), 0)
        lines = [name] if size else pieces.wrap(name, MIN_TEXT, room, bold=True)
        extra = 18 * (len(lines) - 1)
        rows = 2 + len(shown_hand) + (1 if view.visited[seat] and shown_hand else 0)
        if turn or won:
            doc.rect(4, y, PHONE - 8, rows * 20 + 12 + extra, rx=5, fill=TURN)
        pieces.token(doc, 20, y + 15, seat, ring=turn)
        for i, line in enumerate(lines):
            doc.text(38, y + 20 + 18 * i, line, size=size or MIN_TEXT, weight="bold")
        if seat == view.keeper:
            last = text_width(lines[-1], size or MIN_TEXT, bold=True)
            _clock_card(doc, 38 + last + 16, y + 15 + extra)
        doc.text(PHONE - 10, y + 20, count, size=MIN_TEXT, anchor="end")
        y += extra
        y += 30
        _meter(doc, 14, y - 2, view.alcohol[seat], seat, label)
        doc.text(
            PHONE - 10,
            y + 9,
            clip(where(view.pos[seat]), MIN_TEXT, 130),
            size=MIN_TEXT,
            anchor="end",
            fill=MUTED,
        )
        y += 8
        for k, card in enumerate(shown_hand):
            hanover.badge(doc, 23, y + 11, k + 1)
            y = _line(doc, y, short_line(card, view), x=38)
        if view.visited[seat] and shown_hand:
            y = _line(doc, y, "✓ " + ", ".join(view.visited[seat]), x=14, fill=MUTED)
        y += 4
    return y


def _legend(doc: Svg, view: PublicView, label: Label, y: float) -> float:
    """Every mark on the map: open and closed pubs, stations, the tram lines, the
    lifebuoys' rings, the clock card; the numbered badges only while they are drawn (a
    game over has no player to move, and its map no numbers)."""
    entries = [
        (OPEN_FILL, label("einsistkeins.board.legend_open")),
        (SHUT_FILL, label("einsistkeins.board.legend_shut")),
    ]
    entries += [
        (c, label("einsistkeins.board.line", line=n), "line") for n, c in LINE_COLOURS.items()
    ]
    entries += [(BUOY_COLOURS[b], LIFEBUOY_NAMES[b], "ring") for b in LIFEBUOYS]
    y += pieces.legend(doc, 10, y, entries, width=PHONE - 20)
    doc.circle(17, y + 10, 3, fill=PAPER, stroke=INK, stroke_width=1.5)
    doc.text(34, y + 15, label("einsistkeins.board.legend_station"), size=MIN_TEXT)
    _clock_card(doc, PHONE / 2 + 7, y + 10)
    doc.text(PHONE / 2 + 24, y + 15, label("einsistkeins.board.legend_clock"), size=MIN_TEXT)
    y += 24
    if not hanover.hand(view):
        return y
    hanover.badge(doc, 19, y + 10, 1)
    doc.text(
        34,
        y + 15,
        clip(label("einsistkeins.board.legend_badge"), MIN_TEXT, PHONE - 44),
        size=MIN_TEXT,
    )
    return y + 24


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 1400, zoom=ZOOM)
    top = pieces.title(doc, PHONE, label("einsistkeins.board.title"))  # the clock is below
    y = hanover.draw(doc, view, top)
    y = _table(doc, view, names, label, y + 2)
    y = _legend(doc, view, label, y + 8)
    doc.set_height(y + 6)
    return doc.to_string()


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    return board_svg(view.table, names, label)


RENDERERS = Renderers(
    board_text=board,
    private_text=private,
    board_svg=board_svg,
    private_svg=private_svg,
    params=params,
)
register(GAME_ID, RENDERERS)
