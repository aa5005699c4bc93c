"""Bohei's boards: the rule board (active rules, free and closed slots), each player's
hand size, whose turn, the Bohei state; privately, one's hand."""

from typing import Any

from render import pieces
from render.boards import Label, Renderers, register
from render.palette import MUTED, player
from render.svg import Svg
from render.text import columns, fit
from rules.bohei.data import card
from rules.bohei.model import WIN_AT, PublicView, SeatView

WIDTH = 720
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
    if seat == view.winner:
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
        lines.append(
            label(
                "bohei.board.challenge",
                card=card_name(view.challenge, label),
                players=", ".join(names[s] for s in view.challengers if s < len(names)),
            )
        )
    return fit(lines)


def private(view: SeatView, names: list[str], label: Label) -> str:
    lines = [label("bohei.board.hand", count=len(view.hand))]
    for c in view.hand:
        kind = card(c)
        text = label("bohei.board.card_line", **_named(c))
        lines.append(f"{label(f'bohei.kind.{kind.kind}')} {text}")
    if view.owed:
        lines.append(label("bohei.board.owed", count=view.owed))
    return fit(lines)


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    rows = max(len(names), 3)
    height = 130 + 150 + rows * 30 + 40
    doc = Svg(WIDTH, height)
    status = label("bohei.board.turn_of", seat=view.turn) if view.phase != "over" else ""
    pieces.title(doc, WIDTH, "Bohei", status)
    doc.text(24, 72, label("bohei.board.rules"), size=15, weight="bold")
    for i, slot in enumerate(view.slots):
        x = 24 + i * 130
        if slot.closed:
            pieces.card(doc, x, 84, label("bohei.board.closed"), w=118, h=130, colour="#dddddd")
        elif slot.rule is None:
            pieces.card(doc, x, 84, label("bohei.board.free"), w=118, h=130, colour="#ffffff")
        else:
            how = label("bohei.board.checked" if slot.checked else "bohei.board.watched")
            pieces.card(
                doc,
                x,
                84,
                card_name(slot.rule, label),
                w=118,
                h=130,
                colour=COLOURS["rule"],
                caption=how,
            )
    px = 24 + max(len(view.slots), 2) * 130 + 20
    pieces.card(doc, px, 84, "", w=90, h=130, face_up=False)
    doc.text(
        px + 45,
        232,
        label("bohei.board.draw_pile", count=view.draw_pile),
        size=12,
        anchor="middle",
        fill=MUTED,
    )
    top = 260
    score_rows = [
        (seat, name, f"{view.hand_sizes[seat]}/{WIN_AT} {_mark(view, seat, label)}".strip())
        for seat, name in enumerate(names)
    ]
    active = frozenset({view.turn} if view.phase not in ("starter", "over") else set())
    pieces.scores(doc, 24, top, score_rows, active=active, width=WIDTH - 60)
    if view.challenge:
        doc.text(
            24,
            top + len(names) * 30 + 24,
            label(
                "bohei.board.challenge",
                card=card_name(view.challenge, label),
                players=", ".join(names[s] for s in view.challengers if s < len(names)),
            ),
            size=13,
            fill=MUTED,
        )
    return doc.to_string()


def private_svg(view: SeatView, names: list[str], label: Label) -> str:
    w = max(420, 24 + len(view.hand) * 100)
    doc = Svg(w, 220)
    pieces.title(
        doc,
        w,
        names[view.seat] if view.seat < len(names) else "?",
        label("bohei.board.cards", count=len(view.hand)),
    )
    for i, c in enumerate(view.hand):
        kind = card(c).kind
        pieces.card(
            doc,
            16 + i * 100,
            64,
            card_name(c, label),
            w=90,
            h=126,
            colour=COLOURS[kind],
            caption=label(f"bohei.kind.{kind}"),
        )
    return doc.to_string()


def params(key: str, params: dict[str, Any], label: Label) -> dict[str, Any]:
    """The engine's card ids as players read them (the `params` hook): `card_id` → the
    card's name and text, `{"card_ids": [...]}` → their names joined, in both languages
    (the bot shows the chat's; card names are data, not catalog text)."""
    if not params:
        return params
    shown = dict(params)
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
