"""Taking a trick: the last card laid takes it; its pubs count as visited for the taker,
whose win ends the game. After the taker deals (dealing.py), players without cards are
out, and the next trick is led by the taker, or the next player clockwise who holds a
card; with fewer than two holding cards, no more tricks can be played."""

from rules.core.protocol import Event
from rules.core.turns import clockwise
from rules.einsistkeins import wins
from rules.einsistkeins.cards.model import State
from rules.einsistkeins.pubs import pub


def take(state: State) -> list[Event]:
    """The trick goes to the last card's player; sets `winner` if that makes a win."""
    taker = state.trick[-1].seat
    cards = [p.card for p in state.trick]
    state.visited[taker].extend(cards)
    visited = [pub(c) for c in state.visited[taker]]
    state.needed = [wins.needed(pub(c) for c in v) for v in state.visited]
    state.last_trick, state.last_taker = state.trick, taker
    state.trick, state.passed, state.waiting, state.call = [], [], [], None
    won = wins.win(visited)
    if won is None:
        params = {"seat": taker, "cards": cards, "count": len(visited)}
        params["needed"] = state.needed[taker]
        return [Event(key="einsistkeins_karten.took", params=params)]
    # The trick that wins says so, not how far the taker still was a moment before.
    state.winner, state.win_kind, state.phase = taker, won.kind, "over"
    took = Event(key="einsistkeins_karten.took_win", params={"seat": taker, "cards": cards})
    won_said = Event(
        key=f"einsistkeins_karten.won.{won.kind}", params={"seat": taker, "count": won.pubs}
    )
    return [took, won_said]


def next_trick(state: State, taker: int) -> list[Event]:
    """Players left without cards are out (told once); the next leader, or the end."""
    events = []
    for seat in range(state.players):
        if not state.hands[seat] and seat not in state.out:
            state.out.append(seat)
            events.append(Event(key="einsistkeins_karten.out", params={"seat": seat}))
    holding = clockwise(state.players, taker, out=state.out)
    if len(holding) < 2:
        state.phase = "over"
        events.append(Event(key="einsistkeins_karten.no_more_tricks"))
        return events
    state.leader = holding[0]
    state.dealer, state.turn, state.phase = taker, state.leader, "lead"
    state.trick_no += 1
    return events
