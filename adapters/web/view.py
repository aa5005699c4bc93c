"""What one viewer's page shows of a table, as JSON: the public board, and for a seat its
private view and the questions it is asked now, each answer as the button the bot would
send (the same data: the step token and the option), placed on the board where the
answer names a place.

Nothing is decided here. The buttons come from bot/table/keyboards.py as they would in
a chat; which answer a place on the board stands for is read off the answer itself: the
last text in it that names a place the board drew (`data-place`, render/maps.py), so a
pub reached via another (`/go A > B`) is tapped at B.
"""

import html
import re
from typing import Any

from bot.i18n import t
from bot.table import buttons, lobby, play
from bot.table.keyboards import input_request, noted, prompt_keyboard
from bot.table.model import Table
from bot.table.outbox import Outbox
from render.boards import board_svg, board_text, private_svg, private_text

_PLACE = re.compile(r'data-place="([^"]*)"')


def places(svg: str | None) -> set[str]:
    """The places a board drew, by the names it gave them."""
    return {html.unescape(p) for p in _PLACE.findall(svg or "")}


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def place_of(action: Any, drawn: set[str]) -> str | None:
    found = [s for s in _strings(action.model_dump()) if s in drawn]
    return found[-1] if found else None


def labels(lang: str) -> dict[str, str]:
    keys = ("spectator", "your_view", "nothing_asked", "type", "send", "tap_hint", "over")
    keys += ("sent", "offline", "slow_down", "which", "replay_link", "refused", "no_table")
    return {k: t(lang, f"web.{k}") for k in keys}


def page_view(table: Table | None, seat: int | None, lang: str) -> dict[str, Any]:
    """The page's JSON for `seat` (None: a spectator) at `table`."""
    if table is None or table.status != "playing" or table.game is None:
        lang = table.lang if table is not None else lang
        over = table is not None and table.proof is not None
        return {"playing": False, "lang": lang, "labels": labels(lang), "replay": over}
    spec = lobby.spec_of(table)
    state = play.state_of(spec, table)
    names = [s.name for s in table.seats]
    out = Outbox(lang=table.lang, platform=table.platform, game=spec.id, names=names)
    label = play.board_label(out)
    public = spec.public_view(state)
    board = board_svg(spec.id, public, names, label)
    prompts = spec.prompts(state)
    waiting = play.waiting(spec, state)
    view: dict[str, Any] = {
        "playing": True,
        "lang": table.lang,
        "labels": labels(table.lang),
        "game": spec.name(table.lang),
        "step": table.step_token,
        "board": board,
        "board_text": None if board else board_text(spec.id, public, names, label),
        "waiting": t(table.lang, "web.waiting", names=", ".join(names[s] for s in waiting))
        if waiting
        else "",
        "seat": None,
        "questions": [],
    }
    # The public questions of others, as the group reads them (a spectator sees them all).
    view["questions"] = [
        {"text": out.text(p.key, seats=list(p.seats), **p.params)}
        for p in prompts
        if not p.secret and not p.standing and (seat is None or seat not in p.seats)
    ]
    if seat is None:
        return view
    mine = spec.seat_view(state, seat)
    hand = private_svg(spec.id, mine, names, label)
    view["seat"] = {
        "name": names[seat],
        "you": t(table.lang, "web.seated", name=names[seat]),
        "hand": hand,
        "hand_text": None if hand else private_text(spec.id, mine, names, label),
    }
    drawn = places(board)
    asked = []
    for index, prompt in enumerate(prompts):
        if prompt.standing or seat not in prompt.seats:
            continue
        asking = out.text(prompt.key, seats=list(prompt.seats), **prompt.params)
        question = {
            "text": "\n".join([asking, *noted(prompt, seat, out)]),  # (its private notes)
            "secret": prompt.secret,
            "answers": [],
            "input": None,
        }
        for row in prompt_keyboard(table, index, prompt, out, (seat,)):
            for button in row:
                option = prompt.options[buttons.decode(button.data).option]
                question["answers"].append(
                    {
                        "label": button.label,
                        "data": button.data,
                        "place": place_of(option.action, drawn),
                    }
                )
        if (request := input_request(table, index, prompt, out)) is not None:
            question["input"] = {
                "label": request.label,
                "kind": request.kind,
                "data": request.data,
                "min": request.min,
                "max": request.max,
                "max_length": request.max_length,
            }
        asked.append(question)
    view["questions"] = asked + view["questions"]
    return view
