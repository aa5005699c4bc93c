"""The chat's Hall of Fame: wins per game, and the best solo results where a game keeps
them (EINS IST KEINS alone: the earliest finish). It lives in the table, so it is
written in the same compare-and-set as the game's last move and can never count a
game twice."""

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field

from rules import registry
from rules.core.protocol import GameSpec, Outcome

MAX_BEST = 5  # solo results kept per game
MAX_WINNERS = 10  # winners shown per game
# Winners kept per game: a chat of thousands whose winners all stayed would grow its
# table (read by every command) without bound; those with the fewest wins go first.
MAX_KEPT = 50


class Winner(BaseModel):
    name: str  # the latest display name (user text: escaped where shown)
    wins: int = 0


class Best(BaseModel):
    user: str
    name: str
    value: int  # lower is better
    key: str  # the game's message key that shows it
    params: dict[str, Any] = Field(default_factory=dict)


class Fame(BaseModel):
    wins: dict[str, Winner] = Field(default_factory=dict)  # by user id
    best: list[Best] = Field(default_factory=list)  # best first


def enter(
    fame: dict[str, Fame],
    spec: GameSpec,
    seats: list[tuple[str, str]],  # (user, name) per seat
    outcome: Outcome,
) -> bool:
    """Count the game; True when its record is the new best of this chat."""
    entry = fame.setdefault(spec.id, Fame())
    if len(seats) > 1 and outcome.ranking:
        for seat in outcome.ranking[0]:
            user, name = seats[seat]
            winner = entry.wins.setdefault(user, Winner(name=name))
            winner.name, winner.wins = name, winner.wins + 1
        while len(entry.wins) > MAX_KEPT:  # (never one just counted: they have won)
            won = {seats[s][0] for s in outcome.ranking[0]}
            least = min(
                (u for u in entry.wins if u not in won),
                key=lambda u: (entry.wins[u].wins, entry.wins[u].name, u),
            )
            del entry.wins[least]
    record = outcome.record
    if record is None:
        return False
    user, name = seats[record.seat]
    new = Best(user=user, name=name, value=record.value, key=record.key, params=record.params)
    entry.best = sorted([*entry.best, new], key=lambda b: b.value)[:MAX_BEST]
    return entry.best[0] is new


def text(
    fame: dict[str, Fame],
    lang: str,
    say: Callable[..., str],
    say_of: Callable[[str, str, dict[str, Any]], str],
) -> str:
    """The Hall of Fame as chat text, game by game (`say_of(game, key, params)`: a record
    in the words of its own game, whatever the table plays now)."""
    lines = [say("fame.title")]
    for game_id, entry in sorted(fame.items()):
        if not entry.best and not entry.wins:  # only games that ended without a winner
            continue
        spec = registry.get(game_id)
        lines.append(say("fame.game", game=spec.name(lang) if spec else game_id))
        for place, best in enumerate(entry.best, start=1):
            shown = say_of(game_id, best.key, best.params)
            lines.append(say("fame.best", place=place, name=best.name, record=shown))
        winners = sorted(entry.wins.values(), key=lambda w: (-w.wins, w.name))[:MAX_WINNERS]
        for winner in winners:
            lines.append(say("fame.wins", name=winner.name, wins=winner.wins))
    if len(lines) == 1:
        return say("fame.empty")
    return "\n".join(lines)
