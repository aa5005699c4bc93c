"""How a whole game feels in a busy chat: robot games through the fake Telegram and
Discord servers (the real client libraries), every API call recorded and counted.

    python -m bench.chat_flow [--platform telegram|discord] [--game ID] [--quick]
                              [--think SECONDS [SECONDS …]] [--boards photo|text …]
                              [--messages] [--calls]

Per platform, game and kind of board it prints:
  board       Telegram: `photo`, the board a picture; `text`, in a chat that refuses the
              bot photos, where the board is its <pre> snapshot (adapters/telegram/board.py)
  decisions   answers the robots gave (one press or typed value each)
  new/dec     new group messages per decision (target ≤ 0.6)
  status      new group messages that only say who answered / who we wait for / time
              (target 0)
  edits       edits of earlier messages (group and private)
  live        messages left with live prompt buttons when the game is over (target 0)
  KB up       bytes of pictures uploaded; `max png` the largest one (target ≤ 120 KB)
  burst       the most group calls in any 60 s (Telegram target ≤ 20), on a model
              clock: each decision takes a player THINK seconds (at most until a
              second before the prompt's deadline), and the adapter's
              pacing sleeps on the same clock (so the pacing is the real one)
  ment/pr     user mentions per prompt (per step the group is asked something)
  calls/dec   group calls (new messages and edits, what Telegram's 20 a minute counts)
              per decision (target ≤ 1.2)
  p50, p99    seconds from a player's answer until its result is visible in the group
              (the last group call it caused), on the model clock: what the pacing
              makes a player wait (Telegram target: p99 ≤ 3 s at 5 s per decision)
  lag         the most new group messages of ours standing below the board when a
              new one is posted (how far up the board can have scrolled)

Telegram runs with the adapter's real pacing (adapters/telegram/pace.py) on the model clock;
Discord has no pacing of ours (its p50/p99 are not measured). Each game is played once
per --think value (default 5 and 2 seconds) and, on Telegram, per --boards kind
(default both), the rows side by side. The robots are
tests/fixtures/robot.py's, at the counts and options of its PLAYS (--quick: the smallest
count only).
"""

import argparse
import asyncio
import logging
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import discord
import fakeredis

from adapters.telegram.pace import Pace
from bot.i18n import t
from bot.store.outboxes import Outboxes
from tests.fixtures import fake_discord, fake_telegram
from tests.fixtures.fake_discord import EPHEMERAL, FakeDiscord, World
from tests.fixtures.fake_telegram import GROUP, FakeTelegram, running_bot, until
from tests.fixtures.robot import PLAYS, discord_act, play_out, telegram_act
from tests.games import install as install_test_games

THINK = 5.0  # seconds a player takes per decision, on the model clock
PHOTO, TEXT = "photo", "text"  # Telegram's boards: pictures, or <pre> snapshots
WINDOW = 60.0
ANSWER_BEFORE = 10.0  # seconds before a prompt's deadline a slow player answers
PROMPT_DATA = re.compile(r"^st\d:")  # a prompt's button (bot/table/buttons.py)


class ModelClock:
    def __init__(self) -> None:
        self.now = 1_790_000_000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(seconds, 0.0)
        await asyncio.sleep(0)


def thinking(table: Any, now: float) -> float:
    """THINK seconds, but a player answers before the prompt's deadline (ANSWER_BEFORE
    seconds before it, room for the adapter's paced sends on the same clock): slower
    than a game's deadline (AUFRUHR!'s 60 s ballots) the robot's answer would come after
    the timeout took its seat's default, and nobody plays so."""
    deadline = table.deadline_at if table is not None else None
    if deadline is None:
        return THINK
    return max(0.0, min(THINK, deadline - now - ANSWER_BEFORE))


def status_patterns(lang: str = "en") -> list[re.Pattern[str]]:
    """Lines that only tell who answered, whom we wait for, or the time left."""
    keys = ["prompt.answered", "prompt.still_waiting", "prompt.deadline", "prompt.secret_waiting"]
    keys += ["status.waiting", "status.answered", "status.time_left", "status.done"]
    out = []
    logging.getLogger("bot.i18n").disabled = True  # keys of another version are skipped
    for key in keys:
        text = t(lang, key)
        if text == key:
            continue
        pattern = re.escape(text)
        pattern = re.sub(r"\\\{[a-z_]+\\\}", ".*", pattern)
        out.append(re.compile(rf"^\W*{pattern}\W*$"))
    logging.getLogger("bot.i18n").disabled = False
    return out


def status_only(text: str, patterns: list[re.Pattern[str]]) -> bool:
    lines = [re.sub(r"<[^>]+>", "", line).strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    return bool(lines) and all(any(p.match(line) for p in patterns) for line in lines)


def burst(stamps: list[float]) -> int:
    stamps = sorted(stamps)
    best, j = 0, 0
    for i, s in enumerate(stamps):
        while stamps[j] <= s - WINDOW:
            j += 1
        best = max(best, i - j + 1)
    return best


@dataclass
class Figures:
    platform: str
    game: str
    players: int
    think: float = THINK
    board: str = "–"  # Telegram: PHOTO or TEXT
    decisions: int = 0
    prompts: int = 0
    group_new: int = 0
    status_new: int = 0
    edits: int = 0
    live: int = 0
    uploaded: int = 0
    largest_png: int = 0
    burst: int = 0
    mentions: int = 0
    lag: int = 0
    seconds: float = 0.0
    answers: list[float] = field(default_factory=list)  # when each decision was given
    waits: list[float] = field(default_factory=list)  # answer → its result in the group
    group_stamps: list[float] = field(default_factory=list)
    said: list[str] = field(default_factory=list)  # each new group message, for --messages
    # each group call, for --calls: (model time, method, its text's first line)
    calls: list[tuple[float, str, str]] = field(default_factory=list)

    def row(self) -> str:
        per = self.group_new / max(self.decisions, 1)
        ment = self.mentions / max(self.prompts, 1)
        calls = len(self.group_stamps) / max(self.decisions, 1)
        p50, p99 = (f"{q:5.1f}" for q in percentiles(self.waits)) if self.waits else ("    –",) * 2
        return (
            f"{self.platform:8} {self.game + '-' + str(self.players):24} {self.board:5} "
            f"{self.think:5.1f} "
            f"{self.decisions:5} {per:7.2f} {self.status_new:6} {self.edits:6} {self.live:5} "
            f"{self.uploaded / 1024:8.0f} {self.largest_png / 1024:7.0f} {self.burst:5} "
            f"{ment:7.2f} {self.lag:4} {calls:9.2f} {p50} {p99} {self.seconds:6.1f}"
        )


def percentiles(values: list[float]) -> tuple[float, float]:
    """The median and the 99th percentile (inclusive: within the values measured)."""
    if len(values) == 1:
        return values[0], values[0]
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    return statistics.median(values), cuts[98]


def waits(answers: list[float], stamps: list[float]) -> list[float]:
    """For each answer that the group saw, the time until the last group call before the
    next answer (the bot drains its queues before a player thinks: every call in between
    is this answer's result). An answer that changed nothing in the group has none."""
    out = []
    stamps = sorted(stamps)
    for i, at in enumerate(answers):
        until = answers[i + 1] if i + 1 < len(answers) else float("inf")
        seen = [s for s in stamps if at <= s < until]
        if seen:
            out.append(seen[-1] - at)
    return out


def print_calls(figures: Figures) -> None:
    """Each answer, then the group calls it caused (until the next answer), with the
    seconds since the answer: what one decision costs of the group's 20 a minute."""
    answers = sorted(figures.answers)
    calls = sorted(figures.calls)
    j = 0
    for i, at in enumerate(answers):
        until = answers[i + 1] if i + 1 < len(answers) else float("inf")
        print(f"   answer {i + 1} at {at - answers[0]:7.1f} s")
        while j < len(calls) and calls[j][0] < until:
            stamp, method, shown = calls[j]
            if stamp >= at:
                last = re.sub(r"<[^>]+>", "", (shown.strip().splitlines() or [""])[-1])
                print(f"   │ +{stamp - at:4.1f} {method:18} {len(shown):5} {last[:90]}")
            j += 1


HEADER = (
    f"{'platform':8} {'game':24} {'board':5} {'think':>5} {'dec':>5} {'new/dec':>7} "
    f"{'status':>6} "
    f"{'edits':>6} {'live':>5} {'KB up':>8} {'max png':>7} {'burst':>5} {'ment/pr':>7} "
    f"{'lag':>4} {'calls/dec':>9} {'p50':>5} {'p99':>5} {'wall s':>6}"
)


def _has_prompt_buttons_tg(message: dict[str, Any]) -> bool:
    rows = message.get("reply_markup", {}).get("inline_keyboard", [])
    return any(PROMPT_DATA.match(b.get("callback_data", "")) for row in rows for b in row)


def _has_prompt_buttons_dc(message: dict[str, Any]) -> bool:
    for row in message.get("components") or []:
        for c in row.get("components", []):
            ids = [c.get("custom_id", "")] + [o.get("value", "") for o in c.get("options", [])]
            if any(PROMPT_DATA.match(i) or i.startswith("stm:") for i in ids):  # (stm: a modal)
                return True
    return False


async def telegram_game(game: str, players: int, options: str, board: str = PHOTO) -> Figures:
    clock = ModelClock()
    fake = FakeTelegram(clock=clock)
    if board == TEXT:  # the chat refuses the bot photos: every board is text
        fake.no_photos.add(GROUP)
    runner = await fake.start()
    users = [(100 + i, f"Player{i}") for i in range(players)]
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    pace = Pace(redis, clock=clock, sleep=clock.sleep)
    figures = Figures("telegram", game, players, THINK, board)
    steps: set[int] = set()
    started = time.monotonic()
    # The router's clock is the model clock too: deadlines and who counts as watching
    # (bot/table/play.py) see the players' thinking time.
    outboxes = Outboxes(redis, "telegram")
    async with running_bot(fake, redis, pace=pace, clock=clock) as bot:
        router = bot.adapter.router

        async def load():
            table = await router.table("telegram", str(GROUP))
            if table is not None and table.status == "playing":
                steps.add(table.step)
            return table

        async def think() -> None:
            # The bot is done before the player thinks: the replies of the last change,
            # written into the chat's outbox with the table, are all sent (else, on a
            # busy machine, the model clock jumped past them before they were out, and
            # a wait or a reminder depended on the load).
            while True:
                await bot.adapter.sender.drain()
                if not await outboxes.waiting(str(GROUP)):
                    break
                await asyncio.sleep(0.005)
            table = await load()
            clock.now += thinking(table, clock.now)

        answer = telegram_act(fake, users, think, load)

        async def act(table: Any, move: Any) -> None:
            await answer(table, move)
            figures.answers.append(clock.now)  # (after the thinking: the moment it is given)

        fake.say(*users[0], f"/new {game} {options}")
        for user in users[1:]:
            fake.say(*user, "/join")
        fake.say(*users[0], "/start")
        await until(lambda: "begins" in fake.everything(GROUP), timeout=30)
        await bot.adapter.sender.drain()
        first_call = len(fake.calls)
        figures.decisions = await play_out(load, act, seed=len(game))
        await until(lambda: "is over" in fake.everything(GROUP), timeout=60)
        await bot.adapter.sender.drain()
    await redis.aclose()
    await runner.cleanup()
    patterns = status_patterns()
    figures.prompts = len(steps)
    below = 0
    stamps = [(c.at, c.method, c.params) for c in fake.calls[first_call:] if c.ok]
    for at, method, params in stamps:
        if method in ("sendMessage", "sendPhoto") and params.get("chat_id") == GROUP:
            board = method == "sendPhoto" or "<pre>" in str(params.get("text"))
            below = 0 if board else below + 1
            figures.lag = max(figures.lag, below)
        group = params.get("chat_id") == GROUP
        if group and method.startswith(("send", "edit")):  # what the group's pacing counts
            figures.group_stamps.append(at)
            media = params.get("media")
            shown = params.get("text") or params.get("caption") or ""
            shown = shown or (media.get("caption", "") if isinstance(media, dict) else "")
            figures.calls.append((at, method, str(shown)))
        if method in ("sendMessage", "sendPhoto") and group:
            figures.group_new += 1
            text = params.get("text") or params.get("caption") or ""
            figures.said.append(text)
            figures.status_new += status_only(text, patterns)
        if method.startswith("edit"):
            figures.edits += 1
        if method in ("sendPhoto", "editMessageMedia"):
            photo = params.get("photo")
            if photo is None and isinstance(params.get("media"), dict):
                photo = params["media"].get("media")
            for value in params.values():  # uploads arrive as bytes
                if isinstance(value, bytes | bytearray):
                    figures.uploaded += len(value)
                    figures.largest_png = max(figures.largest_png, len(value))
        text = str(params.get("text") or params.get("caption") or "")
        entities = params.get("entities") or []
        figures.mentions += text.count("tg://user?id=") + sum(
            1 for e in entities if isinstance(e, dict) and e.get("type") == "text_mention"
        )
    live = [m for m in fake.sent.values() if _has_prompt_buttons_tg(m)]
    figures.live = len(live)
    figures.said += [f"LIVE in {m['chat']['id']}: {m.get('text', '(photo)')}" for m in live]
    figures.burst = burst(figures.group_stamps)
    figures.waits = waits(figures.answers, figures.group_stamps)
    figures.seconds = time.monotonic() - started
    return figures


async def no_picture_png(svg: str) -> bytes | None:
    return None


async def discord_game(game: str, players: int, options: str) -> Figures:
    from bot.chat import pictures

    clock = ModelClock()
    fake = FakeDiscord()
    # message id → when it was made (model clock) and the message as first sent (a
    # deleted board still counts as a message posted)
    born: dict[str, tuple[float, dict[str, Any]]] = {}
    handle = fake._handle

    async def stamped(request: Any) -> Any:
        at = clock.now
        response = await handle(request)
        for mid in fake.messages.keys() - born.keys():
            born[mid] = (at, dict(fake.messages[mid]))
        return response

    fake._handle = stamped  # type: ignore[method-assign]
    runner = await fake.start()
    saved_base = discord.http.Route.BASE
    discord.http.Route.BASE = fake.base_url
    sizes: list[int] = []
    real_png = pictures.png

    async def measured_png(svg: str) -> bytes | None:
        png = await real_png(svg)
        if png:
            sizes.append(len(png))
        return png

    pictures.png = measured_png
    world = World(fake)
    figures = Figures("discord", game, players, THINK)
    steps: set[int] = set()
    started = time.monotonic()
    try:
        await world.start_bot(budget=30.0)
        world.bot.adapter.router.clock = clock
        users = [(100 + i, f"Player{i}") for i in range(players)]
        await world.feed(fake.command("new", *users[0], {"game": game, "options": options}))
        (thread,) = fake.threads
        for user in users[1:]:
            await world.feed(fake.command("join", *user, channel=thread, thread=True))
        await world.feed(fake.command("start", *users[0], channel=thread, thread=True))
        router = world.bot.adapter.router
        first_call = len(fake.calls)

        async def load():
            table = await router.table("discord", str(thread))
            if table is not None and table.status == "playing":
                steps.add(table.step)
            return table

        async def think() -> None:
            table = await load()
            clock.now += thinking(table, clock.now)

        act = discord_act(world, users, thread, think)

        before = set(fake.messages)
        figures.decisions = await play_out(load, act, seed=len(game))
        patterns = status_patterns()
        figures.prompts = len(steps)
        below = 0
        for mid in sorted(born, key=int):
            message = born[mid][1]
            if mid in before or message["channel_id"] != str(thread):
                continue
            if message["flags"] & EPHEMERAL:
                continue
            board = "```" in message["content"] or bool(message["attachments"])
            below = 0 if board else below + 1
            figures.lag = max(figures.lag, below)
            figures.group_new += 1
            figures.said.append(message["content"])
            figures.group_stamps.append(born[mid][0])
            figures.status_new += status_only(message["content"], patterns)
        for call in fake.calls[first_call:]:
            body = call.body if isinstance(call.body, dict) else {}
            data = body.get("data") if isinstance(body.get("data"), dict) else body
            if call.method == "PATCH" or ("/callback" in call.path and body.get("type") == 7):
                figures.edits += 1
            mentions = (data or {}).get("allowed_mentions") or {}
            figures.mentions += len(mentions.get("users") or [])
        # messages in the thread said through interactions count as the thread's
        live = [m for m in fake.messages.values() if _has_prompt_buttons_dc(m)]
        figures.live = len(live)
        figures.said += [f"LIVE in {m['channel_id']}: {m['content']}" for m in live]
        figures.uploaded = sum(len(d) for c in fake.calls for _, d in c.files)
        figures.largest_png = max(sizes, default=0)
        figures.burst = burst(figures.group_stamps)
        figures.seconds = time.monotonic() - started
    finally:
        pictures.png = real_png
        await world.close()
        await runner.cleanup()
        discord.http.Route.BASE = saved_base
    return figures


def plays(platform: str, quick: bool, only: str | None) -> list[tuple[str, int, str]]:
    from rules import registry

    out = []
    for game in registry.all_games():
        if only and game.id != only:
            continue
        counts = PLAYS.get(game.id, {}).get(platform, [(game.min_players, "")])
        for players, options in counts[:1] if quick else counts:
            out.append((game.id, players, options))
    return out


async def main() -> None:
    global THINK
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--platform", choices=["telegram", "discord"])
    parser.add_argument("--game")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--think",
        type=float,
        nargs="+",
        default=[5.0, 2.0],
        help="seconds a player takes per decision (each value a run of every game)",
    )
    parser.add_argument(
        "--boards",
        choices=[PHOTO, TEXT],
        nargs="+",
        default=[PHOTO, TEXT],
        help="Telegram: boards as pictures, or as text in a chat that refuses photos",
    )
    parser.add_argument(
        "--messages", action="store_true", help="print each new group message (its first lines)"
    )
    parser.add_argument(
        "--calls",
        action="store_true",
        help="print each group call (Telegram), under the answer that caused it",
    )
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    install_test_games()  # the test game (auktion) is a robot game too
    print(HEADER, flush=True)
    for platform in [args.platform] if args.platform else ["telegram", "discord"]:
        for game, players, options in plays(platform, args.quick, args.game):
            for board in args.boards if platform == "telegram" else [None]:
                for think in args.think:
                    THINK = think
                    try:
                        if board is None:
                            figures = await discord_game(game, players, options)
                        else:
                            figures = await telegram_game(game, players, options, board)
                    except Exception as e:  # one broken game must not hide the others'
                        print(f"{platform:8} {game}-{players}: failed: {e!r}"[:200], flush=True)
                        continue
                    print(figures.row(), flush=True)
                    if args.messages:
                        for said in figures.said:
                            print("   │ " + " ⏎ ".join(said.splitlines()[:4])[:160])
                    if args.calls:
                        print_calls(figures)


if __name__ == "__main__":
    _ = (fake_discord, fake_telegram)
    asyncio.run(main())
