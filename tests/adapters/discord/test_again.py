"""Play again through the fake Discord API, with the real discord.py client: the end of a
game in its thread offers a button that opens the same game and options in a new lobby
there; each player sits down by pressing, and the game waits for its host's /start."""

import pytest

from tests.fixtures.fake_discord import EPHEMERAL, World

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


def components(message: dict) -> dict[str, str]:
    return {
        c.get("label") or c["custom_id"]: c["custom_id"]
        for row in message.get("components", [])
        for c in row["components"]
    }


def with_button(world: World, channel: int, label: str) -> dict:
    """The latest message everybody sees in `channel` with a button labelled `label`."""
    shown = [
        m
        for m in world.fake.messages.values()
        if m["channel_id"] == str(channel) and not m["flags"] & EPHEMERAL and label in components(m)
    ]
    assert shown, f"no {label!r} button"
    return shown[-1]


def told(world: World, press: dict) -> str:
    """What a press was answered, privately: its ephemeral response or follow-up."""
    said = []
    for call in world.fake.answers(press):
        if call.method != "POST" or not isinstance(call.body, dict):
            continue
        body = call.body.get("data", call.body) if "/callback" in call.path else call.body
        if body.get("flags", 0) & EPHEMERAL and body.get("content"):
            said.append(body["content"])
    return "\n".join(said)


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_play_again_opens_the_same_game_in_the_thread_and_each_sits_down(world, lang):
    fake, said = world.fake, SAID[lang]
    await world.feed(fake.command("lang", ALICE, "Alice", {"language": lang}))
    await world.feed(
        fake.command("new", ALICE, "Alice", {"game": "auktion", "options": "rounds=1"})
    )
    (thread,) = fake.threads
    await world.feed(fake.command("join", BOB, "Bob", channel=thread, thread=True))
    await world.feed(fake.command("start", ALICE, "Alice", channel=thread, thread=True))
    (alice_prompt,) = [
        m
        for m in fake.messages.values()
        if m["channel_id"] == str(thread) and m["flags"] & EPHEMERAL and m["components"]
    ]
    await world.feed(
        fake.press(alice_prompt, components(alice_prompt)["1"], ALICE, "Alice", channel=thread)
    )
    (bob_prompt,) = [
        m for m in fake.messages.values() if m["channel_id"] == str(fake.dm_channel(BOB))
    ]
    await world.feed(fake.press(bob_prompt, components(bob_prompt)["0"], BOB, "Bob", guild=None))
    protest = with_button(world, thread, said["pass"])
    await world.feed(
        fake.press(protest, components(protest)[said["pass"]], BOB, "Bob", channel=thread)
    )
    ended = with_button(world, thread, said["again"])
    assert said["over"] in ended["content"]  # under the game's result
    again = components(ended)[said["again"]]

    await world.feed(fake.press(ended, again, BOB, "Bob", channel=thread, thread=True))
    assert said["opened"] in fake.text_of(thread)
    table = await world.bot.adapter.router.table("discord", str(thread))
    assert table.status == "lobby" and table.options["rounds"] == 1
    assert [s.name for s in table.seats] == ["Bob"]  # nobody sat down for Alice

    # a repeated press is refused in one line, to Bob alone, and changes nothing
    repeat = fake.press(ended, again, BOB, "Bob", channel=thread, thread=True)
    await world.feed(repeat)
    assert told(world, repeat) == said["seated"]
    assert [
        s.name for s in (await world.bot.adapter.router.table("discord", str(thread))).seats
    ] == ["Bob"]

    # Carol was not in the last game: her press sits her down like any join
    await world.feed(fake.press(ended, again, CAROL, "Carol", channel=thread, thread=True))
    assert said["carol"] in fake.text_of(thread)
    lobby = with_button(world, thread, said["join"])
    join = components(lobby)[said["join"]]
    await world.feed(fake.press(lobby, join, ALICE, "Alice", channel=thread, thread=True))
    assert (
        await world.bot.adapter.router.table("discord", str(thread))
    ).status == "lobby"  # it waits
    await world.feed(fake.command("start", BOB, "Bob", channel=thread, thread=True))
    assert said["begins"] in fake.text_of(thread)

    # the old game's button, pressed now the rematch runs: refused, nothing changes
    step = (await world.bot.adapter.router.table("discord", str(thread))).step_token
    stale = fake.press(ended, again, ALICE, "Alice", channel=thread, thread=True)
    await world.feed(stale)
    assert told(world, stale) == said["stale"]
    table = await world.bot.adapter.router.table("discord", str(thread))
    assert table.status == "playing" and table.step_token == step
    assert [s.name for s in table.seats] == ["Bob", "Carol", "Alice"]
