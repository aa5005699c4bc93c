"""AUFRUHR! boards: the Ruhr map as text and as a picture, and each mayor's private view.

The map is drawn from the community coordinates (data/communities.json): a node per
community, an edge per shared border; the great cities in play in their mayors' colours;
every project as a marker beside its community (a square per municipal project in its
owner's colour, a diamond for a RuhrCity project, black for a negative one).
"""

import math
from functools import cache
from typing import Any

from render import pieces
from render.bilingual import Bilingual
from render.boards import Label, Renderers, register
from render.maps import Edge, Node, draw_map
from render.palette import INK, MUTED, PAPER, player
from render.svg import Svg
from render.text import columns, fit
from rules.aufruhr.data import cards, event, project, ruhr_map
from rules.aufruhr.views import PublicProject, PublicView, SeatView

WIDTH, HEIGHT = 1040, 560
MAP = (10, 50, 740, 550)  # x0, y0, x1, y1 of the map area
CATEGORY_COLOURS = {
    "education": "#0072B2",
    "culture": "#CC79A7",
    "nature": "#009E73",
    "economy": "#E69F00",
}


def _name(names: list[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "—"


def _place(cid: str) -> str:
    return ruhr_map().communities[cid].name


def _project_words(p: PublicProject, label: Label) -> str:
    name = _card_name(p.card)
    cats = ", ".join(label(f"aufruhr.cat.{c}") for c in p.categories)
    kind = "negative" if p.negative else f"{p.kind}_{p.size}"
    return label(f"aufruhr.board.kind_{kind}", name=name, categories=cats)


# ----- text -------------------------------------------------------------------------------


def board(view: PublicView, names: list[str], label: Label) -> str:
    head = label(
        "aufruhr.board.round",
        round=view.round,
        rounds=view.rounds,
        left=view.events_left,
        lord=_name(names, view.lord_mayor),
    )
    rows = []
    for seat, city in enumerate(view.cities):
        marks = []
        if seat == view.lord_mayor:
            marks.append(label("aufruhr.board.hat"))
        if seat in view.answered:
            marks.append("✓")
        if view.hands[seat]:
            marks.append(label("aufruhr.board.in_hand", n=view.hands[seat]))
        score = view.final.get(seat, view.points[seat])
        rows.append(
            [
                player(seat).letter,
                _name(names, seat),
                _place(city),
                label("aufruhr.board.points", points=score),
                label("aufruhr.board.markers", markers=view.markers[seat]),
                " ".join(marks),
            ]
        )
    lines = [head, *columns(rows)]
    # what is happening now goes first: a long project list may be cut at the end
    if view.auction:
        lines.append(label("aufruhr.board.auction", name=_card_name(view.auction)))
    if view.lots:
        names_ = ", ".join(label("aufruhr.board.card", name=_card_name(c)) for c in view.lots)
        lines.append(label("aufruhr.board.lots", cards=names_))
    if view.event:
        lines.append(label("aufruhr.board.event", name=_card_name(view.event)))
    if view.hall:
        lines.append(label("aufruhr.board.hall", place=_place(view.hall)))
    for d in view.deals[-3:]:
        lines.append(
            label("aufruhr.board.deal", number=d.number, by=_name(names, d.by), text=d.text)
        )
    by_place: dict[str, list[str]] = {}
    for p in view.projects:
        owners = "+".join(player(s).letter for s in p.owners)
        by_place.setdefault(p.community, []).append(f"{_project_words(p, label)} [{owners}]")
    if by_place:
        lines.append(label("aufruhr.board.projects"))
        for cid in sorted(by_place, key=_place):
            lines.append(f"  {_place(cid)}: " + "; ".join(by_place[cid]))
    return fit(lines)


def private(view: SeatView, names: list[str], label: Label) -> str:
    lines = [
        label("aufruhr.board.private_head", city=_place(view.city), money=view.money),
        label("aufruhr.board.tokens", tokens=_tokens_text(view, names) or "—"),
        label("aufruhr.board.scandal_yes" if view.scandal else "aufruhr.board.scandal_no"),
    ]
    if view.scandals_held:
        lines.append(_scandals_held(view, names, label))
    if view.hand:
        lines.append(label("aufruhr.board.hand", cards=_hand(view, label)))
    if view.ballot is not None:
        lines.append(label("aufruhr.board.my_ballot", name=_name(names, view.ballot)))
    if view.bid is not None:
        lines.append(label("aufruhr.board.my_bid", amount=view.bid))
    if (out := view.gift_out) is not None:
        stars = " ".join("★" * k for k in out.stars)
        name = _name(names, out.seat)
        lines.append(label("aufruhr.board.gift_out", name=name, content=stars, text=out.text))
    for gift in view.gifts_in:
        stars = " ".join("★" * k for k in gift.stars)
        name = _name(names, gift.seat)
        lines.append(label("aufruhr.board.gift_in", name=name, content=stars, text=gift.text))
    return "\n".join(lines)


def _scandals_held(view: SeatView, names: list[str], label: Label) -> str:
    """Scandals other mayors put into folders this mayor accepted (never usable again)."""
    origins = ", ".join(_name(names, s) for s in view.scandals_held)
    return label("aufruhr.board.scandals_held", origins=origins)


def _hand(view: SeatView, label: Label) -> str:
    return ", ".join(label("aufruhr.board.card", name=_card_name(c)) for c in view.hand)


def _tokens_text(view: SeatView, names: list[str]) -> str:
    parts = []
    for origin, stars, usable in view.tokens:
        mark = "" if usable else "°"
        parts.append(f"{'★' * stars}{player(origin).letter}{mark}")
    return " ".join(parts)


# ----- pictures ---------------------------------------------------------------------------


@cache
def _layout() -> dict[str, tuple[float, float]]:
    """Longitude and latitude onto the map area, east–west shrunk by cos(latitude)."""
    m = ruhr_map()
    lats = [c.lat for c in m.communities.values()]
    lons = [c.lon for c in m.communities.values()]
    shrink = math.cos(math.radians((min(lats) + max(lats)) / 2))
    x0, y0, x1, y1 = MAP
    pad = 40
    width = (max(lons) - min(lons)) * shrink
    height = max(lats) - min(lats)
    s = min((x1 - x0 - 2 * pad) / width, (y1 - y0 - 2 * pad) / height)
    top = y0 + pad + ((y1 - y0 - 2 * pad) - height * s) / 2
    return {
        cid: (x0 + pad + (c.lon - min(lons)) * shrink * s, top + (max(lats) - c.lat) * s)
        for cid, c in m.communities.items()
    }


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(WIDTH, HEIGHT)
    status = label(
        "aufruhr.board.status", round=view.round, rounds=view.rounds, left=view.events_left
    )
    pieces.title(doc, WIDTH, "AUFRUHR!", status)
    at = _layout()
    m = ruhr_map()
    city_seat = {c: s for s, c in enumerate(view.cities)}
    nodes = []
    for cid, (x, y) in sorted(at.items()):
        seat = city_seat.get(cid)
        fill = player(seat).colour if seat is not None else PAPER
        r = 11 if seat is not None else 4
        nodes.append(Node(cid, x, y, label=m.communities[cid].name, r=r, fill=fill))
    draw_map(doc, nodes, _edges(view), size=10, bounds=MAP)
    _projects(doc, view, at)
    if view.hall:
        x, y = at[view.hall]
        # under the node: above it sit a RuhrCity project's owner tokens
        doc.text(x, y + 34, "⌂", size=26, anchor="middle", weight="bold", fill="#D55E00")
    _side(doc, view, names, label)
    return doc.to_string()


def _edges(view: PublicView) -> list[Edge]:
    """Every shared border; the borders of a RuhrCity project wear its colour, showing the
    neighbours whose payouts it doubles (or, negative, halves)."""
    reach: dict[str, str] = {}
    for p in view.projects:
        if p.kind == "ruhrcity":
            reach[p.community] = INK if p.negative else CATEGORY_COLOURS.get(p.categories[0], MUTED)
    edges = []
    for a, b in sorted(ruhr_map().borders):
        colour = reach.get(a) or reach.get(b)
        edges.append(Edge(a, b, colour=colour or "#cccccc", width=4 if colour else 1.5))
    return edges


def _projects(doc: Svg, view: PublicView, at: dict[str, tuple[float, float]]) -> None:
    """Beside each community its projects: a square in the category's colour (bigger for a
    big project) with its owner's token; a RuhrCity project is a diamond on the node."""
    seen: dict[str, int] = {}
    for p in view.projects:
        x, y = at[p.community]
        if p.kind == "ruhrcity":
            colour = INK if p.negative else CATEGORY_COLOURS.get(p.categories[0], MUTED)
            r = 13 if p.size == "big" else 10
            doc.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=colour, stroke=INK)
            if len(p.categories) > 1:
                second = CATEGORY_COLOURS.get(p.categories[1], MUTED)
                doc.polygon([(x, y), (x + r, y), (x, y + r)], fill=second, stroke=INK)
            for k, s in enumerate(p.owners):
                pieces.token(doc, x - 8 + k * 14, y - r - 6, s, r=6)
            continue
        i = seen.get(p.community, 0)
        seen[p.community] = i + 1
        size = 13 if p.size == "big" else 9
        px, py = x - 16 + i * 21, y + 7  # a row under the node, clear of most labels
        colour = CATEGORY_COLOURS.get(p.categories[0], MUTED)
        doc.rect(px, py, size, size, fill=colour, stroke=INK, stroke_width=1)
        pieces.token(doc, px + size + 3, py, p.owners[0], r=5.5)


def _side(doc: Svg, view: PublicView, names: list[str], label: Label) -> None:
    x = MAP[2] + 20
    doc.text(x, 80, label("aufruhr.board.mayors"), size=14, weight="bold")
    rows = []
    for seat, city in enumerate(view.cities):
        score = view.final.get(seat, view.points[seat])
        rows.append((seat, f"{_name(names, seat)} · {_place(city)}", str(score)))
    waiting = frozenset(s for s in range(len(view.cities)) if s in view.answered)
    pieces.scores(doc, x, 90, rows, active=waiting, width=250)
    if view.lord_mayor is not None:
        _hat(doc, x + 250 - 46, 90 + view.lord_mayor * 30 + 4)
    y = 90 + len(view.cities) * 30 + 30
    legend = [(c, label(f"aufruhr.cat.{k}")) for k, c in CATEGORY_COLOURS.items()]
    legend.append((INK, label("aufruhr.board.legend_negative")))
    pieces.legend(doc, x, y, legend)
    y += len(legend) * 20 + 16
    doc.text(x, y, label("aufruhr.board.legend_shapes"), size=11, fill=MUTED)
    for line in _status_lines(view, label):
        y += 22
        doc.text(x, y, line, size=12, weight="bold")


def _status_lines(view: PublicView, label: Label) -> list[str]:
    lines = []
    if view.auction:
        lines.append(label("aufruhr.board.auction", name=_card_name(view.auction)))
    if view.event:
        lines.append(label("aufruhr.board.event", name=_card_name(view.event)))
    return [line if len(line) <= 40 else line[:39] + "…" for line in lines]


def _hat(doc: Svg, x: float, y: float) -> None:
    """The Lord Mayor's hat: a small top hat."""
    doc.rect(x + 4, y, 14, 14, fill=INK)
    doc.rect(x, y + 13, 22, 4, fill=INK)
    doc.rect(x + 4, y + 9, 14, 3, fill="#D55E00")


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    extra = 26 if view.scandals_held else 0  # one more line
    doc = Svg(480, 280 + extra)
    pieces.title(doc, 480, _name(names, view.seat), _place(view.city))
    pieces.token(doc, 40, 86, view.seat, r=18)
    doc.text(75, 93, label("aufruhr.board.money", money=view.money), size=18, weight="bold")
    doc.text(20, 136, label("aufruhr.board.tokens_head"), size=13)
    doc.text(20, 160, _tokens_text(view, names) or "—", size=16)
    key = "aufruhr.board.scandal_yes" if view.scandal else "aufruhr.board.scandal_no"
    doc.text(20, 192, label(key), size=13)
    if view.scandals_held:
        doc.text(20, 218, _scandals_held(view, names, label), size=13)
    if view.hand:
        doc.text(20, 218 + extra, label("aufruhr.board.hand", cards=_hand(view, label)), size=13)
    if view.bid is not None:
        doc.text(20, 244 + extra, label("aufruhr.board.my_bid", amount=view.bid), size=13)
    return doc.to_string()


# ----- message parameters ---------------------------------------------------------------


def params(key: str, params: dict[str, Any], label: Label) -> dict[str, Any]:
    """The engine's structured parameters as players read them (the `params` hook): a
    list of category ids → their names; a folder's demand and content → words; a token's
    star count → ★★; a seat without a bid → a dash; deal numbers → "1, 2"; a card id →
    its name (an event card's also its text); a community id (`place_id`, `city_id`) →
    its name on the map."""
    if not params:
        return params
    shown = dict(params)
    if "place_id" in params:
        shown["place"] = _place(params["place_id"])
    if "city_id" in params:
        shown["city"] = _place(params["city_id"])
    if isinstance(params.get("city_ids"), list) and params["city_ids"]:
        shown["cities"] = ", ".join(_place(c) for c in params["city_ids"])
        shown["first"] = _place(params["city_ids"][0])
    if isinstance(params.get("card"), str):
        shown["name"] = _card_name(params["card"])
    if "event_card" in params:
        card = event(params["event_card"])
        shown["name"], shown["text"] = Bilingual.of(card.name), Bilingual.of(card.text)
    if isinstance(params.get("category"), list):
        shown["category"] = ", ".join(label(f"aufruhr.cat.{c}") for c in params["category"])
    if "demand_arg" in params:
        shown["demand"] = _demand(params["demand"], params["demand_arg"])
    if "token_stars" in params:
        shown["content"] = _content(params["token_stars"], params.get("scandal", False))
    if isinstance(params.get("stars"), int):
        shown["stars"] = "★" * params["stars"]
    if isinstance(params.get("bids_by_seat"), list):
        shown["bids_by_seat"] = ["—" if b is None else b for b in params["bids_by_seat"]]
    if params.get("text") == "":  # a cooperation proposed without terms
        shown["text"] = "—"
    if isinstance(params.get("numbers"), list):
        shown["numbers"] = ", ".join(str(n) for n in params["numbers"])
    return shown


@cache
def _card_name(card: str) -> Bilingual:
    """A project's name: a great city's initial project ("init:<city>:<i>"), an event
    card's ("ev…": a negative RuhrCity project, or the event itself) or a project card's."""
    if card.startswith("init:"):
        _, city, k = card.split(":")
        return Bilingual.of(cards().initial[city][int(k)].name)
    return Bilingual.of(event(card).name if card.startswith("ev") else project(card).name)


def _demand(kind: str | None, arg: Any) -> Bilingual | str:
    """A folder's demand in both languages, from the phrases in data/cards.json ("demands"):
    the catalogs pick one (`{demand:<}` / `{demand:>}`, see `Bilingual`)."""
    if kind is None:
        return "—"
    phrase = cards().demands[kind]
    if kind == "award":
        fill = {"en": _place(arg), "de": _place(arg)}
    elif kind in ("payout", "auction"):
        fill = cards().categories[arg]
    else:  # an amount, or the text a mayor typed
        fill = {"en": str(arg), "de": str(arg)}
    return Bilingual(en=phrase["en"].format(fill["en"]), de=phrase["de"].format(fill["de"]))


def _content(stars: list[int], scandal: bool) -> Bilingual | str:
    if scandal:
        return Bilingual.of(cards().demands["scandal"])
    return " ".join("★" * k for k in stars) or "—"


RENDERERS = Renderers(board, private, board_svg, private_svg, params=params)
register("aufruhr", RENDERERS)
