"""Is every request the bot makes one the real Telegram takes? The robot games of every
registered game, in English and German, with hostile player names, through the strict fake
Telegram (tests/fixtures/fake_telegram.py, held to the Bot API's api.json), counted.

    python -m bench.telegram_spec [--game ID] [--quick] [--lang en|de] [--boards photo|text]

Per game, player count and language, and then in all, it prints:
  requests    requests the fake checked against the spec (the menus at start-up too)
  limits      checks of a limit the spec states in words (text length after entity
              parsing, callback_data bytes, command names, photo size …), and how many
              of the spec's limits were exercised
  longest     the longest text shown and the longest caption, in UTF-16 units, of 4096
              and 1024
  violations  requests Telegram would refuse (target 0), each with Telegram's answer

The robots and their counts and options are tests/fixtures/robot.py's (PLAYS; --quick: the
smallest count only); boards go out as pictures, so photo limits are checked too, or
with `--boards text` in a chat that refuses the bot photos, where each step's status rides
below the board's <pre> snapshot in one message of at most 4096.
"""

import argparse
import asyncio
import logging
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import fakeredis

from bot.i18n import LANGUAGES, t
from tests.fixtures.fake_telegram import GROUP, FakeTelegram, running_bot, until
from tests.fixtures.robot import PLAYS, hostile_players, play_out, telegram_act
from tests.fixtures.telegram_html import plain
from tests.games import install as install_test_games


def fixed(lang: str, key: str) -> str:
    """The longest part of a message that no parameter fills (" begins! At the table: ")."""
    return max(re.split(r"\{\w+\}", t(lang, key, _=0)), key=len)


def units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


async def game_through_the_fake(
    game: str, players: int, options: str, lang: str, text: bool = False
) -> tuple[FakeTelegram, float]:
    fake = FakeTelegram()
    if text:  # the chat refuses the bot photos: every board is text
        fake.no_photos.add(GROUP)
    runner = await fake.start()
    users = hostile_players(players, start=len(game))
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    started = time.monotonic()
    begins, over = fixed(lang, "game.started"), fixed(lang, "game.over")
    try:
        async with running_bot(fake, redis) as bot:
            router = bot.adapter.router

            async def load():
                return await router.table("telegram", str(GROUP))

            fake.say(*users[0], f"/new {game} {options}", lang=lang)
            for user in users[1:]:
                fake.say(*user, "/join")
            fake.say(*users[0], "/start")
            await until(lambda: begins in fake.everything(GROUP), timeout=30)
            await bot.adapter.sender.drain()
            await play_out(load, telegram_act(fake, users), seed=len(game))
            await until(lambda: over in fake.everything(GROUP), timeout=60)
            await bot.adapter.sender.drain()
    finally:
        await redis.aclose()
        await runner.cleanup()
    return fake, time.monotonic() - started


def longest(fake: FakeTelegram) -> tuple[int, int]:
    """The longest text and caption shown, in UTF-16 units, as Telegram counts them."""
    text = caption = 0
    for call in fake.calls:
        if not call.ok:
            continue
        params = call.params
        if "text" in params and call.method in ("sendMessage", "editMessageText"):
            text = max(text, units(plain(str(params["text"]))))
        media = params.get("media")
        shown = params.get("caption") or (media.get("caption") if isinstance(media, dict) else None)
        if shown:
            caption = max(caption, units(plain(str(shown))))
    return text, caption


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--lang", choices=LANGUAGES)
    parser.add_argument("--boards", choices=["photo", "text"], default="photo")
    args = parser.parse_args()
    logging.basicConfig(level=logging.CRITICAL)
    install_test_games()  # the test game (auktion) is a robot game too
    from rules import registry

    requests = 0
    checked: Counter[str] = Counter()
    refused: Counter[str] = Counter()
    known = 0
    most = (0, 0)
    print(f"{'game-players':24} {'lang':4} {'requests':>8} {'limits':>7} {'longest':>11} viol  s")
    for spec in registry.all_games():
        if args.game and spec.id != args.game:
            continue
        counts = PLAYS.get(spec.id, {}).get("telegram", [(spec.min_players, "")])
        for players, options in counts[:1] if args.quick else counts:
            for lang in [args.lang] if args.lang else LANGUAGES:
                try:
                    fake, seconds = await game_through_the_fake(
                        spec.id, players, options, lang, args.boards == "text"
                    )
                except Exception as e:  # one broken game must not hide the others' figures
                    print(f"{spec.id}-{players} {lang}: failed: {e!r}"[:200], flush=True)
                    continue
                text, caption = longest(fake)
                most = (max(most[0], text), max(most[1], caption))
                requests += fake.api.requests
                checked += fake.api.checked
                known = sum(len(v) for v in fake.api.limits.values())
                refused.update(f"{v.method}: {v.description}" for v in fake.violations)
                print(
                    f"{spec.id + '-' + str(players):24} {lang:4} {fake.api.requests:8} "
                    f"{sum(fake.api.checked.values()):7} {text:5}/{caption:<5} "
                    f"{len(fake.violations):4} {seconds:4.0f}",
                    flush=True,
                )
    print()
    print(f"requests checked   {requests}")
    print(
        f"limits checked     {sum(checked.values())} checks of {len(checked)} limits "
        f"(of the {known} the spec states in words)"
    )
    for name, count in sorted(checked.items()):
        print(f"  {name:44} {count}")
    print(f"longest            text {most[0]} of 4096, caption {most[1]} of 1024 (UTF-16 units)")
    print(f"violations         {sum(refused.values())}")
    for what, count in refused.most_common():
        print(f"  {count:5} × {what}")


if __name__ == "__main__":
    asyncio.run(main())
