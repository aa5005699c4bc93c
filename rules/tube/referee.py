"""The referee (a game option: the first seat referees and plays no piece) and `/snøl`.

`/snøl @player` hurries the player whose turn it is; `/snøl @player count` makes the bot
place the piece (the first legal route the search finds); `/snøl @player suspend` ends the
turn without a move. Words in German work too (zählen, aussetzen).
"""

from rules.core import numbers
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.tube import turn
from rules.tube.model import State

_COUNT = ("count", "zähl", "zaehl", "zahl")
_SUSPEND = ("suspend", "skip", "aussetz", "sperr")


def snol(state: State, seat: int, call: str) -> list[Event]:
    # Anyone may type it; only a referee calls it (rule book, "Referees").
    if state.referee is None:
        raise RuleError("tube.error.no_referee")
    if seat != state.referee:
        raise RuleError("tube.error.snol_referee_only")
    words = call.split()
    if not words or not words[0].startswith("#") or not numbers.digits(words[0][1:]):
        raise RuleError("tube.error.snol_usage")
    target = int(words[0][1:])
    if target != state.turn:
        raise RuleError("tube.error.snol_not_moving")
    mode = words[1].casefold() if len(words) > 1 else "hurry"
    if mode.startswith(_COUNT):
        found = turn.found_for(state)
        events = [Event(key="tube.snol.count", params={"seat": target})]
        return events + turn.move(state, target, found.route(0))
    if mode.startswith(_SUSPEND):
        events = [Event(key="tube.snol.suspend", params={"seat": target})]
        return events + turn.pass_die(state, target)
    return [Event(key="tube.snol.hurry", params={"seat": target})]
