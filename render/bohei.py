"""Bohei's boards: the rule board (active rules, free and closed slots), each player's
hand size, whose turn, the Bohei state; privately, one's hand."""

from typing import Any

from render import pieces
from render.boards import Label, Renderers, register
from render.palette import MUTED, player
from render.svg import MIN_TEXT, PHONE, ZOOM, Svg, clip
from render.text import columns, fit
from rules.bohei.data import card
from rules.bohei.model import WIN_AT, PublicView, SeatView

COLOURS = {"rule": "#fff3c4", "action": "#e8f4fb", "challenge": "#f3e8fb"}


def _named(card_id: str) -> dict[str, dict[str, str]]:
    """A card's name and text in both languages, for a message's parameters (the bot
    shows the chat's language; card names are data, not catalog text)."""
    c = card(card_id)
    return {"card": {"de": c.de[0], "en": c.en[0]}, "card_text": {"de": c.de[1], "en": c.en[1]}}


def card_name(card_id: str, label: Label) -> str:
    """The card's name in the chat's language."""
    return label("bohei.button.card", card=_named(card_id)["card"])


def _slot_text(view: PublicView, i: int, label: Label) -> str:
    slot = view.slots[i]
    if slot.closed:
        return label("bohei.board.closed")
    if slot.rule is None:
        return label("bohei.board.free")
    how = label("bohei.board.checked" if slot.checked else "bohei.board.watched")
    return f"{card_name(slot.rule, label)} ({how})"


def _mark(view: PublicView, seat: int, label: Label) -> str:
    if seat in view.winners:
        return "🏆"
    if seat in view.bohei_open:
        return label("bohei.board.must_call")
    if seat in view.called:
        return label("bohei.board.called")
    if seat in view.blocked:
        return label("bohei.board.blocked")
    return ""


def board(view: PublicView, names: list[str], label: Label) -> str:
    lines = [label("bohei.board.rules")]
    lines += [f"  {i + 1}. {_slot_text(view, i, label)}" for i in range(len(view.slots))]
    rows = []
    for seat, name in enumerate(names):
        turn = "▶" if seat == view.turn and view.phase not in ("starter", "over") else " "
        size = view.hand_sizes[seat] if seat < len(view.hand_sizes) else 0
        cards = label("bohei.board.cards", count=size)
        rows.append([turn, player(seat).letter, name, cards, _mark(view, seat, label)])
    lines += columns(rows)
    lines.append(label("bohei.board.piles", draw=view.draw_pile, discard=view.discard_pile))
    if view.challenge:
        lines.append(_challenge_text(view, names, label))
    return fit(lines)


def _challenge_text(view: PublicView, names: list[str], label: Label) -> str:
    """The challenge running and who is still in it (nobody yet while a duel's
    opponent is chosen)."""
    assert view.challenge is not None
    players = ", ".join(names[s] for s in view.challengers if s < len(names))
    key = "bohei.board.challenge_players" if players else "bohei.board.challenge"
    return label(key, card=card_name(view.challenge, label), players=players)


def private(view: SeatView, names: list[str], label: Label) -> str:
    lines = [label("bohei.board.hand", count=len(view.hand))]
    for c in view.hand:
        kind = card(c)
        text = label("bohei.board.card_line", **_named(c))
        lines.append(f"{label(f'bohei.kind.{kind.kind}')} {text}")
    if view.owed:
        lines.append(label("bohei.board.owed", count=view.owed))
    return fit(lines)


# Pictures, laid out for a phone (render/svg.py PHONE, MIN_TEXT): the rule slots three a
# row, the piles, the players, the challenge; privately, the hand three a row.
CARD_W, CARD_H, GAP = 108, 112, 8
NOW = "#fff3c4"


def _slots(doc: Svg, view: PublicView, label: Label, y: float) -> float:
    for i, slot in enumerate(view.slots):
        x, top = 10 + (i % 3) * (CARD_W + GAP), y + (i // 3) * (CARD_H + GAP)
        if slot.closed:
            pieces.card(
                doc, x, top, label("bohei.board.closed"), w=CARD_W, h=CARD_H, colour="#dddddd"
            )
        elif slot.rule is None:
            pieces.card(doc, x, top, label("bohei.board.free"), w=CARD_W, h=CARD_H)
        else:
            how = label("bohei.board.checked" if slot.checked else "bohei.board.watched")
            name = card_name(slot.rule, label)
            pieces.card(doc, x, top, name, w=CARD_W, h=CARD_H, colour=COLOURS["rule"], caption=how)
    return y + -(-len(view.slots) // 3) * (CARD_H + GAP)


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 1200, zoom=ZOOM)
    y = pieces.title(doc, PHONE, "Bohei")
    if view.phase != "over":
        doc.rect(0, y, PHONE, 28, fill=NOW)
        turn = label("bohei.board.turn_of", seat=view.turn)
        doc.text(10, y + 20, clip(turn, MIN_TEXT, PHONE - 20, True), size=MIN_TEXT, weight="bold")
        y += 28
    doc.text(10, y + 22, label("bohei.board.rules"), size=15, weight="bold")
    y = _slots(doc, view, label, y + 30)
    piles = label("bohei.board.piles", draw=view.draw_pile, discard=view.discard_pile)
    doc.text(10, y + 16, clip(piles, MIN_TEXT, PHONE - 20), size=MIN_TEXT, fill=MUTED)
    y += 28
    rows = []
    for seat, name in enumerate(names):
        mark = "" if seat in view.winners else _mark(view, seat, label)  # ♛ by `scores`
        rows.append((seat, name, f"{view.hand_sizes[seat]}/{WIN_AT}"))
        if mark:
            rows[-1] = (seat, f"{name} · {mark}", rows[-1][2])
    active = frozenset({view.turn} if view.phase not in ("starter", "over") else set())
    y += pieces.scores(
        doc, 14, y, rows, active=active, width=PHONE - 24, winners=frozenset(view.winners)
    )
    if view.challenge:
        text = _challenge_text(view, names, label)
        for line in pieces.wrap(text, MIN_TEXT, PHONE - 20)[:3]:
            doc.text(10, y + 18, clip(line, MIN_TEXT, PHONE - 20), size=MIN_TEXT, fill=MUTED)
            y += 20
    doc.set_height(y + 10)
    return doc.to_string()


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 1200, zoom=ZOOM)
    y = pieces.title(
        doc,
        PHONE,
        names[view.seat] if view.seat < len(names) else "?",
        label("bohei.board.cards", count=len(view.hand)),
    )
    y += 8
    for i, c in enumerate(view.hand):
        kind = card(c).kind
        x, top = 10 + (i % 3) * (CARD_W + GAP), y + (i // 3) * (CARD_H + GAP)
        caption = label(f"bohei.kind.{kind}")
        pieces.card(
            doc,
            x,
            top,
            card_name(c, label),
            w=CARD_W,
            h=CARD_H,
            colour=COLOURS[kind],
            caption=caption,
        )
    y += -(-len(view.hand) // 3) * (CARD_H + GAP)
    doc.set_height(y + 4)
    return doc.to_string()


def params(key: str, params: dict[str, Any], label: Label) -> dict[str, Any]:
    """The engine's card ids as players read them (the `params` hook): `card_id` → the
    card's name and text, `{"card_ids": [...]}` → their names joined, in both languages
    (the bot shows the chat's; card names are data, not catalog text). A list of
    `seats` is counted too (`count`, unless given): the verb agrees with it ("anna
    takes it", "anna, bert take it"), as a plural message counts."""
    if not params:
        return params
    shown = dict(params)
    if isinstance(params.get("seats"), list):
        shown.setdefault("count", len(params["seats"]))
    if isinstance(params.get("card_id"), str):
        shown.update(_named(params["card_id"]))
    for name, value in params.items():
        if isinstance(value, dict) and isinstance(value.get("card_ids"), list):
            ids = value["card_ids"]
            shown[name] = {
                lang: ", ".join(getattr(card(c), lang)[0] for c in ids) for lang in ("de", "en")
            }
    return shown


register("bohei", Renderers(board, private, board_svg, private_svg, params=params))
