"""Who must decide what now in the board game, with the buttons offered.

Moving is by `/go <pub or station>` (typed) or by a button for each pub on your cards
and the face-up card: its name when it is within reach this turn, "towards …" when not;
with a takeaway, a button for the nearest open pub (the free walk heads there). Drinking:
a button for each amount up to the most allowed.
"""

from functools import cache

from rules.core.protocol import FreeInput, Option, Prompt
from rules.einsistkeins.board.drinking import drink_limit, in_open_pub
from rules.einsistkeins.board.graph import index, square
from rules.einsistkeins.board.hours import trams_run
from rules.einsistkeins.board.model import (
    Discard,
    Draw,
    Drink,
    Go,
    Roll,
    State,
    Stay,
    Swap,
    Take,
    permille,
)
from rules.einsistkeins.board.moving import budget, takeaway_targets
from rules.einsistkeins.board.route import distances

# The prompts' parts are frozen models, made once and shared (a prompt is made for every
# new state, and validating its ten buttons anew was a tenth of a command's time).
GO_INPUT = FreeInput(kind="text", field="to", action=Go(to=("",)), max_length=80)


@cache
def _go_option(name: str, within_reach: bool) -> Option:
    action = Go(to=(name,))
    if within_reach:
        return Option(label=name, literal=True, action=action)
    return Option(label="einsistkeins.button.towards", params={"pub": name}, action=action)


@cache
def _takeaway_option(name: str) -> Option:
    return Option(label="einsistkeins.button.takeaway", params={"pub": name}, action=Go(to=(name,)))


@cache
def _drink_option(amount: int) -> Option:
    return Option(
        label="einsistkeins.button.drink",
        params={"amount": permille(amount)},
        action=Drink(amount=amount),
    )


@cache
def _plain(label: str, action: type[Stay | Roll | Draw]) -> Option:
    # (cached by the action's class: hashing and comparing a model costs more)
    return Option(label=label, action=action())


@cache  # one per card of the game (50), as the three below
def _swap_option(card: str) -> Option:
    return Option(label="einsistkeins.button.swap", params={"card": card}, action=Swap(card=card))


@cache
def _discard_option(card: str) -> Option:
    return Option(
        label="einsistkeins.button.discard", params={"card": card}, action=Discard(card=card)
    )


@cache
def _take_option(card: str) -> Option:
    return Option(label="einsistkeins.button.take", params={"card": card}, action=Take())


def _go_options(state: State, seat: int) -> list[Option]:
    points = budget(state, seat)
    if points <= 0:
        return []
    here = state.pos[seat]
    dist = distances(here, trams_run(state.clock))
    targets = [*state.hands[seat], *([state.faceup] if state.faceup else [])]
    options = []
    for name in targets:
        sq = index(name)
        if sq != here:
            options.append(_go_option(name, dist[sq] <= points))
    return options


def _takeaway_options(state: State, seat: int) -> list[Option]:
    """The takeaway: a button for each nearest open pub (the free walk heads there)."""
    return [_takeaway_option(square(sq).name) for sq in takeaway_targets(state, seat)]


def _drink_options(state: State, seat: int, roll: int) -> list[Option]:
    """Any amount from the most allowed down to 0.1 ‰ (the most first: the usual choice);
    nothing at all is the "stay" button (the rhubarb spritzer)."""
    most = drink_limit(state, seat, roll)
    return [_drink_option(amount) for amount in range(most, 0, -1)]


def prompts(state: State) -> list[Prompt]:
    seat, phase = state.turn, state.phase
    base = {"id": f"{phase}:{state.step}", "seats": (seat,), "deadline": state.options.deadline}
    level = permille(state.alcohol[seat])
    place = state.pos[seat]  # a square: render/einsistkeins.py names it
    if phase == "roll":
        return [
            Prompt(
                **base,
                key="einsistkeins.prompt.roll",
                params={"seat": seat, "level": level, "place_square": place},
                options=(_plain("einsistkeins.button.roll", Roll),),
            )
        ]
    if phase in ("one", "act", "gum"):
        roll = 1 if phase == "one" else state.roll or 0
        options = [] if phase == "gum" else _drink_options(state, seat, roll)
        takeaway = _takeaway_options(state, seat)
        # the takeaway's pub: one button, the free one (compared by the places it goes
        # to: hashing a whole action model for each button costs more)
        free = {o.action.to for o in takeaway}
        options += takeaway + [o for o in _go_options(state, seat) if o.action.to not in free]
        stay = "einsistkeins.button.skip" if phase == "one" else "einsistkeins.button.wait"
        if phase != "one" and in_open_pub(state, seat):
            stay = "einsistkeins.button.stay"
        options.append(_plain(stay, Stay))
        key = f"einsistkeins.prompt.{phase}"
        if takeaway:
            drinks = drink_limit(state, seat, roll) > 0
            key = "einsistkeins.prompt.takeaway" if drinks else "einsistkeins.prompt.takeaway_move"
        elif phase in ("act", "one") and drink_limit(state, seat, roll) == 0:
            # only what can be done is offered: no drink outside an open pub or at 2.3 ‰,
            # no step with 0.0 ‰ (a 1 said "drink 0.1 ‰ or move one" wherever one stood)
            key = "einsistkeins.prompt.move" if phase == "act" else "einsistkeins.prompt.one_move"
        elif phase in ("act", "one") and budget(state, seat) == 0:
            key = "einsistkeins.prompt.drink" if phase == "act" else "einsistkeins.prompt.one_drink"
        return [
            Prompt(
                **base,
                key=key,
                params={
                    "seat": seat,
                    "points": budget(state, seat),
                    "drink": permille(drink_limit(state, seat, roll)),
                    "level": level,
                    "place_square": place,
                    **({"nearest": [o.params["pub"] for o in takeaway]} if takeaway else {}),
                },
                options=tuple(options),
                input=GO_INPUT,
                command="go",
            )
        ]
    if phase == "swap":
        options = [_swap_option(c) for c in state.hands[seat] if state.faceup]
        options += [_discard_option(c) for c in state.hands[seat] if state.pile]
        options.append(_plain("einsistkeins.button.skip", Stay))
        return [
            Prompt(
                **base,
                # no face-up card (the pile turned up none): only putting one down is offered
                key="einsistkeins.prompt.swap" if state.faceup else "einsistkeins.prompt.swap_none",
                params={"seat": seat, "faceup": state.faceup},
                options=tuple(options),
            )
        ]
    if phase == "refill":
        options = []
        if state.pile:
            options.append(_plain("einsistkeins.button.draw", Draw))
        if state.faceup:
            options.append(_take_option(state.faceup))
        return [
            Prompt(
                **base,
                key="einsistkeins.prompt.refill",
                params={"seat": seat},
                options=tuple(options),
            )
        ]
    return []
