"""The living status: one group message per step, edited in place as seats answer, that
ends saying how the step ended."""

from bot.replies import Reply
from bot.table.keyboards import group_keyboard
from bot.table.model import Table
from bot.table.outbox import Outbox
from rules.core.protocol import Prompt

# Characters of what happened that a status message kept over several steps may hold
# before the next step is posted anew: with the question and the status line it must
# fit one message where it is edited (Discord's limit is 2000, Telegram's 4096; an
# edit of a longer one would keep only its last part, and what happened would be lost).
MORPH_LIMIT = 1500
# Where a platform edits the status in a smaller place, what it may hold in all (in
# UTF-16 units, as Telegram counts): on Telegram the status is the board photo's
# caption (adapters/telegram/board.py), 1024, the status line that the answers change
# ("✓ … · ⏳ Waiting for … · 48 s left") included.
EDIT_LIMITS = {"telegram": 1024}
# Seconds since a seat's last answer within which it counts as watching the chat: its
# next turn is edited into the status message it is looking at (no new message, so no
# notification); a seat away longer is called by a new message that mentions it. Two
# minutes: at a table in play a turn comes round well within that (the bench's players
# answer every 5 s); someone who went for a drink is notified. A status message older
# than that is posted anew too, chatter may have pushed it up.
WATCHING = 120
# The status message may take the next step in place while at most this many new
# messages of ours stand below it (the board posted anew under it is one).
MORPH_BELOW = 1


def fits(table: Table, seats: list[int], lines: list[str], out: Outbox, now: float) -> bool:
    """Whether a status of these lines fits where the platform edits it, with the
    longest last line it can end with while `seats` answer (and when it is closed)."""
    limit = EDIT_LIMITS.get(out.platform)
    if limit is None:
        return True
    return (
        sum(_units(line) + 1 for line in lines) + max(map(_units, ends(table, seats, out, now)))
        <= limit
    )


def ends(table: Table, seats: list[int], out: Outbox, now: float) -> list[str]:
    """Every last line the status of `seats` can show: who answered and whom we wait
    for, or that all have (a line's length depends only on which of the two is empty,
    the names being the same), the time left as it reads now (it only shrinks), and
    how it closes."""
    seconds = max(0, round(table.deadline_at - now)) if table.deadline_at else None
    lines = [_line(seats[:k], seats[k:], out, seconds) for k in range(len(seats) + 1)]
    return [*lines, out.text("status.done"), out.text("status.time_up")]


def _units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2  # as Telegram counts (an emoji is two)


def fold_into_status(table: Table, out: Outbox, now: float) -> bool:
    """Move the group lines said so far into the living status's text (True), when
    there is one and it has room."""
    if table.status_message is None or not out.group_lines or out.group_buttons:
        return False
    said = "\n".join(out.group_lines)
    if len(table.status_head) + len(said) + 1 >= MORPH_LIMIT:
        return False
    if not fits(table, table.asked, [table.status_head, *out.group_lines], out, now):
        return False
    # Kept above the question: the question and its buttons stay at the bottom.
    log = "\n".join(filter(None, [table.status_log, said]))
    question = table.status_head[len(table.status_log) :].lstrip("\n")
    table.status_head = "\n".join(filter(None, [log, question]))
    table.status_log = log
    out.group_lines.clear()
    return True


def watching(table: Table, seats: list[int], now: float) -> bool:
    """Whether every one of `seats` answered within WATCHING seconds, and the status
    message is still in sight: among the last messages of ours, and posted within
    WATCHING seconds (players' own talk, which not every platform shows us, pushes it
    up too: after a while a new message at the bottom calls them anyway)."""
    if table.posts_since_status > MORPH_BELOW or now - table.status_at > WATCHING:
        return False
    return all(now - table.answered_at.get(s, float("-inf")) <= WATCHING for s in seats)


def status_line(table: Table, waiting: list[int], out: Outbox, now: float) -> str:
    """Who has answered, whom we wait for, the time left: one line."""
    answered = [s for s in table.asked if s not in waiting]
    seconds = max(0, round(table.deadline_at - now)) if table.deadline_at else None
    return _line(answered, waiting, out, seconds)


def _line(answered: list[int], waiting: list[int], out: Outbox, seconds: int | None) -> str:
    parts = [out.text("status.answered", seats=answered)] if answered else []
    parts.append(out.text("status.waiting", seats=waiting) if waiting else out.text("status.done"))
    if waiting and seconds is not None:
        parts.append(out.text("status.time_left", seconds=seconds))
    return " · ".join(parts)


def open_status(
    table: Table, prompts: list[Prompt], out: Outbox, now: float, told: int | None = None
) -> None:
    """This step's group message ends with the living status; the adapter tells us its
    id (Router.remember_status). Its text above the status is kept for the edits: the
    lines said so far are all the group message of this step will hold; the first
    `told` of them (what happened, before the question) may be kept by the next step."""
    waiting = sorted({s for p in prompts for s in p.seats})
    if out.morph is None:
        table.status_message = None
    if not waiting:
        return
    table.status_log = "\n".join(out.group_lines[: len(out.group_lines) if told is None else told])
    out.status_line = status_line(table, waiting, out, now)
    out.status_token = table.step_token
    if out.morph is None:
        table.posts_since_board += 1
        table.posts_since_status, table.status_at = 0, now
    call(table, waiting, out)
    table.status_head = "\n".join(out.group_lines)
    table.status_public = bool(out.group_buttons or out.group_input)


def call(table: Table, seats: list[int], out: Outbox) -> None:
    """Whoever must act is mentioned in the group message (it notifies them)."""
    out.mentions = [(table.seats[s].user, table.seats[s].name) for s in seats]


def refresh_status(table: Table, prompts: list[Prompt], out: Outbox, now: float) -> None:
    """An answer that leaves the step open (`prompts`: what still waits for an answer):
    the living status is edited, nothing posted. Where its message is not known (yet),
    nothing is said."""
    if table.status_message is None:
        return
    seats = sorted({s for p in prompts for s in p.seats})
    rows, request = group_keyboard(table, prompts, out) if table.status_public else ([], None)
    text = "\n".join(filter(None, [table.status_head, status_line(table, seats, out, now)]))
    out.edits.append(
        Reply(text=text, buttons=tuple(rows), input=request, edit=table.status_message)
    )


def retire_status(table: Table, out: Outbox, key: str | None = None) -> None:
    """The step is over: its status message says so — everyone answered, or what was
    chosen for a public prompt, or the time is up (`out.closing`) — and loses its
    buttons."""
    if table.status_message is None:
        return
    key = key or out.closing
    if key == "status.done" and out.chosen:
        last = out.chosen
    elif key == "status.done" and len(table.asked) == 1:
        # one seat was asked and answered (its choice secret, or said in what follows):
        # who answered, not "everyone has answered"
        last = out.text("status.answered", seats=table.asked)
    else:
        last = out.text(key)
    text = "\n".join(filter(None, [table.status_head, last]))
    out.edits.append(Reply(text=text, edit=table.status_message))
    table.status_message = None
