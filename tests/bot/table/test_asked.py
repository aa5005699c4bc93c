"""A game's prompts are computed once a state within a command, and again in the next
(bot/table/asked.py)."""

import asyncio
import contextvars
from dataclasses import replace

from adapters.console.__main__ import run_script
from bot.table import asked
from rules import registry
from tests.fixtures.paths import TRANSCRIPTS


class State:
    def __init__(self, n: int) -> None:
        self.n = n


def counted() -> tuple[object, list[int]]:
    calls: list[int] = []

    def prompts(state: State) -> list[int]:
        calls.append(state.n)
        return [state.n, state.n + 1]

    return asked.remembered(prompts), calls  # type: ignore[arg-type]


def in_a_context(fn):  # each test its own context, as each update's task has
    return contextvars.copy_context().run(fn)


def test_within_a_command_each_state_is_asked_once_however_many_states():
    def run() -> None:
        prompts, calls = counted()
        asked.a_command()
        states = [State(n) for n in range(300)]  # (more than any bounded cache held)
        for _ in range(3):
            for state in states:
                assert prompts(state) == [state.n, state.n + 1]
        assert calls == list(range(300))

    in_a_context(run)


def test_the_next_command_asks_again():
    def run() -> None:
        prompts, calls = counted()
        state = State(7)
        asked.a_command()
        prompts(state), prompts(state)
        asked.a_command()
        prompts(state)
        assert calls == [7, 7]

    in_a_context(run)


def test_outside_a_command_every_ask_is_computed():
    def run() -> None:
        prompts, calls = counted()
        state = State(1)
        prompts(state), prompts(state)
        assert calls == [1, 1]

    in_a_context(run)


def test_a_caller_changing_its_list_changes_nobody_elses():
    def run() -> None:
        prompts, _ = counted()
        asked.a_command()
        state = State(1)
        prompts(state).append(99)
        assert prompts(state) == [1, 2]

    in_a_context(run)


def test_a_state_freed_within_a_command_cannot_lend_its_id_to_another():
    def run() -> None:
        prompts, calls = counted()
        asked.a_command()
        for n in range(50):  # each dropped by the caller at once
            assert prompts(State(n)) == [n, n + 1]
        assert calls == list(range(50))

    in_a_context(run)


def test_commands_running_side_by_side_keep_their_own_memos():
    prompts, calls = counted()
    shared = State(5)

    async def command(pause: float) -> None:
        asked.a_command()
        prompts(shared)
        await asyncio.sleep(pause)
        prompts(shared)  # the other command began meanwhile: its memo is not this one's

    async def both() -> None:
        await asyncio.gather(command(0.02), command(0.01))

    asyncio.run(both())
    assert calls == [5, 5]


async def test_a_whole_game_asks_each_state_once_a_command_and_plays_as_its_transcript(
    monkeypatch,
):
    spec = registry.get("aufruhr")
    asks: list[object] = []  # the states asked for, a None where a command begins

    def prompts(state: object) -> list:
        asks.append(state)
        return spec.prompts(state)

    counting, real_get = replace(spec, prompts=prompts), registry.get
    monkeypatch.setattr(
        registry, "get", lambda game: counting if game == spec.id else real_get(game)
    )
    real_begin = asked.a_command
    monkeypatch.setattr(asked, "a_command", lambda: (asks.append(None), real_begin()))

    script = TRANSCRIPTS / "aufruhr_4p.txt"
    lines: list[str] = []
    await run_script(script.read_text().splitlines(), seed=1, write=lines.append)

    assert "\n".join(lines) + "\n" == script.with_suffix(".out").read_text()
    commands, states = asks.count(None), [s for s in asks if s is not None]
    assert commands > 100 and states
    seen: list[int] = []
    for state in asks:
        if state is None:
            seen = []
        else:
            assert id(state) not in seen, "a state's prompts computed twice in one command"
            seen.append(id(state))
