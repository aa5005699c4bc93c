"""Running a game on a table: start it, apply answers, tell players, announce prompts.

Group lines come only from public events and from who-is-asked; a prompt whose
answers are secret is shown, with its options, only privately to its seats.
"""

import hashlib
import secrets
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from bot import buttons, deadlines, fame, game_proof
from bot.i18n import keys
from bot.lobby import spec_of
from bot.outbox import Outbox
from bot.replies import Button, InputRequest, Reply
from bot.table import Table
from render.boards import board_svg, board_text, private_svg, private_text, told
from rules import registry
from rules.core.errors import GameError, RuleError
from rules.core.memo import Memo
from rules.core.protocol import Event, GameSpec, Outcome, Prompt

# New group messages of ours below the board before the next step posts it anew: with
# the status edited in place and one seat's turn in one message, that is about four
# decisions of different players; the board is then at most 4 messages up. Four, not
# three: with slow players (a turn each minute, nobody counts as watching, so every
# turn is a message that calls its player) a 2-player game posted a board every third
# turn, 0.62 new group messages per decision (issue 18's target: 0.6); a turn's
# message is 2–4 short lines, so four of them and the board still fit a phone's screen.
# (Merging the re-posted board and the turn's question into one captioned picture
# would save more, but that message would then be both the living status, edited with
# every answer, and the board, edited in place when it changes.)
BOARD_DISTANCE = 4
LONG_LABEL = 12  # characters: a keyboard with a longer label has 3 buttons a row
REMIND_AT = 0.75  # of a deadline: the one reminder comes when three quarters have passed
REMIND_MIN_DEADLINE = 20  # seconds; shorter deadlines get no reminder
REMIND_WITHOUT_DEADLINE = 600  # seconds until a prompt without deadline is reminded
# Characters of what happened that a status message kept over several steps may hold
# before the next step is posted anew: with the question and the status line it must
# fit one message where it is edited (Discord's limit is 2000, Telegram's 4096; an
# edit of a longer one would keep only its last part, and what happened would be lost).
MORPH_LIMIT = 1500
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
STANDING = "standing:"  # the status token of a standing prompt's message (a deal's)


def state_of(spec: GameSpec, table: Table) -> Any:
    return table.game_state(spec.state)


def start(
    table: Table,
    spec: GameSpec,
    seed: int,
    out: Outbox,
    now: float,
    reads_chat: bool = True,
    nonce: bytes = b"",  # the unguessable rest of the game's seed (bot/game_proof.py)
) -> None:
    options = spec.options.model_validate(table.options)
    if not reads_chat and spec.without_chat is not None:
        options = spec.without_chat(options)
    secret = game_proof.seed_bytes(seed % 2**64, nonce)
    state = spec.setup(len(table.seats), options, game_proof.engine_seed(secret))
    table.status = "playing"
    out.menu = spec.id  # the chat's command menu offers the game's verbs while it runs
    out.group("game.started", game=spec.name(table.lang), seats=list(range(len(table.seats))))
    table.proof = game_proof.begin(spec.id, len(table.seats), options, secret)
    out.group("proof.committed", hash=table.proof.commitment)
    if not reads_chat and spec.without_chat is not None:
        out.group("game.chat_unread")
    settle(table, spec, state, spec.opening(state) if spec.opening else [], out, now)


def prompts_for(spec: GameSpec, table: Table) -> list[Prompt]:
    return spec.prompts(state_of(spec, table)) if table.status == "playing" else []


def waiting_prompts(spec: GameSpec, state: Any) -> list[Prompt]:
    """The prompts the table waits on: everything but the standing ones."""
    return [p for p in spec.prompts(state) if not p.standing]


def waiting(spec: GameSpec, state: Any) -> list[int]:
    """The seats the table waits for."""
    return sorted({s for p in spec.prompts(state) if not p.standing for s in p.seats})


def act(
    table: Table,
    spec: GameSpec,
    seat: int,
    answer: dict[str, Any] | BaseModel,
    prompt: Prompt,
    out: Outbox,
    now: float,
) -> None:
    """Apply one seat's answer to `prompt`. Raises ParseError/RuleError to refuse."""
    action = spec.parse_action(answer)
    before = state_of(spec, table)
    try:
        state, events = spec.apply(before, seat, action)
    except GameError as e:
        e.private = True  # an engine's refusal may name private values: tell the player only
        raise
    game_proof.record(table.proof, seat, action)
    if not prompt.secret and not prompt.standing:  # the button chosen shows in the status
        # (models of another type are never equal: the type is compared first, as
        # pydantic's __eq__ does, and then the fields, which its __eq__ compares first
        # too: its ~1 µs a button only for the one that matches; a turn may offer twenty)
        kind, fields = type(action), action.__dict__
        chosen = next(
            (
                o
                for o in prompt.options
                if type(o.action) is kind and o.action.__dict__ == fields and o.action == action
            ),
            None,
        )
        if chosen is not None:
            label = chosen.label if chosen.literal else out.text(chosen.label, **chosen.params)
            out.chosen = out.text("status.chose", seat=seat, choice=label)
    step, users = table.step, [s.user for s in table.seats]  # (a game over clears seats)
    if not prompt.standing:
        table.answered_at[seat] = now
    settle(table, spec, state, events, out, now)
    if table.step != step or table.status != "playing":
        # the others' private prompts of the step (or of the game) are outdated now
        close_private(users, [s for s in waiting(spec, before) if s != seat], out)
    if prompt.standing and table.status == "playing":
        offer_standing(table, spec, before, state, out)
    elif prompt.secret and table.step == step and table.status == "playing":
        rekey(table, spec, state, seat, prompt, out)
    if table.step == step and table.status == "playing":
        # What an answer within an open step tells the group ("not quite, 2 tries left",
        # "Anna: no") goes into the living status, above its last line, instead of a
        # message of its own. A standing command's (a payment) is posted: it is talk
        # between players, not the step's.
        folded = fold_into_status(table, out) if not prompt.standing else False
        if folded or waiting(spec, state) != waiting(spec, before):
            # Who has answered shows in the living status, edited in place: no new
            # message. A step of a multi-step secret answer (a token put into a folder)
            # changes nothing.
            refresh_status(table, spec, state, out, now)


def rekey(table: Table, spec: GameSpec, state: Any, seat: int, prompt: Prompt, out: Outbox) -> None:
    """A secret question answered in several steps (an AUFRUHR! folder, filled token by
    token) whose buttons for `seat` changed with his answer (his last ★ is in it now):
    its buttons as they are now come with what he is told, so that he is not offered
    what would be refused. The first message's buttons still work (same step)."""
    for index, now in enumerate(waiting_prompts(spec, state)):
        if now.id == prompt.id and seat in now.seats:
            if _seen(now, seat) != _seen(prompt, seat):
                keyboard = _keyboard(table, index, now, out, (seat,))
                out.private_buttons.setdefault(table.seats[seat].user, []).extend(keyboard)
            return


def _seen(prompt: Prompt, seat: int) -> tuple[bool, ...]:
    """Which of `prompt`'s options `seat` is shown."""
    return tuple(seat not in o.hidden_from for o in prompt.options)


def offer_standing(table: Table, spec: GameSpec, before: Any, state: Any, out: Outbox) -> None:
    """A standing command that opened a standing prompt with buttons (a deal, which its
    mayors accept or decline): its buttons go under what the group is told, and the
    seats it names are called. They are named by the prompt's id, not by the step, so
    they work until everyone named has answered (bot/buttons.py)."""
    known = {p.id for p in spec.prompts(before)}
    for prompt in spec.prompts(state):
        if not prompt.standing or not prompt.options or prompt.id in known:
            continue
        row = tuple(
            Button(
                label=o.label if o.literal else out.text(o.label, **o.params),
                data=buttons.encode_standing(table.chat, prompt.id, i),
            )
            for i, o in enumerate(prompt.options)
        )
        out.group_buttons.append(row)
        table.standing_asked[prompt.id] = list(prompt.seats)
        call(table, list(prompt.seats), out)
        # the adapter tells us the message's id (Router.remember_status), to close it
        out.status_token = f"{STANDING}{prompt.id}"


def standing_open(table: Table, prompt_id: str) -> bool:
    spec = spec_of(table)
    return any(p.id == prompt_id for p in spec.prompts(state_of(spec, table)))


def close_standing(table: Table, spec: GameSpec, state: Any | None, out: Outbox) -> None:
    """The messages of standing prompts that are gone (a deal everyone it names has
    answered, or of a round that is over) lose their buttons. `state` None: all."""
    if not table.standing_messages and not table.standing_asked:
        return
    open_ids = {p.id for p in spec.prompts(state)} if state is not None else set()
    table.standing_asked = {k: v for k, v in table.standing_asked.items() if k in open_ids}
    for prompt_id, (message_id, text) in list(table.standing_messages.items()):
        if prompt_id not in open_ids:
            done = "\n".join([text, out.text("status.done")])
            out.edits.append(Reply(text=done, edit=message_id))
            del table.standing_messages[prompt_id]


def fold_into_status(table: Table, out: Outbox) -> bool:
    """Move the group lines said so far into the living status's text (True), when
    there is one and it has room."""
    if table.status_message is None or not out.group_lines or out.group_buttons:
        return False
    said = "\n".join(out.group_lines)
    if len(table.status_head) + len(said) + 1 >= MORPH_LIMIT:
        return False
    # Kept above the question: the question and its buttons stay at the bottom.
    log = "\n".join(filter(None, [table.status_log, said]))
    question = table.status_head[len(table.status_log) :].lstrip("\n")
    table.status_head = "\n".join(filter(None, [log, question]))
    table.status_log = log
    out.group_lines.clear()
    return True


def settle(
    table: Table, spec: GameSpec, state: Any, events: list[Event], out: Outbox, now: float
) -> None:
    """After a change: tell the events, keep the state, then announce or finish."""
    tell(table, events, out)
    table.set_game_state(state)
    outcome = spec.outcome(state)
    close_standing(table, spec, None if outcome is not None else state, out)
    if outcome is not None:
        finish(table, spec, state, outcome, out, now)
        return
    prompts = [p for p in spec.prompts(state) if not p.standing]
    ids = [p.id for p in prompts]
    if ids == table.prompt_ids:
        return
    table.step += 1
    table.prompt_ids, table.reminded = ids, False
    # A fresh token per step: deadlines are written in the same round trip as the table,
    # before we know the write wins; one written by a losing attempt names a token no
    # table ever holds, so it fires as a no-op. Old steps' deadlines likewise.
    table.step_token = f"{table.step}.{secrets.token_hex(4)}"
    announce(table, prompts, out, now)
    # The board stays in sight: once BOARD_DISTANCE new messages of ours stand below it,
    # the next step posts it anew under its question (the old one is deleted), changed
    # or not; else it is edited in place, and only when it changed.
    far = table.posts_since_board >= BOARD_DISTANCE
    show_board(table, spec, state, out, only_changed=not far, anew=far)


def tell(table: Table, events: list[Event], out: Outbox) -> None:
    for event in events:
        if event.to is None:
            out.group(event.key, **event.params)
        else:
            for seat in event.to:
                out.dm(table.seats[seat].user, event.key, **event.params)


def announce(table: Table, prompts: list[Prompt], out: Outbox, now: float) -> None:
    # A prompt that was open before keeps its deadline; a new one starts its own.
    kept = table.deadlines
    table.deadlines = {p.id: kept.get(p.id, now + p.deadline) for p in prompts if p.deadline}
    table.deadline_at = min(table.deadlines.values(), default=None)
    deadline = round(table.deadline_at - now) if table.deadline_at is not None else None
    asked = sorted({s for p in prompts for s in p.seats})
    if (
        table.status_message is not None
        and asked
        and (asked == table.asked or watching(table, asked, now))
        and len(table.status_log) + sum(len(line) + 1 for line in out.group_lines) < MORPH_LIMIT
    ):
        # The same seats are asked again (their turn goes on), or seats that answered a
        # moment ago and are watching: the status message they are looking at becomes
        # this step's, edited in place, with what happened kept above the new question.
        # Nobody needs to be called, so nothing is posted.
        out.morph = table.status_message
        log = [table.status_log, out.chosen or ""]
        out.group_lines[:0] = [line for line in log if line]
    else:
        retire_status(table, out)
    table.asked = asked
    told = len(out.group_lines)
    post_prompts(table, prompts, out)
    open_status(table, prompts, out, now, told)
    _schedule(table, prompts, deadline, out, now)


def watching(table: Table, seats: list[int], now: float) -> bool:
    """Whether every one of `seats` answered within WATCHING seconds, and the status
    message is still in sight: among the last messages of ours, and posted within
    WATCHING seconds (players' own talk, which not every platform shows us, pushes it
    up too: after a while a new message at the bottom calls them anyway)."""
    if table.posts_since_status > MORPH_BELOW or now - table.status_at > WATCHING:
        return False
    return all(now - table.answered_at.get(s, float("-inf")) <= WATCHING for s in seats)


def repost_prompts(table: Table, spec: GameSpec, out: Outbox, now: float) -> None:
    """The current prompts once more, with their live buttons (`/board`): a prompt lost
    on its way (a crash, a message scrolled away) can be answered again. The new
    message becomes the living status (with the time left); the old one loses its
    buttons. Nothing is scheduled anew."""
    prompts = waiting_prompts(spec, state_of(spec, table))
    retire_status(table, out, "status.moved")
    post_prompts(table, prompts, out)
    open_status(table, prompts, out, now)


# ----- the living status: one message per step, edited in place --------------------


def status_line(table: Table, waiting: list[int], out: Outbox, now: float) -> str:
    """Who has answered, whom we wait for, the time left: one line."""
    answered = [s for s in table.asked if s not in waiting]
    parts = [out.text("status.answered", seats=answered)] if answered else []
    parts.append(out.text("status.waiting", seats=waiting) if waiting else out.text("status.done"))
    if waiting and table.deadline_at:
        parts.append(out.text("status.time_left", seconds=max(0, round(table.deadline_at - now))))
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


def refresh_status(table: Table, spec: GameSpec, state: Any, out: Outbox, now: float) -> None:
    """An answer that leaves the step open: the living status is edited, nothing posted.
    Where its message is not known (yet), nothing is said."""
    if table.status_message is None:
        return
    prompts = waiting_prompts(spec, state)
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
    last = out.chosen if key == "status.done" and out.chosen else out.text(key)
    text = "\n".join(filter(None, [table.status_head, last]))
    out.edits.append(Reply(text=text, edit=table.status_message))
    table.status_message = None


def group_keyboard(
    table: Table, prompts: list[Prompt], out: Outbox
) -> tuple[list[tuple[Button, ...]], InputRequest | None]:
    """The group's buttons (and typed input) of the public prompts, as post_prompts
    puts them under the message."""
    rows: list[tuple[Button, ...]] = []
    request = None
    for index, prompt in enumerate(prompts):
        if not prompt.secret:
            rows.extend(_keyboard(table, index, prompt, out, prompt.seats))
            request = _input_request(table, index, prompt, out) or request
    return rows + secret_row(prompts, out), request


def post_prompts(table: Table, prompts: list[Prompt], out: Outbox) -> None:
    """Each prompt's question and buttons where they belong: in the group, or privately
    to its seats when its answers are secret."""
    for index, prompt in enumerate(prompts):
        params = {"seats": list(prompt.seats), **prompt.params}
        request = _input_request(table, index, prompt, out)
        if prompt.secret:
            # The question and its options may be private (a hand of cards): only the
            # prompted seats see them; the group learns whom we are waiting for (in
            # the living status).
            # (in the game's words for its kind where it has them: AUFRUHR!'s ballot
            # names /deal and /pay, the talk that goes on meanwhile)
            waiting = kind_key(out, [prompt], "secret_waiting", "prompt.secret_waiting")
            out.group(waiting, **params)
            # One question and one set of buttons, made once, for all its seats (six
            # bidders are asked the same): each seat is shown those not hidden from it.
            question, buttons_ = out.text(prompt.key, **params), _buttons(table, index, prompt, out)
            # Seats from whom the same options are hidden see the same rows, made once
            # (where none is hidden from anyone, one keyboard for all six bidders).
            hiding = [(i, o.hidden_from) for i, o in enumerate(prompt.options) if o.hidden_from]
            keyboards: dict[tuple[int, ...], list[tuple[Button, ...]]] = {}
            for seat in prompt.seats:
                user = table.seats[seat].user
                out.private.setdefault(user, []).append(question)
                unseen = tuple(i for i, h in hiding if seat in h) if hiding else ()
                keyboard = keyboards.get(unseen)
                if keyboard is None:
                    seen = [b for i, b in enumerate(buttons_) if i not in unseen]
                    keyboard = keyboards[unseen] = _in_rows(seen)
                out.private_buttons.setdefault(user, []).extend(keyboard)
                if request:
                    out.private_inputs[user] = request
        else:
            out.group(prompt.key, **params)
            out.group_buttons.extend(_keyboard(table, index, prompt, out, prompt.seats))
            out.group_input = request or out.group_input
    out.group_buttons.extend(secret_row(prompts, out))


def secret_row(prompts: list[Prompt], out: Outbox) -> list[tuple[Button, ...]]:
    """Under a secret prompt's group message, one button for whoever is asked: it opens
    their hand and their pending secret question where they are (/hand: on Discord an
    ephemeral answer in the channel, on Telegram the private chat again)."""
    secret = [p for p in prompts if p.secret]
    if not secret:
        return []
    label = kind_key(out, secret, "open", "prompt.open_secret")
    return [(Button(label=out.text(label), data=buttons.lobby("hand")),)]


def kind_key(out: Outbox, prompts: list[Prompt], stem: str, general: str) -> str:
    """A message key in the words of the prompts' kind, where the game's catalog has
    one (the id's first part: `aufruhr.open.vote` "🔒 Vote secretly",
    `aufruhr.open.folder` "🔒 Open my folder"); for a kind it does not name, or
    several kinds at once, the `general` key ("🔒 My secret answer")."""
    kinds = {p.id.split(":", 1)[0] for p in prompts}
    if len(kinds) == 1 and out.game:
        key = f"{out.game}.{stem}.{kinds.pop()}"
        if key in keys(out.lang):
            return key
    return general


def _keyboard(
    table: Table, index: int, prompt: Prompt, out: Outbox, viewers: tuple[int, ...]
) -> list[tuple[Button, ...]]:
    """The prompt's buttons for `viewers`: those not hidden from all of them."""
    return _rows(_buttons(table, index, prompt, out), prompt, viewers)


def _buttons(table: Table, index: int, prompt: Prompt, out: Outbox) -> list[Button]:
    """Every option's button, one for one."""
    options = prompt.options
    data = buttons.encode_options(table.chat, table.step_token, index, len(options))
    text = out.text
    return [
        Button(label=o.label if o.literal else text(o.label, **o.params), data=d)
        for o, d in zip(options, data, strict=True)
    ]


def _rows(
    every: list[Button], prompt: Prompt, viewers: tuple[int, ...]
) -> list[tuple[Button, ...]]:
    """The buttons of `_buttons` that `viewers` see, in rows."""
    seen = set(viewers)
    # (an option hidden from nobody is seen by any viewer: no set made of its empty tuple)
    return _in_rows(
        [
            b
            for b, option in zip(every, prompt.options, strict=True)
            if (not seen.issubset(option.hidden_from) if option.hidden_from else bool(seen))
        ]
    )


def _in_rows(row: list[Button]) -> list[tuple[Button, ...]]:
    # A phone shows about 3 long labels side by side before it cuts them short.
    per = 3 if any(len(b.label) > LONG_LABEL for b in row) else 4
    return [tuple(row[i : i + per]) for i in range(0, len(row), per)]


def _input_request(table: Table, index: int, prompt: Prompt, out: Outbox) -> InputRequest | None:
    spec = prompt.input
    if spec is None:
        return None
    return InputRequest(
        label=out.text(f"input.{spec.kind}"),
        kind=spec.kind,
        data=buttons.encode(table.chat, table.step_token, index, buttons.TYPED),
        min=spec.min,
        max=spec.max,
        max_length=spec.max_length,
    )


def _schedule(
    table: Table, prompts: list[Prompt], deadline: int | None, out: Outbox, now: float
) -> None:
    timeout, remind = deadlines.of_step(table)
    if deadline is not None and table.deadline_at is not None:
        out.schedule[timeout] = table.deadline_at
        if deadline >= REMIND_MIN_DEADLINE:
            out.schedule[remind] = now + deadline * REMIND_AT
    elif prompts:
        out.schedule[remind] = now + REMIND_WITHOUT_DEADLINE


def timeout(table: Table, token: str, out: Outbox, now: float) -> bool:
    """The deadline of this step passed: apply the game's timeout action for every silent seat."""
    if table.status != "playing" or table.step_token != token:
        return False
    spec = spec_of(table)
    state = state_of(spec, table)
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
    settle(table, spec, state, events, out, now)
    close_private(users, silent, out)
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


def close_private(users: list[str], seats: list[int], out: Outbox) -> None:
    """Tell the adapter that these seats' private prompt messages of an ended step are
    outdated: their buttons go (where the platform lets us edit them)."""
    for seat in seats:
        out.extra.append(Reply(pressed=out.text("status.outdated"), to=users[seat]))


def remind(table: Table, token: str, out: Outbox, now: float) -> bool:
    """Remind the silent seats once, by name."""
    if table.status != "playing" or table.step_token != token or table.reminded:
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
        # A seat asked only by a clock (Prompt.reminder_key) is reminded in its words.
        clocks: dict[str, list[int]] = {}
        for seat in waiting:
            keys = {p.reminder_key for p in asking if seat in p.seats}
            if len(keys) == 1 and (key := keys.pop()) is not None:
                clocks.setdefault(key, []).append(seat)
        for key, seats in clocks.items():
            out.group(key, seats=seats, seconds=seconds)
            for seat in seats:
                out.dm(table.seats[seat].user, key, seats=[seat], seconds=seconds)
        waiting = [s for s in waiting if not any(s in seats for seats in clocks.values())]
    if waiting and seconds is not None:
        out.group("prompt.reminder_deadline", seats=waiting, seconds=seconds)
        for seat in waiting:
            out.dm(table.seats[seat].user, "prompt.reminder_private_deadline", seconds=seconds)
    elif waiting:
        out.group("prompt.reminder", seats=waiting)
        for seat in waiting:
            out.dm(table.seats[seat].user, "prompt.reminder_private")
    if table.status_message is not None:  # under the question, until the step ends
        table.status_head = "\n".join([table.status_head, *out.group_lines])
        out.group_lines.clear()
        refresh_status(table, spec, state_of(spec, table), out, now)
    else:
        # No adapter ever told us it posted this step's question: it may never have
        # arrived (a table written before the durable outbox, a message the platform
        # refused, one dropped from a full outbox). The reminder asks it again, with
        # its live buttons, as /board would.
        prompts = waiting_prompts(spec, state_of(spec, table))
        post_prompts(table, prompts, out)
        open_status(table, prompts, out, now)
    return True


def finish(
    table: Table, spec: GameSpec, state: Any, outcome: Outcome, out: Outbox, now: float = 0.0
) -> None:
    retire_status(table, out)
    show_board(table, spec, state, out)
    out.group("game.over", game=spec.name(table.lang))
    place = 1  # (after two who share 2nd place comes the 4th: as games and sports count)
    for seats in outcome.ranking:
        score = outcome.scores.get(seats[0])
        if score is None:
            out.group("game.place", place=place, seats=list(seats))
        else:
            out.group("game.place_score", place=place, seats=list(seats), score=score)
        place += len(seats)
    if outcome.tiebreak is not None:  # why equal scores stand as they do
        out.group(outcome.tiebreak.key, **outcome.tiebreak.params)
    seats = [(s.user, s.name) for s in table.seats]
    if fame.enter(table.fame, spec, seats, outcome):
        assert outcome.record is not None
        record = out.text(outcome.record.key, **outcome.record.params)
        out.group("fame.new_best", seat=outcome.record.seat, record=record)
    if table.proof is not None:  # the seed, once nothing is left to hide
        game_proof.end(table.proof, state, now)
        proof = table.proof
        out.group("proof.revealed", seed=proof.seed, hash=proof.commitment[:16], end=proof.end)
    out.left.update(s.user for s in table.seats)
    out.menu = ""
    table.end_game()


def show_board(
    table: Table,
    spec: GameSpec,
    state: Any,
    out: Outbox,
    only_changed: bool = False,
    anew: bool = False,
) -> None:
    """Post the board; with `only_changed`, only if the public view changed since the
    board was last shown (a busy chat is not sent the same picture step after step);
    `anew`: as a new message at the bottom, the old one deleted."""
    view = spec.public_view(state)
    # (its JSON as `model_dump_json` writes it, as bytes: no str to encode again)
    digest = hashlib.blake2b(view.__pydantic_serializer__.to_json(view), digest_size=8).hexdigest()
    if only_changed and digest == table.board_digest:
        return
    table.board_digest = digest
    replaces = None
    if anew and table.board_message:
        replaces, table.board_message = table.board_message, None
    if table.board_message is None:  # posted anew (else edited where it stands)
        table.posts_since_board = 0
        table.posts_since_status += 1  # (below the status message of this step)
    label = board_label(out)
    text = board_text(spec.id, view, out.names, label)
    names = list(out.names)

    def svg() -> str | None:  # drawn only by adapters that show pictures
        # (`label` holds no `out`: no reference cycle through the reply)
        return board_svg(spec.id, view, names, label)

    title = told(label, "board.title", game=spec.name(table.lang))
    svg_or_none = svg if table.images else None
    out.extra.append(Reply(text=title, pre=text, svg=svg_or_none, board=True, replaces=replaces))


LABELS = 1024  # chats' languages, games and names at once


def board_label(out: Outbox) -> Callable[..., str]:
    """`out.text`, one function object for every board (and hand) of the same language,
    game and players' names (while the catalogs stay: `registry.version`): the renderers
    remember the lines it told them (render/boards.py `told`), and most lines of a board
    are the last board's."""
    return _labels[(out.lang, out.platform, out.game, tuple(out.names), registry.version())]


def _made_label(
    lang: str, platform: str, game: str, names: tuple[str, ...], _: int
) -> Callable[..., str]:
    return Outbox(lang=lang, platform=platform, game=game, names=list(names)).text


_labels: Memo[Callable[..., str]] = Memo(_made_label, LABELS)


def show_hand(table: Table, user: str, out: Outbox) -> None:
    if table.status != "playing":
        raise RuleError("error.not_started" if table.status == "lobby" else "error.no_game")
    seat = table.seat_of(user)
    if seat is None:
        raise RuleError("error.not_seated_running")
    spec = spec_of(table)
    view = spec.seat_view(state_of(spec, table), seat)
    label = board_label(out)  # (the renderers remember lines by label: never a command's own)
    text = private_text(spec.id, view, out.names, label)
    names = list(out.names)

    def svg() -> str | None:
        return private_svg(spec.id, view, names, label)

    title = out.text("hand.title", game=spec.name(table.lang))
    out.extra.append(Reply(text=title, to=user, pre=text, svg=svg if table.images else None))
    # A secret question still waiting for this seat is asked again, with its buttons:
    # one lost (a DM deleted, an ephemeral message gone) can always be answered.
    for index, prompt in enumerate(waiting_prompts(spec, state_of(spec, table))):
        if prompt.secret and seat in prompt.seats:  # after the hand, as a reply of its own
            question = out.text(prompt.key, **{"seats": list(prompt.seats), **prompt.params})
            keyboard = _keyboard(table, index, prompt, out, (seat,))
            request = _input_request(table, index, prompt, out)
            out.extra.append(Reply(text=question, to=user, buttons=tuple(keyboard), input=request))
