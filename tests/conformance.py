"""The conformance checks every registered game runs (STYLE.md 16a), by tests/test_conformance.py.

`playout(spec, …)` plays random prompted answers to the end and checks at every step:
- setup and apply are deterministic, apply never mutates its input, a refused action
  changes nothing, the state survives a JSON round trip, whole and as a table stores it
  (without its defaults: a union's tags must stay, rules.core.protocol.Tagged);
- every seat that no waiting prompt asks is refused (standing prompts such as `/pay`
  are open to everyone and so are left out of "asked");
- privacy: nothing a game declares secret (`GameSpec.secrets`) appears in the public
  view or in a public event (see `leaks`), and a seat view is not the public view type;
- the game's own invariants (`GameSpec.invariants`) hold;
- the game ends within `max_moves` answers.
`replay` re-runs a recorded game from its seed and answers.
"""

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from hypothesis import strategies as st
from pydantic import BaseModel

from bot.table.model import stored_from, stored_state
from rules.core.errors import RuleError
from rules.core.protocol import Event, GameSpec, Prompt, Secrets, payload

T = TypeVar("T")


class Draw(Protocol):
    """Where a playout's random choices come from: hypothesis (`Drawn`, so a failure
    shrinks) or a seeded `random.Random` (`Seeded`, for a deliberate failure's proof)."""

    def choice(self, items: Sequence[T]) -> T: ...
    def integer(self, low: int, high: int) -> int: ...
    def text(self, max_size: int) -> str: ...


class Drawn:
    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choice(self, items: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(items))

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))

    def text(self, max_size: int) -> str:
        return self.data.draw(st.text(min_size=1, max_size=max_size))


class Seeded:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choice(self, items: Sequence[T]) -> T:
        return self.rng.choice(list(items))

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def text(self, max_size: int) -> str:
        return "".join(self.rng.choice("abc xyzäö1") for _ in range(self.rng.randint(1, 12)))


@dataclass
class Record:
    seed: int
    players: int
    options: Any
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    final: Any = None


def options_for(spec: GameSpec, data: st.DataObject) -> BaseModel:
    """The game's options, each bounded integer field drawn within its declared bounds
    (`Field(ge=…, le=…)`), the rest left at their defaults."""
    values: dict[str, Any] = {}
    for name, info in spec.options.model_fields.items():
        low = high = None
        for m in info.metadata:
            low = getattr(m, "ge", low)
            high = getattr(m, "le", high)
        if info.annotation is int and low is not None and high is not None:
            values[name] = data.draw(st.one_of(st.just(info.default), st.integers(low, high)))
    return spec.options(**values)


def candidate_actions(prompt: Prompt, draw: Draw) -> dict[str, Any]:
    """A random answer to a prompt: one of its options, or a typed value in range."""
    choices: list[dict[str, Any]] = [payload(o.action) for o in prompt.options]
    if prompt.input is not None:
        spec = prompt.input
        if spec.kind == "number":
            low = spec.min if spec.min is not None else -5
            high = spec.max if spec.max is not None else low + 50
            value: Any = draw.integer(low, high)
        else:
            value = draw.text(spec.max_length)
        choices.append(spec.fill(value))
    return draw.choice(choices)


def playout(
    spec: GameSpec,
    players: int,
    options: Any,
    seed: int,
    draw: Draw | st.DataObject,
    max_moves: int = 5000,
) -> Record:
    if isinstance(draw, st.DataObject):
        draw = Drawn(draw)
    state = spec.setup(players, options, seed)
    assert spec.setup(players, options, seed) == state, "setup is not deterministic"
    record = Record(seed, players, options)
    events: list[Event] = spec.opening(state) if spec.opening else []
    previous = state
    for _ in range(max_moves):
        _check_state(spec, state, players, events, previous)
        if spec.outcome(state) is not None:
            break
        prompts = spec.prompts(state)
        waiting = [p for p in prompts if not p.standing]
        assert waiting, "a running game must wait for somebody"
        _check_unprompted(spec, state, players, waiting)
        # Standing prompts (a payment, a deal) are open all the time: taken now and then,
        # they are tried without keeping the game from its end.
        standing = [p for p in prompts if p.standing]
        prompt = draw.choice(standing if standing and draw.integer(0, 9) == 0 else waiting)
        seat = draw.choice(prompt.seats)
        answer = candidate_actions(prompt, draw)
        before = state.model_dump_json()
        try:
            new, events = spec.apply(state, seat, spec.parse_action(answer))
        except RuleError:
            assert state.model_dump_json() == before, "a refused action changed the state"
            events = []
            continue
        assert state.model_dump_json() == before, "apply mutated its input"
        again, events_again = spec.apply(state, seat, spec.parse_action(answer))
        assert again == new and events_again == events, "apply is not deterministic"
        assert spec.state.model_validate_json(new.model_dump_json()) == new, "JSON round trip"
        record.moves.append((seat, answer))
        previous, state = state, new
    assert spec.outcome(state) is not None, f"no end after {max_moves} moves"
    record.final = state
    return record


def replay(spec: GameSpec, record: Record) -> Any:
    state = spec.setup(record.players, record.options, record.seed)
    for seat, answer in record.moves:
        state, _ = spec.apply(state, seat, spec.parse_action(answer))
    return state


def _check_state(
    spec: GameSpec, state: Any, players: int, events: list[Event], previous: Any
) -> None:
    """Views, secrets and invariants of `state`, reached from `previous` by a step that
    told `events`; and its round trip as a table stores it (bot/table/model.py)."""
    stored = stored_state(state)
    assert spec.state.model_validate_json(stored) == state, f"stored as {stored!r}"
    # as a large state is written: from the pieces of the state before, or without them
    alone, pieces = stored_from(state, None, None)
    assert json.loads(alone) == json.loads(stored), f"written in pieces as {alone!r}"
    if previous is not None:  # the state before as it was, and as parsed from Redis
        read, kept = stored_from(previous, None, None)
        for before in (previous, spec.state.model_validate_json(read)):
            again, pieces_again = stored_from(state, before, kept)
            assert again == alone, f"written from pieces as {again!r}"
            assert pieces_again == pieces, "the pieces kept differ from those written anew"
    public = spec.public_view(state)
    for seat in range(players):
        assert type(spec.seat_view(state, seat)) is not type(public), "a seat view is public"
    secrets = spec.secrets(state)
    assert set(secrets) <= set(range(players)), "secrets are declared per seat"
    found = leaks(public.model_dump(mode="json"), secrets)
    assert not found, f"public view shows secrets: {found}"
    # An event is told during its step, so it is checked against what was secret then:
    # the step's end, less a card that was another seat's secret when the step began.
    # One step can play a card (telling it), shuffle the discard pile into the draw pile
    # and deal that card to another player (Bohei): not a leak; nor when it is dealt back
    # to the seat that played it (`dealt_back`). A card drawn from a pile and told, or a
    # hand card told, is still caught.
    before = spec.secrets(previous)
    during = dealt_back(_moved_out(before, secrets), before, events)
    for e in events:
        if e.public:
            found = leaks(_jsonable(e.params), during)
            assert not found, f"public event {e.key} shows secrets: {found}"
    assert "rng" not in json.dumps(public.model_dump(mode="json")), "the PRNG is visible"
    if spec.invariants is not None:
        spec.invariants(state)


def _check_unprompted(spec: GameSpec, state: Any, players: int, waiting: list[Prompt]) -> None:
    """Every answer a waiting prompt offers is refused from a seat nobody asked."""
    asked = {s for p in waiting for s in p.seats}
    answers = [o.action for p in waiting for o in p.options]
    answers += [
        p.input.fill(p.input.min or 0 if p.input.kind == "number" else "x")
        for p in waiting
        if p.input is not None
    ]
    for seat in sorted(set(range(players)) - asked):
        for action in answers[:8]:
            try:
                spec.apply(state, seat, spec.parse_action(action))
            except RuleError:
                continue
            raise AssertionError(f"seat {seat}, not asked, was allowed {action!r}")


def leaks(shown: Any, secrets: Secrets) -> list[str]:
    """Where `shown` (a public view or event, as JSON) holds a declared secret.

    A secret that is text (a card, a word) or a collection of texts is looked for in
    every value shown, whatever its name: a card id can mean only that card. A number
    or a flag is looked for under its own name (`bid` also in `bids`, `bids_by_seat`):
    a bare 30 could be anybody's score, but `bids: {"2": 30}` is seat 2's sealed bid.
    """
    found = []
    texts = {
        (seat, name, text)
        for seat, named in secrets.items()
        for name, value in named.items()
        for text in _texts(value)
    }
    for path, value in _leaves(shown, ()):
        for seat, name, text in texts:
            if value == text:
                found.append(f"{'.'.join(path)} = seat {seat}'s {name}")
    for seat, named in secrets.items():
        for name, value in named.items():
            if _texts(value):
                continue
            for path, shown_value in _named(shown, name, (), None):
                mine = _for_seat(shown_value, seat)
                if mine is not _ABSENT and mine == _jsonable(value):
                    found.append(f"{'.'.join(path)} = seat {seat}'s {name}")
    return found


_ABSENT = object()


def _moved_out(before: Secrets, after: Secrets) -> Secrets:
    """`after`, without the texts that were another seat's secret in `before`."""
    elsewhere = {
        (seat, text)
        for seat, named in before.items()
        for value in named.values()
        for text in _texts(value)
    }
    out: dict[int, dict[str, Any]] = {}
    for seat, named in after.items():
        out[seat] = {}
        for name, value in named.items():
            texts = _texts(value)
            if not texts:
                out[seat][name] = value
                continue
            moved = {t for t in texts if any(s != seat and t == x for s, x in elsewhere)}
            kept = [v for v in ([value] if isinstance(value, str) else value) if v not in moved]
            out[seat][name] = kept
    return out


def dealt_back(during: Secrets, before: Secrets, events: list[Event]) -> Secrets:
    """`during`, without the texts a seat held when the step began and was dealt in it
    (told to that seat alone): it played one, told publicly, and drew the same card back
    (Bohei: the discard pile shuffled into the draw pile) or another copy of it. Bohei,
    8 players, seed 1264: seat 2 plays a draw2, the pile is reshuffled, and it draws a
    draw2 — the public event told the card played, not the one drawn."""
    dealt: dict[int, set[str]] = {}
    for e in events:
        if e.to is not None and len(e.to) == 1:
            told = {v for _, v in _leaves(_jsonable(e.params), ()) if isinstance(v, str)}
            dealt.setdefault(e.to[0], set()).update(told)
    out: dict[int, dict[str, Any]] = {}
    for seat, named in during.items():
        held = {t for value in before.get(seat, {}).values() for t in _texts(value)}
        again = dealt.get(seat, set()) & held
        out[seat] = {}
        for name, value in named.items():
            if not again or not _texts(value):
                out[seat][name] = value
                continue
            out[seat][name] = [
                v for v in ([value] if isinstance(value, str) else value) if v not in again
            ]
    return out


def _texts(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if len(value) >= 2 else set()
    if isinstance(value, list | tuple | set | frozenset) and all(isinstance(v, str) for v in value):
        return {v for v in value if len(v) >= 2}
    return set()


def _leaves(value: Any, path: tuple[str, ...]):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, str(k)))
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, str(i)))
    else:
        yield path, value


def _named(value: Any, name: str, path: tuple[str, ...], key: str | None):
    """Every value shown under a key that is `name` or starts with it."""
    if key is not None and key.startswith(name):
        yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _named(v, name, (*path, str(k)), str(k))
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            if isinstance(v, dict | list | tuple):
                yield from _named(v, name, (*path, str(i)), None)


def _for_seat(shown: Any, seat: int) -> Any:
    """The seat's own entry of a per-seat value (a list by seat, a dict keyed by seat),
    or the value itself when it is one value."""
    if isinstance(shown, list):
        return shown[seat] if seat < len(shown) else _ABSENT
    if isinstance(shown, dict):
        return shown.get(str(seat), _ABSENT)
    return shown


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=lambda v: v.model_dump(mode="json")))
