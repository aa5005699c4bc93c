"""Play again through Telegram: the real python-telegram-bot client polling the fake Bot
API. The end of a game offers a button that opens the same game and options in a new
lobby; each player sits down by pressing, and the game waits for its host's /start."""

import fakeredis
import pytest

from tests.fixtures.fake_telegram import GROUP, FakeTelegram, running_bot, until

ALICE, BOB, CAROL = 11, 22, 33

SAID = {
    "en": {
        "pass": "Pass",
        "again": "🔁 Play again",
        "join": "🪑 Join",
        "opened": "🔁 Bob opened Auction (test game) again, with the last game's options"
        " (2–5 players). Alice, Bob: press 🪑 Join to sit down; the host starts with /start.",
        "seated": "You are already at the table.",
        "carol": "Carol sits down (2/5).",
        "begins": "Auction (test game) begins! At the table: Bob, Carol, Alice.",
        "stale": "That game has been played again or another table opened since;"
        " this button is done.",
        "over": "is over",
    },
    "de": {
        "pass": "Passen",
        "again": "🔁 Noch eine Runde",
        "join": "🪑 Mitspielen",
        "opened": "🔁 Bob hat Auktion (Testspiel) noch einmal eröffnet, mit den Optionen der"
        " letzten Partie (2–5 Spieler). Alice, Bob: mit 🪑 Mitspielen setzt ihr euch dazu;"
        " der Gastgeber beginnt mit /start.",
        "seated": "Du sitzt schon am Tisch.",
        "carol": "Carol setzt sich dazu (2/5).",
        "begins": "Auktion (Testspiel) beginnt! Am Tisch: Bob, Carol, Alice.",
        "stale": "Dieses Spiel wurde seitdem schon neu aufgelegt oder ein anderer Tisch"
        " eröffnet; dieser Knopf gilt nicht mehr.",
        "over": "ist vorbei",
    },
}


@pytest.fixture
async def bot(fake):
    redis = fakeredis.FakeAsyncRedis(server=fakeredis.FakeServer())
    async with running_bot(fake, redis) as bot:
        yield bot
    await redis.aclose()


def _again_button(fake: FakeTelegram, label: str) -> tuple[int, str]:
    """The message that ended the game, and its button's data."""
    for message_id in sorted(fake.sent):
        message = fake.sent[message_id]
        for row in message.get("reply_markup", {}).get("inline_keyboard", []):
            for button in row:
                if button["text"] == label:
                    return message_id, button["callback_data"]
    raise AssertionError(f"no {label!r} button")


def _alerts(fake: FakeTelegram) -> list[str]:
    return [a.get("text", "") for a in fake.called("answerCallbackQuery") if a.get("text")]


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_play_again_opens_the_same_game_and_each_player_sits_down_by_pressing(
    fake, bot, lang
):
    said = SAID[lang]
    fake.say(ALICE, "Alice", f"/lang {lang}")
    fake.say(ALICE, "Alice", "/new auktion rounds=1")
    fake.say(BOB, "Bob", "/join")
    fake.say(ALICE, "Alice", "/start")
    await until(lambda: fake.texts(ALICE) and fake.texts(BOB))
    fake.press_label(ALICE, "Alice", "1", chat=ALICE)
    fake.say(BOB, "Bob", "0", chat=BOB)
    await until(lambda: any(said["pass"] in str(m.get("reply_markup")) for m in fake.sent.values()))
    fake.press_label(BOB, "Bob", said["pass"], chat=GROUP)
    await until(lambda: said["over"] in fake.everything(GROUP))
    await until(lambda: said["again"] in str(list(fake.sent.values())))
    ended, data = _again_button(fake, said["again"])
    assert said["over"] in fake.sent[ended]["text"]  # under the game's result

    fake.press(BOB, "Bob", ended, data)
    await until(lambda: said["opened"] in fake.shown(GROUP))
    table = await bot.router.table("telegram", str(GROUP))
    assert table.status == "lobby" and table.options["rounds"] == 1
    assert [s.name for s in table.seats] == ["Bob"]  # nobody sat down for Alice

    # a repeated press is refused in one line, privately, and changes nothing
    fake.press(BOB, "Bob", ended, data)
    await until(lambda: said["seated"] in _alerts(fake))
    assert [s.name for s in (await bot.router.table("telegram", str(GROUP))).seats] == ["Bob"]

    # Carol was not in the last game: her press sits her down like any join
    fake.press(CAROL, "Carol", ended, data)
    await until(lambda: said["carol"] in fake.shown(GROUP))
    fake.press_label(ALICE, "Alice", said["join"], chat=GROUP)
    await until(lambda: any("Alice" in line and "(3/5)" in line for line in fake.shown(GROUP)))
    assert (await bot.router.table("telegram", str(GROUP))).status == "lobby"  # waits
    fake.say(BOB, "Bob", "/start")
    await until(lambda: any(said["begins"] in line for line in fake.shown(GROUP)))

    # the old game's button, pressed now the rematch runs: refused, nothing changes
    step = (await bot.router.table("telegram", str(GROUP))).step_token
    fake.press(ALICE, "Alice", ended, data)
    await until(lambda: said["stale"] in _alerts(fake))
    table = await bot.router.table("telegram", str(GROUP))
    assert table.status == "playing" and table.step_token == step
    assert [s.name for s in table.seats] == ["Bob", "Carol", "Alice"]
