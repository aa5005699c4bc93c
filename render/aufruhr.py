"""AUFRUHR! boards: the Ruhr map as text, the board picture (the map itself is drawn by
render/ruhr.py; above it what the table is doing, below it the mayors and the legend),
each mayor's private view, and the engine's message parameters in players' words.
"""

from functools import cache
from typing import Any

from render import pieces, ruhr
from render.bilingual import Bilingual
from render.boards import Label, Renderers, register, told
from render.palette import INK, player
from render.svg import MIN_TEXT, PHONE, ZOOM, Svg, clip
from render.text import columns, fit
from rules.aufruhr.data import cards, event, project
from rules.aufruhr.views import PublicProject, PublicView, SeatView
from rules.core.memo import Memo


def _name(names: list[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "—"


# ----- text -------------------------------------------------------------------------------


def board(view: PublicView, names: list[str], label: Label) -> str:
    head = told(
        label,
        "aufruhr.board.round",
        round=view.round,
        rounds=view.rounds,
        left=view.events_left,
        lord=_name(names, view.lord_mayor),
    )
    scores = tuple(view.final.get(s, view.points[s]) for s in range(len(view.cities)))
    mayors = (view.cities, view.lord_mayor, view.answered, view.hands, scores, view.markers)
    lines = [head, *_mayor_lines(label, tuple(names), *mayors)]
    # what is happening now goes first: a long project list may be cut at the end
    if view.auction:
        lines.append(label("aufruhr.board.auction", name=_card_name(view.auction)))
    if view.lots:
        names_ = ", ".join(label("aufruhr.board.card", name=_card_name(c)) for c in view.lots)
        lines.append(label("aufruhr.board.lots", cards=names_))
    if view.event:
        lines.append(label("aufruhr.board.event", name=_card_name(view.event)))
    if view.hall:
        lines.append(label("aufruhr.board.hall", place=ruhr.place(view.hall)))
    for d in view.deals[-3:]:
        lines.append(
            label("aufruhr.board.deal", number=d.number, by=_name(names, d.by), text=d.text)
        )
    by_place: dict[str, list[str]] = {}
    for p in view.projects:
        by_place.setdefault(p.community, []).append(_project_line(label, p))
    if by_place:
        lines.append(label("aufruhr.board.projects"))
        for cid in sorted(by_place, key=ruhr.place):
            lines.append(f"  {ruhr.place(cid)}: " + "; ".join(by_place[cid]))
    return fit(lines)


# The mayors' table and each project's line, remembered by the label function that told
# them (as render/boards.py `told`): a board is drawn at every step's end, and both change
# a few times a round (points, markers, a project's owners).
TOLD = 4096  # (each memo)


def _mayor_lines(label: Label, *of: Any) -> list[str]:
    """`of`: the names, the cities, the Lord Mayor, who has answered, the projects in
    hand, the scores and the markers, seat by seat."""
    return _MAYORS[(label, *of)]


def _mayors_text(
    label: Label,
    names: tuple[str, ...],
    cities: tuple[str, ...],
    lord: int | None,
    answered: tuple[int, ...],
    hands: tuple[int, ...],
    scores: tuple[int, ...],
    markers: tuple[int, ...],
) -> list[str]:
    rows = []
    for seat, city in enumerate(cities):
        marks = []
        if seat == lord:
            marks.append(label("aufruhr.board.hat"))
        if seat in answered:
            marks.append("✓")
        if hands[seat]:
            marks.append(label("aufruhr.board.in_hand", n=hands[seat]))
        rows.append(
            [
                player(seat).letter,
                _name(list(names), seat),
                ruhr.place(city),
                label("aufruhr.board.points", points=scores[seat]),
                label("aufruhr.board.markers", markers=markers[seat]),
                " ".join(marks),
            ]
        )
    return columns(rows)


_MAYORS: Memo[list[str]] = Memo(_mayors_text, TOLD)


def _project_line(label: Label, p: PublicProject) -> str:
    """A project as the board lists it: its name, categories and size, its owners' letters."""
    return _PROJECTS[(label, p.card, p.kind, p.size, p.categories, p.owners, p.negative)]


def _project_text(
    label: Label,
    card: str,
    kind: str,
    size: str,
    categories: tuple[str, ...],
    owners: tuple[int, ...],
    negative: bool,
) -> str:
    cats = ", ".join(label(f"aufruhr.cat.{c}") for c in categories)
    shape = "negative" if negative else f"{kind}_{size}"
    words = label(f"aufruhr.board.kind_{shape}", name=_card_name(card), categories=cats)
    return f"{words} [{'+'.join(player(s).letter for s in owners)}]"


_PROJECTS: Memo[str] = Memo(_project_text, TOLD)


def private(view: SeatView, names: list[str], label: Label) -> str:
    lines = [
        label("aufruhr.board.private_head", city=ruhr.place(view.city), money=view.money),
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
# Laid out for a phone (render/svg.py PHONE, MIN_TEXT): the step of the round and what is
# on offer on top, the map, then the mayors and a legend of every mark on the map. The
# map names only the great cities in play and the communities with projects; the text
# snapshot names everything.

WAITING = "#fff3c4"  # behind what the table is doing now
PHASES = {
    "election": "election",
    "subvention": "subvention",
    "intention": "intention",
    "folders": "folders",
    "offers": "folders",
    "order": "auction",
    "bid": "auction",
    "award": "auction",
    "site": "auction",
    "realise": "realise",
    "hall": "hall",
    "over": "over",
}
# A folder window (IV.) stands in the step whose decision it aims at (the rule book's
# folders are a tool, not a step of their own): the board names that step, then the window.
WINDOWS = {"subvention": "subvention", "intention": "intention", "tie": "auction"}


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 1200, zoom=ZOOM)  # the height is set once everything is placed
    status = label(
        "aufruhr.board.status", round=view.round, rounds=view.rounds, left=view.events_left
    )
    y = pieces.title(doc, PHONE, "AUFRUHR!", status)
    y = _now(doc, view, label, y + 2)
    bottom = ruhr.draw(doc, view, y)
    y = _mayors(doc, view, names, label, bottom + 4)
    y = _legend(doc, label, y + 8)
    doc.set_height(y + 6)
    return doc.to_string()


def _now(doc: Svg, view: PublicView, label: Label, y: float) -> float:
    """What the table is doing: the step of the round, the project up for auction, the
    lots still to come, the last event. Returns the y under it."""
    step = WINDOWS.get(view.window or "") if view.phase in ("folders", "offers") else None
    lines = [(label(f"aufruhr.board.phase_{step or PHASES.get(view.phase, 'over')}"), True)]
    if step:
        lines.append((label("aufruhr.board.phase_folders"), True))
    if view.auction:
        lines.append((label("aufruhr.board.auction", name=_card_name(view.auction)), True))
    if view.lots:
        cards_ = ", ".join(label("aufruhr.board.card", name=_card_name(c)) for c in view.lots)
        lines += [
            (t, False)
            for t in pieces.wrap(label("aufruhr.board.lots", cards=cards_), 14, PHONE - 20)[:2]
        ]
    if view.event:
        lines.append((label("aufruhr.board.event", name=_card_name(view.event)), False))
    doc.rect(0, y - 2, PHONE, len(lines) * 19 + 6, fill=WAITING)
    for text, bold in lines:
        y += 19
        doc.text(
            10,
            y - 3,
            clip(text, MIN_TEXT, PHONE - 20, bold),
            size=MIN_TEXT,
            weight="bold" if bold else None,
        )
    return y + 6


def _winners(view: PublicView) -> frozenset[int]:
    """The winner crowned on the final board, as the rules decided it (the tie-break of
    rules/aufruhr/ending.py, NOTES.md 30)."""
    return frozenset() if view.winner is None else frozenset({view.winner})


def _mayors(doc: Svg, view: PublicView, names: list[str], label: Label, y: float) -> float:
    doc.text(10, y + 16, label("aufruhr.board.mayors"), size=15, weight="bold")
    rows = []
    for seat, city in enumerate(view.cities):
        score = view.final.get(seat, view.points[seat])
        done = " ✓" if seat in view.answered else ""
        rows.append((seat, f"{_name(names, seat)} · {ruhr.place(city)}{done}", str(score)))
    top = y + 24
    tops = pieces.scores(doc, 14, top, rows, width=PHONE - 28, winners=_winners(view), reserve=34)
    if view.lord_mayor is not None:
        # the hat sits left of the score, on the score's line (kept clear by `reserve`)
        _hat(doc, PHONE - 14 - 60, tops[view.lord_mayor + 1] - 23)
    return tops[-1]


def _legend(doc: Svg, label: Label, y: float) -> float:
    """Every mark on the map: categories, tile, diamond, coloured borders, hall, hat."""
    entries: list[tuple[str, str]] = [
        (c, label(f"aufruhr.cat.{k}")) for k, c in ruhr.CATEGORY_COLOURS.items()
    ]
    entries.append((INK, label("aufruhr.board.legend_negative")))
    y += pieces.legend(doc, 10, y, entries, width=PHONE - 20)
    rows = [
        ("tile", "aufruhr.board.legend_tile"),
        ("bar", "aufruhr.board.legend_bar"),
        ("diamond", "aufruhr.board.legend_ruhrcity"),
        ("border", "aufruhr.board.legend_border"),
        ("hall", "aufruhr.board.legend_hall"),
        ("hat", "aufruhr.board.legend_hat"),
        ("", "aufruhr.board.legend_answered"),
    ]
    for mark, key in rows:
        cx, cy = 17, y + 10
        if mark == "tile":
            ruhr.tile(doc, cx, cy, 0, "education")
        elif mark == "bar":
            doc.rect(
                cx - 8, cy + 2, ruhr.TILE, 5, fill=ruhr.CATEGORY_COLOURS["culture"], stroke=INK
            )
        elif mark == "diamond":
            ruhr.diamond(
                doc,
                cx,
                cy,
                PublicProject(
                    community="",
                    card="",
                    kind="ruhrcity",
                    size="small",
                    categories=("nature",),
                    owners=(),
                ),
            )
        elif mark == "border":
            doc.line(cx - 9, cy, cx + 9, cy, stroke=ruhr.CATEGORY_COLOURS["nature"], stroke_width=3)
        elif mark == "hall":
            ruhr.house(doc, cx, cy)
        elif mark == "hat":
            _hat(doc, cx - 11, cy - 8)
        doc.text(34 if mark else 10, cy + 5, clip(label(key), MIN_TEXT, PHONE - 44), size=MIN_TEXT)
        y += 22
    return y


def _hat(doc: Svg, x: float, y: float) -> None:
    """The Lord Mayor's hat: a small top hat."""
    doc.rect(x + 4, y, 14, 14, fill=INK)
    doc.rect(x, y + 13, 22, 4, fill=INK)
    doc.rect(x + 4, y + 9, 14, 3, fill="#D55E00")


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 600, zoom=ZOOM)
    y = pieces.title(doc, PHONE, _name(names, view.seat), ruhr.place(view.city))
    pieces.token(doc, 24, y + 24, view.seat, r=14)
    doc.text(48, y + 30, label("aufruhr.board.money", money=view.money), size=18, weight="bold")
    y += 46
    lines = [(label("aufruhr.board.tokens_head"), False), (_tokens_text(view, names) or "—", True)]
    key = "aufruhr.board.scandal_yes" if view.scandal else "aufruhr.board.scandal_no"
    lines.append((label(key), False))
    if view.scandals_held:
        lines.append((_scandals_held(view, names, label), False))
    if view.hand:
        lines.append((label("aufruhr.board.hand", cards=_hand(view, label)), False))
    if view.bid is not None:
        lines.append((label("aufruhr.board.my_bid", amount=view.bid), True))
    for text, bold in lines:
        for line in pieces.wrap(text, 15, PHONE - 20, bold):
            y += 21
            doc.text(
                10, y, clip(line, 15, PHONE - 20, bold), size=15, weight="bold" if bold else None
            )
        y += 4
    doc.set_height(y + 12)
    return doc.to_string()


# ----- message parameters ---------------------------------------------------------------


def params(key: str, params: dict[str, Any], label: Label) -> dict[str, Any]:
    """The engine's structured parameters as players read them (the `params` hook): a
    list of category ids → their names; a folder's demand and content → words; a token's
    star count → ★★; a seat without a bid → a dash; deal numbers → "1, 2"; a card id →
    its name (an event card's also its text); a community id (`place_id`, `city_id`) →
    its name on the map."""
    if _SHOWN.isdisjoint(params):  # (most messages: seats and amounts only)
        return params
    shown = dict(params)
    if "place_id" in params:
        shown["place"] = ruhr.place(params["place_id"])
    if "city_id" in params:
        shown["city"] = ruhr.place(params["city_id"])
    if isinstance(params.get("city_ids"), list) and params["city_ids"]:
        shown["cities"] = ", ".join(ruhr.place(c) for c in params["city_ids"])
        shown["first"] = ruhr.place(params["city_ids"][0])
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


# Every parameter `params` shows otherwise: a message with none of them is left as it is.
_SHOWN = frozenset(
    (
        "place_id",
        "city_id",
        "city_ids",
        "card",
        "event_card",
        "category",
        "demand_arg",
        "token_stars",
        "stars",
        "bids_by_seat",
        "text",
        "numbers",
    )
)


@cache  # (a fact of the game's data: the board names every project at every step)
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
        fill = {"en": ruhr.place(arg), "de": ruhr.place(arg)}
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
