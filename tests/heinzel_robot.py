"""A robot that plays Die Heinzelmännchen von Köln to win, and whole games through the
chat adapters with it.

`aiming` walks to the nearest field it still needs (an unvisited shop, then the
Schneider), plays Zweimal Würfeln when that is more than six steps away and Tunnel when
a tunnel field is at least four steps nearer to it, and always plays the Nachtwächter
card. Random robots (tests/robot.py) wander for about 270 turns a game with four
players; this one ends a game in about 20–40 (bench/heinzel_length.py), which keeps
whole games through Telegram and Discord quick.
"""

import asyncio
import random
from collections import deque
from collections.abc import Awaitable, Callable
from functools import cache

from bot.table import buttons
from bot.table.model import Table
from rules.core.protocol import Prompt
from rules.heinzel import SPEC
from rules.heinzel.board import board, field
from rules.heinzel.data import CRAFTS, SCHNEIDER
from rules.heinzel.model import Action, Go, Guard, PlayTunnel, PlayTwice, Roll, State, Stay
from tests.robot import Act, Move


@cache
def distance(a: int) -> tuple[int, ...]:
    """Steps from `a` to every field (shops pass as walls except as the goal)."""
    near = board().neighbours
    dist = [-1] * len(near)
    dist[a] = 0
    todo = deque([a])
    while todo:
        u = todo.popleft()
        if u != a and field(u).craft:
            continue
        for v in near[u]:
            if dist[v] < 0:
                dist[v] = dist[u] + 1
                todo.append(v)
    return tuple(dist)


def goals(state: State, seat: int) -> list[int]:
    taken = state.taken[seat]
    need = [c for c in CRAFTS if c not in taken]
    return [board().shops[c] for c in need] if need else [board().shops[SCHNEIDER]]


def gap(here: int, state: State, seat: int) -> int:
    return min(distance(g)[here] for g in goals(state, seat))


def aiming(state: State, prompt: Prompt, rng: random.Random) -> Action:
    seat = prompt.seats[0]
    actions = [o.action for o in prompt.options]
    here = state.pos[seat]
    if state.phase == "start":
        tunnels = board().tunnels
        best = min(tunnels, key=lambda t: gap(t, state, seat))
        if any(isinstance(a, PlayTunnel) for a in actions) and gap(best, state, seat) + 4 <= gap(
            here, state, seat
        ):
            return PlayTunnel()
        if any(isinstance(a, PlayTwice) for a in actions) and gap(here, state, seat) > 6:
            return PlayTwice()
        return Roll()
    if state.phase == "guard":
        return Guard(play=True)
    goes = [a for a in actions if isinstance(a, Go)]
    if state.phase == "jump":
        goes.append(Go(to=field(here).id))
    best = min(goes, key=lambda a: gap(board().by_id[a.to], state, seat))
    if state.phase == "jump" and best.to == field(here).id:
        return Stay()
    return best


async def play_aiming(
    load: Callable[[], Awaitable[Table | None]], act: Act, seed: int, max_moves: int = 400
) -> int:
    """Like tests/robot.py's `play_out`, with `aiming` choosing: it presses the button of
    its choice, and types `/go <place>` for every fifth move."""
    rng = random.Random(seed)
    for made in range(max_moves):
        table = await load()
        assert table is not None
        if table.status != "playing":
            return made
        state = SPEC.state.model_validate(table.state)
        prompt = SPEC.prompts(state)[0]
        action = aiming(state, prompt, rng)
        seat = prompt.seats[0]
        index = next(i for i, o in enumerate(prompt.options) if o.action == action)
        if isinstance(action, Go) and made % 5 == 4:
            typed = field(board().by_id[action.to]).name
            data = buttons.encode(table.chat, table.step_token, 0, buttons.TYPED)
            move = Move(seat, False, None, typed, prompt.command, data)
        else:
            move = Move(seat, False, buttons.encode(table.chat, table.step_token, 0, index))
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
