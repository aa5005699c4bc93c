"""A game's prompts are computed once per state for as long as the state lives, however
many tables are busy in between (bot/table/lobby.py `_Remembered`)."""

import gc

from bot.table.lobby import _Remembered


class State:
    def __init__(self, n: int) -> None:
        self.n = n


def counted() -> tuple[_Remembered, list[int]]:
    asked: list[int] = []

    def prompts(state: State) -> list[int]:
        asked.append(state.n)
        return [state.n, state.n + 1]

    return _Remembered(prompts), asked


def test_the_states_of_many_busy_tables_are_each_asked_once():
    remembered, asked = counted()
    states = [State(n) for n in range(300)]  # the states of 300 tables, each asked in turn
    for _ in range(3):
        for state in states:
            assert remembered(state) == [state.n, state.n + 1]
    assert asked == list(range(300))


def test_a_caller_changing_its_list_changes_nobody_elses():
    remembered, _ = counted()
    state = State(1)
    remembered(state).append(99)
    assert remembered(state) == [1, 2]


def test_a_freed_state_is_forgotten_and_a_new_one_is_asked_anew():
    remembered, asked = counted()
    for n in range(50):  # each freed at once (a new object, often at the same address)
        assert remembered(State(n)) == [n, n + 1]
    gc.collect()
    assert asked == list(range(50))
    assert remembered.known == {}  # nothing kept for a state that is gone
