"""The conformance checks every game runs: random legal playouts (STYLE.md 16a).

`playout(spec, …)` plays random prompted answers to the end and checks, at every
step: determinism, the input state untouched, a JSON round trip, unprompted seats
refused, nothing of any seat's private view leaking into the public view's JSON,
and that the game ends. `replay` re-runs a recorded game from its seed.
"""

import json
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

from rules.core.errors import RuleError
from rules.core.protocol import GameSpec, Prompt


@dataclass
class Record:
    seed: int
    players: int
    options: Any
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    final: Any = None


def candidate_actions(prompt: Prompt, data: st.DataObject) -> dict[str, Any]:
    """A random answer to a prompt: one of its options, or a typed value in range."""
    choices: list[dict[str, Any]] = [dict(o.action) for o in prompt.options]
    if prompt.input is not None:
        spec = prompt.input
        if spec.kind == "number":
            low = spec.min if spec.min is not None else -5
            high = spec.max if spec.max is not None else low + 50
            value = data.draw(st.integers(low, high))
        else:
            value = data.draw(st.text(min_size=1, max_size=spec.max_length))
        choices.append({**spec.action, spec.field: value})
    return data.draw(st.sampled_from(choices))


def playout(
    spec: GameSpec, players: int, options: Any, seed: int, data: st.DataObject, max_moves: int = 500
) -> Record:
    state = spec.setup(players, options, seed)
    assert spec.setup(players, options, seed) == state, "setup is not deterministic"
    record = Record(seed, players, options)
    for _ in range(max_moves):
        if spec.outcome(state) is not None:
            break
        prompts = spec.prompts(state)
        assert prompts, "a running game must prompt somebody"
        _check_views(spec, state, players)
        prompted = {s for p in prompts for s in p.seats}
        for seat in set(range(players)) - prompted:
            try:
                spec.apply(state, seat, spec.parse_action(dict(prompts[0].options[0].action)))
            except RuleError:
                pass
            else:
                raise AssertionError(f"unprompted seat {seat} was allowed to act")
        prompt = data.draw(st.sampled_from(prompts))
        seat = data.draw(st.sampled_from(prompt.seats))
        payload = candidate_actions(prompt, data)
        before = state.model_dump_json()
        try:
            new, events = spec.apply(state, seat, spec.parse_action(payload))
        except RuleError:
            assert state.model_dump_json() == before, "a refused action changed the state"
            continue
        assert state.model_dump_json() == before, "apply mutated its input"
        again, events_again = spec.apply(state, seat, spec.parse_action(payload))
        assert again == new and events_again == events, "apply is not deterministic"
        assert spec.state.model_validate_json(new.model_dump_json()) == new, "JSON round trip"
        record.moves.append((seat, payload))
        state = new
    assert spec.outcome(state) is not None, f"no end after {max_moves} moves"
    record.final = state
    return record


def replay(spec: GameSpec, record: Record) -> Any:
    state = spec.setup(record.players, record.options, record.seed)
    for seat, payload in record.moves:
        state, _ = spec.apply(state, seat, spec.parse_action(payload))
    return state


def _check_views(spec: GameSpec, state: Any, players: int) -> None:
    public = spec.public_view(state)
    public_json = json.loads(public.model_dump_json())
    assert "rng" not in json.dumps(public_json), "the PRNG must not be visible"
    for seat in range(players):
        private = spec.seat_view(state, seat)
        assert type(private) is not type(public), "seat and public views must differ in type"
