"""A finished game, step by step, from its record: the seed revealed at its end and the
answers logged, replayed as /verify replays them (bot/proof/games.py). Public views only:
the record holds sealed bids and ballots, and a replay shows what the group saw.

The players' names are not in the record (a table forgets its seats when its game ends),
so the replay names the seats by number.
"""

from collections import OrderedDict
from typing import Any, Final

from bot.i18n import t
from bot.proof import games as game_proof
from bot.table import play
from bot.table.model import Table
from bot.table.outbox import Outbox
from render.boards import board_svg, board_text
from rules import registry
from rules.core.errors import GameError

KEPT: Final = 8  # finished games whose public views a process keeps, for the slider
_views: OrderedDict[str, list[Any]] = OrderedDict()


def _public_views(proof: game_proof.GameProof) -> list[Any] | None:
    """The public view before the first answer and after each one; None if the record
    does not replay (the verdict of /verify says why)."""
    held = _views.get(proof.commitment)
    if held is not None:
        _views.move_to_end(proof.commitment)
        return held
    spec = registry.get(proof.game)
    if spec is None or proof.overflow:
        return None
    try:
        options = spec.options.model_validate(proof.options)
        state = spec.setup(proof.seats, options, game_proof.engine_seed(bytes.fromhex(proof.seed)))
        views = [spec.public_view(state)]
        for seat, action in proof.answers():
            state, _ = spec.apply(state, seat, spec.action.validate_python(action))
            views.append(spec.public_view(state))
    except (GameError, ValueError, KeyError, IndexError):  # (pydantic's errors are ValueErrors)
        return None
    _views[proof.commitment] = views
    while len(_views) > KEPT:
        _views.popitem(last=False)
    return views


def frame(table: Table | None, step: int) -> dict[str, Any] | None:
    """The board after `step` answers of the table's last game, once it is over (an
    aborted one as far as it went, as /verify replays it), or None."""
    proof = table.proof if table is not None else None
    if table is None or proof is None or table.status == "playing":  # (aborted: as far as it went)
        return None
    views = _public_views(proof)
    if views is None:
        return None
    spec = registry.get(proof.game)
    assert spec is not None
    step = max(0, min(step, len(views) - 1))
    names = [t(table.lang, "web.seat", number=i + 1) for i in range(proof.seats)]
    out = Outbox(lang=table.lang, platform=table.platform, game=spec.id, names=names)
    label = play.board_label(out)
    board = board_svg(spec.id, views[step], names, label)
    return {
        "game": spec.name(table.lang),
        "title": t(table.lang, "web.replay"),
        "step": step,
        "total": len(views) - 1,
        "caption": t(table.lang, "web.replay_step", step=step, total=len(views) - 1),
        "board": board,
        "board_text": None if board else board_text(spec.id, views[step], names, label),
        "lang": table.lang,
    }
