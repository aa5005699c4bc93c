"""The EU Commission (a payout card or an event card): a Lord Mayor holding fresh bribes
or a scandal is impeached; what he received goes to the EU, out of the game."""

from rules.aufruhr.model import State
from rules.core.protocol import Event


def inspect(state: State, events: list[Event]) -> bool:
    """True when the Lord Mayor was impeached (nobody is in office then)."""
    lm = state.lord_mayor
    if lm is None:
        events.append(Event(key="aufruhr.inspection_nobody"))
        return False
    fresh = [i for i, t in enumerate(state.tokens) if t.holder == lm and t.fresh]
    scandals = [i for i, s in enumerate(state.scandals) if s.holder == lm and s.fresh]
    if not fresh and not scandals:
        events.append(Event(key="aufruhr.inspection_clean", params={"seat": lm}))
        return False
    gone = {"holder": -1, "covered": False, "fresh": False}  # to the EU: out of the game
    for i in fresh:
        state.tokens[i] = state.tokens[i].model_copy(update=gone)
    for i in scandals:
        state.scandals[i] = state.scandals[i].model_copy(update={"public": True, "fresh": False})
    key = "aufruhr.impeached_scandal" if scandals else "aufruhr.impeached"
    events.append(Event(key=key, params={"seat": lm}))
    state.lord_mayor, state.barred = None, lm
    return True
