"""Opening, joining, leaving, starting and aborting a table. Raise RuleError to refuse.

Each operation changes the Table it is given and says what happened into the Outbox;
the router stores the table only if the operation returned without raising.
"""

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from pydantic import ValidationError

from bot.table import deadlines
from bot.table.asked import remembered
from bot.table.keyboards import close_private
from bot.table.model import Rematch, Seat, Table
from bot.table.outbox import Outbox
from bot.table.standing import close_standing
from bot.table.status import retire_status
from rules import registry
from rules.core.errors import ParseError, RuleError
from rules.core.protocol import GameSpec


def spec_of(table: Table) -> GameSpec:
    spec = registry.get(table.game or "")
    if spec is None:  # a game removed from the registry while a table still had it
        raise RuleError("error.unknown_game", game=table.game or "?")
    served = _served.get(spec.id)
    if served is None or served[0] is not spec:
        served = _served[spec.id] = (spec, replace(spec, prompts=remembered(spec.prompts)))
    return served[1]


# The specs as the bot uses them, a game's own beside it: its prompts computed once a
# state within a command (bot/table/asked.py).
_served: dict[str, tuple[GameSpec, GameSpec]] = {}


def expire_if_stale(table: Table, now: float, lobby_ttl: float) -> bool:
    """A lobby nobody started for `lobby_ttl` seconds closes, so it never blocks the chat."""
    if table.status == "lobby" and now - table.opened_at >= lobby_ttl:
        table.end_game()
        return True
    return False


def parse_options(spec: GameSpec, words: list[str], text: Callable[..., str]) -> dict[str, Any]:
    """`events=2 deadline=60` → the game's options; a bad value is refused with what the
    option allows, read from the options model's own constraints (`text` translates)."""
    fields = spec.options.model_fields
    raw: dict[str, str] = {}
    for word in words:
        name, eq, value = word.partition("=")
        name = name.casefold()  # a phone's keyboard capitalises the first letter: `Events=4`
        if not eq or name not in fields:
            raise ParseError("error.bad_option", option=word, allowed=", ".join(fields) or "—")
        if name in raw:  # `deadline=30 deadline=40`: which one was meant is not ours to guess
            raise ParseError(
                "error.option_twice", option=name, first=_cut(raw[name]), second=_cut(value)
            )
        raw[name] = value
    try:
        return spec.options.model_validate(raw).model_dump(mode="json")
    except ValidationError as e:
        err = e.errors()[0]
        name = str(err["loc"][0]) if err["loc"] else "?"
        allowed = _allowed(spec.options.model_json_schema(), name, text)
        value = _cut(raw.get(name, ""))
        raise ParseError("error.bad_option_value", option=name, value=value, allowed=allowed) from e


def _cut(value: str) -> str:
    """An option's value as a refusal shows it: bounded (untrusted input), and a cut marked
    as one: shown bare, a cut value reads as the player's own typo."""
    return value if len(value) <= 40 else value[:39] + "…"


def _allowed(schema: dict[str, Any], name: str, text: Callable[..., str]) -> str:
    """What option `name` allows, in words, from its JSON schema (bounds, choices, or
    the game's own words: rules/core/protocol.py `option_allows`)."""
    field = schema.get("properties", {}).get(name, {})
    said = field.get("allowed")  # a validator's constraint, said by the game itself
    if said:
        return text(said["key"], **said["params"])
    if "$ref" in field:  # an enum of its own
        field = schema.get("$defs", {}).get(field["$ref"].rsplit("/", 1)[-1], field)
    low, high = field.get("minimum"), field.get("maximum")
    match field.get("type"):
        case "integer" if low is not None and high is not None:
            return text("option.range", min=low, max=high)
        case "integer" if low is not None:
            return text("option.at_least", min=low)
        case "integer" if high is not None:
            return text("option.at_most", max=high)
        case "integer":
            return text("option.number")
        case "boolean":
            return text("option.on_off")
    if "enum" in field:
        return text("option.choice", choices=" | ".join(str(c) for c in field["enum"]))
    return text("option.default", default=field.get("default", "—"))


def open_lobby(
    table: Table,
    args: list[str],
    player: Seat,
    out: Outbox,
    now: float,
    lobby_ttl: float,
    usage: str,
) -> None:
    """Open a lobby for the game `args` name; `usage` is the refusal when they name none."""
    if table.status != "idle":
        raise RuleError("error.table_busy")
    if not args:
        raise ParseError(usage, games=game_ids())
    spec = registry.get(args[0].lower())
    if spec is None:
        raise ParseError("error.unknown_game", game=args[0], games=game_ids())
    table.options = parse_options(spec, args[1:], out.text)
    table.status, table.game, table.creator, table.opened_at = "lobby", spec.id, player.user, now
    out.game = spec.id
    table.seats = [player]
    out.joined.add(player.user)
    out.schedule[deadlines.of_lobby(table)] = now + lobby_ttl
    out.group(
        "lobby.opened",
        name=player.name,
        game=spec.name(table.lang),
        min=spec.min_players,
        max=spec.max_players,
    )


def rematch_of(table: Table, spec: GameSpec) -> Rematch:
    """The game on `table`, just ended, as it is offered again (`again`): the same game,
    options and players. It names this game's end (the last step's token), so that its
    button is refused once the rematch began or another table opened."""
    return Rematch(
        token=table.step_token,
        game=spec.id,
        options=dict(table.options),
        players=[s.name for s in table.seats],
    )


def again(
    table: Table, token: str, player: Seat, out: Outbox, now: float, lobby_ttl: float
) -> bool:
    """`/again` (the button carries the ended game's `token`, typed it has none): open the
    finished game's lobby anew with the one who asked seated, or, once it is open, sit
    down like `/join`. True when it opened the lobby."""
    rematch = table.again
    if rematch is None or (token and token != rematch.token):
        raise RuleError("error.again_stale" if token else "error.again_none")
    if rematch.open and table.status == "lobby":
        join(table, player, out)
        return False
    if token:  # (a rematch whose lobby closed is gone: end_game)
        if table.status != "idle":
            raise RuleError("error.again_stale")
    elif table.status != "idle":
        busy = "error.already_running" if table.status == "playing" else "error.table_busy"
        raise RuleError(busy)
    spec = registry.get(rematch.game)
    if spec is None:
        raise RuleError("error.unknown_game", game=rematch.game, games=game_ids())
    table.options = dict(rematch.options)
    table.status, table.game, table.creator, table.opened_at = "lobby", spec.id, player.user, now
    out.game = spec.id
    table.seats = [player]
    rematch.open = True
    out.joined.add(player.user)
    out.schedule[deadlines.of_lobby(table)] = now + lobby_ttl
    out.group(
        "lobby.again",
        name=player.name,
        game=spec.name(table.lang),
        players=rematch.players,
        min=spec.min_players,
        max=spec.max_players,
    )
    return True


def game_ids() -> str:
    """The ids of the games there are, for messages that list them."""
    return ", ".join(g.id for g in registry.all_games()) or "—"


def join(table: Table, player: Seat, out: Outbox) -> None:
    if table.status == "idle":
        raise RuleError("error.no_lobby")
    if table.status == "playing":
        raise RuleError("error.already_running")
    if table.seat_of(player.user) is not None:
        raise RuleError("error.already_joined")
    spec = spec_of(table)
    if len(table.seats) >= spec.max_players:
        raise RuleError("error.table_full", max=spec.max_players)
    table.seats.append(player)
    out.joined.add(player.user)
    out.group("lobby.joined", name=player.name, seated=len(table.seats), max=spec.max_players)


def leave(table: Table, user: str, out: Outbox) -> None:
    if table.status == "playing":
        raise RuleError("error.leave_running")
    seat = table.seat_of(user) if table.status == "lobby" else None
    if seat is None:
        raise RuleError("error.not_seated")
    name = table.seats.pop(seat).name
    out.left.add(user)
    if not table.seats:
        table.end_game()
        out.group("lobby.closed_empty", name=name)
        return
    if table.creator == user:
        table.creator = table.seats[0].user
        out.group("lobby.left_new_host", name=name, host=table.seats[0].name)
    else:
        out.group("lobby.left", name=name, seated=len(table.seats))


def check_start(table: Table, user: str, admin: bool) -> GameSpec:
    if table.status == "playing":
        raise RuleError("error.already_started")
    if table.status != "lobby":
        raise RuleError("error.no_lobby")
    if table.seat_of(user) is None and not admin:
        raise RuleError("error.not_seated")
    if user != table.creator and not admin:
        raise RuleError("error.only_host_starts", host=_host_name(table))
    spec = spec_of(table)
    if len(table.seats) < spec.min_players:
        raise RuleError("error.too_few", min=spec.min_players, seated=len(table.seats))
    return spec


def abort(table: Table, user: str, name: str, admin: bool, out: Outbox) -> None:
    if table.status == "idle":
        raise RuleError("error.nothing_to_abort")
    if user != table.creator and not admin:
        raise RuleError("error.only_host_aborts", host=_host_name(table))
    out.left.update(s.user for s in table.seats)
    if table.status == "playing":
        # What asked for answers says the game is over and loses its buttons: the
        # living status, the deals still open, each seat's private question.
        spec = spec_of(table)
        asked = spec.prompts(table.game_state(spec.state))
        retire_status(table, out, "status.aborted")
        close_standing(table, spec, None, out)
        seats = sorted({s for p in asked if not p.standing for s in p.seats})
        close_private([s.user for s in table.seats], seats, out)
        out.menu = ""  # the game's verbs leave the chat's menu
    out.group("lobby.aborted", name=name)
    table.end_game()


def _host_name(table: Table) -> str:
    seat = table.seat_of(table.creator or "")
    return table.seats[seat].name if seat is not None else "?"
