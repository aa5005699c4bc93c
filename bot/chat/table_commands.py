"""What each of the bot's own commands does (their table is bot/chat/commands.py).

A reply needs no table; a change runs inside the table's compare-and-set
(bot/chat/router.py) and must be pure: it may run more than once.
"""

from collections.abc import Callable
from dataclasses import dataclass

from bot.chat import info
from bot.i18n import LANGUAGES, keys, t
from bot.marks import Marked, joined
from bot.proof import games as game_proof
from bot.proof import rolls as roll_proof
from bot.proof.dice_text import roll_text
from bot.replies import Button, Reply
from bot.table import buttons, lobby, play
from bot.table import fame as hall
from bot.table.model import Seat, Table
from bot.table.outbox import Outbox
from bot.weblinks import WebLinks
from rules.core.errors import ParseError, RuleError
from rules.core.rng import Rng
from rules.dice import roll as roll_dice


@dataclass(frozen=True)
class Call:
    """One command as the router runs it."""

    player: Seat
    admin: bool  # a chat administrator, as the platform says
    args: list[str]
    rest: str
    usage: str  # the key of the refusal that shows how to call it (its table's; "" if none)
    lobby_ttl: float
    dice: Callable[[], int]  # `/roll`'s own stream (Router.dice), apart from the games' seeds
    seed: int = 0  # drawn once for a change, before its transaction (which may run again)
    nonce: bytes = b""  # likewise: the unguessable rest of a game's seed (bot/proof/games.py)
    update_id: str | None = None  # the platform's id of the update that carried it
    reads_chat: bool = True  # the bot sees ordinary messages in this chat (Router.reads_chat)
    # for a verifiable /roll (bot/proof/rolls.py): where and when, and the master secret
    platform: str = ""
    chat: str = ""
    now: float = 0.0
    roll_secret: bytes | None = None
    table: Table | None = None  # the chat's table, for a reply that reads it (/verify)
    web: WebLinks | None = None  # the live page's links, where the operator runs it


# (table, outbox, now, call) → True if the table changed and must be stored
Change = Callable[[Table, Outbox, float, Call], bool]


# ----- replies without a table ---------------------------------------------------------


def roll(lang: str, call: Call) -> Marked:
    if call.roll_secret is None or call.update_id is None:
        seed, line = call.dice(), None
    else:
        seed, found = roll_proof.proved_seed(
            call.roll_secret, call.platform, call.chat, call.update_id, call.now
        )
        line = roll_proof.proof_line(lang, found)
    result = roll_dice(call.rest, Rng.from_seed(seed))
    in_game = call.table is not None and call.table.status == "playing"
    return roll_text(lang, call.player.name, result, line, in_game=in_game)


def verify(lang: str, call: Call) -> str | Marked:
    """`/verify` alone: the chat's game (its commitment, or once over its replay) and
    the rolls' key hashes; `/verify record`: the game's record; with a roll id, that roll."""
    if [a.lower() for a in call.args] in ([w] for w in game_proof.RECORD_WORDS):
        return game_proof.record_text(lang, call.table, call.now)
    game = None if call.args else game_proof.chat_line(lang, call.table, call.now)
    if game is not None and call.roll_secret is None:
        return game
    rolls = roll_proof.verify_text(lang, call.roll_secret, call.args, call.now)
    return joined(filter(None, [game, rolls]))


def help(lang: str, call: Call) -> str:
    """The bot's commands; in a chat with a table, its game's own too (`/bid`, `/go`),
    which players looked for there first."""
    text = t(lang, "help.text")
    table = call.table
    if table is None or not table.game:
        return text
    spec = lobby.spec_of(table)
    known = keys(lang)
    verbs = [
        t(lang, "help.verb", verb=verb, what=t(lang, key))
        if (key := f"{spec.id}.command.{verb}") in known
        else f"/{verb}"
        for verb in spec.commands
    ]
    if not verbs:
        return text
    return "\n".join([text, "", t(lang, "help.game", game=spec.name(lang)), *verbs])


def games(lang: str, call: Call) -> str:
    return info.games_text(lang)


def rules(lang: str, call: Call) -> str:
    return info.rules_text(lang, call.args, call.usage)


# ----- changes to the chat's table -------------------------------------------------------


def new(table: Table, out: Outbox, now: float, call: Call) -> bool:
    lobby.open_lobby(table, call.args, call.player, out, now, call.lobby_ttl, call.usage)
    table.opened_by = call.update_id
    _lobby_buttons(table, out, call)
    return True


def again(table: Table, out: Outbox, now: float, call: Call) -> bool:
    """`/again`: the game that just ended, in a new lobby (or, once open, sitting down)."""
    token = call.args[0] if call.args else ""
    if lobby.again(table, token, call.player, out, now, call.lobby_ttl):
        _lobby_buttons(table, out, call)
    return True


def _lobby_buttons(table: Table, out: Outbox, call: Call) -> None:
    # The lobby by buttons: what /join, /leave and /start do, under the message.
    row = tuple(
        Button(label=out.text(f"lobby.button.{verb}"), data=buttons.lobby(verb))
        for verb in ("join", "leave", "start")
    )
    out.group_buttons.append(row)
    # The adapter tells us the message's id (Router.remember_status): its buttons go
    # when the game starts.
    table.step_token = f"lobby.{call.seed & 0xFFFFFFFF:08x}"
    out.status_token, table.status_head = table.step_token, "\n".join(out.group_lines)


def join(table: Table, out: Outbox, now: float, call: Call) -> bool:
    lobby.join(table, call.player, out)
    return True


def leave(table: Table, out: Outbox, now: float, call: Call) -> bool:
    lobby.leave(table, call.player.user, out)
    return True


def start(table: Table, out: Outbox, now: float, call: Call) -> bool:
    spec = lobby.check_start(table, call.player.user, call.admin)
    out.names = [s.name for s in table.seats]
    if table.status_message is not None:  # the lobby's message: its buttons are done
        text = "\n".join(filter(None, [table.status_head, out.text("lobby.started")]))
        out.edits.append(Reply(text=text, edit=table.status_message))
        table.status_message, table.status_head = None, ""
    play.start(table, spec, call.seed, out, now, call.reads_chat, call.nonce)
    return True


def abort(table: Table, out: Outbox, now: float, call: Call) -> bool:
    lobby.abort(table, call.player.user, call.player.name, call.admin, out)
    return True


def board(table: Table, out: Outbox, now: float, call: Call) -> bool:
    if table.status != "playing":
        raise RuleError("error.no_game")
    spec = lobby.spec_of(table)
    # Asked for, the board is posted anew (the old one deleted): an edit far up a busy
    # chat would look like no answer. Later turns edit this new one. The prompts follow
    # it, with buttons.
    play.show_board(table, spec, play.state_of(spec, table), out, anew=True)
    play.repost_prompts(table, spec, out, now)
    if call.web is not None:  # (the group's link shows no seat: spectators', or the Mini App)
        out.group("web.board_link", url=call.web.public(table.platform, table.chat))
    return True


def hand(table: Table, out: Outbox, now: float, call: Call) -> bool:
    play.show_hand(table, call.player.user, out)
    if call.web is not None and table.proof is not None:  # a seat's own link: privately
        user = call.player.user
        url = call.web.seat(table.platform, table.chat, user, table.proof.commitment, now)
        out.extra.append(Reply(text=out.text("web.seat_link", url=url), to=user))
    return False


def fame(table: Table, out: Outbox, now: float, call: Call) -> bool:
    out.group_lines.append(hall.text(table.fame, table.lang, out.text, out.text_of))
    return False


def lang(table: Table, out: Outbox, now: float, call: Call) -> bool:
    if len(call.args) != 1 or call.args[0].lower() not in LANGUAGES:
        raise ParseError(call.usage, languages=" | ".join(LANGUAGES))
    table.lang = out.lang = call.args[0].lower()
    out.group("lang.set")
    return True


def images(table: Table, out: Outbox, now: float, call: Call) -> bool:
    if len(call.args) != 1 or call.args[0].lower() not in ("on", "off"):
        raise ParseError(call.usage)
    table.images = call.args[0].lower() == "on"
    out.group("images.on" if table.images else "images.off")
    return True
