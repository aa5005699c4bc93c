"""A turn's three phases, in order (rule book): 1. draw a card or not; 2. activate a rule
card if holding one (mandatory); 3. play an action or a challenge, or nothing."""

from rules.bohei import actions, challenges, deck, rules_board, winning
from rules.bohei.data import ActionCard, ChallengeCard, card
from rules.bohei.model import State
from rules.core.errors import RuleError
from rules.core.protocol import Event
from rules.core.turns import next_seat


def draw_choice(state: State, seat: int, take: bool) -> list[Event]:
    events = (
        deck.draw(state, seat, 1) if take else [Event(key="bohei.no_draw", params={"seat": seat})]
    )
    return events + to_rule_phase(state)


def to_rule_phase(state: State) -> list[Event]:
    """Phase 2 only for a player holding a rule card that can be activated."""
    state.phase = "rule" if rules_board.rule_cards(state, state.turn) else "play"
    return []


def playable(state: State, seat: int) -> list[str]:
    """Phase 3: the action (not Nö or Gegenteiltag) and challenge cards in hand."""
    return [
        c
        for c in state.hands[seat]
        if isinstance(card(c), ChallengeCard)
        or (isinstance(card(c), ActionCard) and actions.playable(c))
    ]


def play(state: State, seat: int, instance: str | None) -> list[Event]:
    if instance is None:
        state.phase = "end"
        return [Event(key="bohei.played_nothing", params={"seat": seat})]
    if instance not in playable(state, seat):
        raise RuleError("bohei.error.not_playable")
    if isinstance(card(instance), ChallengeCard):
        return challenges.start(state, seat, instance)
    return actions.play(state, seat, instance)


def next_turn(state: State) -> list[Event]:
    """The next player clockwise; 7 cards at the start of one's own turn win."""
    seat = next_seat(state.players, state.turn)
    assert seat is not None
    return begin(state, seat)


def begin(state: State, seat: int) -> list[Event]:
    state.turn = seat
    state.turns += 1
    if winning.closing(state):  # no turn to announce: the game ends here
        return winning.closing_time(state)
    events = [Event(key="bohei.turn", params={"seat": seat})]
    events += winning.turn_start(state, seat)
    if state.phase != "over":
        state.phase = "draw"
    return events
