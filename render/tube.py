"""Boards of Gaa Under Gunnar: a text score sheet that fits a chat message, and the real
network drawn from its coordinates in TfL's colours (the Circle and Central lines wider),
north and south of the Central line shaded, end stations marked, every piece with its
colour and letter, and each player's dropped inhibitions where they lie."""

from functools import cache
from typing import Any

from render import pieces, tube_map
from render.boards import Label, Renderers, register
from render.palette import INK, MUTED, player
from render.svg import MIN_TEXT, PHONE, ZOOM, Svg, clip, text_width
from render.text import columns, fit
from render.tube_map import NORTH, SOUTH
from rules.tube.model import PlayerView, PublicView, SeatView
from rules.tube.network import end_stations, net


def _status(view: PublicView, names: list[str], label: Label) -> str:
    if view.phase == "choose":
        return label("tube.board.choose")
    if view.phase == "over":
        return label("tube.board.over")
    if view.turn is None:
        return label("tube.board.drinking")
    return label("tube.board.turn", seat=view.turn, roll=view.roll, points=view.points)


def _where(p: PlayerView, view: PublicView, label: Label) -> str:
    if p.finished:
        return label("tube.board.finished", place=p.finished)
    if p.dnf:
        return label("tube.board.dnf")
    return view.names.get(p.station, "–")


def board(view: PublicView, names: list[str], label: Label) -> str:
    rows = [["", "", "", label("tube.board.head")]]
    for p in view.players:
        sheet = (
            f"{p.north} {p.south} {p.central} {p.heathrow}  {p.owed:>4} {p.drunk:>5} {p.beers:>5}"
        )
        rows.append([player(p.seat).letter, names[p.seat], _where(p, view, label), sheet])
    lines = [_status(view, names, label), *columns(rows)]
    if view.phase == "choose":
        rolls = ", ".join(
            f"{names[s]} {'/'.join(map(str, r))}" for s, r in enumerate(view.order_rolls) if r
        )
        lines.append(label("tube.board.order", rolls=rolls))
    if view.referee is not None:
        lines.append(label("tube.board.referee", seat=view.referee))
    if view.last is not None:
        stations = " – ".join(view.names.get(s, s) for s in view.last.stations)
        lines.append(
            label("tube.board.last", stations=f"{player(view.last.seat).letter}: {stations}")
        )
    return fit(lines)


def private(view: SeatView, names: list[str], label: Label) -> str:
    lines = []
    if view.player is not None:
        p = view.player
        lines.append(
            label(
                "tube.board.you",
                north=p.north,
                south=p.south,
                central=p.central,
                heathrow=p.heathrow,
                owed=p.owed,
                drunk=p.drunk,
            )
        )
        if p.drops:
            stations = net().names
            dropped = ", ".join(stations.get(d.station, d.station) for d in p.drops)
            lines.append(label("tube.board.drops", drops=dropped))
    if view.reachable:
        lines.append(label("tube.board.reachable", stations=", ".join(view.reachable)))
    return fit(lines)


# ----- pictures ---------------------------------------------------------------------------
# Laid out for a phone (render/svg.py PHONE, MIN_TEXT): what happens now, the network a
# phone's width wide with its centre framed (render/tube_map.py), the centre under it at
# its own scale (most turns are played there), the score sheet and a legend of every mark.

NOW = "#fff3c4"


def _named(view: PublicView) -> list[str]:
    """Stations named, most important first: where the pieces stand, the last move's
    end, then the end stations."""
    out = [p.station for p in view.players if tube_map.on_board(p)]
    if view.last is not None and view.last.stations:
        out.append(view.last.stations[-1])
    out += sorted(end_stations())
    return list(dict.fromkeys(out))


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 1400, zoom=ZOOM)
    y = pieces.title(doc, PHONE, label("tube.board.title"))
    lines = pieces.wrap(_status(view, names, label), MIN_TEXT, PHONE - 20, bold=True)[:2]
    doc.rect(0, y, PHONE, len(lines) * 19 + 8, fill=NOW)
    for line in lines:
        y += 19
        doc.text(10, y, clip(line, MIN_TEXT, PHONE - 20, True), size=MIN_TEXT, weight="bold")
    top = y + 8
    frame = tube_map.overview_frame(top)
    bottom = frame.bottom + tube_map.PAD
    named = _named(view)
    tube_map.draw(doc, view, frame, (0, top, PHONE, bottom), named, is_overview=True)
    doc.text(10, bottom + 18, label("tube.board.centre"), size=MIN_TEXT, weight="bold")
    inset = tube_map.centre_frame(bottom + 24)
    area = (0, inset.top, PHONE, inset.bottom)
    tube_map.draw(doc, view, inset, area, named, is_overview=False, wide=1.4)
    doc.rect(0, inset.top, PHONE, inset.bottom - inset.top, fill="none", stroke=INK, stroke_width=1)
    y = _sheet(doc, view, names, label, inset.bottom + 8)
    y = _legend(doc, label, y + 6)
    doc.set_height(y + 6)
    return doc.to_string()


def _sheet(doc: Svg, view: PublicView, names: list[str], label: Label, y: float) -> float:
    """The score sheet: a column for each word of the head (N S C H, owed, drunk, beers),
    the word right-aligned over its column's numbers."""
    head = label("tube.board.head").split()
    rows = [  # where each piece stands, too: a map has no room to name every piece's station
        (
            p.seat,
            f"{names[p.seat]} · {_where(p, view, label)}",
            tuple(map(str, (p.north, p.south, p.central, p.heathrow, p.owed, p.drunk, p.beers))),
        )
        for p in view.players
    ]
    widths = [
        max([text_width(word, MIN_TEXT)] + [text_width(r[2][i], 15, mono=True) for r in rows])
        for i, word in enumerate(head)
    ]
    at, x = [], PHONE - 10.0
    for w in reversed(widths):
        at.insert(0, round(x, 1))
        x -= w + 7
    for word, x in zip(head, at, strict=True):
        doc.text(x, y + 14, word, size=MIN_TEXT, anchor="end", fill=MUTED)
    y += 20
    active = frozenset({view.turn} if view.turn is not None else ())
    winners = frozenset(p.seat for p in view.players if p.finished == 1)
    y = pieces.scores(
        doc, 14, y, rows, active=active, width=PHONE - 24, winners=winners, columns=tuple(at)
    )[-1]
    if view.referee is not None:
        doc.text(10, y + 16, label("tube.board.referee", seat=view.referee), size=MIN_TEXT)
        y += 22
    return y


def _legend(doc: Svg, label: Label, y: float) -> float:
    entries: list[tuple[str, str, str]] = [(c, name, "line") for c, name in _line_legend()]
    entries += [
        (NORTH, label("tube.board.north"), "square"),
        (SOUTH, label("tube.board.south"), "square"),
    ]
    y += pieces.legend(doc, 10, y, entries, width=PHONE - 20)
    doc.circle(17, y + 10, 3, fill=INK)
    doc.text(26, y + 15, clip(label("tube.board.legend_end"), MIN_TEXT, PHONE - 36), size=MIN_TEXT)
    y += 22
    doc.rect(13, y + 6, 8, 8, fill=player(0).colour, stroke=INK, stroke_width=1)
    doc.text(26, y + 15, clip(label("tube.board.legend_drop"), MIN_TEXT, PHONE - 36), size=MIN_TEXT)
    return y + 24


@cache
def _line_legend() -> tuple[tuple[str, str], ...]:
    n = net()
    return tuple((n.colours[line], n.line_names[line]) for line in sorted(n.line_names))


REACH_LINES = 16  # reachable stations two a line; past that the picture says how many more


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 900, zoom=ZOOM)
    y = pieces.title(doc, PHONE, names[view.seat] if view.seat < len(names) else "?")
    shown = SeatView(seat=view.seat, player=view.player, reachable=())
    for text in private(shown, names, label).split("\n"):
        if text:
            y += 21 + pieces.paragraph(doc, 10, y + 21, text, PHONE - 20, size=15, step=21) + 4
    if view.reachable:
        y += 21 + pieces.paragraph(
            doc,
            10,
            y + 21,
            label("tube.board.reachable", stations=""),
            PHONE - 20,
            size=15,
            bold=True,
            step=21,
        )
        y = _stations(doc, list(view.reachable), label, y + 4)
    doc.set_height(y + 12)
    return doc.to_string()


def _stations(doc: Svg, stations: list[str], label: Label, y: float) -> float:
    """Station names in two columns, each whole (wrapped within its column); past
    REACH_LINES lines, "+N more — /where" instead of the rest."""
    half = (PHONE - 30) / 2
    lines = 0
    for i in range(0, len(stations), 2):
        pair = [pieces.wrap(s, MIN_TEXT, half) for s in stations[i : i + 2]]
        need = max(len(p) for p in pair)
        if lines + need > REACH_LINES:
            more = label("tube.picture.more", count=len(stations) - i)
            return y + 20 + pieces.paragraph(doc, 10, y + 20, more, PHONE - 20, step=20, fill=MUTED)
        for k, wrapped in enumerate(pair):
            for j, line in enumerate(wrapped):
                doc.text(10 + k * (half + 10), y + 20 + j * 19, line, size=MIN_TEXT)
        y += need * 19
        lines += need
    return y + 6


def params(key: str, params: dict[str, Any], label: Label) -> dict[str, Any]:
    """Lists the engine sends (the reachable stations, a player's rolls) as a line of
    text (the `params` hook): rules/ builds no words."""
    shown = dict(params)
    for name in ("stations", "rolls"):
        if isinstance(params.get(name), list):
            shown[name] = ", ".join(map(str, params[name]))
    return shown


RENDERERS = Renderers(board, private, board_svg, private_svg, params=params)
register("tube", RENDERERS)
