"""Robot games against a bot process killed every few seconds (issue 17), for both
platforms' crash tests (tests/test_crash_resume.py: a Telegram webhook worker,
tests/test_discord_crash.py: a Discord shard process).

A robot presses only buttons the bot really sent, and waits for one at most PATIENCE
seconds; a button that never comes leaves its step to the game's deadline, counted as a
forced timeout. A press that changed nothing within a few seconds was lost with a killed
process, and is made again, as a person would. The platform's side — how a robot finds
the message with its button and how the press reaches the process — is the test's.
"""

import asyncio
import contextlib
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.chat.router import Router
from bot.table.model import Table
from tests.robot import Move, legal_moves

PATIENCE = 12.0  # seconds a robot waits for a button before leaving it to the deadline


@dataclass
class Figures:
    games: int = 0
    moves: int = 0
    forced: int = 0  # buttons that never came: the step went to its deadline
    pressed_again: int = 0  # presses lost with a killed process, made again
    kills: int = 0
    kept_at_kills: int = 0  # replies waiting in the games' outboxes at the kills, in all
    seconds: float = 0.0


async def until(check: Callable[[], Any], timeout: float) -> bool:
    """Whether `check()` came true within `timeout` seconds (looked at every 50 ms)."""
    end = time.monotonic() + timeout
    while not check():
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.05)
    return True


class Robots:
    """One game's table as the robots read it from Redis, and its moves."""

    def __init__(self, router: Router, platform: str, chat: str) -> None:
        self.router, self.platform, self.chat = router, platform, chat

    async def table(self) -> Table | None:
        return await self.router.table(self.platform, self.chat)

    async def changed(self, before: tuple, timeout: float) -> bool:
        """Whether the game moved on from `before` (`mark`) within `timeout` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            now = await self.table()
            if now is not None and mark(now) != before:
                return True
            await asyncio.sleep(0.05)
        return False

    async def play(
        self,
        rng: random.Random,
        figures: Figures,
        offered: Callable[[Table, Move], Any],
        press: Callable[[Table, Move, Any], Awaitable[None]],
        pressed: asyncio.Event,
        deadline: float,
    ) -> None:
        """Random legal presses until the game ends: `offered(table, move)` finds the
        message carrying the move's button (None while there is none), `press(table,
        move, found)` presses it."""
        while (current := await self.table()) is not None and current.status == "playing":
            before = mark(current)
            move = rng.choice([m for m in legal_moves(current, rng) if m.data is not None])
            if not await until(lambda: offered(current, move), PATIENCE):  # noqa: B023
                figures.forced += 1  # never came: the deadline moves the game on
                assert await self.changed(before, deadline + 60), "stuck for good"
                continue
            await press(current, move, offered(current, move))
            pressed.set()
            figures.moves += 1
            if not await self.changed(before, 3.0):
                figures.pressed_again += 1  # lost with a killed process: again


def mark(table: Table) -> tuple:
    """What a move changes: the game's status, step and state."""
    return table.status, table.step, table.state


async def killer(
    kills: int,
    every: float,
    rng: random.Random,
    up: asyncio.Event,
    pressed: asyncio.Event,
    kill: Callable[[], Awaitable[None]],
    figures: Figures,
) -> None:
    """`every` seconds after the process came up (`up` set), it dies a moment after it
    took a press: after its write, while what the write says may wait to go. `kill`
    kills it, clears `up` and starts the next one."""
    for _ in range(kills):
        await up.wait()
        await asyncio.sleep(every)
        pressed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(pressed.wait(), 2.0)  # (else at once)
        await asyncio.sleep(rng.uniform(0.01, 0.15))
        await kill()
        figures.kills += 1


def nothing_forced(control: Figures, killed: Figures, kills: int) -> None:
    """What a run with `kills` kills must show against the control run without: every
    kill made, the games played on, and no button more left to a deadline."""
    print(f"\ncontrol: {control}\nkilled:  {killed}")
    assert killed.kills == kills
    assert control.moves > control.games * 4 and killed.moves > killed.games * 4
    assert killed.forced == control.forced
