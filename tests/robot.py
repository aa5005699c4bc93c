"""Robot players: a whole game through an adapter, choosing random legal moves.

The robot reads the table the way the bot stored it, asks the engine which answers
are legal, and then acts as a person would: it presses the button the bot sent to
the right chat (the group, or the player's private chat for a secret prompt), or
types the value there. A button the bot never sent, or sent to the wrong chat, fails
the game — which is the point: every real game must be playable through every
adapter, not just the test game.
"""

import asyncio
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bot.chat import commands
from bot.table import buttons, play
from bot.table.model import Table
from rules import registry
from rules.core.errors import RuleError
from rules.core.protocol import GameSpec, Prompt

# The player counts a game is played at through each fake platform, with the options
# that keep it short. A registered game missing here is played at its smallest player
# count with its default options, through both platforms: a new game is played there
# the moment it exists. (These are slow tests: a new entry adds at most one count.)
PLAYS: dict[str, dict[str, list[tuple[int, str]]]] = {
    "auktion": {"telegram": [(3, "rounds=2")], "discord": [(3, "rounds=2")]},
    "einsistkeins_karten": {"telegram": [(2, ""), (5, "")], "discord": [(2, ""), (5, "")]},
    # one event card (none with five mayors): a round and the last one
    "aufruhr": {
        platform: [(n, f"events={0 if n == 5 else 1} deadline=60") for n in (4, 5, 6)]
        for platform in ("telegram", "discord")
    },
    # Bohei: closing time after 8 rounds bounds a robots' game that never reaches 7.
    "bohei": {"telegram": [(3, "closing=8")], "discord": [(4, "closing=8")]},
    "einsistkeins": {
        "telegram": [(1, "deadline=60")],
        "discord": [(2, "deadline=60"), (4, "deadline=60")],
    },
    # one inhibition each (a short game), two players and a referee
    "tube": {platform: [(3, "inhibitions=1 referee=1")] for platform in ("telegram", "discord")},
}


def robot_games(platform: str) -> list[Any]:
    """(game, players, options) for every registered game, the test games too."""
    return [
        pytest.param(game.id, players, options, id=f"{game.id}-{players}")
        for game in registry.all_games()
        for players, options in PLAYS.get(game.id, {}).get(platform, [(game.min_players, "")])
    ]


@dataclass(frozen=True)
class Move:
    seat: int
    secret: bool
    data: str | None  # the button's payload, or None for a typed value
    typed: str | None = None  # the text typed (a number or free text)
    command: str | None = None  # the prompt's command, for typed moves
    input_data: str | None = None  # the payload of the prompt's typed input (Discord modal)


def legal_moves(table: Table, rng: random.Random) -> list[Move]:
    """Every option the engine accepts now, plus one typed value per typed prompt."""
    spec: GameSpec = registry.get(table.game)  # type: ignore[assignment]
    state = spec.state.model_validate(table.state)
    moves = []
    for index, prompt in enumerate(play.waiting_prompts(spec, state)):
        for seat in prompt.seats:
            for i, option in enumerate(prompt.options):
                if _legal(spec, state, seat, option.action):
                    data = button(table, seat, index, i)
                    moves.append(Move(seat, prompt.secret, data))
            if prompt.input is not None and (typed := _typed(spec, state, seat, prompt, rng)):
                data = button(table, seat, index, buttons.TYPED)
                moves.append(Move(seat, prompt.secret, None, typed, prompt.command, data))
    return moves


def button(table: Table, seat: int, index: int, option: int) -> str:
    """The payload of the button `seat` holds for `option` of prompt `index`: a private
    question unchanged since an earlier step was not sent again, and its buttons carry
    that step (bot/table/keyboards.py `carry`)."""
    held = table.carried.get(seat)
    if held is not None:
        for then, now in held.at.items():
            if now == index:
                return buttons.encode(table.chat, held.token, then, option)
    return buttons.encode(table.chat, table.step_token, index, option)


def _legal(spec: GameSpec, state: Any, seat: int, answer: Any) -> bool:
    try:
        spec.apply(state, seat, spec.parse_action(answer))
    except RuleError:
        return False
    return True


def _typed(spec: GameSpec, state: Any, seat: int, prompt: Prompt, rng: random.Random) -> str:
    """A legal value for a typed prompt, found by trying a few ('' if none was)."""
    assert prompt.input is not None
    if prompt.input.kind == "text":
        tries: list[Any] = ["Zollverein", "Café", "1"]
    else:
        low = prompt.input.min if prompt.input.min is not None else 0
        high = prompt.input.max if prompt.input.max is not None else low + 100
        step = prompt.input.multiple_of or 1
        tries = sorted({rng.randrange(low, high + 1, step) for _ in range(5)} | {low})
    for value in tries:
        if _legal(spec, state, seat, prompt.input.fill(value)):
            return str(value)
    return ""


Act = Callable[[Table, Move], Awaitable[None]]


async def play_out(
    load: Callable[[], Awaitable[Table | None]], act: Act, seed: int, max_moves: int = 2000
) -> int:
    """Random legal moves until the game ends; returns the number of moves made."""
    rng = random.Random(seed)
    for made in range(max_moves):
        table = await load()
        assert table is not None
        if table.status != "playing":
            return made
        moves = legal_moves(table, rng)
        assert moves, f"nobody can move in {table.game} at step {table.step}"
        move = rng.choice(moves)
        before = (table.step, table.state)
        await act(table, move)
        for _ in range(1000):  # the adapter works in tasks of its own
            after = await load()
            if after is None or (after.step, after.state) != before or after.status != "playing":
                break
            await asyncio.sleep(0.005)
        else:
            raise AssertionError(f"{move} changed nothing")
    raise AssertionError(f"no end after {max_moves} moves")


# ----- how a robot acts through each fake platform (the tests' and the bench's) ----------


def latest_with(fake: Any, chat: int, data: str) -> int | None:
    """The newest message in a fake Telegram `chat` carrying a button with `data`."""
    for message_id in sorted(fake.sent, reverse=True):
        message = fake.sent[message_id]
        if message["chat"]["id"] != chat:
            continue
        for row in message.get("reply_markup", {}).get("inline_keyboard", []):
            if any(b.get("callback_data") == data for b in row):
                return message_id
    return None


def find(world: Any, channels: set[str], wanted: str) -> tuple[dict, str, str | None] | None:
    """The newest message in fake Discord `channels` offering `wanted` (button data): the
    message, the custom id to use, and the select value (None for a button)."""
    for message in sorted(world.fake.messages.values(), key=lambda m: -int(m["id"])):
        if message["channel_id"] not in channels:
            continue
        for row in message["components"]:
            for c in row["components"]:
                if c.get("custom_id") == wanted:
                    return message, wanted, None
                if c.get("custom_id", "").endswith(f":{wanted}"):  # the modal opener
                    return message, c["custom_id"], None
                if any(o["value"] == wanted for o in c.get("options", [])):
                    return message, c["custom_id"], wanted
    return None


def slash_options(verb: str, typed: str) -> dict[str, Any]:
    """A typed answer as the options of the verb's slash command: its first declared
    word (a number as an integer), or the one line of text of an undeclared verb."""
    declared = next((v.options for v in commands.verbs() if v.name == verb), ())
    if not declared:
        return {"value": typed}
    first = declared[0]
    return {first.name: int(typed) if first.kind == "integer" else typed}


Think = Callable[[], Awaitable[None]]


def telegram_act(fake: Any, users: list[tuple[int, str]], think: Think | None = None) -> Act:
    """A robot's move through the fake Telegram: a press of the button the bot sent to
    the right chat, a command typed in the group, or text typed privately."""
    from tests.fake_telegram import GROUP, until

    async def act(table: Table, move: Move) -> None:
        if think is not None:
            await think()
        user, name = users[move.seat]
        chat = user if move.secret else GROUP
        if move.data is not None:
            await until(lambda: latest_with(fake, chat, move.data), timeout=30)
            fake.press(user, name, latest_with(fake, chat, move.data), move.data)
        elif move.command and not move.secret:
            fake.say(user, name, f"/{move.command} {move.typed}", chat=chat)
        else:
            fake.say(user, name, move.typed or "", chat=chat)

    return act


def discord_act(
    world: Any, users: list[tuple[int, str]], thread: int, think: Think | None = None
) -> Act:
    """A robot's move through the fake Discord: buttons, select menus and modals in the
    game's thread or the player's DMs, or the verb's slash command with its options."""

    async def act(table: Table, move: Move) -> None:
        if think is not None:
            await think()
        fake = world.fake
        user, name = users[move.seat]
        dm = fake.dm_channel(user)
        where: dict[str, Any] = {"channel": thread, "thread": True}
        channels = {str(thread)}
        if move.secret and dm is not None:
            channels.add(str(dm))
        if move.data is not None:
            found = find(world, channels, move.data)
            assert found, f"no button {move.data} for {name}"
            message, custom_id, value = found
            if message["channel_id"] != str(thread):
                where = {"channel": int(message["channel_id"]), "guild": None}
            if value is None:
                await world.feed(fake.press(message, custom_id, user, name, **where))
            else:
                await world.feed(fake.choose(message, custom_id, value, user, name, **where))
        elif move.secret or not move.command:
            found = find(world, channels, move.input_data or "")
            assert found, f"no input for {name}"
            message, opener, _ = found
            if message["channel_id"] != str(thread):
                where = {"channel": int(message["channel_id"]), "guild": None}
            press = fake.press(message, opener, user, name, **where)
            await world.feed(press)
            modal = fake.answers(press)[0].body["data"]["custom_id"]
            typed = move.typed or ""
            await world.feed(fake.submit(modal, typed, user, name, message=message, **where))
        else:
            options = slash_options(move.command, move.typed or "")
            await world.feed(fake.typed_command(move.command, user, name, options, **where))

    return act
