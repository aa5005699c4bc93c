"""Commands and button presses in, replies out: the one door into the platform-neutral core.

Every change to a table is load → apply → compare-and-set (bot/store.py), so the
functions that change a table run inside `RedisStore.transact` and must be pure:
they may run more than once. Side effects that live outside the table (deadlines,
which chats a user sits in) are written after the table's write has won.
"""

import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bot import buttons, fame, info, lobby, play
from bot.answers import asks_a_button, find_typed, typed_value
from bot.commands import COMMON, Command, parse
from bot.deadlines import Deadline
from bot.dice_text import roll_text
from bot.hygiene import clean
from bot.i18n import LANGUAGES, normalize, t
from bot.keys import table_key, user_tables_key
from bot.outbox import Outbox
from bot.replies import Reply
from bot.scheduler import Deadlines
from bot.store import KEEP, Keep, RedisStore
from bot.table import Seat, Table
from rules import registry
from rules.core.errors import GameError, ParseError, RuleError
from rules.core.protocol import Prompt
from rules.core.rng import Rng
from rules.dice import roll

log = logging.getLogger(__name__)

LOBBY_TTL = 2 * 3600  # seconds an unstarted lobby keeps the chat
MAX_TEXT = 500  # characters of a typed answer


@dataclass(frozen=True)
class Incoming:
    """One thing a user did, as an adapter saw it."""

    platform: str
    chat: str  # the group chat; for a private message, the user's private chat
    user: str
    name: str
    text: str = ""
    button: str | None = None  # button payload (bot/buttons.py)
    private: bool = False
    update_id: str | None = None
    admin: bool = False  # a chat administrator, as the platform says
    lang: str | None = None  # the user's language as the platform reports it
    # Said in the group, but the platform shows it to the sender alone (a Discord slash
    # command answered ephemerally): it may answer a secret prompt.
    sealed: bool = False
    handle: str | None = None  # the user's @handle (a username), where the platform has one

    def player(self) -> Seat:
        return Seat(user=self.user, name=self.name, handle=self.handle)


# An operation on one table: change it and say so into the outbox; True if it changed.
Op = Callable[[Table, Outbox, float], bool]


class Router:
    def __init__(
        self,
        redis: Any,
        *,
        store: RedisStore | None = None,
        clock: Callable[[], float] = time.time,
        entropy: Callable[[], int] = lambda: secrets.randbits(63),
        lobby_ttl: float = LOBBY_TTL,
        bot_name: str | None = None,
    ) -> None:
        self.redis = redis
        self.store = store or RedisStore(redis)
        self.clock = clock
        self.entropy = entropy
        self.lobby_ttl = lobby_ttl
        self.bot_name = bot_name

    # ----- the door -----------------------------------------------------------------

    async def handle(self, msg: Incoming) -> list[Reply]:
        """Everything the bot answers to `msg`. Never raises; never shows a traceback."""
        msg = replace(msg, text=clean(msg.text), name=clean(msg.name, newlines=False))
        try:
            try:
                return await self._handle(msg)
            except GameError as e:  # refused before any table was touched
                return [self._error_reply(msg, await self._lang(msg), e)]
        except Exception:  # a bug, or Redis out of reach: an apology, never a traceback
            log.exception("failed on %s chat %s", msg.platform, msg.chat)
            return [self._error_reply(msg, normalize(msg.lang), RuleError("error.internal"))]

    async def fire(self, member: str) -> tuple[str, str, list[Reply]]:
        """Run one due deadline; returns (platform, chat, replies) for the adapter to send."""
        d = Deadline.parse(member)
        now = self.clock()

        def op(table: Table, out: Outbox, now: float) -> bool:
            if d.kind == "lobby":
                if table.status == "lobby" and repr(table.opened_at) == d.extra:
                    out.left.update(s.user for s in table.seats)
                    out.group("lobby.expired", game=lobby.spec_of(table).name(table.lang))
                    table.end_game()
                    return True
                return False
            if d.kind == "remind":
                return play.remind(table, d.extra, out, now)
            return play.timeout(table, d.extra, out, now)

        try:
            replies = await self._transact(d.platform, d.chat, None, op, now)
        except Exception:
            log.exception("deadline %s failed", member)
            replies = []
        return d.platform, d.chat, replies

    def deadlines(self, platform: str) -> Deadlines:
        """The deadlines of one platform's tables, for that platform's ticker."""
        return Deadlines(self.redis, platform)

    async def remember_board(self, platform: str, chat: str, message_id: str | None) -> None:
        """Adapters call this after posting a board, so the next one edits it in place."""

        def op(table: Table, out: Outbox, now: float) -> bool:
            table.board_message = message_id
            return True

        await self._transact(platform, chat, None, op, self.clock())

    async def move_table(self, platform: str, old_chat: str, new_chat: str) -> None:
        """A chat changed its id (Telegram: group → supergroup): its table follows."""
        old_key, new_key = table_key(platform, old_chat), table_key(platform, new_chat)
        current = await self.store.load(old_key)
        if current.data is None:
            return
        table = Table.model_validate_json(current.data)
        table.chat = new_chat

        def put(data: bytes | None) -> tuple[bytes | Keep, None]:
            return (KEEP if data else table.model_dump_json().encode()), None

        await self.store.transact(new_key, put)
        await self.store.cas(old_key, current.version, None)
        async with self.redis.pipeline(transaction=False) as pipe:
            for seat in table.seats:
                pipe.srem(user_tables_key(platform, seat.user), old_chat)
                pipe.sadd(user_tables_key(platform, seat.user), new_chat)
            await pipe.execute()
        # The deadlines name the chat: renamed, the lobby still expires and turns time out.
        deadlines = self.deadlines(platform)
        pending = await deadlines.matching(Deadline.of_chat(platform, old_chat))
        moved = {replace(Deadline.parse(m), chat=new_chat).member(): t for m, t in pending.items()}
        await deadlines.add(moved)
        await deadlines.cancel(*pending)

    async def table(self, platform: str, chat: str) -> Table | None:
        data = (await self.store.load(table_key(platform, chat))).data
        return Table.model_validate_json(data) if data else None

    # ----- dispatch -----------------------------------------------------------------

    async def _handle(self, msg: Incoming) -> list[Reply]:
        if msg.button is not None:
            return await self._press(msg)
        cmd = parse(msg.text, self.bot_name)
        if cmd is None:
            if len(msg.text) > MAX_TEXT and msg.private:
                raise ParseError("error.too_long", limit=MAX_TEXT)
            return await self._typed(msg, None)
        if cmd.name == "roll":
            result = roll(cmd.rest, Rng.from_seed(self.entropy()))
            return [self._reply(msg, roll_text(await self._lang(msg), msg.name, result))]
        if cmd.name in ("help", "start") and (cmd.name == "help" or msg.private):
            return [self._reply(msg, t(await self._lang(msg), "help.text"))]
        if cmd.name == "games":
            return [self._reply(msg, info.games_text(await self._lang(msg)))]
        if cmd.name == "rules":
            return [self._reply(msg, info.rules_text(await self._lang(msg), cmd.args))]
        if cmd.name in ("hand",) and msg.private:
            return await self._via_private(
                msg,
                lambda tb, ps: tb.status == "playing",
                self._op_hand(msg),
                lambda tables: RuleError("error.no_game"),
            )
        if cmd.name in COMMON:
            if msg.private:
                raise RuleError("error.group_only", command=cmd.name)
            return await self._transact(msg.platform, msg.chat, msg, self._command_op(msg, cmd))
        return await self._typed(msg, cmd)

    def _command_op(self, msg: Incoming, cmd: Command) -> Op:
        seed = self.entropy()  # drawn once: the op may run again after a lost race

        def op(table: Table, out: Outbox, now: float) -> bool:
            lobby.expire_if_stale(table, now, self.lobby_ttl)
            match cmd.name:
                case "new":
                    lobby.open_lobby(table, cmd.args, msg.player(), out, now, self.lobby_ttl)
                case "join":
                    lobby.join(table, msg.player(), out)
                case "leave":
                    lobby.leave(table, msg.user, out)
                case "start":
                    spec = lobby.check_start(table, msg.user, msg.admin)
                    out.names = [s.name for s in table.seats]
                    play.start(table, spec, seed, out, now)
                case "abort":
                    lobby.abort(table, msg.user, msg.name, msg.admin, out)
                case "board":
                    if table.status != "playing":
                        raise RuleError("error.no_game")
                    spec = lobby.spec_of(table)
                    play.show_board(table, spec, play.state_of(spec, table), out)
                    # Asked for, the board is posted anew: an edit far up a busy chat
                    # would look like no answer. Later turns edit this new one.
                    table.board_message = None
                    return True
                case "hand":
                    play.show_hand(table, msg.user, out)
                    return False
                case "fame":
                    out.group_lines.append(fame.text(table.fame, table.lang, out.text))
                    return False
                case "lang":
                    if len(cmd.args) != 1 or cmd.args[0].lower() not in LANGUAGES:
                        raise ParseError("error.lang_usage", languages=" | ".join(LANGUAGES))
                    table.lang = out.lang = cmd.args[0].lower()
                    out.group("lang.set")
                case "images":
                    if len(cmd.args) != 1 or cmd.args[0].lower() not in ("on", "off"):
                        raise ParseError("error.images_usage")
                    table.images = cmd.args[0].lower() == "on"
                    out.group("images.on" if table.images else "images.off")
            return True

        return op

    def _op_hand(self, msg: Incoming) -> Op:
        def op(table: Table, out: Outbox, now: float) -> bool:
            play.show_hand(table, msg.user, out)
            return False

        return op

    # ----- answers to prompts ----------------------------------------------------------

    async def _typed(self, msg: Incoming, cmd: Command | None) -> list[Reply]:
        """A typed answer: `/bid 30` anywhere it belongs, or plain text where a prompt asks."""

        def refuse(tables: list[Table]) -> GameError:
            if cmd is None:
                if any(
                    asks_a_button(
                        tb, play.prompts_for(lobby.spec_of(tb), tb), msg.user, msg.private
                    )
                    for tb in tables
                    if tb.game
                ):
                    return RuleError("error.press_a_button")
                return RuleError("error.nothing_to_answer")
            if any(cmd.name in lobby.spec_of(tb).commands for tb in tables if tb.game):
                return RuleError("error.not_now")
            if not tables and any(cmd.name in g.commands for g in registry.all_games()):
                return RuleError("error.not_seated")  # a game's command from someone not playing
            return ParseError("error.unknown_command", command=cmd.name)

        def wants(table: Table, prompts: list[Prompt]) -> bool:
            return find_typed(table, prompts, msg.user, msg.private, cmd) is not None

        def op(table: Table, out: Outbox, now: float) -> bool:
            if table.status != "playing":
                raise refuse([table])
            spec = lobby.spec_of(table)
            prompts = spec.prompts(play.state_of(spec, table))
            found = find_typed(table, prompts, msg.user, msg.private, cmd)
            if found is None:
                if cmd is not None and table.seat_of(msg.user) is None:
                    raise RuleError("error.not_seated")
                if cmd is not None and any(p.command == cmd.name for p in prompts):
                    raise RuleError("error.not_prompted")
                raise refuse([table])
            seat, prompt = found
            if prompt.secret and not (msg.private or msg.sealed):
                raise RuleError("error.answer_privately")
            if not prompt.secret and msg.private:
                raise RuleError("error.answer_in_group")
            assert prompt.input is not None
            text = cmd.rest if cmd else msg.text.strip()
            answer = prompt.input.fill(typed_value(table, prompt, text, out))
            play.act(table, spec, seat, answer, prompt, out, now)
            return True

        if msg.private:
            return await self._via_private(msg, wants, op, refuse)
        if cmd is None:
            # Plain chatter in a group is none of our business unless a prompt asks for it.
            table = await self.table(msg.platform, msg.chat)
            if table is None or table.status != "playing":
                return []
            spec = lobby.spec_of(table)
            if (
                find_typed(
                    table, spec.prompts(play.state_of(spec, table)), msg.user, msg.private, None
                )
                is None
            ):
                return []
        return await self._transact(msg.platform, msg.chat, msg, op)

    async def _press(self, msg: Incoming) -> list[Reply]:
        press = buttons.decode(msg.button or "")
        if not msg.private and press.chat != msg.chat:
            raise RuleError("error.outdated")

        def op(table: Table, out: Outbox, now: float) -> bool:
            if table.status != "playing" or table.step != press.step:
                raise RuleError("error.outdated")
            spec = lobby.spec_of(table)
            prompts = spec.prompts(play.state_of(spec, table))
            if press.prompt >= len(prompts) or press.option >= len(prompts[press.prompt].options):
                raise RuleError("error.outdated")  # (TYPED is -1: always within range)
            prompt = prompts[press.prompt]
            seat = table.seat_of(msg.user)
            if seat is None:
                raise RuleError("error.not_seated")
            if seat not in prompt.seats:
                # A secret prompt's buttons went only to its seats, and a seat leaves
                # the prompt (in the same step) once it has answered.
                raise RuleError("error.already_answered" if prompt.secret else "error.not_prompted")
            if press.option == buttons.TYPED:
                if prompt.input is None:
                    raise RuleError("error.outdated")
                answer = prompt.input.fill(typed_value(table, prompt, msg.text.strip(), out))
            else:
                answer = prompt.options[press.option].action
            play.act(table, spec, seat, answer, prompt, out, now)
            return True

        return await self._transact(msg.platform, press.chat, msg, op)

    async def _via_private(
        self,
        msg: Incoming,
        wants: Callable[[Table, list[Prompt]], bool],
        op: Op,
        refuse: Callable[[list[Table]], GameError],
    ) -> list[Reply]:
        """Route a private message to the one table of this user it belongs to."""
        members = await self.redis.smembers(user_tables_key(msg.platform, msg.user))
        chats = sorted(m.decode() if isinstance(m, bytes) else m for m in members)
        if len(chats) == 1:  # the usual case: `op` itself refuses what does not fit
            return await self._transact(msg.platform, chats[0], msg, op)
        candidates, seated = [], []
        for chat in chats:
            table = await self.table(msg.platform, chat)
            if table is None or table.seat_of(msg.user) is None:
                continue
            seated.append(table)
            prompts = play.prompts_for(lobby.spec_of(table), table) if table.game else []
            if wants(table, prompts):
                candidates.append(table)
        if not candidates:
            raise refuse(seated)
        if len(candidates) > 1:
            raise RuleError("error.several_tables")
        return await self._transact(msg.platform, candidates[0].chat, msg, op)

    # ----- the transaction --------------------------------------------------------------

    async def _transact(
        self, platform: str, chat: str, msg: Incoming | None, op: Op, now: float | None = None
    ) -> list[Reply]:
        now = self.clock() if now is None else now

        def fn(data: bytes | None) -> tuple[Any, Outbox]:
            if data:
                table = Table.model_validate_json(data)
            else:
                lang = normalize(msg.lang if msg else None)
                table = Table(platform=platform, chat=chat, lang=lang)
            out = Outbox(lang=table.lang, platform=platform, names=[s.name for s in table.seats])
            if msg and msg.update_id and msg.update_id in table.seen:
                return KEEP, out  # a redelivered update: it was applied once already
            try:
                changed = op(table, out, now)
            except GameError as e:
                out = Outbox(lang=table.lang, platform=platform)
                out.extra.append(self._error_reply(msg, table.lang, e))
                return KEEP, out
            if msg and msg.update_id and changed:
                table.remember(msg.update_id)
            return (table.model_dump_json().encode() if changed else KEEP), out

        out = await self.store.transact(
            table_key(platform, chat), fn, also=lambda out, pipe: self._with_write(chat, out, pipe)
        )
        await self._after_write(platform, chat, out)
        return [replace(r, chat=r.chat or chat) for r in out.replies()]

    def _with_write(self, chat: str, out: Outbox, pipe: Any) -> None:
        """Sent in the same round trip as the table's write, before we know it wins:
        only what is harmless when it loses (see play.settle on deadline tokens; an
        extra private route is skipped by `_via_private`)."""
        if out.schedule:
            self.deadlines(out.platform).queue(pipe, out.schedule)
        for user in out.joined - out.left:
            pipe.sadd(user_tables_key(out.platform, user), chat)

    async def _after_write(self, platform: str, chat: str, out: Outbox) -> None:
        """What must only happen once the write has won: forgetting private routes."""
        if gone := out.left - out.joined:
            async with self.redis.pipeline(transaction=False) as pipe:
                for user in gone:
                    pipe.srem(user_tables_key(platform, user), chat)
                await pipe.execute()

    # ----- small helpers ---------------------------------------------------------------

    async def _lang(self, msg: Incoming) -> str:
        if not msg.private:
            table = await self.table(msg.platform, msg.chat)
            if table is not None:
                return table.lang
        return normalize(msg.lang)

    def _reply(self, msg: Incoming, text: str) -> Reply:
        return Reply(text=text, to=msg.user if msg.private else None, chat=msg.chat)

    def _error_reply(self, msg: Incoming | None, lang: str, e: GameError) -> Reply:
        text = t(lang, e.key, **e.params)
        if msg is None:
            return Reply(text=text, error=True)
        # A sealed move (a Discord slash command answered ephemerally) is refused as
        # privately as it was made: the refusal could tell what was typed.
        if msg.button is not None or e.private or msg.sealed:
            return Reply(text=text, to=msg.user, notice=True, error=True, chat=msg.chat)
        return replace(self._reply(msg, text), error=True)
