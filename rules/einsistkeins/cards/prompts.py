"""Who must decide what now in the card game: the leader (lay a card, then announce) or
the next player who can trump. Laying a card is secret to its player: the buttons show
the hand."""

from rules.core.protocol import FreeInput, Option, Prompt
from rules.einsistkeins.cards.model import Announce, Play, State
from rules.einsistkeins.cards.tricks import calls_for, playable
from rules.einsistkeins.pubs import pub


def _card_input() -> FreeInput:
    return FreeInput(kind="text", field="card", action=Play(card=""), max_length=60)


def _card_options(cards: list[str]) -> tuple[Option, ...]:
    return tuple(Option(label=c, literal=True, action=Play(card=c)) for c in cards)


def prompts(state: State) -> list[Prompt]:
    deadline = state.options.deadline
    seat = state.turn
    if state.phase == "lead":
        return [
            Prompt(
                id=f"lead:{state.trick_no}",
                seats=(seat,),
                key="einsistkeins_karten.prompt.lead",
                params={"hand_ids": list(state.hands[seat])},
                options=_card_options(state.hands[seat]),
                input=_card_input(),
                secret=True,  # the buttons show the hand
                command="play",
                deadline=deadline,
            )
        ]
    if state.phase == "call":
        card = state.trick[0].card
        return [
            Prompt(
                id=f"call:{state.trick_no}",
                seats=(seat,),
                key="einsistkeins_karten.prompt.call",
                params={"seat": seat, "card_id": card},
                options=tuple(
                    Option(label=f"einsistkeins_karten.call.{c}", action=Announce(call=c))
                    for c in calls_for(pub(card))
                ),
                deadline=deadline,
            )
        ]
    if state.phase == "follow":
        assert state.call is not None
        top = state.trick[-1].card
        cards = playable(state, seat)
        return [
            Prompt(
                id=f"follow:{state.trick_no}:{len(state.trick)}:{seat}",
                seats=(seat,),
                key=f"einsistkeins_karten.prompt.follow.{state.call}",
                params={
                    "card_id": top,
                    "called": state.call,
                    "card_ids": cards,
                },
                options=_card_options(cards),
                input=_card_input(),
                secret=True,
                command="play",
                deadline=deadline,
            )
        ]
    return []
