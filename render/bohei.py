"""Bohei's boards: the rule board (active rules, free and closed slots), each player's
hand size, whose turn, the Bohei state; privately, one's hand."""

from typing import Any

from render import pieces
from render.boards import Label, Renderers, register
from render.palette import INK, MUTED, PAPER, player
from render.svg import MIN_TEXT, PHONE, ZOOM, Svg, text_width
from render.text import columns, fit
from rules.bohei.data import card
from rules.bohei.model import WIN_AT, PublicView, SeatView

COLOURS = {"rule": "#E69F00", "action": "#56B4E9", "challenge": "#CC79A7"}


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


# Pictures, laid out for a phone (render/svg.py PHONE, MIN_TEXT): each rule slot a row
# the phone's width with the rule's name and its whole text (what a player must obey);
# privately, each card of the hand a row with its kind, name and text. Emoji are not
# in DejaVu, so a picture names a card's kind with §, ⚡ or ★ (the chat keeps 📜 ⚡ 🏆).
ROOM = PHONE - 40
NOW = "#fff3c4"


def _row(doc: Svg, y: float, head: str, text: str, colour: str, caption: str = "") -> float:
    """A card as a row: `head` bold, `text` under it, `caption` muted; returns its height."""
    lines = pieces.wrap(head, MIN_TEXT, ROOM, bold=True)
    body = pieces.wrap(text, MIN_TEXT, ROOM) if text else []
    notes = pieces.wrap(caption, MIN_TEXT, ROOM) if caption else []
    beside = text_width(lines[-1], MIN_TEXT, bold=True) + 12  # the caption after the name
    along = len(notes) == 1 and beside + text_width(notes[0], MIN_TEXT) <= ROOM
    height = 10 + 18 * (len(lines) + len(body) + (0 if along else len(notes)))
    # paper with a stripe of the kind's colour: text on flat white packs tightest in a PNG
    doc.rect(10, y, PHONE - 20, height, fill=PAPER, stroke=INK, stroke_width=1)
    doc.rect(10, y, 6, height, fill=colour)
    if along:
        end = y + 19 + 18 * (len(lines) - 1)
        doc.text(PHONE - 18, end, notes.pop(), size=MIN_TEXT, anchor="end", fill=MUTED)
    top = y + 19
    for line in lines:
        doc.text(22, top, line, size=MIN_TEXT, weight="bold")
        top += 18
    for line in body:
        doc.text(22, top, line, size=MIN_TEXT)
        top += 18
    for line in notes:
        doc.text(22, top, line, size=MIN_TEXT, fill=MUTED)
        top += 18
    return height


def _slots(doc: Svg, view: PublicView, label: Label, y: float) -> float:
    for i, slot in enumerate(view.slots):
        number = f"{i + 1}. "
        if slot.closed:
            y += _row(doc, y, number + label("bohei.board.closed"), "", MUTED) + 6
        elif slot.rule is None:
            y += _row(doc, y, number + label("bohei.board.free"), "", PAPER) + 6
        else:
            how = label("bohei.board.checked" if slot.checked else "bohei.board.watched")
            head, body = _card_words(slot.rule, label)
            y += _row(doc, y, number + head, body, COLOURS["rule"], how) + 6
    return y


def _card_words(card_id: str, label: Label) -> tuple[str, str]:
    """The card's name and text in the chat's language (through the catalog's card line)."""
    named = _named(card_id)
    return label("bohei.button.card", card=named["card"]), label(
        "bohei.picture.text", card_text=named["card_text"]
    )


def board_svg(view: PublicView, names: list[str], label: Label) -> str:
    doc = Svg(PHONE, 1200, zoom=ZOOM)
    y = pieces.title(doc, PHONE, "Bohei")
    if view.phase != "over":
        turn = label("bohei.board.turn_of", seat=view.turn)
        lines = pieces.wrap(turn, MIN_TEXT, PHONE - 20, bold=True)
        doc.rect(0, y, PHONE, 10 + 18 * len(lines), fill=NOW)
        y += 10 + pieces.paragraph(doc, 10, y + 20, turn, PHONE - 20, bold=True, step=18) + 18
    doc.text(10, y + 22, label("bohei.board.rules"), size=15, weight="bold")
    y = _slots(doc, view, label, y + 32)
    piles = label("bohei.board.piles", draw=view.draw_pile, discard=view.discard_pile)
    y += 6 + pieces.paragraph(doc, 10, y + 16, piles, PHONE - 20, fill=MUTED) + 22
    rows = []
    for seat, name in enumerate(names):
        mark = "" if seat in view.winners else _mark(view, seat, label)  # ♛ by `scores`
        rows.append((seat, name, f"{view.hand_sizes[seat]}/{WIN_AT}"))
        if mark:
            rows[-1] = (seat, f"{name} · {mark}", rows[-1][2])
    active = frozenset({view.turn} if view.phase not in ("starter", "over") else set())
    y = pieces.scores(
        doc, 14, y, rows, active=active, width=PHONE - 24, winners=frozenset(view.winners)
    )[-1]
    if view.challenge:
        text = _challenge_text(view, names, label)
        y += pieces.paragraph(doc, 10, y + 18, text, PHONE - 20, step=20, fill=MUTED) + 20
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
    for c in view.hand:
        kind = card(c).kind
        head, body = _card_words(c, label)
        caption = label(f"bohei.picture.kind.{kind}")
        y += _row(doc, y, head, body, COLOURS[kind], caption) + 6
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
