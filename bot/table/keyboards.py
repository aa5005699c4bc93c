"""A step's questions as messages: each prompt's question, buttons and typed input, in
the group or privately to its seats when its answers are secret."""

from collections.abc import Collection

from bot.i18n import keys
from bot.replies import Button, InputRequest, Reply
from bot.table import buttons
from bot.table.model import Carried, Table
from bot.table.outbox import Outbox
from rules.core.protocol import Option, Prompt

LONG_LABEL = 12  # characters: a keyboard with a longer label has 3 buttons a row


def group_keyboard(
    table: Table, prompts: list[Prompt], out: Outbox
) -> tuple[list[tuple[Button, ...]], InputRequest | None]:
    """The group's buttons (and typed input) of the public prompts, as post_prompts
    puts them under the message."""
    rows: list[tuple[Button, ...]] = []
    request = None
    for index, prompt in enumerate(prompts):
        if not prompt.secret:
            rows.extend(prompt_keyboard(table, index, prompt, out, prompt.seats))
            request = input_request(table, index, prompt, out) or request
    return rows + secret_row(prompts, out), request


def post_prompts(
    table: Table, prompts: list[Prompt], out: Outbox, quiet: Collection[int] = ()
) -> None:
    """Each prompt's question and buttons where they belong: in the group, or privately
    to its seats when its answers are secret (but to the `quiet` seats, who hold it
    already: `carry`)."""
    for index, prompt in enumerate(prompts):
        params = {"seats": list(prompt.seats), **prompt.params}
        request = input_request(table, index, prompt, out)
        if prompt.secret:
            # The question and its options may be private (a hand of cards): only the
            # prompted seats see them; the group learns whom we are waiting for (in
            # the living status).
            # (in the game's words for its kind where it has them: AUFRUHR!'s ballot
            # names /deal and /pay, the talk that goes on meanwhile)
            general = "prompt.secret_waiting" + ("_one" if len(prompt.seats) == 1 else "")
            waiting = kind_key(out, [prompt], "secret_waiting", general)
            out.group(waiting, **params)
            # One question and one set of buttons, made once, for all its seats (six
            # bidders are asked the same): each seat is shown those not hidden from it.
            question, buttons_ = out.text(prompt.key, **params), _buttons(table, index, prompt, out)
            # Seats from whom the same options are hidden see the same rows, made once
            # (where none is hidden from anyone, one keyboard for all six bidders).
            hiding = [(i, o.hidden_from) for i, o in enumerate(prompt.options) if o.hidden_from]
            keyboards: dict[tuple[int, ...], list[tuple[Button, ...]]] = {}
            for seat in prompt.seats:
                if seat in quiet:
                    continue
                user = table.seats[seat].user
                out.private.setdefault(user, []).extend([question, *noted(prompt, seat, out)])
                unseen = tuple(i for i, h in hiding if seat in h) if hiding else ()
                keyboard = keyboards.get(unseen)
                if keyboard is None:
                    every = zip(buttons_, prompt.options, strict=True)
                    seen = [pair for i, pair in enumerate(every) if i not in unseen]
                    keyboard = keyboards[unseen] = _laid_out(seen)
                out.private_buttons.setdefault(user, []).extend(keyboard)
                if request:
                    out.private_inputs[user] = request
        else:
            out.group(prompt.key, **params)
            out.group_buttons.extend(prompt_keyboard(table, index, prompt, out, prompt.seats))
            out.group_input = request or out.group_input
            for seat in sorted({s for note in prompt.notes for s in note.to or ()}):
                out.private.setdefault(table.seats[seat].user, []).extend(noted(prompt, seat, out))
    out.group_buttons.extend(secret_row(prompts, out))


def noted(prompt: Prompt, seat: int, out: Outbox) -> list[str]:
    """The prompt's private notes for `seat` (`Prompt.notes`), told with its question
    wherever it is asked or asked again."""
    return [out.text(n.key, **n.params) for n in prompt.notes if seat in (n.to or ())]


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


def prompt_keyboard(
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
    return _laid_out(
        [
            (b, option)
            for b, option in zip(every, prompt.options, strict=True)
            if (not seen.issubset(option.hidden_from) if option.hidden_from else bool(seen))
        ]
    )


def _laid_out(shown: list[tuple[Button, Option]]) -> list[tuple[Button, ...]]:
    """The answers' buttons in rows, then the menus' (`Option.menu`) on rows of their
    own: a keyboard does not mix what answers with what only opens more buttons."""
    answers = _in_rows([b for b, option in shown if not option.menu])
    return answers + _in_rows([b for b, option in shown if option.menu])


def _in_rows(row: list[Button]) -> list[tuple[Button, ...]]:
    # A phone shows about 3 long labels side by side before it cuts them short.
    per = 3 if any(len(b.label) > LONG_LABEL for b in row) else 4
    return [tuple(row[i : i + per]) for i in range(0, len(row), per)]


def input_request(table: Table, index: int, prompt: Prompt, out: Outbox) -> InputRequest | None:
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


def rekey(table: Table, prompts: list[Prompt], seat: int, prompt: Prompt, out: Outbox) -> None:
    """A secret question answered in several steps (an AUFRUHR! folder, filled token by
    token) whose buttons for `seat` changed with his answer (his last ★ is in it now):
    its buttons as they are now come with what he is told, so that he is not offered
    what would be refused (`prompts`: those waiting now). The first message's buttons
    still work (same step)."""
    for index, now in enumerate(prompts):
        if now.id == prompt.id and seat in now.seats:
            if _seen(now, seat) != _seen(prompt, seat):
                keyboard = prompt_keyboard(table, index, now, out, (seat,))
                out.private_buttons.setdefault(table.seats[seat].user, []).extend(keyboard)
            return


def _seen(prompt: Prompt, seat: int) -> tuple[bool, ...]:
    """Which of `prompt`'s options `seat` is shown."""
    return tuple(seat not in o.hidden_from for o in prompt.options)


def carry(table: Table, before: list[Prompt], now: list[Prompt]) -> None:
    """At a new step: the seats whose private questions are all as they were (`before`,
    the last step's prompts; `now`, this one's) keep the messages they hold, which are
    neither closed nor sent again, and whose buttons still answer (`carried_index`).
    Another player's answer that changes the step (one of two discarders done) would
    else send the other the very same question again with every step. A seat with one
    question changed, gone or new is asked anew (a platform closes a player's private
    questions all at once: Telegram's `PrivateChats.close`)."""
    same = {i: now.index(p) for i, p in enumerate(before) if p.secret and p in now}
    kept: dict[int, Carried] = {}
    for seat in sorted({s for p in now if p.secret for s in p.seats}):
        mine = [i for i, p in enumerate(before) if p.secret and seat in p.seats]
        if not mine or any(i not in same for i in mine):
            continue
        if sorted(same[i] for i in mine) != [
            j for j, p in enumerate(now) if p.secret and seat in p.seats
        ]:
            continue
        held = table.carried.get(seat)  # sent at an earlier step still, or at the last one
        if held is not None:
            kept[seat] = Carried(
                token=held.token, at={k: same[i] for k, i in held.at.items() if i in same}
            )
        else:
            kept[seat] = Carried(token=table.step_token, at={i: same[i] for i in mine})
    table.carried = kept


def carried_index(table: Table, user: str, step: str, index: int) -> int | None:
    """Where prompt `index` of step `step`, whose button `user` pressed, stands now:
    None for a button of an earlier step unless it is that player's question carried
    over unchanged (`carry`)."""
    if step == table.step_token:
        return index
    seat = table.seat_of(user)
    held = table.carried.get(seat) if seat is not None else None
    return held.at.get(index) if held is not None and held.token == step else None


def close_private(users: list[str], seats: list[int], out: Outbox) -> None:
    """Tell the adapter that these seats' private prompt messages of an ended step are
    outdated: their buttons go (where the platform lets us edit them)."""
    for seat in seats:
        out.extra.append(Reply(pressed=out.text("status.outdated"), to=users[seat]))
