"""Who must decide what now, with the buttons offered.

At the start of a turn: Roll, and the action cards still held (Zweimal Würfeln, Tunnel);
before the second roll of Zweimal Würfeln: Roll, or do without it.
After a roll: a button for every reachable field, named by its place (a shop with its
craft), and `/go <field>` typed. A tunnel landing: the other tunnel fields, or stay.
A lost duel: play the Nachtwächter card or go home.
"""

from rules.core.protocol import FreeInput, Option, Prompt
from rules.heinzel import cards, movement
from rules.heinzel.board import field
from rules.heinzel.engine import asked
from rules.heinzel.model import Enough, Go, Guard, PlayTunnel, PlayTwice, Roll, State, Stay


def _go(index: int) -> Option:
    f = field(index)
    action = Go(to=f.id)
    if f.craft:
        return Option(
            label=f"heinzel.button.shop.{f.craft}", params={"place": f.name}, action=action
        )
    if f.kind == "tunnel":
        return Option(label="heinzel.button.tunnel_field", params={"place": f.name}, action=action)
    return Option(label=f.name, literal=True, action=action)


def _go_input() -> FreeInput:
    return FreeInput(kind="text", field="to", action=Go(to="?"), max_length=60)


def prompts(state: State) -> list[Prompt]:
    seat = asked(state)
    if seat is None:
        return []
    base = {
        "id": f"{state.phase}:{state.step}",
        "seats": (seat,),
        "deadline": state.options.deadline,
    }
    here = field(state.pos[seat]).name
    match state.phase:
        case "start":
            options = [Option(label="heinzel.button.roll", action=Roll())]
            if cards.may_play_before_rolling(state):
                if "zweimal" in state.cards[seat]:
                    options.append(Option(label="heinzel.button.twice", action=PlayTwice()))
                if "tunnel" in state.cards[seat]:
                    options.append(Option(label="heinzel.button.tunnel", action=PlayTunnel()))
            # "roll or play an action card" only while a card may be played: a player
            # left with none (or only the Nachtwächter, played in a duel) is told to roll
            key = "heinzel.prompt.start" if len(options) > 1 else "heinzel.prompt.roll"
            if state.twice:
                key = "heinzel.prompt.twice" if state.rolls_left == 2 else "heinzel.prompt.again"
            if state.twice and state.rolls_left == 1:  # the second roll is a right (NOTES.md)
                options.append(Option(label="heinzel.button.enough", action=Enough()))
            return [
                Prompt(
                    **base, key=key, params={"seat": seat, "field": here}, options=tuple(options)
                )
            ]
        case "move":
            assert state.roll is not None
            reach = movement.destinations(state.pos[seat], state.roll)
            return [
                Prompt(
                    **base,
                    key="heinzel.prompt.move",
                    params={"seat": seat, "roll": state.roll, "field": here},
                    options=tuple(_go(i) for i in reach),
                    input=_go_input(),
                    command="go",
                )
            ]
        case "jump" | "tunnel":
            targets = [_go(i) for i in cards.tunnel_targets(state.pos[seat])]
            if state.phase == "jump":
                targets.append(Option(label="heinzel.button.stay", action=Stay()))
            return [
                Prompt(
                    **base,
                    key=f"heinzel.prompt.{state.phase}",
                    params={"seat": seat, "field": here},
                    options=tuple(targets),
                    input=_go_input(),
                    command="go",
                )
            ]
        case "guard":
            return [
                Prompt(
                    **base,
                    key="heinzel.prompt.guard",
                    params={"seat": seat, "field": here},
                    options=(
                        Option(label="heinzel.button.guard", action=Guard(play=True)),
                        Option(label="heinzel.button.go_home", action=Guard(play=False)),
                    ),
                )
            ]
    return []
