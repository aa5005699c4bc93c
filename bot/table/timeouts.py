"""What a step's deadline does when it passes (the rules' defaults for the silent seats)
and the one reminder before it."""

from typing import Any

from bot.proof import games as game_proof
from bot.table.keyboards import close_private, post_prompts
from bot.table.lobby import spec_of
from bot.table.model import Table
from bot.table.outbox import Outbox
from bot.table.play import settle, state_of, waiting_prompts
from bot.table.status import open_status, refresh_status
from rules.core.protocol import Event, GameSpec, Prompt


def timeout(table: Table, token: str, out: Outbox, now: float) -> bool:
    """The deadline of this step passed: apply the game's timeout action for every silent seat."""
    if table.status != "playing" or table.step_token != token:
        return False
    spec = spec_of(table)
    state = before = state_of(spec, table)
    # Only the prompts whose own deadline is the one that fired, the earliest (a table
    # stored before deadlines were kept per prompt has none: all are due, as they were).
    due = table.deadline_at if table.deadline_at is not None else now
    pending = [
        p for p in waiting_prompts(spec, state) if table.deadlines.get(p.id, due) <= due + 1e-6
    ]
    silent = sorted({s for p in pending if p.deadline for s in p.seats})
    for seat in silent:  # not watching, evidently: their next turn calls them
        table.answered_at.pop(seat, None)
    # Said in the game's words where it has them ("no bid from …"), else in general.
    told: set[int] = set()
    for p in pending:
        if p.deadline and p.timeout_key:
            out.group(p.timeout_key, seats=list(p.seats))
            told.update(p.seats)
    if rest := [s for s in silent if s not in told]:
        _say_defaults(spec, state, pending, rest, out)
    events: list[Event] = []
    for prompt_id in [p.id for p in pending if p.deadline]:
        for seat in silent:
            current = next((p for p in spec.prompts(state) if p.id == prompt_id), None)
            if current is None or seat not in current.seats:
                continue
            action = spec.timeout(state, current, seat)
            state, more = spec.apply(state, seat, action)
            game_proof.record(table.proof, seat, action)
            events += more
    users = [s.user for s in table.seats]
    out.closing = "status.time_up"  # (not "everyone has answered": the silent did not)
    settle(table, spec, state, events, out, now, before)
    close_private(users, [s for s in silent if s not in table.carried], out)
    return True


def _say_defaults(
    spec: GameSpec, state: Any, pending: list[Prompt], seats: list[int], out: Outbox
) -> None:
    """Tell the group what the rules chose for each silent seat: the button the game's
    default is ("Time is up for ben: Done"), else that the rules decide (what they
    decide follows in the game's own events). A secret answer's default is never named:
    the button chosen could tell what only that seat may know (whose folder was the
    scandal that had to be accepted)."""
    chosen: dict[str, list[int]] = {}
    for seat in seats:
        prompt = next(p for p in pending if p.deadline and seat in p.seats)
        default = None if prompt.secret else spec.timeout(state, prompt, seat)
        option = next((o for o in prompt.options if o.action == default), None)
        label = "" if option is None else _label(option, out)
        chosen.setdefault(label, []).append(seat)
    for label, who in chosen.items():
        if label:
            out.group("prompt.timed_out_chosen", seats=who, choice=label)
        else:
            out.group("prompt.timed_out", seats=who)


def _label(option: Any, out: Outbox) -> str:
    return option.label if option.literal else out.text(option.label, **option.params)


def remind(table: Table, token: str, out: Outbox, now: float) -> bool:
    """Remind the silent seats once, by name."""
    if table.status != "playing" or table.step_token != token or table.reminded:
        return False
    if table.deadline_at is not None and now >= table.deadline_at:
        # Fired late (a ticker back after a restart or an outage): the deadline's own
        # timeout is due too and says what happened; "-40 s left" would tell nobody
        # anything.
        return False
    spec = spec_of(table)
    asking = waiting_prompts(spec, state_of(spec, table))
    waiting = sorted({s for p in asking for s in p.seats})
    if not waiting:
        return False
    table.reminded = True
    # Privately to each (that notifies them), and in the group: in the living status
    # where it stands (a status change posts nothing), else as a message that calls them.
    seconds = round(table.deadline_at - now) if table.deadline_at else None
    if seconds is not None:
        # The seconds are those of a prompt with a deadline: a seat whose every such
        # prompt is a clock (Prompt.reminder_key) is reminded of that clock, in its words,
        # though other prompts without a deadline ask it too (answering them does not
        # stop the clock: the DNF clock runs on for a player who moves or drinks).
        clocks: dict[str, list[int]] = {}
        for seat in waiting:
            keys = {p.reminder_key for p in asking if seat in p.seats and p.deadline}
            if len(keys) == 1 and (key := keys.pop()) is not None:
                clocks.setdefault(key, []).append(seat)
        for key, seats in clocks.items():
            out.group(key, seats=seats, seconds=seconds)
            for seat in seats:
                out.dm(table.seats[seat].user, key, seats=[seat], seconds=seconds)
        waiting = [s for s in waiting if not any(s in seats for seats in clocks.values())]
    # The time left is told only to the seats a prompt with a deadline asks: one asked
    # only without one (a public question beside others' timed secret answers) has no
    # time running out, and the seconds of another's would tell it wrong.
    timed = {s for p in asking if p.deadline for s in p.seats} if seconds is not None else set()
    if hurried := [s for s in waiting if s in timed]:
        out.group("prompt.reminder_deadline", seats=hurried, seconds=seconds)
        for seat in hurried:
            out.dm(table.seats[seat].user, "prompt.reminder_private_deadline", seconds=seconds)
    if untimed := [s for s in waiting if s not in timed]:
        out.group("prompt.reminder", seats=untimed)
        for seat in untimed:
            out.dm(table.seats[seat].user, "prompt.reminder_private")
    if table.status_message is not None:  # under the question, until the step ends
        table.status_head = "\n".join([table.status_head, *out.group_lines])
        out.group_lines.clear()
        refresh_status(table, asking, out, now)
    else:
        # No adapter ever told us it posted this step's question: it may never have
        # arrived (a table written before the durable outbox, a message the platform
        # refused, one dropped from a full outbox). The reminder asks it again, with
        # its live buttons, as /board would.
        prompts = waiting_prompts(spec, state_of(spec, table))
        post_prompts(table, prompts, out)
        open_status(table, prompts, out, now)
    return True
