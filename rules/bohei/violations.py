"""Breaking a rule: seen by the bot on a group message, or reported with `/foul` and
confirmed by a quick vote of the others. The penalty: discard 1 card when holding 7 or
fewer, draw 1 when holding 8 or more (rule book) — after a window for Nö."""

import re

from rules.bohei import reactions, winning
from rules.bohei.checks import breaks
from rules.bohei.data import RuleCard, card, names_of
from rules.bohei.model import Pending, State, Vote
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.turns import Collect

SEAT_FIRST = re.compile(r"\s*#([0-9]+)\b")
NAME_FIRST = re.compile(r"\s*(@?\w\S*)")  # a name the router found nobody at the table for


def penalty(state: State, seat: int) -> Pending:
    delta = -1 if len(state.hands[seat]) <= 7 else 1
    return Pending(seat=seat, delta=delta, source="penalty")


def exempt(state: State) -> set[int]:
    """Challenge participants: the rules are off for them while it lasts (rule book)."""
    return set(state.challenge.involved) if state.challenge else set()


def before(state: State, seat: int) -> int:
    """The player before `seat` in turn order (the "Staffellauf" rule)."""
    return (seat - 1) % state.players


def chat(state: State, seat: int, text: str, checked: list[str]) -> list[Event]:
    """A group message of `seat`: a Bohei call, or checked against the active rules
    the bot checks. One message, one penalty, however many rules it breaks."""
    if seat in state.bohei_open and winning.is_call(text):
        return winning.call(state, seat)
    if seat in exempt(state) or state.phase == "over" or not text.strip():
        return []
    broken = [r for r in checked if breaks(card(r).check or "", text, before(state, seat))]  # type: ignore[union-attr]
    if not broken:
        return []
    p = penalty(state, seat)
    reactions.enqueue(state, [p])
    key = "bohei.violation_discard" if p.delta < 0 else "bohei.violation_draw"
    return [Event(key=key, params={"seat": seat, "rules": names_of(broken)})]


def foul(state: State, seat: int, text: str, active: list[str], watched: list[str]) -> list[Event]:
    """`/foul @player`: the others vote whether `player` broke an active rule the group
    watches (`watched`). A rule the bot checks is not reported: the bot has judged every
    message against it already, and a vote could only punish one it found clean."""
    match, named = SEAT_FIRST.match(text), NAME_FIRST.match(text)
    if not match and not named:
        raise RuleError("bohei.error.foul_usage")
    if not active:
        raise RuleError("bohei.error.no_rules")
    if not watched:
        raise RuleError("bohei.error.foul_checked", rules=names_of(active))
    if not match:  # a name of nobody at the table (a seat's reaches us as its token)
        raise RuleError("bohei.error.foul_nobody", name=named[1][:40])
    accused = int(match[1])
    if not 0 <= accused < state.players:
        raise RuleError("bohei.error.foul_usage")
    if state.vote is not None:
        raise RuleError("bohei.error.vote_running")
    if accused == seat:
        raise RuleError("bohei.error.foul_self")
    if accused in exempt(state):
        raise RuleError("bohei.error.foul_in_challenge")
    voters = tuple(s for s in range(state.players) if s not in (seat, accused))
    state.fouls += 1
    state.vote = Vote(accused=accused, by=seat, serial=state.fouls, votes=Collect(asked=voters))
    rules = names_of([r for r in watched if isinstance(card(r), RuleCard)])
    return [Event(key="bohei.foul", params={"seat": seat, "accused_seat": accused, "rules": rules})]


def vote(state: State, seat: int, yes: bool) -> list[Event]:
    v = state.vote
    if v is None or seat not in v.votes.waiting:
        raise RuleError("error.not_prompted")
    v.votes = v.votes.answer(seat, yes)
    if not v.votes.complete:
        return []
    state.vote = None
    ayes = 1 + sum(1 for a in v.votes.answers.values() if a)  # the reporter's own voice
    noes = sum(1 for a in v.votes.answers.values() if not a)
    if ayes <= noes:
        return [
            Event(key="bohei.foul_rejected", params={"seat": v.accused, "yes": ayes, "no": noes})
        ]
    p = penalty(state, v.accused)
    reactions.enqueue(state, [p])
    key = "bohei.foul_confirmed_discard" if p.delta < 0 else "bohei.foul_confirmed_draw"
    return [Event(key=key, params={"seat": v.accused, "yes": ayes, "no": noes})]
