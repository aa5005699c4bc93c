"""Who must decide what now: the one place that says it, used by `apply` to refuse
unasked seats and by the bot to ask. Interruptions come first (a Bohei call, a foul vote,
a reaction window, discards owed), then the turn; the group-message check and `/foul`
stand open all the time."""

from typing import Any

from rules.bohei import challenges, rules_board, turn
from rules.bohei.data import card, named
from rules.bohei.model import (
    Answer,
    CallBohei,
    CastVote,
    Chat,
    ChooseRule,
    ChooseSeat,
    ChooseSlot,
    Claim,
    Discard,
    DrawChoice,
    Foul,
    Guess,
    Judge,
    PlayCard,
    Press,
    React,
    Reward,
    Roll,
    Sign,
    State,
    Word,
)
from rules.bohei.reactions import blocking, reverses
from rules.bohei.violations import exempt
from rules.core.protocol import FreeInput, Option, Prompt

REWARDS = (
    (2, "draw_two"),
    (1, "draw_one"),
    (0, "nothing"),
    (-1, "discard_one"),
    (-2, "discard_two"),
)
SIGNS = ("rock", "paper", "scissors")
CHAT_LIMIT = 4096  # Telegram's longest message: ordinary chatter is never refused as too long


def card_option(instance: str, action: Any) -> Option:
    """A button naming a card in the chat's language (the names are data)."""
    return Option(label="bohei.button.card", params=named(instance), action=action)


def seat_option(seat: int, action: Any) -> Option:
    return Option(label="bohei.button.seat", params={"seat": seat}, action=action)


def prompts(state: State) -> list[Prompt]:
    if state.phase == "over":
        return []
    r = state.options.reaction
    if state.phase == "starter":
        return [
            Prompt(
                id="starter",
                seats=tuple(range(state.players)),
                key="bohei.prompt.starter",
                options=(Option(label="bohei.button.me", action=Claim()),),
                deadline=r * 3,
                timeout_key="bohei.timeout.starter",
            ),
            # (the commands open all the time are open here too: a `/guess 5` gets the
            # game's reason, not "answer with a button")
            *_standing(state),
        ]
    out = [_bohei(state, s) for s in state.bohei_open]
    if state.vote is not None:
        v = state.vote
        out.append(
            Prompt(
                id=f"vote:{v.serial}",
                seats=v.votes.waiting,
                key="bohei.prompt.vote",
                params={"accused_seat": v.accused, "reporter_seat": v.by},
                options=(
                    Option(label="bohei.button.foul_yes", action=CastVote(yes=True)),
                    Option(label="bohei.button.foul_no", action=CastVote(yes=False)),
                ),
                deadline=r,
                timeout_key="bohei.timeout.vote",
            )
        )
    if blocking(state):
        out += _reactions(state)
    else:
        out += _turn(state)
    return out + _standing(state)


def _bohei(state: State, seat: int) -> Prompt:
    return Prompt(
        id=f"bohei:{seat}:{state.bohei_serial}",
        seats=(seat,),
        key="bohei.prompt.bohei",
        options=(Option(label="bohei.button.bohei", action=CallBohei()),),
        deadline=state.options.reaction,
        timeout_key="bohei.timeout.bohei",
    )


def _reactions(state: State) -> list[Prompt]:
    r = state.options.reaction
    if state.window is not None:
        w = state.window
        options = [Option(label="bohei.button.noe", action=React(choice="noe"))]
        reversible = all(reverses(p) for p in w.batch if p.seat in w.answers.asked)
        if reversible:
            options.append(Option(label="bohei.button.opposite", action=React(choice="reverse")))
        options.append(Option(label="bohei.button.accept", action=React(choice="accept")))
        return [
            Prompt(
                id=f"react:{w.batch[0].batch}",
                seats=w.answers.waiting,
                key="bohei.prompt.react" if reversible else "bohei.prompt.react_penalty",
                options=tuple(options),
                deadline=r,
                timeout_key="bohei.timeout.react",
            )
        ]
    return [
        Prompt(
            id=f"discard:{seat}:{owed}",
            seats=(seat,),
            key="bohei.prompt.discard",
            params={"count": owed},
            options=tuple(card_option(c, Discard(card=c)) for c in state.hands[seat]),
            secret=True,
            deadline=r,
            timeout_key="bohei.timeout.discard",
        )
        for seat, owed in sorted(state.owed.items())
    ]


def _turn(state: State) -> list[Prompt]:
    seat, pid = state.turn, f"turn:{state.turns}:{state.phase}"

    def ask(
        key: str, options: tuple[Option, ...], secret: bool = False, to: int = seat
    ) -> list[Prompt]:
        # Every decision of a turn has its clock: silence takes the default (engine.timeout).
        return [
            Prompt(
                id=pid,
                seats=(to,),
                key=key,
                options=options,
                secret=secret,
                deadline=state.options.turn,
            )
        ]

    match state.phase:
        case "draw":
            options = (
                Option(label="bohei.button.draw", action=DrawChoice(take=True)),
                Option(label="bohei.button.no_draw", action=DrawChoice(take=False)),
            )
            return ask("bohei.prompt.draw", options)
        case "rule":
            options = tuple(
                card_option(c, ChooseRule(card=c)) for c in rules_board.rule_cards(state, seat)
            )
            return ask("bohei.prompt.rule", options, secret=True)
        case "slot":
            options = tuple(_slot_option(state, i) for i in rules_board.slot_choices(state))
            key = (
                "bohei.prompt.close"
                if card(state.placing or "").slot == "close"
                else "bohei.prompt.slot"
            )  # type: ignore[union-attr]
            return ask(key, options)
        case "play":
            options = tuple(card_option(c, PlayCard(card=c)) for c in turn.playable(state, seat))
            options += (Option(label="bohei.button.nothing", action=PlayCard(card=None)),)
            return ask("bohei.prompt.play", options, secret=True)
        case "target":
            options = tuple(
                seat_option(s, ChooseSeat(seat=s)) for s in range(state.players) if s != seat
            )
            return ask("bohei.prompt.target", options)
        case "question":
            options = (
                Option(label="bohei.button.yes", action=Answer(yes=True)),
                Option(label="bohei.button.no", action=Answer(yes=False)),
            )
            return [
                Prompt(
                    id=pid,
                    seats=state.question.waiting,
                    key="bohei.prompt.question",
                    options=options,
                    deadline=state.options.reaction,
                    timeout_key="bohei.timeout.question",
                )
            ]
        case "challenge":
            return _challenge(state)
        case "reward":
            assert state.reward is not None
            options = tuple(
                Option(label=f"bohei.button.reward_{word}", action=Reward(delta=d))
                for d, word in REWARDS
            )
            return ask("bohei.prompt.reward", options, to=state.reward)
    return []


def _slot_option(state: State, i: int) -> Option:
    rule = state.slots[i].rule
    if rule is None:
        return Option(
            label="bohei.button.empty_slot", params={"slot": i + 1}, action=ChooseSlot(slot=i)
        )
    names = named(rule)
    return Option(
        label="bohei.button.slot", params={"slot": i + 1, **names}, action=ChooseSlot(slot=i)
    )


def _challenge(state: State) -> list[Prompt]:
    ch = state.challenge
    assert ch is not None
    c = challenges.spec(state)
    t = state.options.challenge
    pid = f"ch:{state.challenges}:{ch.round}:{ch.stage}"
    if c.game in ("race", "go"):
        # Everyone still in is asked at once: a player knocked out makes a new prompt
        # (asked anew without them, not shown as having answered; the clock restarts).
        pid += f":{len(ch.seats)}"
    if ch.stage in ("opponent", "third"):
        options = tuple(seat_option(s, ChooseSeat(seat=s)) for s in challenges.choices(state))
        return [
            Prompt(
                id=pid,
                seats=(ch.by,),
                key=f"bohei.prompt.{ch.stage}",
                options=options,
                deadline=state.options.turn,  # a choice of the player's turn, as a target is
            )
        ]
    timeout_key = "bohei.timeout.challenge"
    seats = challenges.asked(state)  # one source of who is asked (challenges.forfeit)
    match c.game:
        case "dice":
            options = (Option(label="bohei.button.roll", action=Roll()),)
            return [
                Prompt(
                    id=pid,
                    seats=seats,
                    key="bohei.prompt.roll",
                    options=options,
                    deadline=t,
                    timeout_key=timeout_key,
                )
            ]
        case "rps":
            options = tuple(
                Option(label=f"bohei.button.{word}", action=Sign(sign=i))
                for i, word in enumerate(SIGNS)
            )  # type: ignore[arg-type]
            return [
                Prompt(
                    id=pid,
                    seats=seats,
                    key="bohei.prompt.sign",
                    options=options,
                    secret=True,
                    deadline=t,
                    timeout_key=timeout_key,
                )
            ]
        case "guess":
            entry = FreeInput(kind="number", field="number", action=Guess(number=1), min=1, max=20)
            return [
                Prompt(
                    id=pid,
                    seats=seats,
                    key="bohei.prompt.guess",
                    input=entry,
                    secret=True,
                    command="guess",
                    deadline=t,
                    timeout_key=timeout_key,
                )
            ]
        case "race":
            entry = FreeInput(kind="text", field="text", action=Word(text="-"), max_length=100)
            return [
                Prompt(
                    id=pid,
                    seats=seats,
                    key="bohei.prompt.race",
                    input=entry,
                    command="word",
                    deadline=t,
                    timeout_key=timeout_key,
                )
            ]
        case "chain":
            entry = FreeInput(kind="text", field="text", action=Word(text="-"), max_length=100)
            params = {"letter": ch.letter.upper()}
            return [
                Prompt(
                    id=f"{pid}:{len(ch.used)}:{ch.chain_turn}",
                    seats=seats,
                    key="bohei.prompt.chain",
                    params=params,
                    input=entry,
                    command="word",
                    deadline=t,
                    timeout_key=timeout_key,
                )
            ]
        case "go":
            options = (Option(label="bohei.button.press", action=Press()),)
            ready = ch.stage == "ready"
            key = "bohei.prompt.ready" if ready else "bohei.prompt.go"
            # "Ready": the deadline is the moment of "GO"; nobody is timed out by it.
            return [
                Prompt(
                    id=pid,
                    seats=seats,
                    key=key,
                    options=options,
                    deadline=ch.go_after if ready else t,
                    timeout_key="bohei.timeout.ready" if ready else timeout_key,
                )
            ]
        case "judged":
            assert ch.third is not None
            options = tuple(seat_option(s, Judge(winner=s)) for s in ch.seats)
            options += (Option(label="bohei.button.tie", action=Judge(winner=None)),)
            params = {"a_seat": ch.seats[0], "b_seat": ch.seats[1]}
            return [
                Prompt(
                    id=pid,
                    seats=seats,
                    key="bohei.prompt.judge",
                    params=params,
                    options=options,
                    deadline=t * 2,
                    timeout_key="bohei.timeout.judge",
                )
            ]
    return []


def _standing(state: State) -> list[Prompt]:
    """The group-message check (for seats the active checked rules bind, and for a typed
    "Bohei"); `/foul` and `/bohei` all the time, and `/word`, `/guess` while no challenge asks for
    them: the game's own refusal ("No rule is active.") says why, where the bot could
    only say whom the table waits for."""
    out = []
    checked = [r for r in rules_board.active(state) if rules_board.checked(state, r)]
    bound = set(range(state.players)) - exempt(state) if checked else set()
    chatting = tuple(sorted(bound | set(state.bohei_open)))
    if chatting:
        entry = FreeInput(
            kind="text",
            field="text",
            action=Chat(text="-"),
            max_length=CHAT_LIMIT,
            names_seats=True,
        )
        out.append(
            Prompt(id="chat", seats=chatting, key="bohei.prompt.chat", input=entry, standing=True)
        )
    everyone = tuple(range(state.players))
    entry = FreeInput(
        kind="text", field="text", action=Foul(text="-"), max_length=200, names_seats=True
    )
    out.append(
        Prompt(
            id="foul",
            seats=everyone,
            key="bohei.prompt.foul",
            input=entry,
            command="foul",
            standing=True,
        )
    )
    # `/bohei`, the call as a command: a player who knows the rule book types it, and a
    # platform that does not deliver ordinary messages (Discord without the Message
    # Content intent) still hears it. When no call is due the game says so.
    call = FreeInput(kind="text", field="note", action=CallBohei(), max_length=200, min_length=0)
    out.append(
        Prompt(
            id="call",
            seats=everyone,
            key="bohei.command.bohei",
            input=call,
            command="bohei",
            standing=True,
        )
    )
    idle = {
        "word": FreeInput(kind="text", field="text", action=Word(text="-"), max_length=100),
        "guess": FreeInput(kind="number", field="number", action=Guess(number=1)),
    }
    for command, entry in idle.items():
        if challenges.typed_with(state) != command:
            out.append(
                Prompt(
                    id=f"idle:{command}",
                    seats=everyone,
                    key=f"bohei.command.{command}",
                    input=entry,
                    command=command,
                    standing=True,
                )
            )
    return out
