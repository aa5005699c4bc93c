"""Who must decide what now in the card game: the leader (lay a card, then announce) or
the next player who can trump. Laying a card is secret to its player: the buttons show
the hand."""

from functools import cache

from rules.core.protocol import FreeInput, Option, Prompt
from rules.einsistkeins.cards.model import Announce, Call, Play, State
from rules.einsistkeins.cards.tricks import calls_for, playable
from rules.einsistkeins.pubs import pub

# The prompts' parts are frozen models, made once and shared: a prompt is made for every
# new state, and validating its buttons anew was most of its time (issue 21).
_CARD_INPUT = FreeInput(kind="text", field="card", action=Play(card=""), max_length=60)


def _card_options(cards: list[str]) -> tuple[Option, ...]:
    return tuple(_card_option(c) for c in cards)


@cache  # one per card of the game (50)
def _card_option(card: str) -> Option:
    return Option(label=card, literal=True, action=Play(card=card))


@cache  # one per announcement (4)
def _call_option(call: Call) -> Option:
    return Option(label=f"einsistkeins_karten.call.{call}", action=Announce(call=call))


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
                input=_CARD_INPUT,
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
                options=tuple(_call_option(c) for c in calls_for(pub(card))),
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
                input=_CARD_INPUT,
                secret=True,
                command="play",
                deadline=deadline,
            )
        ]
    return []
