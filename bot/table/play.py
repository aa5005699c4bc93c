"""Running a game on a table: start it, apply answers, tell players, announce prompts
(their messages: bot/table/keyboards.py, and the living status, bot/table/status.py; what their
deadlines do: bot/table/timeouts.py).

Group lines come only from public events and from who-is-asked; a prompt whose
answers are secret is shown, with its options, only privately to its seats.
"""

import hashlib
import secrets
from collections.abc import Callable, Iterator
from typing import Any

from pydantic import BaseModel

from bot.proof import games as game_proof
from bot.replies import Button, Reply
from bot.table import buttons, deadlines, fame
from bot.table.keyboards import (
    carry,
    close_private,
    input_request,
    post_prompts,
    prompt_keyboard,
    rekey,
)
from bot.table.lobby import rematch_of, spec_of
from bot.table.model import Table
from bot.table.outbox import Outbox
from bot.table.standing import close_standing, offer_standing
from bot.table.status import (
    MORPH_LIMIT,
    fits,
    fold_into_status,
    open_status,
    refresh_status,
    retire_status,
    watching,
)
from render.boards import board_svg, board_text, private_svg, private_text, told
from rules import registry
from rules.core.errors import GameError, RuleError
from rules.core.memo import Memo
from rules.core.protocol import Event, GameSpec, Option, Outcome, Prompt

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
REMIND_AT = 0.75  # of a deadline: the one reminder comes when three quarters have passed
REMIND_MIN_DEADLINE = 20  # seconds; shorter deadlines get no reminder
REMIND_WITHOUT_DEADLINE = 600  # seconds until a prompt without deadline is reminded


def state_of(spec: GameSpec, table: Table) -> Any:
    return table.game_state(spec.state)


def start(
    table: Table,
    spec: GameSpec,
    seed: int,
    out: Outbox,
    now: float,
    reads_chat: bool = True,
    nonce: bytes = b"",  # the unguessable rest of the game's seed (bot/proof/games.py)
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
    return sorted({s for p in waiting_prompts(spec, state) for s in p.seats})


def _typed_as(
    spec: GameSpec, before: Any, seat: int, prompt: Prompt, action: Any, after: Any
) -> Option | str | None:
    """What a typed answer to an open prompt of one seat chose, for its status ("✓ anna: Heumarkt"
    rather than "everyone has answered" after one player's move): the button that does the
    same (`/go heum` is the Heumarkt's button), shown by its label as its press would be,
    also where it stands behind a menu (`/go kenningt` is Kennington's button in the
    Northern line's); else the typed value as it was written (said in the group already,
    as an open prompt's answers are)."""
    assert prompt.input is not None
    for option in _answers(spec, before, seat, prompt):
        try:
            if spec.apply(before, seat, option.action)[0] == after:  # (apply is pure)
                return option
        except GameError:
            continue
    value = getattr(action, prompt.input.field, None)
    if isinstance(value, list | tuple):
        value = ", ".join(str(v) for v in value)
    if value is None or str(value) == "":
        return None
    return str(value)


def _answers(spec: GameSpec, before: Any, seat: int, prompt: Prompt) -> Iterator[Option]:
    """The buttons of `prompt` that answer it, then those its menus open (one level: a
    menu's way back opens nothing new); `_typed_as` tries each on the state as it was."""
    yield from (o for o in prompt.options if not o.menu)
    for menu in (o for o in prompt.options if o.menu):
        try:
            opened = spec.apply(before, seat, menu.action)[0]
        except GameError:
            continue
        for asked in spec.prompts(opened):
            if seat in asked.seats and not asked.standing and not asked.secret:
                yield from (o for o in asked.options if not o.menu)


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
        # too: its cost only for the one that matches; a turn may offer twenty buttons)
        kind, fields = type(action), action.__dict__
        chosen: Option | str | None = next(
            (
                o
                for o in prompt.options
                if type(o.action) is kind and o.action.__dict__ == fields and o.action == action
            ),
            None,
        )
        if chosen is None and prompt.input is not None and prompt.seats == (seat,):
            chosen = _typed_as(spec, before, seat, prompt, action, state)
        if isinstance(chosen, str):
            out.chosen = out.text("status.chose", seat=seat, choice=chosen)
        elif chosen is not None and chosen.menu:
            # A menu opened answers nothing: the same question comes with other buttons,
            # and a status message that cannot take them says so ("asked again below").
            out.closing = "status.moved"
        elif chosen is not None:
            label = chosen.label if chosen.literal else out.text(chosen.label, **chosen.params)
            out.chosen = out.text("status.chose", seat=seat, choice=label)
    step, users = table.step, [s.user for s in table.seats]  # (a game over clears seats)
    if not prompt.standing:
        table.answered_at[seat] = now
    was, waits = waiting(spec, before), waiting(spec, state)
    answered = set() if prompt.standing else {seat}
    if out.chosen is None and (set(was) - answered) & set(waits):
        # A seat of this step that has not answered is asked still (a typed "Bohei" or a
        # /foul vote ended the step, not the answers): not "everyone has answered".
        out.closing = "status.moved"
    settle(table, spec, state, events, out, now, before)
    if table.step != step or table.status != "playing":
        # the others' private prompts of the step (or of the game) are outdated now, but
        # for those that stand unchanged (keyboards.carry)
        kept = table.carried
        close_private(users, [s for s in was if s != seat and s not in kept], out)
    if prompt.standing and table.status == "playing":
        offer_standing(table, spec, before, state, out)
    elif prompt.secret and table.step == step and table.status == "playing":
        rekey(table, waiting_prompts(spec, state), seat, prompt, out)
    if table.step == step and table.status == "playing":
        # What an answer within an open step tells the group ("not quite, 2 tries left",
        # "Anna: no") goes into the living status, above its last line, instead of a
        # message of its own. A standing command's (a payment) is posted: it is talk
        # between players, not the step's.
        folded = fold_into_status(table, out, now) if not prompt.standing else False
        if folded or waits != was:
            # Who has answered shows in the living status, edited in place: no new
            # message. A step of a multi-step secret answer (a token put into a folder)
            # changes nothing.
            refresh_status(table, waiting_prompts(spec, state), out, now)


def standing_open(table: Table, prompt_id: str) -> bool:
    spec = spec_of(table)
    return any(p.id == prompt_id for p in spec.prompts(state_of(spec, table)))


def settle(
    table: Table,
    spec: GameSpec,
    state: Any,
    events: list[Event],
    out: Outbox,
    now: float,
    before: Any = None,
) -> None:
    """After a change from `before` (None: the game's start): tell the events, keep the
    state, then announce or finish."""
    tell(table, events, out)
    table.set_game_state(state)
    outcome = spec.outcome(state)
    close_standing(table, spec, None if outcome is not None else state, out)
    if outcome is not None:
        table.carried = {}
        finish(table, spec, state, outcome, out, now)
        return
    prompts = waiting_prompts(spec, state)
    ids = [p.id for p in prompts]
    if ids == table.prompt_ids:
        return
    table.step += 1
    table.prompt_ids, table.reminded = ids, False
    carry(table, waiting_prompts(spec, before) if before is not None else [], prompts)
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
    told = len(out.group_lines)  # what happened; the question follows
    post_prompts(table, prompts, out, table.carried)
    log = [line for line in (table.status_log, out.chosen or "") if line]
    if (
        table.status_message is not None
        and asked
        and (asked == table.asked or watching(table, asked, now))
        and len(table.status_log) + sum(len(line) + 1 for line in out.group_lines[:told])
        < MORPH_LIMIT
        and fits(table, asked, [*log, *out.group_lines], out, now)
    ):
        # The same seats are asked again (their turn goes on), or seats that answered a
        # moment ago and are watching: the status message they are looking at becomes
        # this step's, edited in place, with what happened kept above the new question.
        # Nobody needs to be called, so nothing is posted.
        out.morph = table.status_message
        out.group_lines[:0] = log
        told += len(log)
    else:
        retire_status(table, out)
    table.asked = asked
    open_status(table, prompts, out, now, told)
    _schedule(table, prompts, deadline, out, now)


def repost_prompts(table: Table, spec: GameSpec, out: Outbox, now: float) -> None:
    """The current prompts once more, with their live buttons (`/board`): a prompt lost
    on its way (a crash, a message scrolled away) can be answered again. The new
    message becomes the living status (with the time left); the old one loses its
    buttons. Nothing is scheduled anew."""
    prompts = waiting_prompts(spec, state_of(spec, table))
    retire_status(table, out, "status.moved")
    table.carried = {}  # everyone's question is sent anew, with this step's buttons
    post_prompts(table, prompts, out)
    open_status(table, prompts, out, now)


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
    if outcome.unplaced and outcome.unplaced_key:
        out.group(outcome.unplaced_key, seats=list(outcome.unplaced))
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
    rematch = rematch_of(table, spec)
    table.end_game()
    table.again = rematch  # the end's button: the same game and players, in a new lobby
    again = Button(label=out.text("again.button"), data=buttons.lobby("again", rematch.token))
    out.group_buttons.append((again,))


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
            keyboard = prompt_keyboard(table, index, prompt, out, (seat,))
            request = input_request(table, index, prompt, out)
            out.extra.append(Reply(text=question, to=user, buttons=tuple(keyboard), input=request))
