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
from dataclasses import dataclass, replace
from typing import Any

from bot.chat import commands, hygiene, offers
from bot.chat.answers import (
    REFUSALS,
    asks_a_button,
    find_typed,
    own_refusal,
    press_refusal,
    reads_as_answer,
    refusal,
    typed_value,
)
from bot.chat.commands import Command, parse
from bot.chat.hygiene import clean
from bot.chat.table_commands import Call
from bot.i18n import normalize, t
from bot.ops import logs, metrics
from bot.proof import games as game_proof
from bot.replies import Reply, amended
from bot.store.errors import RedisError
from bot.store.scheduler import Deadlines
from bot.store.versioned import KEEP, Duplicate, MaybeApplied, NotApplied, RedisStore
from bot.table import buttons, lobby, play, standing, timeouts
from bot.table.deadlines import Deadline, of_table, what_of_table_reads
from bot.table.keyboards import carried_index
from bot.table.model import Seat, Table
from bot.table.outbox import Outbox
from bot.table.saved import Tables
from rules import registry
from rules.core.errors import GameError, ParseError, RuleError
from rules.core.protocol import Prompt

log = logging.getLogger(__name__)

LOBBY_TTL = 2 * 3600  # seconds an unstarted lobby keeps the chat
# Refusals of a press after which its message's buttons are of no use to the presser.
DONE = {"error.outdated": "status.outdated", "error.already_answered": "status.answered_before"}
MAX_TEXT = 500  # characters of a typed answer


@dataclass(frozen=True)
class Incoming:
    """One thing a user did, as an adapter saw it."""

    platform: str
    chat: str  # the group chat; for a private message, the user's private chat
    user: str
    name: str
    text: str = ""
    button: str | None = None  # button payload (bot/table/buttons.py)
    private: bool = False
    update_id: str | None = None
    admin: bool = False  # a chat administrator, as the platform says
    lang: str | None = None  # the user's language as the platform reports it
    # Said in the group, but the platform shows it to the sender alone (a Discord slash
    # command answered ephemerally): it may answer a secret prompt.
    sealed: bool = False
    handle: str | None = None  # the user's @handle (a username), where the platform has one
    message_id: str | None = None  # the platform's id of the message said (to reply to it)

    def player(self) -> Seat:
        return Seat(user=self.user, name=self.name, handle=self.handle)


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
        entropy: Callable[[], int] = lambda: secrets.randbits(63),
        lobby_ttl: float = LOBBY_TTL,
        bot_name: str | None = None,
        roll_secret: bytes | None = None,  # makes /roll verifiable (bot/proof/rolls.py)
        # the unguessable part of a game's seed (bot/proof/games.py): a CSPRNG's
        nonce: Callable[[], bytes] = lambda: secrets.token_bytes(game_proof.NONCE_BYTES),
    ) -> None:
        self.redis = redis  # for the adapters' own keys (bot/store/mailbox.py, pacing)
        self.store = store or RedisStore(redis)
        self.tables = Tables(redis, self.store)
        self.clock = clock
        self.entropy = entropy
        self.lobby_ttl = lobby_ttl
        self.bot_name = bot_name
        # Whether the platform shows us ordinary chat messages (not only commands and
        # presses): adapters say so (Telegram's privacy mode, Discord's intent).
        self.reads_chat = True
        self.roll_secret = roll_secret
        self.nonce = nonce
        # Platforms whose adapter sends from the durable outbox (bot/chat/courier.py): what a
        # change says is written with it, and the adapter acknowledges each reply sent.
        self.durable: set[str] = set()

    # ----- the door -----------------------------------------------------------------

    async def handle(self, msg: Incoming) -> list[Reply]:
        """Everything the bot answers to `msg`. Never raises; never shows a traceback."""
        text, name = clean(msg.text), hygiene.name(msg.name)
        if text != msg.text or name != msg.name:  # (dataclasses.replace costs ~10 µs)
            msg = replace(msg, text=text, name=name)
        logs.CHAT.set(f"{msg.platform}:{msg.chat}")
        kind, started = self._kind(msg), time.perf_counter()
        # (what happened, for the metrics, and what to say: in this coroutine, not one
        # of its own, as every update passes here)
        try:
            try:
                replies = await self._handle(msg)
                outcome = "refused" if any(r.error for r in replies) else "ok"
            except GameError as e:  # refused before any table was touched
                outcome, replies = "refused", [self._error_reply(msg, await self._lang(msg), e)]
        except Duplicate:  # delivered again: handled the first time, answered then
            outcome, replies = "duplicate", []
        except NotApplied:  # Redis failed mid-write, and we know it did not land
            log.warning("not applied on %s chat %s", msg.platform, msg.chat, exc_info=True)
            metrics.REDIS_ERRORS.labels("command").inc()
            reply = self._error_reply(msg, normalize(msg.lang), RuleError("error.not_applied"))
            outcome, replies = "not_applied", [reply]
        except MaybeApplied:  # … and nobody can tell yet whether it did: say so
            log.warning("maybe applied on %s chat %s", msg.platform, msg.chat, exc_info=True)
            metrics.REDIS_ERRORS.labels("command").inc()
            reply = self._error_reply(msg, normalize(msg.lang), RuleError("error.maybe_applied"))
            outcome, replies = "maybe_applied", [reply]
        except Exception as e:  # a bug, or Redis out of reach: an apology, never a traceback
            log.exception("failed on %s chat %s", msg.platform, msg.chat)
            if isinstance(e, RedisError):
                metrics.REDIS_ERRORS.labels("command").inc()
            reply = self._error_reply(msg, normalize(msg.lang), RuleError("error.internal"))
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
            entropy=self.entropy,
            update_id=msg.update_id,
            reads_chat=self.reads_chat,
            platform=msg.platform,
            chat=msg.chat,
            now=self.clock(),
            roll_secret=self.roll_secret,
        )
        if spec.reply is not None:
            # Touches no table, so the update is marked handled on its own: a /roll
            # delivered twice is answered once, with one set of dice.
            await self.tables.claim_update(msg.platform, msg.chat, msg.update_id)
            table = (
                None
                if msg.private
                else await self.table(msg.platform, msg.chat, spec.reads_answers)
            )
            lang = table.lang if table is not None else normalize(msg.lang)
            call = replace(call, table=table)
            try:
                return [self._reply(msg, spec.reply(lang, call))]
            except GameError as e:  # refused in the language just read: no second read
                return [self._error_reply(msg, lang, e)]
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
        """A typed answer: `/bid 30` anywhere it belongs, or plain text where a prompt asks."""

        def refuse(tables: list[Table]) -> GameError:
            games = [lobby.spec_of(tb) for tb in tables if tb.game]
            if cmd is not None and not any(cmd.name in g.commands for g in games):
                if any(cmd.name in g.commands for g in registry.all_games()):
                    if not tables:
                        return RuleError("error.not_seated")  # a game's verb from one at no table
                    if not games:
                        # a game's verb where no game is (one just ended: a late `/go`)
                        return RuleError("error.no_game")
                return ParseError("error.unknown_command", command=cmd.name)
            # one answer per situation (bot/chat/answers.py)
            if len(tables) == 1 and tables[0].game:
                tb = tables[0]
                prompts = play.prompts_for(lobby.spec_of(tb), tb)
                return refusal(tb, prompts, msg.user, msg.private, cmd, msg.sealed)
            if cmd is None and any(
                asks_a_button(tb, play.prompts_for(lobby.spec_of(tb), tb), msg.user, msg.private)
                for tb in tables
                if tb.game
            ):
                return RuleError(REFUSALS["press_a_button"])
            return RuleError(REFUSALS["nothing_asked"])

        def wants(table: Table, prompts: list[Prompt]) -> bool:
            return find_typed(table, prompts, msg.user, msg.private, cmd) is not None

        def op(table: Table, out: Outbox, now: float) -> bool:
            if table.status != "playing":
                raise refuse([table])
            spec = lobby.spec_of(table)
            state = play.state_of(spec, table)
            prompts = spec.prompts(state)
            found = find_typed(table, prompts, msg.user, msg.private, cmd)
            if found is None:
                raise refuse([table])
            seat, prompt = found
            text = cmd.rest if cmd else msg.text.strip()
            place = None
            if prompt.secret and not (msg.private or msg.sealed):
                place = "only_privately"
            if not prompt.secret and msg.private:
                place = "only_in_group"
            if place is not None:
                # A command open all the time may have nothing to answer now: the game's
                # reason comes first (a private `/guess 5` with no guessing challenge
                # running), else the player moves to the group only to be refused there.
                if prompt.standing and (
                    reason := own_refusal(spec, state, table, seat, prompt, text, out)
                ):
                    raise reason
                raise RuleError(REFUSALS[place])
            assert prompt.input is not None
            # Plain talk from a player who is asked something answers it only when it
            # reads as an answer: "good luck" while choosing where to go is table talk,
            # not a place that does not exist (`/go` gets every refusal).
            talk = cmd is None and not msg.private and not prompt.standing
            if talk and not reads_as_answer(spec, state, table, seat, prompt, text, out):
                return False
            try:
                value = typed_value(table, prompt, text, out)
            except GameError:
                # A command open all the time that is given no value it reads (`/guess`
                # alone): the game's reason comes first where it refuses the command
                # whatever the value (no guessing challenge runs), not "write /guess <n>".
                if prompt.standing and (
                    reason := own_refusal(spec, state, table, seat, prompt, text, out)
                ):
                    reason.private = True  # to the writer alone, as a usage line is
                    raise reason from None
                raise
            answer = prompt.input.fill(value)
            step = table.step_token
            if self._act_or_offer(msg, table, prompts.index(prompt), seat, answer, out, now):
                return True  # refused, with buttons for what it could have meant
            if prompt.secret and _done(table, spec, step, prompt, seat):
                # typed, not pressed: the adapter closes the private prompt it sent last
                line = out.text("status.pressed", choice=text)
                out.extra.append(Reply(pressed=line, to=msg.user))
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
        chat = press.chat
        if not msg.private and press.chat != msg.chat:
            # A button sent before its group moved (Telegram: group → supergroup) is
            # pressed in the new chat: it still works there, and only there.
            if await self.tables.moved_to(msg.platform, press.chat) != msg.chat:
                raise RuleError("error.outdated")
            chat = msg.chat

        def op(table: Table, out: Outbox, now: float) -> bool:
            if table.status != "playing":
                raise RuleError("error.outdated")
            # This step's button, or a private question's of an earlier step, unchanged
            # since; a refusal's choices are this step's only (bot/chat/offers.py). A standing
            # prompt's is named by its id: no step to match.
            index = carried_index(table, msg.user, press.step, press.prompt)
            if press.standing is None and (
                index is None or (press.option == buttons.CHOICE and press.step != table.step_token)
            ):
                raise RuleError("error.outdated")
            spec = lobby.spec_of(table)
            prompts = spec.prompts(play.state_of(spec, table))
            if press.standing is not None:  # a standing prompt's, by its id (a deal's)
                prompt = next((p for p in prompts if p.id == press.standing), None)
                if prompt is None or not 0 <= press.option < len(prompt.options):
                    raise RuleError("error.outdated")
                return _standing_press(table, spec, msg, prompt, press.option, out, now)
            assert index is not None
            if index >= len(prompts) or press.option >= len(prompts[index].options):
                raise RuleError("error.outdated")  # (TYPED is -1: always within range)
            step, prompt = table.step_token, prompts[index]
            seat = table.seat_of(msg.user)
            if seat is None or seat not in prompt.seats:
                # A secret prompt's buttons went only to its seats, and a seat leaves
                # the prompt (in the same step) once it has answered.
                raise press_refusal(table, prompts, prompt, msg.user)
            answer: Any
            if press.option == buttons.CHOICE:  # a refusal's choice: its message is done
                answer, choice = offers.chosen(table, press, msg.user)
                play.act(table, spec, seat, answer, prompt, out, now)
                line = out.text("status.pressed", choice=choice)
                out.extra.append(Reply(pressed=line, to=msg.user))  # refusals are private
                return True
            if press.option == buttons.TYPED:
                if prompt.input is None:
                    raise RuleError("error.outdated")
                answer = prompt.input.fill(typed_value(table, prompt, msg.text.strip(), out))
                if self._act_or_offer(msg, table, index, seat, answer, out, now):
                    return True
            else:
                answer = prompt.options[press.option].action
                play.act(table, spec, seat, answer, prompt, out, now)
            if msg.private and _done(table, spec, step, prompt, seat):
                # A private prompt's message shows the choice and loses its buttons; a
                # group's is the living status, which play.act edits.
                option = prompt.options[press.option] if press.option >= 0 else None
                choice = msg.text.strip() if option is None else offers.label(option, out)
                out.extra.append(
                    Reply(pressed=out.text("status.pressed", choice=choice), to=msg.user)
                )
            return True

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
        # (a float as a loaded table holds it: `Table.take` hands on what a command set)
        now = float(self.clock() if now is None else now)

        def fn(data: bytes | None) -> tuple[Any, Outbox]:
            if data:
                table = Table.take(data)
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
                out.extra.append(self._error_reply(msg, table.lang, e, game))
                return KEEP, out
            return (table.write() if changed else KEEP), out

        out = await self.tables.transact(
            platform, chat, fn, msg.update_id if msg else None, durable=platform in self.durable
        )
        replies = out.addressed(chat)
        if ids := out.outbox_ids:
            replies = [amended(r, outbox_id=i) for r, i in zip(replies, ids, strict=True)]
        return replies

    def _act_or_offer(
        self,
        msg: Incoming,
        table: Table,
        index: int,
        seat: int,
        answer: Any,
        out: Outbox,
        now: float,
    ) -> bool:
        """Apply a typed answer to prompt `index`; True when the engine refused it with
        choices (a name that fits several places): the refusal then carries their buttons,
        kept with the table (bot/chat/offers.py). Any other refusal is raised as it is."""
        spec = lobby.spec_of(table)
        prompt = spec.prompts(play.state_of(spec, table))[index]
        try:
            play.act(table, spec, seat, answer, prompt, out, now)
        except GameError as e:
            if not e.choices:
                raise
            rows = offers.offer(table, index, msg.user, e, out)
            reply = self._error_reply(msg, table.lang, e, table.game or "")
            out.extra.append(replace(reply, buttons=rows))
            return True
        return False

    # ----- small helpers ---------------------------------------------------------------

    async def _lang(self, msg: Incoming) -> str:
        if not msg.private:
            table = await self.table(msg.platform, msg.chat)
            if table is not None:
                return table.lang
        return normalize(msg.lang)

    def _reply(self, msg: Incoming, text: str) -> Reply:
        return Reply(text=text, to=msg.user if msg.private else None, chat=msg.chat)

    def _error_reply(self, msg: Incoming | None, lang: str, e: GameError, game: str = "") -> Reply:
        shown = Outbox(lang=lang, game=game).shown(e.key, e.params)
        # a list (the places a name could mean) reads as one: "Havana, Hauptbahnhof"
        shown = {k: _listed(v) for k, v in shown.items()}
        text = t(lang, e.key, **shown)
        if msg is None:
            return Reply(text=text, error=True)
        # A standing prompt's message (a deal's) is shared: one mayor who answered it
        # already is told so, and it stays open for the others it names.
        shared = msg.button is not None and msg.button.startswith(buttons.STANDING)
        if msg.button is not None and e.key in DONE and not (shared and e.key != "error.outdated"):
            # its message's buttons go
            pressed = t(lang, DONE[e.key])
            return Reply(
                text=text, to=msg.user, notice=True, error=True, chat=msg.chat, pressed=pressed
            )
        # A sealed move (a Discord slash command answered ephemerally) is refused as
        # privately as it was made: the refusal could tell what was typed.
        if msg.button is not None or e.private or msg.sealed:
            return Reply(text=text, to=msg.user, notice=True, error=True, chat=msg.chat)
        # In the group, a refusal answers the message that caused it (a busy chat
        # shows which one).
        return replace(self._reply(msg, text), error=True, reply_to=msg.message_id)


def _standing_press(
    table: Table, spec: Any, msg: Incoming, prompt: Prompt, option: int, out: Outbox, now: float
) -> bool:
    """A standing prompt's button (a deal's Accept): like typing its command. Once the
    prompt is gone (everyone it names has answered), its message loses its buttons
    (bot/table/standing.py `close_standing`)."""
    if table.status != "playing":
        raise RuleError("error.outdated")
    seat = table.seat_of(msg.user)
    if seat is None:
        raise RuleError("error.not_seated")
    if seat not in prompt.seats:
        if seat in table.standing_asked.get(prompt.id, ()):  # asked, and answered already
            raise RuleError(REFUSALS["already_answered"])
        raise RuleError("error.not_prompted")
    play.act(table, spec, seat, prompt.options[option].action, prompt, out, now)
    return True


def _listed(value: Any) -> Any:
    return ", ".join(str(v) for v in value) if isinstance(value, list | tuple) else value


def _done(table: Table, spec: Any, step: str, prompt: Prompt, seat: int) -> bool:
    """Whether `seat` is through with `prompt` of step `step` (a step of a multi-step
    answer, a token put into a folder, is not: its buttons are still needed)."""
    if table.status != "playing" or table.step_token != step:
        return True
    state = play.state_of(spec, table)
    return not any(p.id == prompt.id and seat in p.seats for p in play.waiting_prompts(spec, state))
