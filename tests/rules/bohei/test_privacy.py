"""No hand ever reaches a group message: in random whole games, every card a public event
names has left the hands (played, on the board, discarded), and no public event or board
names a card instance somebody holds. (The conformance playouts check the declared
secrets; this checks the card names Bohei's messages carry as data.)"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bohei import SPEC, engine
from rules.bohei.data import card, cards, instances
from rules.bohei.model import Options
from rules.core.errors import RuleError
from tests.fixtures.conformance import Seeded, candidate_actions
from tests.fixtures.examples import examples


def _named_cards(value) -> set[str]:
    """Card kinds an event's parameters name: by instance id (`card_id`, `card_ids`, which
    render/bohei.py shows as names) or, should a name come as data, by name."""
    found: set[str] = set()
    by_name = {c.en[0]: c.id for c in cards().values()} | {c.de[0]: c.id for c in cards().values()}
    if isinstance(value, dict):
        if isinstance(value.get("card_id"), str):
            found.add(card(value["card_id"]).id)
        if isinstance(value.get("card_ids"), list):
            found |= {card(c).id for c in value["card_ids"]}
        if set(value) == {"de", "en"}:
            for text in value.values():
                found |= {by_name[n] for n in text.split(", ") if n in by_name}
        else:
            for v in value.values():
                found |= _named_cards(v)
    return found


@settings(max_examples=examples(12), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 8))
def test_public_events_name_only_cards_that_left_the_hands(seed, players):
    state = engine.setup(players, Options(closing=8), seed)
    draw = Seeded(seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if engine.outcome(state) is not None:
            return
        waiting = [p for p in engine.prompts(state) if not p.standing]
        prompt = rng.choice(waiting)
        seat = rng.choice(prompt.seats)
        try:
            action = SPEC.parse_action(candidate_actions(prompt, draw))
            state, events = engine.apply(state, seat, action)
        except RuleError:  # a refusal: try another answer
            continue
        if any(e.key == "bohei.reshuffled" for e in events):
            # A card played in this step may have gone to the discard pile, back into the
            # draw pile and into a hand again before the step ended: named when it was
            # played, in nobody's hand, it tells nothing of a hand now.
            continue
        held = {c for h in state.hands for c in h}
        out_of_hands = {card(c).id for c in instances() if c not in held}
        for event in events:
            if not event.public:
                continue
            assert not set(map(str, _leaves(event.params))) & held, event
            assert _named_cards(event.params) <= out_of_hands, event
        view = SPEC.public_view(state).model_dump_json()
        assert not any(f'"{c}"' in view for c in held if "#" in c), "the board names a held copy"
    raise AssertionError("no end")


def _leaves(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from _leaves(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _leaves(v)
    else:
        yield value
