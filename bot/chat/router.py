"""Commands and button presses in, replies out: the one door into the platform-neutral core.

Every change to a table is load → apply → compare-and-set (bot/table/saved.py,
bot/store/versioned.py), so the functions that change a table run inside the
transaction and must be pure: they may run more than once. What lives beside the table
(deadlines, which chats a user sits in) is the store side's to write; the router names
no key and sends no Redis command. The bot's own commands and what they do are a table
(bot/chat/commands.py).
"""

import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from bot.chat import commands, hygiene, presses, typed
from bot.chat.commands import Command, parse
from bot.chat.hygiene import clean
from bot.chat.incoming import Incoming
from bot.chat.replying import error_reply, reply
from bot.chat.table_commands import Call
from bot.i18n import normalize, t
from bot.ops import logs, metrics
from bot.proof import games as game_proof
from bot.replies import Reply, amended
from bot.store.errors import RedisError
from bot.store.scheduler import Deadlines
from bot.store.versioned import KEEP, Duplicate, MaybeApplied, NotApplied, RedisStore
from bot.table import asked, buttons, lobby, play, standing, timeouts
from bot.table.deadlines import Deadline, of_table, what_of_table_reads
from bot.table.model import Table
from bot.table.outbox import Outbox
from bot.table.saved import Tables
from bot.weblinks import WebLinks
from rules import registry
from rules.core.errors import GameError, ParseError, RuleError
from rules.core.protocol import Prompt

log = logging.getLogger(__name__)

LOBBY_TTL = 2 * 3600  # seconds an unstarted lobby keeps the chat
MAX_TEXT = 500  # characters of a typed answer


class _NoTable(Exception):
    """The chat has no table, and the operation must not make one."""


# An operation on one table: change it and say so into the outbox; True if it changed.
Op = Callable[[Table, Outbox, float], bool]


class Router:
    def __init__(
        self,
        redis: Any,
        *,
        store: RedisStore | None = None,
        clock: Callable[[], float] = time.time,
        entropy: Callable[[], int] = lambda: secrets.randbits(63),  # games' and lobbies' seeds
        # `/roll`'s seeds (without a roll secret): a stream of its own, so that a roll
        # never moves the seed of a game started after it (a seeded run deals the same).
        dice: Callable[[], int] = lambda: secrets.randbits(63),
        lobby_ttl: float = LOBBY_TTL,
        bot_name: str | None = None,
        roll_secret: bytes | None = None,  # makes /roll verifiable (bot/proof/rolls.py)
        # the unguessable part of a game's seed (bot/proof/games.py): a CSPRNG's
        nonce: Callable[[], bytes] = lambda: secrets.token_bytes(game_proof.NONCE_BYTES),
        web: WebLinks | None = None,  # links to the tables' live pages (adapters/web)
    ) -> None:
        self.redis = redis  # for the adapters' own keys (bot/store/mailbox.py, pacing)
        self.store = store or RedisStore(redis)
        self.tables = Tables(redis, self.store)
        self.clock = clock
        self.entropy = entropy
        self.dice = dice
        self.lobby_ttl = lobby_ttl
        self.bot_name = bot_name
        # Whether the platform shows us ordinary chat messages (not only commands and
        # presses): adapters say so (Telegram's privacy mode, Discord's intent).
        self.reads_chat = True
        self.roll_secret = roll_secret
        self.nonce = nonce
        self.web = web
        # Platforms whose adapter sends from the durable outbox (bot/chat/courier.py): what a
        # change says is written with it, and the adapter acknowledges each reply sent.
        self.durable: set[str] = set()

    # ----- the door -----------------------------------------------------------------

    async def handle(self, msg: Incoming) -> list[Reply]:
        """Everything the bot answers to `msg`. Never raises; never shows a traceback."""
        text, name = clean(msg.text), hygiene.name(msg.name)
        if text != msg.text or name != msg.name:  # (replace copies every field: only if needed)
            msg = replace(msg, text=text, name=name)
        logs.CHAT.set(f"{msg.platform}:{msg.chat}")
        asked.a_command()
        kind, started = self._kind(msg), time.perf_counter()
        # (what happened, for the metrics, and what to say: in this coroutine, not one
        # of its own, as every update passes here)
        try:
            try:
                replies = await self._handle(msg)
                outcome = "refused" if any(r.error for r in replies) else "ok"
            except GameError as e:  # refused before any table was touched
                outcome, replies = "refused", [error_reply(msg, await self._lang(msg), e)]
        except Duplicate:  # delivered again: handled the first time, answered then
            outcome, replies = "duplicate", []
        except NotApplied:  # Redis failed mid-write, and we know it did not land
            log.warning("not applied on %s chat %s", msg.platform, msg.chat, exc_info=True)
            metrics.REDIS_ERRORS.labels("command").inc()
            reply = error_reply(msg, normalize(msg.lang), RuleError("error.not_applied"))
            outcome, replies = "not_applied", [reply]
        except MaybeApplied:  # … and nobody can tell yet whether it did: say so
            log.warning("maybe applied on %s chat %s", msg.platform, msg.chat, exc_info=True)
            metrics.REDIS_ERRORS.labels("command").inc()
            reply = error_reply(msg, normalize(msg.lang), RuleError("error.maybe_applied"))
            outcome, replies = "maybe_applied", [reply]
        except Exception as e:  # a bug, or Redis out of reach: an apology, never a traceback
            log.exception("failed on %s chat %s", msg.platform, msg.chat)
            if isinstance(e, RedisError):
                metrics.REDIS_ERRORS.labels("command").inc()
            reply = error_reply(msg, normalize(msg.lang), RuleError("error.internal"))
            outcome, replies = "error", [reply]
        metrics.command(msg.platform, kind, outcome, time.perf_counter() - started)
        return replies

    def _kind(self, msg: Incoming) -> str:
        """What the update is, in few enough words to label a metric: a command we know
        (or a game's verb), a button, or text."""
        if msg.button is not None:
            return "button"
        try:
            cmd = parse(msg.text, self.bot_name)
        except GameError:
            return "text"
        if cmd is None:
            return "text"
        known = commands.find(cmd.name) is not None or any(
            cmd.name in g.commands for g in registry.all_games()
        )
        return cmd.name if known else "unknown"

    async def fire(self, member: str) -> tuple[str, str, list[Reply]]:
        """Run one due deadline; returns (platform, chat, replies) for the adapter to send."""
        d = Deadline.parse(member)
        now = self.clock()
        asked.a_command()

        def op(table: Table, out: Outbox, now: float) -> bool:
            if d.kind == "lobby":
                if table.status == "lobby" and repr(table.opened_at) == d.extra:
                    out.left.update(s.user for s in table.seats)
                    out.group("lobby.expired", game=lobby.spec_of(table).name(table.lang))
                    table.end_game()
                    return True
                return False
            if d.kind == "remind":
                return timeouts.remind(table, d.extra, out, now)
            return timeouts.timeout(table, d.extra, out, now)

        try:
            replies = await self._transact(d.platform, d.chat, None, op, now, create=False)
        except _NoTable:  # the chat's table is gone (moved, expired): nothing to do
            replies = []
        except Exception:
            log.exception("deadline %s failed", member)
            replies = []
        return d.platform, d.chat, replies

    def deadlines(self, platform: str) -> Deadlines:
        """The deadlines of one platform's tables, for that platform's ticker."""
        return self.tables.deadlines(platform)

    async def remember_board(self, platform: str, chat: str, message_id: str | None) -> None:
        """Adapters call this after posting a board, so the next one edits it in place."""

        def op(table: Table, out: Outbox, now: float) -> bool:
            table.board_message = message_id
            return True

        # A board posted just before its chat moved must not make a ghost table there.
        with contextlib.suppress(_NoTable):
            await self._transact(platform, chat, None, op, self.clock(), create=False)

    async def remember_status(
        self, platform: str, chat: str, message_id: str, token: str, text: str = ""
    ) -> Reply | None:
        """Adapters call this after posting a step's living status (Reply.status, whose
        `text` it was), so that the step's answers edit it. A step already over by then
        (answered while the message waited in a paced queue) keeps no status message:
        the returned edit closes it, its last line (the status) saying so and its buttons
        gone, for the adapter to send."""
        over: list[str] = []

        def op(table: Table, out: Outbox, now: float) -> bool:
            if token.startswith(standing.STANDING):  # a deal's message, with its buttons
                prompt_id = token.removeprefix(standing.STANDING)
                if table.status != "playing" or not play.standing_open(table, prompt_id):
                    over.append(table.lang)
                    return False
                table.standing_messages[prompt_id] = [message_id, text]
                return True
            if table.status == "idle" or table.step_token != token:  # (a lobby's too)
                over.append(table.lang)
                return False
            table.status_message = message_id
            return True

        with contextlib.suppress(_NoTable):
            await self._transact(platform, chat, None, op, self.clock(), create=False)
        if not over:
            return None
        if token.startswith("lobby."):  # a lobby's message: the game has begun meanwhile
            lines = [*text.splitlines(), t(over[0], "lobby.started")]
        elif token.startswith(standing.STANDING):  # everyone it named has answered already
            lines = [*text.splitlines(), t(over[0], "status.done")]
        else:  # a step's: its status line goes
            lines = [*text.splitlines()[:-1], t(over[0], "status.done")]
        return Reply(text="\n".join(lines), edit=message_id, chat=chat)

    async def move_table(self, platform: str, old_chat: str, new_chat: str) -> None:
        """A chat changed its id (Telegram: group → supergroup): its table follows."""
        await self.tables.move(platform, old_chat, new_chat)

    async def table_version(self, platform: str, chat: str) -> int:
        """The chat's table's version (0: none): one small read, for pages that follow it."""
        return await self.tables.version(platform, chat)

    async def table(self, platform: str, chat: str, answers: bool = False) -> Table | None:
        """The chat's table; with `answers`, its game's logged answers too (a second read
        in the same round trip: bot/proof/games.py)."""
        return await self.tables.load(platform, chat, answers)

    # ----- dispatch -----------------------------------------------------------------

    def _handle(self, msg: Incoming) -> Awaitable[list[Reply]]:
        """What `msg` is, and the coroutine that answers it (a button's is `_press`
        itself: every press passes here, and a coroutine of its own would only await it)."""
        if msg.button is not None:
            if verb := buttons.lobby_verb(msg.button):
                return self._lobby_button(msg, verb)
            return self._press(msg)
        return self._said(msg)

    async def _lobby_button(self, msg: Incoming, verb: str) -> list[Reply]:
        """A lobby button is its command; a refusal goes to whoever pressed."""
        replies = await self._said(replace(msg, button=None, text=f"/{verb}"))
        return [
            replace(r, to=msg.user, notice=True) if r.error and not r.private else r
            for r in replies
        ]

    async def _said(self, msg: Incoming) -> list[Reply]:
        """A command or a text."""
        cmd = parse(msg.text, self.bot_name)
        if cmd is None:
            if len(msg.text) > MAX_TEXT and msg.private:
                raise ParseError("error.too_long", limit=MAX_TEXT)
            return await self._typed(msg, None)
        spec = commands.find(cmd.name)
        if spec is None:  # a game's verb (`/bid 30`), or a word we do not know
            return await self._typed(msg, cmd)
        call = Call(
            player=msg.player(),
            admin=msg.admin,
            args=cmd.args,
            rest=cmd.rest,
            usage=spec.usage or "",
            lobby_ttl=self.lobby_ttl,
            dice=self.dice,
            update_id=msg.update_id,
            reads_chat=self.reads_chat,
            platform=msg.platform,
            chat=msg.chat,
            now=self.clock(),
            roll_secret=self.roll_secret,
            web=self.web,
        )
        if spec.reply is not None:
            # Touches no table, so the update is marked handled on its own: a /roll
            # delivered twice is answered once, with one set of dice.
            if spec.once:
                await self.tables.claim_update(msg.platform, msg.chat, msg.update_id)
            table = (
                None
                if msg.private
                else await self.table(msg.platform, msg.chat, spec.reads_answers)
            )
            lang = table.lang if table is not None else normalize(msg.lang)
            call = replace(call, table=table)
            try:
                return [reply(msg, spec.reply(lang, call))]
            except GameError as e:  # refused in the language just read: no second read
                return [error_reply(msg, lang, e)]
        assert spec.change is not None
        change = spec.change
        if msg.private:
            if spec.scope == "group":
                raise RuleError("error.group_only", command=cmd.name)
            assert spec.via_private
            return await self._via_private(
                msg,
                lambda tb, ps: tb.status == "playing",
                lambda table, out, now: change(table, out, now, call),
                lambda tables: RuleError("error.no_game"),
            )
        # drawn once: the op may run again
        call = replace(call, seed=self.entropy(), nonce=self.nonce())

        def op(table: Table, out: Outbox, now: float) -> bool:
            lobby.expire_if_stale(table, now, self.lobby_ttl)
            return change(table, out, now, call)

        if spec.name == "join":
            return await self._join(msg, op)
        return await self._transact(msg.platform, msg.chat, msg, op)

    async def _join(self, msg: Incoming, op: Op) -> list[Reply]:
        """A /join: at the chat's table, or where the table opened here moved to.

        Said where the table was opened (Discord: the channel, the table now in its
        thread), the player sits down there and is told where it is. The table may move
        while the join is under way (bot/table/saved.py `move`): it then follows it."""
        for _ in range(3):
            if moved := await self._moved_lobby(msg):
                replies = await self._transact(msg.platform, moved, msg, op, create=False)
                lang = await self._lang(msg)
                note = Reply(text=t(lang, "lobby.in_thread"), to=msg.user, notice=True)
                return [*replies, replace(note, chat=msg.chat)]
            try:
                return await self._transact(msg.platform, msg.chat, msg, op, create=False)
            except _NoTable:
                if await self.tables.moved_to(msg.platform, msg.chat) is None:
                    break
        return await self._transact(msg.platform, msg.chat, msg, op)  # none: its refusal

    async def _moved_lobby(self, msg: Incoming) -> str | None:
        """The chat a table opened here moved to, if this chat has none of its own."""
        if await self.table(msg.platform, msg.chat) is not None:
            return None
        moved = await self.tables.moved_to(msg.platform, msg.chat)
        if moved is None or await self.table(msg.platform, moved) is None:
            return None
        return moved

    # ----- answers to prompts ----------------------------------------------------------

    async def _typed(self, msg: Incoming, cmd: Command | None) -> list[Reply]:
        """A typed answer (bot/chat/typed.py): `/bid 30` anywhere it belongs, or plain text
        where a prompt asks."""

        def op(table: Table, out: Outbox, now: float) -> bool:
            return typed.answer(msg, cmd, table, out, now)

        if msg.private:
            return await self._via_private(
                msg,
                lambda table, prompts: typed.wanted(msg, cmd, table, prompts),
                op,
                lambda tables: typed.refused(msg, cmd, tables),
            )
        # Plain chatter in a group is none of our business unless a prompt asks for it.
        if cmd is None and not typed.concerns(msg, await self.table(msg.platform, msg.chat)):
            return []
        return await self._transact(msg.platform, msg.chat, msg, op)

    async def _press(self, msg: Incoming) -> list[Reply]:
        """A button press (bot/chat/presses.py), at the table its button names."""
        press = buttons.decode(msg.button or "")
        chat = press.chat
        if not msg.private and press.chat != msg.chat:
            # A button sent before its group moved (Telegram: group → supergroup) is
            # pressed in the new chat: it still works there, and only there.
            if await self.tables.moved_to(msg.platform, press.chat) != msg.chat:
                raise RuleError("error.outdated")
            chat = msg.chat

        def op(table: Table, out: Outbox, now: float) -> bool:
            return presses.pressed(msg, press, table, out, now)

        try:
            return await self._transact(msg.platform, chat, msg, op, create=False)
        except _NoTable:
            moved = await self.tables.moved_to(msg.platform, chat)
            if moved is None:
                raise RuleError("error.outdated") from None
            try:  # a private button of a table that has moved since it was sent
                return await self._transact(msg.platform, moved, msg, op, create=False)
            except _NoTable:
                raise RuleError("error.outdated") from None

    async def _via_private(
        self,
        msg: Incoming,
        wants: Callable[[Table, list[Prompt]], bool],
        op: Op,
        refuse: Callable[[list[Table]], GameError],
    ) -> list[Reply]:
        """Route a private message to the one table of this user it belongs to."""
        chats = await self.tables.chats_of(msg.platform, msg.user)
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
        self,
        platform: str,
        chat: str,
        msg: Incoming | None,
        op: Op,
        now: float | None = None,
        create: bool = True,
    ) -> list[Reply]:
        """Run `op` on the chat's table (a new one if it has none, unless not `create`:
        then `_NoTable`)."""
        # (a float, as a loaded table holds it)
        now = float(self.clock() if now is None else now)

        def fn(data: bytes | None) -> tuple[Any, Outbox]:
            if data:
                table = Table.load(data)
            elif not create:
                raise _NoTable(chat)
            else:
                lang = normalize(msg.lang if msg else None)
                table = Table(platform=platform, chat=chat, lang=lang)
            names, game = [s.name for s in table.seats], table.game or ""
            out = Outbox(lang=table.lang, platform=platform, game=game, names=names)
            had, step = of_table(table), what_of_table_reads(table)
            try:
                changed = op(table, out, now)
                # the deadlines of a step that passed go with the write (asked again only
                # when the step is another: most answers leave it as it was)
                if changed and what_of_table_reads(table) != step:
                    out.unschedule = had - of_table(table)
                # Any other new group message pushes the board up too (play.settle).
                if (
                    changed
                    and table.status == "playing"
                    and out.group_lines
                    and out.status_line is None
                    and out.morph is None
                ):
                    table.posts_since_board += 1
                    table.posts_since_status += 1
            except GameError as e:
                out = Outbox(lang=table.lang, platform=platform)
                out.extra.append(error_reply(msg, table.lang, e, game))
                return KEEP, out
            return (table.write() if changed else KEEP), out

        out = await self.tables.transact(
            platform, chat, fn, msg.update_id if msg else None, durable=platform in self.durable
        )
        replies = out.addressed(chat)
        if ids := out.outbox_ids:
            replies = [amended(r, outbox_id=i) for r, i in zip(replies, ids, strict=True)]
        return replies

    # ----- small helpers ---------------------------------------------------------------

    async def _lang(self, msg: Incoming) -> str:
        if not msg.private:
            table = await self.table(msg.platform, msg.chat)
            if table is not None:
                return table.lang
        return normalize(msg.lang)
