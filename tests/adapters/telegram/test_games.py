"""Whole games through Telegram with robot players (tests/fixtures/robot.py), in English and
German, players with hostile names, boards as pictures and, in a chat that refuses the bot
photos, as text: every prompt of a game must reach the right chat with buttons that work,
nothing private the group, and every request be one the Bot API takes (the strict fake
refuses any other, and the `fake` fixture fails the test)."""

import hashlib
import re

import fakeredis
import pytest

from bot.chat import hygiene
from bot.i18n import LANGUAGES, t
from bot.proof import games as game_proof
from rules import registry
from tests.fixtures.fake_telegram import GROUP, FakeTelegram, running_bot, said, until
from tests.fixtures.robot import (
    HOSTILE_NAMES,
    PLAYS,
    hostile_players,
    play_out,
    robot_games,
    telegram_act,
)


def fixed(lang: str, key: str) -> str:
    """The longest part of a message that no parameter fills (" begins! At the table: ")."""
    return max(re.split(r"\{\w+\}", t(lang, key, _=0)), key=len)


def private_lines(fake: FakeTelegram, users: list[int]) -> set[str]:
    """What players were told privately, line by line (long lines only: short ones like
    a bare number can also appear in public by chance)."""
    lines = set()
    for call in fake.done("sendMessage") + fake.done("sendPhoto"):
        if call["chat_id"] in users:
            text = call.get("text") or call.get("caption") or ""
            lines |= {line for line in text.splitlines() if len(line) >= 25}
    return lines


@pytest.mark.parametrize("boards", ["photo", "text"])
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "players", "options"), robot_games("telegram"))
async def test_a_whole_game_with_robot_players(fake, game, players, options, lang, boards, request):
    if boards == "text":  # each step's status below the board's snapshot, in one message
        fake.no_photos.add(GROUP)
    elif lang != "en":
        # Drawing the boards is most of a game's CPU, and the pictures are tested in both
        # languages on their own (tests/bot/table/test_phone_boards.py): a German game's
        # boards go out blank, of the size they are drawn at, so every message, caption,
        # keyboard and edit in German still meets the fake's checks as before.
        request.getfixturevalue("blank_boards")
    users = hostile_players(players, start=len(game))
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis) as bot:
        router = bot.adapter.router

        async def load():
            return await router.table("telegram", str(GROUP))

        act = telegram_act(fake, users)

        fake.say(*users[0], f"/new {game} {options}", lang=lang)  # the table speaks `lang`
        for user in users[1:]:
            fake.say(*user, "/join")
        fake.say(*users[0], "/start")
        await until(lambda: fixed(lang, "game.started") in fake.everything(GROUP))
        await bot.adapter.sender.drain()
        moves = await play_out(load, act, seed=len(game))
        await until(lambda: fixed(lang, "game.over") in fake.everything(GROUP))
        await bot.adapter.sender.drain()
        proof = (await router.table("telegram", str(GROUP), answers=True)).proof
    await redis.aclose()
    assert moves > players
    # The /start message commits to the seed; the end reveals it (bot/proof/games.py).
    begins = fixed(lang, "game.started")
    started = [said(m) for m in fake.sent.values() if begins in said(m)]
    assert t(lang, "proof.committed", hash=proof.commitment) in started[0]
    assert hashlib.sha256(bytes.fromhex(proof.seed)).hexdigest() == proof.commitment
    revealed = t(lang, "proof.revealed", seed=proof.seed).split("{hash}")[0]
    assert revealed in fake.everything(GROUP)
    assert game_proof.check(proof).match  # its answers, as the bot logged them, replay
    group = fake.everything(GROUP)
    leaked = {line for line in private_lines(fake, [u for u, _ in users]) if line in group}
    assert not leaked, f"private lines in the group: {leaked}"
    assert not [a for a in fake.called("answerCallbackQuery") if a.get("show_alert")]
    # the chat's own menu while the game ran, the general one again after it
    chat_scope = {"type": "chat", "chat_id": GROUP}
    assert [m["scope"] for m in fake.called("setMyCommands")].count(chat_scope) == 1
    assert [m["scope"] for m in fake.called("deleteMyCommands")] == [chat_scope]
    assert fake.api.requests > moves and not fake.violations  # all as the Bot API takes it
    if boards == "text":  # (one photo tried, refused; the boards and steps went as text)
        assert not fake.done("sendPhoto") and len(fake.called("sendPhoto")) == 1
        steps = [x for x in fake.texts(GROUP) if "</pre>\n" in x and "tg://user?id=" in x]
        assert steps, "no step's status in a text board's message"


def test_every_registered_game_is_played_through_both_platforms():
    games = {g.id for g in registry.all_games()}
    for platform in ("telegram", "discord"):
        assert {p.values[0] for p in robot_games(platform)} == games
    assert "auktion" in games  # registered from tests/games/ alone
    assert set(PLAYS) <= games, "options kept for a game that is no longer registered"


@pytest.mark.parametrize("name", HOSTILE_NAMES)
async def test_a_hostile_name_is_shown_as_typed_and_breaks_no_rule(fake, name):
    host, guest = (100, "Anna"), (101, name)
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis) as bot:
        fake.say(*host, "/new auktion rounds=1")
        fake.say(*guest, "/join")
        fake.say(*host, "/start")
        await until(lambda: fixed("en", "game.started") in fake.everything(GROUP))
        await bot.adapter.sender.drain()
    await redis.aclose()
    assert not fake.violations
    seated = [text for text in fake.shown(GROUP) if fixed("en", "game.started") in text]
    # as typed; a name past 64 characters cut there, with "…" (bot/chat/hygiene.py)
    assert seated and hygiene.name(name) in seated[0], seated
