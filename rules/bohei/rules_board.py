"""The rule board: at most two active rules (one more with the extension card, one fewer
for each slot closed), which rule replaces which, and which rules the bot checks."""

from rules.bohei.data import RuleCard, card, named
from rules.bohei.deck import take_from_hand
from rules.bohei.model import Slot, State
from rules.core.errors import RuleError
from rules.core.protocol import Event


def rule_cards(state: State, seat: int) -> list[str]:
    """The rule cards `seat` could activate now (a rule needs an open slot; the
    extension can always be built)."""
    open_slots = [s for s in state.slots if s.closed_by is None]
    return [
        c
        for c in state.hands[seat]
        if isinstance(card(c), RuleCard) and (open_slots or card(c).slot == "open")
    ]


# How much a rule card changes the board by its `slot` effect: an ordinary rule ends when
# replaced, the extension stays, a closed slot is closed for good.
CHANGE = {None: 0, "open": 1, "close": 2}


def mildest(instances: list[str]) -> str:
    """The rule card that changes the board least, the first held among equals: what a
    silent player activates (engine.timeout; NOTES.md, "silent turns")."""
    return min(instances, key=lambda c: CHANGE[card(c).slot])  # type: ignore[union-attr]


def checked(state: State, instance: str) -> bool:
    """Whether the bot checks this rule on group messages (the table's `checks` option)."""
    rule = card(instance)
    if not isinstance(rule, RuleCard) or rule.check is None:
        return False
    chosen = state.options.checks
    return chosen == "all" or (chosen != "none" and rule.id in chosen.split(","))


def active(state: State) -> list[str]:
    return [s.rule for s in state.slots if s.rule is not None]


def choose(state: State, seat: int, instance: str) -> list[Event]:
    """Phase 2: `seat` activates a rule card. A free slot takes it at once; a full board,
    or a closing card, asks which slot (phase "slot")."""
    if instance not in rule_cards(state, seat):
        raise RuleError("bohei.error.not_a_rule")
    rule = card(instance)
    assert isinstance(rule, RuleCard)
    take_from_hand(state, seat, instance)
    events = [Event(key="bohei.rule_played", params={"seat": seat, **named(instance)})]
    if rule.slot == "open":
        state.slots.append(Slot())
        state.extension = instance
        events.append(Event(key="bohei.slot_opened", params={"slots": len(state.slots)}))
        state.phase = "play"
        return events
    free = [i for i, s in enumerate(state.slots) if s.closed_by is None and s.rule is None]
    if rule.slot is None and free:
        events += _place(state, free[0], instance)
        state.phase = "play"
        return events
    state.placing = instance
    state.phase = "slot"
    return events


def slot_choices(state: State) -> list[int]:
    """Slots the card being placed may go to: a rule replaces an active rule; the
    closing card may close any slot not closed yet."""
    assert state.placing is not None
    if card(state.placing).slot == "close":  # type: ignore[union-attr]
        return [i for i, s in enumerate(state.slots) if s.closed_by is None]
    return [i for i, s in enumerate(state.slots) if s.closed_by is None and s.rule is not None]


def put(state: State, slot: int) -> list[Event]:
    """The chosen slot for the card being placed."""
    if slot not in slot_choices(state):
        raise RuleError("bohei.error.bad_slot")
    instance = state.placing
    assert instance is not None
    state.placing = None
    state.phase = "play"
    if card(instance).slot == "close":  # type: ignore[union-attr]
        old = state.slots[slot].rule
        events = []
        if old is not None:
            state.discard.append(old)
            events.append(Event(key="bohei.rule_ended", params=named(old)))
        state.slots[slot] = Slot(closed_by=instance)
        events.append(Event(key="bohei.slot_closed", params={"slot": slot + 1}))
        return events
    return _place(state, slot, instance)


def _place(state: State, slot: int, instance: str) -> list[Event]:
    events = []
    old = state.slots[slot].rule
    if old is not None:
        state.discard.append(old)
        events.append(Event(key="bohei.rule_ended", params=named(old)))
    state.slots[slot] = Slot(rule=instance)
    key = "bohei.rule_active_checked" if checked(state, instance) else "bohei.rule_active_watched"
    events.append(Event(key=key, params={"slot": slot + 1, **named(instance)}))
    return events
